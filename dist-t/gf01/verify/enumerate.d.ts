import type { CompiledInstance } from "../model/compile.js";
import type { Atom } from "../model/types.js";
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
export declare class ResourceCapError extends Error {
    readonly cap: "max_nodes";
    readonly limit: number;
    constructor(cap: "max_nodes", limit: number);
}
export interface EngineOptions {
    /** Cap on memoised DP nodes (default: none). Exceeding it throws ResourceCapError. */
    maxNodes?: number;
    /**
     * State-set representation: "auto" (bitmask up to 30 states, interned sets above) or
     * "interned" (always interned; lets tests run the large-automaton path on small ones).
     */
    stateSets?: "auto" | "interned";
}
/** The node graph of M(I) for one instance. Reusable: memo tables persist across queries. */
export declare class MinimalEngine {
    readonly ci: CompiledInstance;
    readonly nIn: number;
    readonly nSym: number;
    readonly nS: number;
    readonly lo: number;
    readonly hi: number;
    /** Effective timestep budget (≤ hi+1). */
    readonly bT: number;
    /** Whether the atom budget can bind; when not, the atom dimension is dropped from keys. */
    readonly trackA: boolean;
    readonly bA: number;
    /** No certificate can pass the budget gate. */
    readonly impossible: boolean;
    private readonly radT;
    private readonly radA;
    private readonly memo;
    /** Interned state sets (sparse mode only): id → sorted member states; id 0 = ∅. */
    private readonly sparse;
    private readonly setList;
    /** Zobrist hash of a set → newest id with that hash; setChain[id] = previous id with it. */
    private readonly setHash;
    private readonly setChain;
    /** Per-state random 30-bit values; a set's hash is the XOR over its members (small-int Map keys). */
    private readonly zob;
    private readonly setStamp;
    private readonly setBuf;
    private stampNo;
    private readonly keyStride;
    private memoBig;
    private readonly maxNodes;
    private nodeCount;
    private inexact;
    /** Dense-memo generation tag (0 = Map memo); keys per timestep in the dense memo. */
    private readonly denseTag;
    /**
     * reach[t·nS + s]: fewest flip timesteps with which the main run, in state s at time t and
     * not yet showing the effect, can still show it inside the window (≥ 2^29: never). A node
     * whose remaining timestep budget is below it has no valid completion (every valid C is
     * sufficient), so it is answered 0 without being expanded: the count is unchanged, the
     * dead subtrees (most of the DP on generated instances) are never visited.
     */
    private readonly reach;
    /** eff[s·nSym + sym] = 1 iff that transition shows the effect (bitmask path); noEff all 0. */
    private readonly eff;
    private readonly noEff;
    private readonly next;
    private readonly base;
    private readonly denseStride;
    private cs;
    private ch;
    private ca;
    constructor(ci: CompiledInstance, opts?: EngineOptions);
    private buildReach;
    /** Number of memoised nodes so far (a cost measure). */
    get nodes(): number;
    /** Root node arguments. */
    private rootArgs;
    /**
     * One step at time t with flip mask m. Returns false if a removal run (an earlier atom's,
     * or one of m's own bits) shows the effect inside the window; else sets cs/ch/ca.
     */
    private step;
    /** step() with `alt` an interned set id (automata above MASK_MAX_STATES states). */
    private stepSparse;
    /**
     * Id of the set just built in setBuf[0..n) (its members stamped `stamp`; XOR hash `h`).
     * Equal sets hash equally; a hash collision is resolved by comparing members, so ids are
     * exact. Only a new set is sorted and copied.
     */
    private intern;
    /** Canonical remaining budgets: what is still usable, so equivalent nodes share a key. */
    private canonT;
    private canonA;
    private key;
    private bump;
    /** Number of valid completions from a node (doubles; flags inexactness above 2^53). */
    countFrom(t: number, s: number, hit: number, alt: number, rT0: number, rA0: number): number;
    private countBigFrom;
    /** |M(I)|, exact. Counts in doubles and redoes the count in bigint only if it passed 2^53. */
    count(): bigint;
    /** |M(I)| counted in bigint throughout (what count() falls back to above 2^53). */
    countBig(): bigint;
    /**
     * List up to `limit` certificates of M(I), canonically sorted atoms each, in DFS order
     * (time-major, flip mask ascending). Only branches with a valid completion are entered.
     */
    list(limit: number): Atom[][];
    /**
     * Visit every member of M(I) as its path of flip masks (`masks[t]`, shared and reused: copy
     * what you keep), in list() order, without building atom lists. Only branches with a valid
     * completion are entered.
     */
    walk(visit: (masks: Int32Array) => void): void;
    /** Certificate of a path of flip masks. */
    build(masks: Int32Array): Atom[];
    /**
     * Suffix-statistics DP for DEC-025 best match without listing M(I). For each node, the set
     * of achievable (Δa, Δn, Δb, Δm) over its valid completions, packed mixed-radix so that
     * adding a step's contribution is integer addition:
     *   a = |C ∩ Ca|, n = |C|, b = |TS(C) ∩ TS(Ca)|, m = |TS(C)|.
     * `caMask[t]` = flip bits at t that are atoms of Ca; `tsCa[t]` = t ∈ TS(Ca).
     */
    statSearch(caMask: Int32Array, tsCa: Uint8Array): StatSearch;
    /** @internal exposed for StatSearch */
    _step(t: number, s: number, hit: number, alt: number, m: number): [number, number, number] | null;
    /** @internal */
    _canon(t: number, hit: number, rT0: number, rA0: number): [number, number];
    /** @internal true when the node can have no valid completion (see `reach`). */
    _dead(t: number, s: number, hit: number, rT: number): boolean;
    /** @internal */
    _key(s: number, hit: number, alt: number, rT: number, rA: number): number;
    /** @internal */
    _bump(): void;
    /** @internal */
    _root(): [number, number, number, number, number, number];
}
export interface StatTuple {
    /** |C ∩ Ca| */
    a: number;
    /** |C| */
    n: number;
    /** |TS(C) ∩ TS(Ca)| */
    b: number;
    /** |TS(C)| */
    m: number;
}
export declare class StatSearch {
    private readonly memo;
    private readonly rN;
    private readonly rB;
    private readonly rM;
    private readonly eng;
    private readonly caMask;
    private readonly tsCa;
    constructor(eng: MinimalEngine, caMask: Int32Array, tsCa: Uint8Array);
    pack(a: number, n: number, b: number, m: number): number;
    unpack(x: number): StatTuple;
    private contrib;
    private statsFrom;
    /** All achievable stat tuples over M(I) (packed). */
    rootStats(): ReadonlySet<number>;
    /** List every certificate of M(I) whose stats equal `target` (packed). */
    listWithStats(target: number, onCert: (c: Atom[]) => void): void;
}
export interface EnumerateResult {
    /** Listed members of M(I) (each canonically sorted), at most `limit`. */
    certificates: Atom[][];
    /** |M(I)|, exact. */
    count: bigint;
    /** true iff every member was listed. */
    complete: boolean;
}
export interface EnumerateOptions extends EngineOptions {
    /** Most certificates to list (default 1,000,000); `count` is exact regardless. */
    limit?: number;
}
/** The complete M(I) (listing capped by `limit`, never silently: see `complete`). */
export declare function enumerateMinimal(ci: CompiledInstance, opts?: EnumerateOptions): EnumerateResult;
/** |M(I)| only. */
export declare function countMinimal(ci: CompiledInstance, opts?: EngineOptions): bigint;
/**
 * The order in which the official `find_valid_certificates` meets certificates: by size,
 * then lexicographically by candidate index (t * nIn + position of the AP in input_aps).
 * Its default result is the first 32 in this order (when its node cap does not truncate).
 */
export declare function sortOfficialOrder(ci: CompiledInstance, certs: readonly Atom[][]): Atom[][];
