import { effectHolds } from "../model/simulate.js";
/**
 * Exact certificate search with the official search semantics.
 *
 * The official `find_valid_certificates` enumerates candidate atoms (one flip per
 * (t, ap), ordered by t then input_aps order), tries sizes k = 1..B_T·|AP_in| in turn and
 * visits every k-combination with ≤ B_T distinct timesteps in lexicographic order,
 * counting one node per visited combination (plus one for the empty certificate) and
 * giving up once the count passes `max_nodes`. The generator rejects a candidate whose
 * first valid certificate lies beyond that cap, so reproducing the generator exactly needs
 * the node index of that certificate, not just its existence.
 *
 * We get the identical answer without visiting the leaves one by one: a dynamic program
 * gives, for every (timestep, state, budget left), the fewest flips that still make the
 * effect hold. A subtree whose remaining atom count is below that bound (or that can only
 * add removable atoms: after the effect already held, or past the window) holds no valid
 * certificate, so its leaves are counted combinatorially and skipped. Counting and order
 * are exactly the official ones; only the work differs (microseconds instead of a full
 * enumeration). Hand-written for that reason — no library offers this.
 */
const INF = 1 << 29;
/** Leaf counts saturate here; every comparison we make is against caps far below it. */
const COUNT_CAP = 2 ** 52;
const binom = (n, k) => {
    if (k < 0 || k > n)
        return 0;
    let r = 1;
    for (let i = 1; i <= k; i++)
        r = (r * (n - k + i)) / i;
    return Math.round(r);
};
const EMPTY_I32 = new Int32Array(0);
const EMPTY_U32 = new Uint32Array(0);
const popcountTables = [];
const binomRows = [];
function popcountTable(nIn) {
    let p = popcountTables[nIn];
    if (!p) {
        p = new Uint8Array(1 << nIn);
        for (let m = 1; m < p.length; m++)
            p[m] = p[m >> 1] + (m & 1);
        popcountTables[nIn] = p;
    }
    return p;
}
function binomRow(n) {
    let r = binomRows[n];
    if (!r) {
        r = new Float64Array(n + 1);
        for (let i = 0; i <= n; i++)
            r[i] = binom(n, i);
        binomRows[n] = r;
    }
    return r;
}
/** Per-instance search tables (min-flip DP and combination counts). Build once, query often. */
export class CertificateSearch {
    ci;
    /** Timestep budget used by the search, clamped to [0, T]. */
    B;
    /** Largest certificate size the official search tries: B_T · |AP_in| (clamped to T·|AP_in|). */
    K;
    nIn;
    nSym;
    S;
    popcount;
    /** need[((t*S)+s)*(B+1)+b]: fewest flips from timestep t in state s, effect not yet held, b timesteps left. */
    need;
    /** ways[(n*(B+1)+b)*(K+1)+a]: a-subsets of n full timesteps using ≤ b of them. */
    waysTable = null;
    binomIn;
    // DFS scratch (allocated on first search: generators mostly only call minAtoms())
    chosen = EMPTY_I32;
    buf = EMPTY_U32;
    nodes = 0;
    truncated = false;
    found = [];
    opts = { maxNodes: Infinity, maxResults: Infinity };
    constructor(ci, budgetTimestep = ci.budgetTimestep) {
        this.ci = ci;
        const { sys, T } = ci;
        this.nIn = sys.nIn;
        this.nSym = sys.nSymbols;
        this.S = sys.nStates;
        this.B = Math.max(0, Math.min(T, Math.trunc(budgetTimestep)));
        this.K = Math.min(Math.max(0, Math.trunc(budgetTimestep)) * this.nIn, T * this.nIn);
        this.popcount = popcountTable(this.nIn);
        this.binomIn = binomRow(this.nIn);
        this.need = this.buildNeed();
    }
    buildNeed() {
        const { ci, S, B, nSym, popcount } = this;
        const { T, lo, hi, base, effectMask } = ci;
        const { next, out } = ci.sys;
        const B1 = B + 1;
        const need = new Int32Array((T + 1) * S * B1).fill(INF);
        for (let t = Math.min(hi, T - 1); t >= 0; t--) {
            const inWin = t >= lo;
            const row = t * S * B1;
            const nextRow = (t + 1) * S * B1;
            for (let s = 0; s < S; s++) {
                for (let b = 0; b <= B; b++) {
                    let best = INF;
                    for (let mask = 0; mask < nSym; mask++) {
                        if (mask !== 0 && b === 0)
                            break;
                        const pc = popcount[mask];
                        if (pc >= best)
                            continue;
                        const idx = s * nSym + (base[t] ^ mask);
                        let cand;
                        if (inWin && (out[idx] & effectMask) !== 0)
                            cand = pc;
                        else
                            cand = pc + need[nextRow + next[idx] * B1 + (mask === 0 ? b : b - 1)];
                        if (cand < best)
                            best = cand;
                    }
                    need[row + s * B1 + b] = best;
                }
            }
        }
        return need;
    }
    buildWays() {
        const { ci, B, K, nIn, binomIn } = this;
        const T = ci.T;
        const B1 = B + 1;
        const K1 = K + 1;
        const ways = new Float64Array((T + 1) * B1 * K1);
        for (let b = 0; b <= B; b++)
            ways[b * K1] = 1;
        for (let n = 1; n <= T; n++) {
            for (let b = 0; b <= B; b++) {
                const at = (n * B1 + b) * K1;
                const skip = ((n - 1) * B1 + b) * K1;
                const use = ((n - 1) * B1 + b - 1) * K1;
                for (let a = 0; a <= K; a++) {
                    let v = ways[skip + a];
                    if (b >= 1)
                        for (let i = 1; i <= nIn && i <= a; i++)
                            v += binomIn[i] * ways[use + a - i];
                    ways[at + a] = Math.min(v, COUNT_CAP);
                }
            }
        }
        return ways;
    }
    waysOf(n, b, a) {
        if (a < 0 || a > this.K || n < 0)
            return 0;
        // Built lazily: generators that only need minAtoms() to reject a candidate skip it.
        if (this.waysTable === null)
            this.waysTable = this.buildWays();
        return this.waysTable[(n * (this.B + 1) + b) * (this.K + 1) + a];
    }
    /** Fewest flips that make the effect hold within the whole budget (Infinity if none). */
    minAtoms() {
        if (effectHolds(this.ci, this.ci.base))
            return 0;
        const v = this.need[this.ci.sys.initial * (this.B + 1) + this.B];
        return v >= INF ? Number.POSITIVE_INFINITY : v;
    }
    /** Budget-feasible k-atom combinations: the official leaf count of size k. */
    leafCount(k) {
        return this.waysOf(this.ci.T, this.B, k);
    }
    /**
     * Leaves under a node: r more atoms from APs j.. at timestep t and all later timesteps.
     * `charged` = timestep t already holds a chosen atom (so more atoms there are free).
     */
    countFrom(t, j, charged, b, r) {
        const T = this.ci.T;
        if (t >= T)
            return r === 0 ? 1 : 0;
        const R = this.nIn - j;
        const rest = T - 1 - t;
        let v = 0;
        if (charged) {
            for (let i = 0; i <= R && i <= r; i++)
                v += binom(R, i) * this.waysOf(rest, b, r - i);
        }
        else {
            v = this.waysOf(rest, b, r);
            if (b >= 1)
                for (let i = 1; i <= R && i <= r; i++)
                    v += binom(R, i) * this.waysOf(rest, b - 1, r - i);
        }
        return Math.min(v, COUNT_CAP);
    }
    /** Fewest further flips from mid-timestep node (t, j, partial mask m, state s, b left). */
    needFrom(t, j, m, s, b) {
        const { ci, nIn, nSym, S, popcount } = this;
        if (t > ci.hi || t >= ci.T)
            return INF;
        const B1 = this.B + 1;
        if (j === 0 && m === 0)
            return this.need[(t * S + s) * B1 + b];
        const { next, out } = ci.sys;
        const inWin = t >= ci.lo;
        const nextRow = (t + 1) * S * B1;
        const subs = 1 << (nIn - j);
        let best = INF;
        for (let sub = 0; sub < subs; sub++) {
            const pc = popcount[sub];
            if (pc >= best)
                continue;
            let b2 = b;
            if (m === 0 && sub !== 0) {
                if (b === 0)
                    break;
                b2 = b - 1;
            }
            const idx = s * nSym + (ci.base[t] ^ (m | sub));
            const cand = inWin && (out[idx] & ci.effectMask) !== 0 ? pc : pc + this.need[nextRow + next[idx] * B1 + b2];
            if (cand < best)
                best = cand;
        }
        return best;
    }
    /** Official `find_valid_certificates(instance, max_nodes, max_results)`. */
    findValid(opts) {
        if (this.buf.length !== this.ci.T) {
            this.chosen = new Int32Array(this.ci.T * this.nIn + 1);
            this.buf = new Uint32Array(this.ci.T);
        }
        this.opts = opts;
        this.nodes = 1; // the empty certificate
        this.truncated = false;
        this.found = [];
        const ci = this.ci;
        if (effectHolds(ci, ci.base))
            this.found.push([]);
        if (this.found.length >= opts.maxResults)
            return this.result();
        for (let k = 1; k <= this.K; k++) {
            this.dfs(0, 0, 0, ci.sys.initial, this.B, false, k, 0);
            if (this.truncated || this.found.length >= opts.maxResults)
                break;
        }
        return this.result();
    }
    result() {
        const nodes = this.truncated ? Math.min(this.nodes, this.opts.maxNodes + 1) : this.nodes;
        return { certificates: this.found, nodes, truncated: this.truncated };
    }
    /** Adds skipped leaves; returns true when the cap is passed (search must stop). */
    addNodes(n) {
        this.nodes += n;
        if (this.nodes > this.opts.maxNodes) {
            this.truncated = true;
            return true;
        }
        return false;
    }
    /**
     * Include-before-exclude DFS over atom positions = lexicographic order of k-subsets.
     * (t, j): next position; m: flips chosen at t so far; s: state entering t; b: budget
     * left (t already charged when m ≠ 0); hit: effect held before t; r: atoms still to pick.
     */
    dfs(t, j, m, s, b, hit, r, depth) {
        const ci = this.ci;
        const nIn = this.nIn;
        if (j === nIn) {
            const idx = s * this.nSym + (ci.base[t] ^ m);
            const h = hit || (t >= ci.lo && t <= ci.hi && (ci.sys.out[idx] & ci.effectMask) !== 0);
            this.dfs(t + 1, 0, 0, ci.sys.next[idx], b, h, r, depth);
            return;
        }
        if (r === 0) {
            if (this.addNodes(1))
                return;
            this.evaluateLeaf(depth);
            return;
        }
        if (t >= ci.T)
            return;
        // No valid leaf below: every completion is insufficient (needs more flips than r) or
        // contains an atom after the effect held / past the window (removable ⇒ not Min1).
        if (hit || t > ci.hi || this.needFrom(t, j, m, s, b) > r) {
            this.addNodes(this.countFrom(t, j, m !== 0, b, r));
            return;
        }
        if (m !== 0 || b >= 1) {
            this.chosen[depth] = t * nIn + j;
            this.dfs(t, j + 1, m | (1 << (nIn - 1 - j)), s, m !== 0 ? b : b - 1, hit, r - 1, depth + 1);
            if (this.truncated || this.found.length >= this.opts.maxResults)
                return;
        }
        this.dfs(t, j + 1, m, s, b, hit, r, depth);
    }
    evaluateLeaf(depth) {
        const { ci, buf, chosen, nIn } = this;
        buf.set(ci.base);
        for (let i = 0; i < depth; i++) {
            const p = chosen[i];
            buf[(p / nIn) | 0] ^= 1 << (nIn - 1 - (p % nIn));
        }
        if (!effectHolds(ci, buf))
            return;
        for (let i = 0; i < depth; i++) {
            const p = chosen[i];
            const t = (p / nIn) | 0;
            const bit = 1 << (nIn - 1 - (p % nIn));
            buf[t] ^= bit;
            const still = effectHolds(ci, buf);
            buf[t] ^= bit;
            if (still)
                return;
        }
        this.found.push(this.atomsOf(depth));
    }
    atomsOf(depth) {
        const { ci, nIn } = this;
        const atoms = [];
        for (let i = 0; i < depth; i++) {
            const p = this.chosen[i];
            const t = (p / nIn) | 0;
            const j = p % nIn;
            const baseBit = (ci.base[t] >> (nIn - 1 - j)) & 1;
            atoms.push([t, ci.sys.inputAps[j], (1 - baseBit)]);
        }
        // Official certificates are `sorted_certificate` (t, ap name, value); positions are
        // already in t order, but AP names need not be in input_aps order.
        return atoms.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[2] - b[2]));
    }
}
/** Official `exact_existence_check`: first valid certificate within the node cap. */
export function exactExistenceCheck(ci, maxNodes) {
    const r = new CertificateSearch(ci).findValid({ maxNodes, maxResults: 1 });
    const w = r.certificates[0] ?? null;
    return { exists: w !== null, witness: w, truncated: r.truncated, nodes: r.nodes };
}
/**
 * Fewest distinct timesteps any sufficient certificate needs, ignoring budgets
 * (Infinity when no intervention reaches the effect). 0 when the base trace already works.
 */
export function minTimesteps(ci) {
    const { T, lo, hi, base, effectMask } = ci;
    const { next, out, nStates: S, nSymbols: nSym } = ci.sys;
    if (effectHolds(ci, base))
        return 0;
    let nextRow = new Int32Array(S).fill(INF);
    let row = new Int32Array(S);
    for (let t = Math.min(hi, T - 1); t >= 0; t--) {
        const inWin = t >= lo;
        for (let s = 0; s < S; s++) {
            let best = INF;
            for (let mask = 0; mask < nSym; mask++) {
                const c = mask === 0 ? 0 : 1;
                if (c >= best)
                    continue;
                const idx = s * nSym + (base[t] ^ mask);
                const cand = inWin && (out[idx] & effectMask) !== 0 ? c : c + nextRow[next[idx]];
                if (cand < best)
                    best = cand;
            }
            row[s] = best;
        }
        const tmp = nextRow;
        nextRow = row;
        row = tmp;
    }
    const v = nextRow[ci.sys.initial];
    return v >= INF ? Number.POSITIVE_INFINITY : v;
}
//# sourceMappingURL=search.js.map