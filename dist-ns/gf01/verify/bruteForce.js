import { createHash } from "node:crypto";
/**
 * Reference implementations written the slow, obvious way (no shared helpers with the fast
 * path beyond the compiled transition tables), for property tests and the bench baseline.
 * They follow the official Python step by step: structural check over the list, full apply,
 * full run, window check, then one full re-run per removed list element.
 */
function naiveEffect(ci, trace) {
    const { sys } = ci;
    let s = sys.initial;
    const outs = [];
    for (let t = 0; t < trace.length; t++) {
        const i = s * sys.nSymbols + trace[t];
        outs.push(sys.out[i]);
        s = sys.next[i];
    }
    const has = (t) => (outs[t] & ci.effectMask) !== 0;
    if (ci.mode === "hard")
        return has(ci.tStar);
    const start = Math.max(0, ci.tStar - ci.windowSize);
    const end = Math.min(outs.length - 1, ci.tStar);
    for (let t = start; t <= end; t++)
        if (has(t))
            return true;
    return false;
}
function naiveApply(ci, cert) {
    const trace = Array.from(ci.base);
    const nIn = ci.sys.nIn;
    for (const [t, ap, v] of cert) {
        const bit = 1 << (nIn - 1 - ci.sys.inputAps.indexOf(ap));
        trace[t] = v ? trace[t] | bit : trace[t] & ~bit;
    }
    return trace;
}
export function naiveStructureOk(ci, cert) {
    const seen = new Map();
    for (const [t, ap, v] of cert) {
        if (!Number.isInteger(t) || t < 0 || t > ci.T - 1)
            return false;
        if (!ci.sys.inputAps.includes(ap))
            return false;
        if (v !== 0 && v !== 1)
            return false;
        const k = `${t}|${ap}`;
        if (seen.has(k) && seen.get(k) !== v)
            return false;
        seen.set(k, v);
    }
    if (new Set(cert.map((a) => a[0])).size > ci.budgetTimestep)
        return false;
    if (ci.scoreBudgetAtoms !== null && cert.length > ci.scoreBudgetAtoms)
        return false;
    return true;
}
export function naiveSufficient(ci, cert) {
    return naiveEffect(ci, naiveApply(ci, cert));
}
export function naiveEvaluate(ci, cert) {
    const no = { suff: false, min1: false, valid: false, goal: false };
    if (!naiveStructureOk(ci, cert))
        return no;
    if (!naiveSufficient(ci, cert))
        return no;
    let min1 = true;
    for (let i = 0; i < cert.length && min1; i++) {
        const reduced = cert.slice(0, i).concat(cert.slice(i + 1));
        if (naiveSufficient(ci, reduced))
            min1 = false;
    }
    return { suff: true, min1, valid: min1, goal: true };
}
/** Official `candidate_atoms`: every flip of a base bit, t-major, input_aps order. */
export function candidateFlips(ci) {
    const out = [];
    const nIn = ci.sys.nIn;
    for (let t = 0; t < ci.T; t++)
        for (let i = 0; i < nIn; i++) {
            const b = (ci.base[t] >> (nIn - 1 - i)) & 1;
            out.push([t, ci.sys.inputAps[i], (1 - b)]);
        }
    return out;
}
const sortKey = (c) => c
    .map((a) => [a[0], a[1], a[2]])
    .sort((x, y) => x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0) || x[2] - y[2])
    .map((a) => `${a[0]}:${a[1]}:${a[2]}`)
    .join(",");
/** Canonical string of a certificate, for comparing sets of certificates in tests. */
export const certKey = (c) => sortKey(c);
/**
 * Brute-force M(I): every subset of `candidateFlips` (or, with `withNoops`, every choice of
 * {unset, 0, 1} per (t, ap), no-ops included) filtered by `naiveEvaluate`. Exponential:
 * tiny instances only. Returns canonical keys and the certificates.
 */
export function bruteForceMinimal(ci, opts = {}) {
    const found = [];
    const nIn = ci.sys.nIn;
    if (opts.withNoops) {
        const slots = ci.T * nIn;
        const choice = new Array(slots).fill(0);
        const total = 3 ** slots;
        for (let x = 0; x < total; x++) {
            let y = x;
            const cert = [];
            for (let k = 0; k < slots; k++) {
                choice[k] = y % 3;
                y = Math.floor(y / 3);
                if (choice[k])
                    cert.push([Math.floor(k / nIn), ci.sys.inputAps[k % nIn], (choice[k] - 1)]);
            }
            if (naiveEvaluate(ci, cert).valid)
                found.push(cert);
        }
        return found;
    }
    const cands = candidateFlips(ci);
    const n = cands.length;
    const maxSize = ci.scoreBudgetAtoms === null ? n : Math.min(n, ci.scoreBudgetAtoms);
    const pick = [];
    const rec = (start) => {
        if (naiveEvaluate(ci, pick).valid)
            found.push(pick.slice());
        if (pick.length >= maxSize)
            return;
        for (let i = start; i < n; i++) {
            pick.push(cands[i]);
            if (new Set(pick.map((a) => a[0])).size <= ci.budgetTimestep)
                rec(i + 1);
            pick.pop();
        }
    };
    rec(0);
    return found;
}
function naiveHash(c) {
    const sorted = c
        .map((a) => [a[0], a[1], a[2]])
        .sort((x, y) => x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0) || x[2] - y[2]);
    // Plain AP names only (letters/digits), so repr is '...'.
    const repr = `[${sorted.map((a) => `(${a[0]}, '${a[1]}', ${a[2]})`).join(", ")}]`;
    return createHash("sha256").update(repr, "utf8").digest("hex");
}
function prf(pred, gold) {
    let tp = 0;
    for (const x of pred)
        if (gold.has(x))
            tp++;
    const fp = pred.size - tp;
    const fn = gold.size - tp;
    const p = tp + fp === 0 ? 0 : tp / (tp + fp);
    const r = tp + fn === 0 ? 0 : tp / (tp + fn);
    return [p, r, p + r > 0 ? (2 * p * r) / (p + r) : 0];
}
/** Official `best_match_certificate` over an explicit list, literally (full key incl. hash). */
export function bruteForceBestMatch(agent, golds) {
    if (golds.length === 0)
        return [];
    const pa = new Set(agent.map((a) => `${a[0]}:${a[1]}:${a[2]}`));
    const pt = new Set(agent.map((a) => String(a[0])));
    let best = null;
    let bestKey = null;
    for (const g of golds) {
        const ga = new Set(g.map((a) => `${a[0]}:${a[1]}:${a[2]}`));
        const gt = new Set(g.map((a) => String(a[0])));
        const key = [prf(pa, ga)[2], prf(pt, gt)[2], -gt.size, naiveHash(g)];
        let greater = bestKey === null;
        if (bestKey !== null) {
            for (let i = 0; i < 4; i++) {
                if (key[i] !== bestKey[i]) {
                    greater = key[i] > bestKey[i];
                    break;
                }
            }
        }
        if (greater) {
            bestKey = key;
            best = g;
        }
    }
    return best ?? [];
}
/** Naive Def. 14 over all proper subsets of the de-duplicated certificate. */
export function naiveSubsetMinimal(ci, cert) {
    const uniq = [...new Map(cert.map((a) => [`${a[0]}:${a[1]}:${a[2]}`, a])).values()];
    const k = uniq.length;
    for (let mask = 0; mask < 2 ** k - 1; mask++) {
        const sub = uniq.filter((_, i) => mask & (1 << i));
        if (naiveSufficient(ci, sub))
            return false;
    }
    return true;
}
//# sourceMappingURL=bruteForce.js.map