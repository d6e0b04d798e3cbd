import { flipAtoms, sortAtoms } from "./atoms.js";
/**
 * Exact M(I) = { C | Valid_I(C) } (Def. 13 with the official validity gate, i.e. budgets
 * included) without enumerating subsets.
 *
 * Facts used (each follows from the definitions; tests check them against brute force):
 *  - a valid C holds only flips of base bits (a no-op or repeated atom fails Min1), at most
 *    one atom per (t, ap), and nothing after the window end `hi` (removing such an atom
 *    leaves the window outputs unchanged);
 *  - once the main run τ[C] shows the effect at time h, no atom may follow h (the run
 *    without it shares the hit);
 *  - C \ {c} differs from τ[C] only at t_c, so all "removal runs" read the same symbols as the
 *    main run after their own timestep: they can be tracked as a SET of automaton states,
 *    identical states merge, and a removal run that shows the effect kills the branch.
 *
 * So a forward DFS over time whose node is (t, main state, main-hit flag, set of removal-run
 * states, remaining timestep/atom budget) and whose edge is the flip mask chosen at t is an
 * exact automaton for M(I). Memoising each node's number of valid completions makes dead
 * branches cost one visit, `count` exact, and listing output-sensitive. Min1 is not monotone,
 * so no superset pruning is used anywhere.
 */
/** A resource cap (DEC-020 style) was hit; the caller records it instead of guessing. */
export class ResourceCapError extends Error {
    cap;
    limit;
    constructor(cap, limit) {
        super(`resource cap ${cap}=${limit} exceeded`);
        this.cap = cap;
        this.limit = limit;
        this.name = "ResourceCapError";
    }
}
/**
 * Up to this many states the removal-run state set is a 32-bit mask (bit i = state i), the
 * fast path. Above it (or when the mask-keyed node space would pass 2^53) sets are interned:
 * each distinct sorted state list gets a small integer id, so the node key stays a number
 * and memory grows with the sets actually met, never with 2^states.
 */
const MASK_MAX_STATES = 30;
/**
 * Dense memo (fast path): when the whole node space of the bitmask path, over every timestep,
 * has at most this many keys, countFrom memoises in one shared typed array instead of a Map
 * per timestep (the Map was most of the generator's |M(I)| cost). Entries are tagged with the
 * owning engine's generation number (a double, so it never wraps): another engine that reused
 * the slot makes the entry a miss, never a wrong hit. 2^20 keys = 16 MB, allocated on demand.
 */
