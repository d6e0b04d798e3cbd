import type { CompiledInstance } from "../model/compile.js";
import type { Atom } from "../model/types.js";
export interface SearchOptions {
    /** Node cap (official `max_nodes`); Infinity for an uncapped exact search. */
    maxNodes: number;
    /** Stop after this many valid certificates (official `max_results`); Infinity for all. */
    maxResults: number;
}
export interface SearchResult {
    /** Valid certificates in official search order, each sorted like `sorted_certificate`. */
    certificates: Atom[][];
    /** Nodes counted (official semantics; at most maxNodes + 1 when truncated). */
    nodes: number;
    truncated: boolean;
}
/** Per-instance search tables (min-flip DP and combination counts). Build once, query often. */
export declare class CertificateSearch {
    readonly ci: CompiledInstance;
    /** Timestep budget used by the search, clamped to [0, T]. */
    readonly B: number;
    /** Largest certificate size the official search tries: B_T · |AP_in| (clamped to T·|AP_in|). */
    readonly K: number;
    private readonly nIn;
    private readonly nSym;
    private readonly S;
    private readonly popcount;
    /** need[((t*S)+s)*(B+1)+b]: fewest flips from timestep t in state s, effect not yet held, b timesteps left. */
    private readonly need;
    /** ways[(n*(B+1)+b)*(K+1)+a]: a-subsets of n full timesteps using ≤ b of them. */
    private waysTable;
    private readonly binomIn;
    private chosen;
    private buf;
    private nodes;
    private truncated;
    private found;
    private opts;
    constructor(ci: CompiledInstance, budgetTimestep?: number);
    private buildNeed;
    private buildWays;
    private waysOf;
    /** Fewest flips that make the effect hold within the whole budget (Infinity if none). */
    minAtoms(): number;
    /** Budget-feasible k-atom combinations: the official leaf count of size k. */
    leafCount(k: number): number;
    /**
     * Leaves under a node: r more atoms from APs j.. at timestep t and all later timesteps.
     * `charged` = timestep t already holds a chosen atom (so more atoms there are free).
     */
    private countFrom;
    /** Fewest further flips from mid-timestep node (t, j, partial mask m, state s, b left). */
    private needFrom;
    /** Official `find_valid_certificates(instance, max_nodes, max_results)`. */
    findValid(opts: SearchOptions): SearchResult;
    private result;
    /** Adds skipped leaves; returns true when the cap is passed (search must stop). */
    private addNodes;
    /**
     * Include-before-exclude DFS over atom positions = lexicographic order of k-subsets.
     * (t, j): next position; m: flips chosen at t so far; s: state entering t; b: budget
     * left (t already charged when m ≠ 0); hit: effect held before t; r: atoms still to pick.
     */
    private dfs;
    private evaluateLeaf;
    private atomsOf;
}
/** Official `exact_existence_check`: first valid certificate within the node cap. */
export declare function exactExistenceCheck(ci: CompiledInstance, maxNodes: number): {
    exists: boolean;
    witness: Atom[] | null;
    truncated: boolean;
    nodes: number;
};
/**
 * Fewest distinct timesteps any sufficient certificate needs, ignoring budgets
 * (Infinity when no intervention reaches the effect). 0 when the base trace already works.
 */
export declare function minTimesteps(ci: CompiledInstance): number;
