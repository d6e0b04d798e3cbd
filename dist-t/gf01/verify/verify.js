import { dedupeAtoms, timestepCost } from "./atoms.js";
// Module-level scratch, grown on demand: the verifier is called millions of times by
// searches and baselines, so the hot path must not allocate. JS is single-threaded and
// nothing here calls back out, so sharing is safe.
let trace = new Uint32Array(64);
let states = new Int32Array(65);
let tStamp = new Int32Array(64);
let kStamp = new Int32Array(256);
let kVal = new Uint8Array(256);
let atomT = new Int32Array(64);
let atomBit = new Int32Array(64);
let stamp = 0;
function ensureScratch(T, nIn, n) {
    if (trace.length < T || kStamp.length < T * nIn) {
        const cap = Math.max(T * 2, trace.length);
        trace = new Uint32Array(cap);
        states = new Int32Array(cap + 1);
        tStamp = new Int32Array(cap);
        kStamp = new Int32Array(Math.max(T * nIn * 2, kStamp.length));
        kVal = new Uint8Array(kStamp.length);
        // Fresh (zeroed) stamp arrays: restart the stamp so old marks can never match.
        stamp = 0;
    }
    if (atomT.length < n) {
        atomT = new Int32Array(n * 2);
        atomBit = new Int32Array(n * 2);
    }
}
/** A fresh stamp value: marks from earlier calls compare unequal, so nothing needs clearing. */
function nextStamp() {
    stamp++;
    if (stamp >= 0x7fffffff) {
        tStamp.fill(0);
        kStamp.fill(0);
        stamp = 1;
    }
    return stamp;
}
const FAIL = (eff_t, eff_a) => ({
    suff: false,
    min1: false,
    valid: false,
    goal: false,
    eff_t,
    eff_a,
});
/**
 * Suff / Min1 / Valid (Defs 10–12) with the official gate: a structurally invalid certificate
 * (see validateCertificate, budgets included) or an insufficient one scores all false; goal
 * equals suff. Exact and allocation-free apart from the result object.
 *
 * Min1 shortcut (equivalent to re-running C \ {c} for each c): a repeated atom or a no-op
 * atom leaves τ[C \ {c}] = τ[C], so Min1 fails; an atom after the main run's first effect
 * hit (or after the window) leaves that hit in place, so Min1 fails; otherwise the run
 * without c equals the main run up to t_c, and only the suffix from t_c is simulated.
 */