const DENSE_MAX_KEYS = 1 << 20;
let denseVals = new Float64Array(0);
let denseTags = new Float64Array(0);
let denseGen = 0;
function popcount(x) {
    let c = 0;
    while (x) {
        x &= x - 1;
        c++;
    }
    return c;
}
/** The node graph of M(I) for one instance. Reusable: memo tables persist across queries. */
export class MinimalEngine {
    ci;
    nIn;
    nSym;
    nS;
    lo;
    hi;
    /** Effective timestep budget (≤ hi+1). */
    bT;
    /** Whether the atom budget can bind; when not, the atom dimension is dropped from keys. */
    trackA;
    bA;
    /** No certificate can pass the budget gate. */
    impossible;
    radT;
    radA;
    memo;
    /** Interned state sets (sparse mode only): id → sorted member states; id 0 = ∅. */
    sparse;
    setList = [];
    /** Zobrist hash of a set → newest id with that hash; setChain[id] = previous id with it. */
    setHash = new Map();
    setChain = [];
    /** Per-state random 30-bit values; a set's hash is the XOR over its members (small-int Map keys). */
    zob;
    setStamp;
    setBuf;
    stampNo = 0;
    keyStride;
    memoBig = null;
    maxNodes;
    nodeCount = 0;
    inexact = false;
    /** Dense-memo generation tag (0 = Map memo); keys per timestep in the dense memo. */
    denseTag;
    /**
     * reach[t·nS + s]: fewest flip timesteps with which the main run, in state s at time t and
     * not yet showing the effect, can still show it inside the window (≥ 2^29: never). A node
     * whose remaining timestep budget is below it has no valid completion (every valid C is
     * sufficient), so it is answered 0 without being expanded: the count is unchanged, the
     * dead subtrees (most of the DP on generated instances) are never visited.
     */
    reach;
    /** eff[s·nSym + sym] = 1 iff that transition shows the effect (bitmask path); noEff all 0. */
    eff;
    noEff;
    next;
    base;
    denseStride;
    // out-params of step() (avoids allocating a tuple per edge)
    cs = 0;
    ch = 0;
    ca = 0;
    constructor(ci, opts = {}) {
        this.ci = ci;
        const { nIn, nSymbols, nStates } = ci.sys;
        this.nIn = nIn;
        this.nSym = nSymbols;
        this.nS = nStates;
        this.lo = ci.lo;
        this.hi = ci.hi;
        const slots = ci.hi + 1;
        // A negative budget rejects even the empty certificate (official: 0 > budget fails).
        this.impossible = ci.budgetTimestep < 0 || (ci.scoreBudgetAtoms !== null && ci.scoreBudgetAtoms < 0);
        this.bT = Math.max(0, Math.min(ci.budgetTimestep, slots));
        const maxAtoms = this.bT * nIn;
        this.trackA = ci.scoreBudgetAtoms !== null && ci.scoreBudgetAtoms < maxAtoms;
        this.bA = this.trackA ? Math.max(0, ci.scoreBudgetAtoms) : maxAtoms;
        this.radT = this.bT + 1;
        this.radA = this.trackA ? this.bA + 1 : 1;
        this.keyStride = nStates * 2 * this.radT * this.radA;
        this.sparse =
            opts.stateSets === "interned" ||
                nStates > MASK_MAX_STATES ||
                2 ** nStates * this.keyStride > Number.MAX_SAFE_INTEGER;
        this.setStamp = new Int32Array(this.sparse ? nStates : 0);
        this.setBuf = new Int32Array(this.sparse ? nStates : 0);
        this.zob = new Int32Array(this.sparse ? nStates : 0);
        if (this.sparse) {
            this.setList.push(new Int32Array(0)); // id 0 = ∅ (never hashed: step returns it directly)
            this.setChain.push(-1);
            // Fixed xorshift stream: hashes only bucket sets, so any values work; fixed = reproducible.
            let x = 0x9e3779b9 | 0;
            for (let i = 0; i < nStates; i++) {
                x ^= x << 13;
                x ^= x >>> 17;
                x ^= x << 5;
                this.zob[i] = x & 0x3fffffff;
            }
        }
        const perSlot = this.sparse ? Number.POSITIVE_INFINITY : 2 ** nStates * this.keyStride;
        if (perSlot * slots <= DENSE_MAX_KEYS) {
            const need = perSlot * slots;
            if (denseVals.length < need) {
                const cap = Math.min(DENSE_MAX_KEYS, Math.max(need, denseVals.length * 2, 1 << 12));
                denseVals = new Float64Array(cap);
                denseTags = new Float64Array(cap);
            }
            this.denseTag = ++denseGen;
            this.denseStride = perSlot;
            this.memo = [];
        }
        else {
            this.denseTag = 0;
            this.denseStride = 0;
            this.memo = Array.from({ length: slots }, () => new Map());
        }
        this.maxNodes = opts.maxNodes ?? Number.POSITIVE_INFINITY;
        this.reach = this.buildReach();
        this.next = ci.sys.next;
        this.base = ci.base;
        this.eff = new Uint8Array(this.sparse ? 0 : nStates * nSymbols);
        this.noEff = new Uint8Array(this.sparse ? 0 : nStates * nSymbols);
        for (let j = 0; j < this.eff.length; j++)
            this.eff[j] = ci.sys.out[j] & ci.effectMask ? 1 : 0;
    }
    buildReach() {
        const { nS, nSym, lo, hi } = this;
        const { next, out } = this.ci.sys;
        const mask = this.ci.effectMask;
        const base = this.ci.base;
        const NEVER = 1 << 29;
        const reach = new Int32Array((hi + 2) * nS).fill(NEVER);
        for (let t = hi; t >= 0; t--) {
            const inWin = t >= lo;
            for (let s = 0; s < nS; s++) {
                let best = NEVER;
                for (let m = 0; m < nSym; m++) {
                    const j = s * nSym + (base[t] ^ m);
                    const c = m === 0 ? 0 : 1;
                    const v = inWin && out[j] & mask ? c : c + reach[(t + 1) * nS + next[j]];
                    if (v < best)
                        best = v;
                }
                reach[t * nS + s] = best;
            }
        }
        return reach;
    }
    /** Number of memoised nodes so far (a cost measure). */
    get nodes() {
        return this.nodeCount;
    }
    /** Root node arguments. */
    rootArgs() {
        return [0, this.ci.sys.initial, 0, 0, this.bT, this.bA];
    }
    /**
     * One step at time t with flip mask m. Returns false if a removal run (an earlier atom's,
     * or one of m's own bits) shows the effect inside the window; else sets cs/ch/ca.
     */
    step(t, s, hit, alt, m) {
        if (this.sparse)
            return this.stepSparse(t, s, hit, alt, m);
        const next = this.next;
        // Outside the window no run can show the effect: an all-zero row skips every check.
        const eff = t >= this.lo ? this.eff : this.noEff;
        const nSym = this.nSym;
        const sym = this.base[t] ^ m;
        const j = s * nSym + sym;
        const h = eff[j] | hit;
        let alt2 = 0;
        let a = alt;
        while (a !== 0) {
            const low = a & -a;
            a ^= low;
            const jj = (31 - Math.clz32(low)) * nSym + sym;
            if (eff[jj])
                return false;
            alt2 |= 1 << next[jj];
        }
        let mm = m;
        while (mm !== 0) {
            const low = mm & -mm;
            mm ^= low;
            const jj = j ^ low; // same state, symbol with this bit restored to base
            if (eff[jj])
                return false;
            alt2 |= 1 << next[jj];
        }
        this.cs = next[j];
        this.ch = h;
        this.ca = alt2;
        return true;
    }
    /** step() with `alt` an interned set id (automata above MASK_MAX_STATES states). */
    stepSparse(t, s, hit, alt, m) {
        const { next, out } = this.ci.sys;
        const mask = this.ci.effectMask;
        const sym = this.ci.base[t] ^ m;
        const inWin = t >= this.lo;
        const j = s * this.nSym + sym;
        if (this.stampNo >= 0x7ffffffe) {
            this.setStamp.fill(0);
            this.stampNo = 0;
        }
        const stamp = ++this.stampNo;
        const seen = this.setStamp;
        const buf = this.setBuf;
        const z = this.zob;
        let h = 0;
        let n = 0;
        const members = this.setList[alt];
        for (let i = 0; i < members.length; i++) {
            const jj = members[i] * this.nSym + sym;
            if (inWin && out[jj] & mask)
                return false;
            const ns = next[jj];
            if (seen[ns] !== stamp) {
                seen[ns] = stamp;
                buf[n++] = ns;
                h ^= z[ns];
            }
        }
        let mm = m;
        while (mm !== 0) {
            const low = mm & -mm;
            mm ^= low;
            const jj = j ^ low;
            if (inWin && out[jj] & mask)
                return false;
            const ns = next[jj];
            if (seen[ns] !== stamp) {
                seen[ns] = stamp;
                buf[n++] = ns;
                h ^= z[ns];
            }
        }
        this.cs = next[j];
        this.ch = inWin && out[j] & mask ? 1 : hit;
        this.ca = n === 0 ? 0 : this.intern(n, stamp, h);
        return true;
    }
    /**
     * Id of the set just built in setBuf[0..n) (its members stamped `stamp`; XOR hash `h`).
     * Equal sets hash equally; a hash collision is resolved by comparing members, so ids are
     * exact. Only a new set is sorted and copied.
     */
    intern(n, stamp, h) {
        const seen = this.setStamp;
        for (let id = this.setHash.get(h) ?? -1; id !== -1; id = this.setChain[id]) {
            const cand = this.setList[id];
            if (cand.length !== n)
                continue;
            let same = true;
            for (let i = 0; i < n; i++)
                if (seen[cand[i]] !== stamp) {
                    same = false;
                    break;
                }
            if (same)
                return id;
        }
        const fresh = this.setList.length;
        if ((fresh + 1) * this.keyStride > Number.MAX_SAFE_INTEGER)
            throw new Error("M(I) enumeration: node key space too large for this instance");
        this.setList.push(this.setBuf.slice(0, n).sort());
        this.setChain.push(this.setHash.get(h) ?? -1);
        this.setHash.set(h, fresh);
        return fresh;
    }
    /** Canonical remaining budgets: what is still usable, so equivalent nodes share a key. */
    canonT(t, hit, rT, rA) {
        if (hit)
            return 0; // after the main hit no atom may be added
        // Each used timestep takes ≥ 1 atom, and at most the remaining slots can be used.
        return Math.min(rT, this.hi + 1 - t, this.trackA ? rA : rT);
    }
    canonA(hit, rTc, rA) {
        if (hit || !this.trackA)
            return 0;
        const cap = rTc * this.nIn;
        return Math.min(rA, cap);
    }
    key(s, hit, alt, rT, rA) {
        return (((alt * this.nS + s) * 2 + hit) * this.radT + rT) * this.radA + rA;
    }
    bump() {
        if (++this.nodeCount > this.maxNodes)
            throw new ResourceCapError("max_nodes", this.maxNodes);
    }
    /** Number of valid completions from a node (doubles; flags inexactness above 2^53). */
    countFrom(t, s, hit, alt, rT0, rA0) {
        if (t > this.hi)
            return hit;
        const rT = this.canonT(t, hit, rT0, rA0);
        if (hit === 0 && this.reach[t * this.nS + s] > rT)
            return 0;
        const rA = this.canonA(hit, rT, rA0);
        const k = this.key(s, hit, alt, rT, rA);
        const tag = this.denseTag;
        // Read the shared arrays afresh: another engine may have grown (replaced) them.
        const di = t * this.denseStride + k;
        if (tag !== 0) {
            if (denseTags[di] === tag)
                return denseVals[di];
        }
        else {
            const cached = this.memo[t].get(k);
            if (cached !== undefined)
                return cached;
        }
        let total = 0;
        // Edge-level reach check (hit = 0): a flip mask whose main run neither shows the effect
        // now nor can reach it with the timesteps then left leads to a 0 node; skip it before
        // stepping the removal runs. Same test as the node-level one, just earlier.
        const { next, out } = this.ci.sys;
        const emask = t >= this.lo ? this.ci.effectMask : 0;
        const row = s * this.nSym;
        const b = this.base[t];
        const reach = this.reach;
        const rowNext = (t + 1) * this.nS;
        for (let m = 0; m < this.nSym; m++) {
            let pc = 0;
            if (m !== 0) {
                if (rT === 0)
                    break;
                pc = popcount(m);
                if (this.trackA && pc > rA)
                    continue;
            }
            if (hit === 0) {
                const j = row + (b ^ m);
                if ((out[j] & emask) === 0 && reach[rowNext + next[j]] > (m ? rT - 1 : rT))
                    continue;
            }
            if (!this.step(t, s, hit, alt, m))
                continue;
            total += this.countFrom(t + 1, this.cs, this.ch, this.ca, m ? rT - 1 : rT, m ? rA - pc : rA);
        }
        if (total > Number.MAX_SAFE_INTEGER)
            this.inexact = true;
        if (tag !== 0) {
            denseVals[di] = total;
            denseTags[di] = tag;
        }
        else
            this.memo[t].set(k, total);
        this.bump();
        return total;
    }
    countBigFrom(t, s, hit, alt, rT0, rA0) {
        if (t > this.hi)
            return BigInt(hit);
        const rT = this.canonT(t, hit, rT0, rA0);
        const rA = this.canonA(hit, rT, rA0);
        const k = this.key(s, hit, alt, rT, rA);
        const memo = this.memoBig[t];
        const cached = memo.get(k);
        if (cached !== undefined)
            return cached;
        let total = 0n;
        for (let m = 0; m < this.nSym; m++) {
            let pc = 0;
            if (m !== 0) {
                if (rT === 0)
                    break;
                pc = popcount(m);
                if (this.trackA && pc > rA)
                    continue;
            }
            if (!this.step(t, s, hit, alt, m))
                continue;
            total += this.countBigFrom(t + 1, this.cs, this.ch, this.ca, m ? rT - 1 : rT, m ? rA - pc : rA);
        }
        memo.set(k, total);
        return total;
    }
    /** |M(I)|, exact. Counts in doubles and redoes the count in bigint only if it passed 2^53. */
    count() {
        if (this.impossible)
            return 0n;
        const n = this.countFrom(...this.rootArgs());
        if (!this.inexact)
            return BigInt(n);
        return this.countBig();
    }
    /** |M(I)| counted in bigint throughout (what count() falls back to above 2^53). */
    countBig() {
        if (this.impossible)
            return 0n;
        if (this.memoBig === null)
            this.memoBig = Array.from({ length: this.hi + 1 }, () => new Map());
        return this.countBigFrom(...this.rootArgs());
    }
    /**
     * List up to `limit` certificates of M(I), canonically sorted atoms each, in DFS order
     * (time-major, flip mask ascending). Only branches with a valid completion are entered.
     */
    list(limit) {
        const out = [];
        if (limit <= 0 || this.impossible)
            return out;
        this.countFrom(...this.rootArgs());
        const masks = new Int32Array(this.hi + 1);
        const rec = (t, s, hit, alt, rT0, rA0) => {
            if (t > this.hi) {
                if (hit)
                    out.push(this.build(masks));
                return;
            }
            const rT = this.canonT(t, hit, rT0, rA0);
            const rA = this.canonA(hit, rT, rA0);
            for (let m = 0; m < this.nSym && out.length < limit; m++) {
                let pc = 0;
                if (m !== 0) {
                    if (rT === 0)
                        break;
                    pc = popcount(m);
                    if (this.trackA && pc > rA)
                        continue;
                }
                if (!this.step(t, s, hit, alt, m))
                    continue;
                const s2 = this.cs;
                const h2 = this.ch;
                const a2 = this.ca;
                const nT = m ? rT - 1 : rT;
                const nA = m ? rA - pc : rA;
                if (this.countFrom(t + 1, s2, h2, a2, nT, nA) === 0)
                    continue;
                masks[t] = m;
                rec(t + 1, s2, h2, a2, nT, nA);
                masks[t] = 0;
            }
        };
        rec(...this.rootArgs());
        return out;
    }
    /**
     * Visit every member of M(I) as its path of flip masks (`masks[t]`, shared and reused: copy
     * what you keep), in list() order, without building atom lists. Only branches with a valid
     * completion are entered.
     */
    walk(visit) {
        if (this.impossible)
            return;
        this.countFrom(...this.rootArgs());
        const masks = new Int32Array(this.hi + 1);
        const rec = (t, s, hit, alt, rT0, rA0) => {
            if (t > this.hi) {
                if (hit)
                    visit(masks);
                return;
            }
            const rT = this.canonT(t, hit, rT0, rA0);
            const rA = this.canonA(hit, rT, rA0);
            for (let m = 0; m < this.nSym; m++) {
                let pc = 0;
                if (m !== 0) {
                    if (rT === 0)
                        break;
                    pc = popcount(m);
                    if (this.trackA && pc > rA)
                        continue;
                }
                if (!this.step(t, s, hit, alt, m))
                    continue;
                const s2 = this.cs;
                const h2 = this.ch;
                const a2 = this.ca;
                const nT = m ? rT - 1 : rT;
                const nA = m ? rA - pc : rA;
                if (this.countFrom(t + 1, s2, h2, a2, nT, nA) === 0)
                    continue;
                masks[t] = m;
                rec(t + 1, s2, h2, a2, nT, nA);
                masks[t] = 0;
            }
        };
        rec(...this.rootArgs());
    }
    /** Certificate of a path of flip masks. */
    build(masks) {
        const atoms = [];
        for (let t = 0; t <= this.hi; t++)
            if (masks[t])
                flipAtoms(this.ci, t, masks[t], atoms);
        return sortAtoms(atoms);
    }
    /**
     * Suffix-statistics DP for DEC-025 best match without listing M(I). For each node, the set
     * of achievable (Δa, Δn, Δb, Δm) over its valid completions, packed mixed-radix so that
     * adding a step's contribution is integer addition:
     *   a = |C ∩ Ca|, n = |C|, b = |TS(C) ∩ TS(Ca)|, m = |TS(C)|.
     * `caMask[t]` = flip bits at t that are atoms of Ca; `tsCa[t]` = t ∈ TS(Ca).
     */
    statSearch(caMask, tsCa) {
        return new StatSearch(this, caMask, tsCa);
    }
    /** @internal exposed for StatSearch */
    _step(t, s, hit, alt, m) {
        if (!this.step(t, s, hit, alt, m))
            return null;
        return [this.cs, this.ch, this.ca];
    }
    /** @internal */
    _canon(t, hit, rT0, rA0) {
        const rT = this.canonT(t, hit, rT0, rA0);
        return [rT, this.canonA(hit, rT, rA0)];
    }
    /** @internal true when the node can have no valid completion (see `reach`). */
    _dead(t, s, hit, rT) {
        return hit === 0 && this.reach[t * this.nS + s] > rT;
    }
    /** @internal */
    _key(s, hit, alt, rT, rA) {
        return this.key(s, hit, alt, rT, rA);
    }
    /** @internal */
    _bump() {
        this.bump();
    }
    /** @internal */
    _root() {
        return this.rootArgs();
    }
}
export class StatSearch {
    memo;
    rN;
    rB;
    rM;
    eng;
    caMask;
    tsCa;
    constructor(eng, caMask, tsCa) {
        this.eng = eng;
        this.caMask = caMask;
        this.tsCa = tsCa;
        let maxB = 0;
        for (let t = 0; t <= eng.hi; t++)
            maxB += tsCa[t];
        this.rN = eng.bA + 1;
        this.rB = Math.min(maxB, eng.bT) + 1;
        this.rM = eng.bT + 1;
        this.memo = Array.from({ length: eng.hi + 1 }, () => new Map());
    }
    pack(a, n, b, m) {
        return ((a * this.rN + n) * this.rB + b) * this.rM + m;
    }
    unpack(x) {
        const m = x % this.rM;
        x = (x - m) / this.rM;
        const b = x % this.rB;
        x = (x - b) / this.rB;
        const n = x % this.rN;
        return { a: (x - n) / this.rN, n, b, m };
    }
    contrib(t, m) {
        if (m === 0)
            return 0;
        return this.pack(popcount(m & this.caMask[t]), popcount(m), this.tsCa[t], 1);
    }
    statsFrom(t, s, hit, alt, rT0, rA0) {
        const eng = this.eng;
        if (t > eng.hi)
            return hit ? ONE_ZERO : EMPTY;
        const [rT, rA] = eng._canon(t, hit, rT0, rA0);
        if (eng._dead(t, s, hit, rT))
            return EMPTY;
        const k = eng._key(s, hit, alt, rT, rA);
        const memo = this.memo[t];
        const cached = memo.get(k);
        if (cached !== undefined)
            return cached;
        let acc = null;
        let only = EMPTY;
        for (let m = 0; m < eng.nSym; m++) {
            let pc = 0;
            if (m !== 0) {
                if (rT === 0)
                    break;
                pc = popcount(m);
                if (eng.trackA && pc > rA)
                    continue;
            }
            const child = eng._step(t, s, hit, alt, m);
            if (child === null)
                continue;
            const sub = this.statsFrom(t + 1, child[0], child[1], child[2], m ? rT - 1 : rT, m ? rA - pc : rA);
            if (sub.size === 0)
                continue;
            const c = this.contrib(t, m);
            if (c === 0 && acc === null && only.size === 0) {
                only = sub; // share the child's set when it is the only contributor so far
                continue;
            }
            if (acc === null)
                acc = new Set(only);
            for (const x of sub)
                acc.add(x + c);
        }
        const res = acc ?? only;
        memo.set(k, res);
        eng._bump();
        return res;
    }
    /** All achievable stat tuples over M(I) (packed). */
    rootStats() {
        if (this.eng.impossible)
            return EMPTY;
        return this.statsFrom(...this.eng._root());
    }
    /** List every certificate of M(I) whose stats equal `target` (packed). */
    listWithStats(target, onCert) {
        const eng = this.eng;
        const masks = new Int32Array(eng.hi + 1);
        const rec = (t, s, hit, alt, rT0, rA0, need) => {
            if (t > eng.hi) {
                if (hit && need === 0)
                    onCert(eng.build(masks));
                return;
            }
            const [rT, rA] = eng._canon(t, hit, rT0, rA0);
            const needU = this.unpack(need);
            for (let m = 0; m < eng.nSym; m++) {
                let pc = 0;
                if (m !== 0) {
                    if (rT === 0)
                        break;
                    pc = popcount(m);
                    if (eng.trackA && pc > rA)
                        continue;
                }
                let rest = need;
                if (m !== 0) {
                    const da = popcount(m & this.caMask[t]);
                    const db = this.tsCa[t];
                    if (da > needU.a || pc > needU.n || db > needU.b || needU.m < 1)
                        continue;
                    rest = this.pack(needU.a - da, needU.n - pc, needU.b - db, needU.m - 1);
                }
                const child = eng._step(t, s, hit, alt, m);
                if (child === null)
                    continue;
                const nT = m ? rT - 1 : rT;
                const nA = m ? rA - pc : rA;
                if (!this.statsFrom(t + 1, child[0], child[1], child[2], nT, nA).has(rest))
                    continue;
                masks[t] = m;
                rec(t + 1, child[0], child[1], child[2], nT, nA, rest);
                masks[t] = 0;
            }
        };
        rec(...eng._root(), target);
    }
}
const EMPTY = new Set();
const ONE_ZERO = new Set([0]);
/** The complete M(I) (listing capped by `limit`, never silently: see `complete`). */
export function enumerateMinimal(ci, opts = {}) {
    const eng = new MinimalEngine(ci, opts);
    const count = eng.count();
    const limit = opts.limit ?? 1_000_000;
    const certificates = eng.list(limit);
    return { certificates, count, complete: BigInt(certificates.length) === count };
}
/** |M(I)| only. */
export function countMinimal(ci, opts = {}) {
    return new MinimalEngine(ci, opts).count();
}
/**
 * The order in which the official `find_valid_certificates` meets certificates: by size,
 * then lexicographically by candidate index (t * nIn + position of the AP in input_aps).
 * Its default result is the first 32 in this order (when its node cap does not truncate).
 */
export function sortOfficialOrder(ci, certs) {
    const nIn = ci.sys.nIn;
    const idx = (c) => c.map((a) => a[0] * nIn + (ci.apIndex.get(a[1]) ?? 0)).sort((x, y) => x - y);
    const keyed = certs.map((c) => ({ c, k: idx(c) }));
    keyed.sort((x, y) => {
        if (x.k.length !== y.k.length)
            return x.k.length - y.k.length;
        for (let i = 0; i < x.k.length; i++)
            if (x.k[i] !== y.k[i])
                return x.k[i] - y.k[i];
        return 0;
    });
    return keyed.map((e) => e.c);
}
//# sourceMappingURL=enumerate.js.map