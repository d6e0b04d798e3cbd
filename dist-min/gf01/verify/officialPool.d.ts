import type { CompiledInstance } from "../model/compile.js";
import type { Atom } from "../model/types.js";
/**
 * The official scorer's reference set: the valid certificates met by the official
 * `find_valid_certificates(instance, max_nodes=120_000, max_results=32)`, in its order and with
 * its node count, so `--best-match-pool official` scores against exactly the official pool,
 * node-cap truncation included (the parity corpus's `minimal_sets.json` checks it).
 *
 * The search as documented by the reference: the empty certificate is one node; then for
 * k = 1 … B_T·|AP_in|, every k-combination (lexicographic in candidate index) of the candidate
 * atoms — each base bit flipped, timestep-major, then `input_aps` order — whose distinct
 * timesteps stay within B_T is one node; it stops after `maxResults` valid certificates, or when
 * the node count would exceed `maxNodes` (that node is not evaluated). Validity is our verifier
 * under `ci`'s atom-budget rule (the official rule has none).
 */
export interface OfficialPoolResult {
    /** Sorted certificates in discovery order. */
    certificates: Atom[][];
    nodes_visited: number;
    truncated_by_max_nodes: boolean;
    hit_max_results_cap: boolean;
}
export declare const OFFICIAL_POOL_MAX_NODES = 120000;
export declare const OFFICIAL_POOL_MAX_RESULTS = 32;
export declare function officialPool(ci: CompiledInstance, opts?: {
    maxNodes?: number;
    maxResults?: number;
}): OfficialPoolResult;
/** The official search leaf by leaf (every combination verified); the fast path's oracle. */
export declare function officialPoolReference(ci: CompiledInstance, opts?: {
    maxNodes?: number;
    maxResults?: number;
}): OfficialPoolResult;