export function verifyCertificate(ci, cert, opts) {
    const { T, sys, base, lo, hi, effectMask: mask, baseStates } = ci;
    const { nIn, nSymbols: nSym, next, out } = sys;
    const normalize = opts?.normalize === true;
    const n = cert.length;
    ensureScratch(T, nIn, n);
    const st = nextStamp();
    let distinctT = 0;
    let first = T;
    let nDup = 0;
    let noop = false;
    let late = false;
    for (let i = 0; i < n; i++) {
        const a = cert[i];
        const t = a[0];
        const v = a[2];
        const idx = ci.apIndex.get(a[1]);
        if (!(Number.isInteger(t) && t >= 0 && t < T) || idx === undefined || (v !== 0 && v !== 1)) {
            return FAIL(timestepCost(cert), normalize ? dedupeAtoms(cert).length : n);
        }
        const k = t * nIn + idx;
        if (kStamp[k] === st) {
            if (kVal[k] !== v)
                return FAIL(timestepCost(cert), normalize ? dedupeAtoms(cert).length : n);
            nDup++;
        }
        else {
            kStamp[k] = st;
            kVal[k] = v;
        }
        if (tStamp[t] !== st) {
            tStamp[t] = st;
            distinctT++;
        }
        const bit = 1 << (nIn - 1 - idx);
        atomT[i] = t;
        atomBit[i] = bit;
        if (((base[t] & bit) !== 0) === (v === 1))
            noop = true;
        if (t > hi)
            late = true;
        if (t < first)
            first = t;
    }
    const effA = normalize ? n - nDup : n;
    if (distinctT > ci.budgetTimestep || (ci.scoreBudgetAtoms !== null && effA > ci.scoreBudgetAtoms))
        return FAIL(distinctT, effA);
    // Effect already shown by the untouched prefix [lo, first)? Every atom is at or after
    // `first`, so every C \ {c} keeps that hit.
    if (ci.baseHitBefore[Math.min(first, hi + 1)])
        return { suff: true, min1: n === 0, valid: n === 0, goal: true, eff_t: distinctT, eff_a: effA };
    if (first > hi)
        return FAIL(distinctT, effA);
    for (let t = first; t <= hi; t++)
        trace[t] = base[t];
    for (let i = 0; i < n; i++) {
        const t = atomT[i];
        if (t <= hi)
            trace[t] = cert[i][2] === 1 ? trace[t] | atomBit[i] : trace[t] & ~atomBit[i];
    }
    let s = baseStates[first];
    let hitT = -1;
    for (let t = first; t <= hi; t++) {
        states[t] = s;
        const j = s * nSym + trace[t];
        if (t >= lo && out[j] & mask) {
            hitT = t;
            break;
        }
        s = next[j];
    }
    if (hitT < 0)
        return FAIL(distinctT, effA);
    let min1 = !noop && !late && (normalize || nDup === 0);
    for (let i = 0; min1 && i < n; i++) {
        const t = atomT[i];
        if (t > hitT) {
            min1 = false;
            break;
        }
        let s2 = states[t];
        let j = s2 * nSym + (trace[t] ^ atomBit[i]);
        if (t >= lo && out[j] & mask) {
            min1 = false;
            break;
        }
        s2 = next[j];
        for (let u = t + 1; u <= hi; u++) {
            j = s2 * nSym + trace[u];
            if (u >= lo && out[j] & mask) {
                min1 = false;
                break;
            }
            s2 = next[j];
        }
    }
    return { suff: true, min1, valid: min1, goal: true, eff_t: distinctT, eff_a: effA };
}
/**
 * Suff_I(C) (Def. 10) alone: apply and run, ignoring budgets (as the official baselines'
 * `_is_sufficient`). A certificate that cannot be applied (timestep out of range, unknown
 * AP, bad value, conflicting (t, ap)) is reported insufficient rather than guessed at.
 */
export function isSufficient(ci, cert) {
    const { T, sys, base, lo, hi, effectMask: mask, baseStates } = ci;
    const { nIn, nSymbols: nSym, next, out } = sys;
    const n = cert.length;
    ensureScratch(T, nIn, n);
    const st = nextStamp();
    let first = T;
    for (let i = 0; i < n; i++) {
        const a = cert[i];
        const t = a[0];
        const v = a[2];
        const idx = ci.apIndex.get(a[1]);
        if (!(Number.isInteger(t) && t >= 0 && t < T) || idx === undefined || (v !== 0 && v !== 1))
            return false;
        const k = t * nIn + idx;
        if (kStamp[k] === st && kVal[k] !== v)
            return false;
        kStamp[k] = st;
        kVal[k] = v;
        atomT[i] = t;
        atomBit[i] = 1 << (nIn - 1 - idx);
        if (t < first)
            first = t;
    }
    if (ci.baseHitBefore[Math.min(first, hi + 1)])
        return true;
    if (first > hi)
        return false;
    for (let t = first; t <= hi; t++)
        trace[t] = base[t];
    for (let i = 0; i < n; i++) {
        const t = atomT[i];
        if (t <= hi)
            trace[t] = cert[i][2] === 1 ? trace[t] | atomBit[i] : trace[t] & ~atomBit[i];
    }
    let s = baseStates[first];
    for (let t = first; t <= hi; t++) {
        const j = s * nSym + trace[t];
        if (t >= lo && out[j] & mask)
            return true;
        s = next[j];
    }
    return false;
}
//# sourceMappingURL=verify.js.map