import type { CompiledInstance } from "../model/compile.js";
import type { Atom } from "../model/types.js";
import { type RawAtom } from "./atoms.js";
/**
 * Official `precision_recall_f1` over sets, with the same floating-point operations in the
 * same order (so ties compare exactly as in Python): p = tp/(tp+fp), r = tp/(tp+fn), each 0
 * on a zero denominator, f1 = 2·p·r/(p+r), 0 when p+r = 0.
 */
export declare function precisionRecallF1(tp: number, nPred: number, nGold: number): [p: number, r: number, f1: number];
export interface PrfSix {
    ap_precision: number;
    ap_recall: number;
    ap_f1: number;
    ts_precision: number;
    ts_recall: number;
    ts_f1: number;
}
/**
 * AP metrics compare atom SETS {(t, ap, v)}; TS metrics compare timestep SETS. The agent's
 * atoms count as given (invalid or no-op atoms included, repeats collapsed), as officially.
 */
export declare function apTsMetrics(pred: readonly RawAtom[], gold: readonly RawAtom[]): PrfSix;
export interface BestMatchOptions {
    /**
     * "enumerate": list M(I) and score each member; "search": exact suffix-statistics DP over
     * M(I) that lists only the members tied on (AP-F1, TS-F1, Eff_t); "auto" (default):
     * enumerate when |M(I)| ≤ enumerateLimit, else search. Both are exact.
     */
    method?: "auto" | "enumerate" | "search";
    /** Default 20,000. */
    enumerateLimit?: number;
    /**
     * "complete" (default, spec Def. 13): the whole M(I). "official": only the first
     * `officialMaxResults` (32) valid certificates in the official search order, within its
     * 120,000-node cap, as the official harness scores against
     * `find_valid_certificates(max_nodes=120_000, max_results=32)` (see officialPool.ts);
     * `m_count` is then the pool size.
     */
    pool?: "complete" | "official";
    officialMaxResults?: number;
    /** Cap on DP nodes; when hit the result says cap_hit and has no target. */
    maxNodes?: number;
}
export interface BestMatchResult extends PrfSix {
    /** C*(I, Ca); [] when M(I) = {∅}; null when M(I) is empty or a cap was hit. */
    target: Atom[] | null;
    method: "enumerate" | "search";
    cap_hit: boolean;
    /** |M(I)| (exact), or -1n when a cap was hit before counting finished. */
    m_count: bigint;
}
/**
 * DEC-025 deterministic best match, as official `best_match_certificate`: maximise
 * (AP-F1, TS-F1, −|TS(C)|, sha256(repr(sorted C))) over M(I), i.e. higher AP-F1, then higher
 * TS-F1, then fewer timesteps, then the LARGER hex digest. The metrics are then the agent's
 * AP/TS precision/recall/F1 against that target (all 0 when M(I) is empty, as officially the
 * target is then []).
 */
export declare function bestMatch(ci: CompiledInstance, agentCert: readonly RawAtom[], opts?: BestMatchOptions): BestMatchResult;
/** Official selection over an explicit list of golds. */
export declare function pickBest(agentCert: readonly RawAtom[], golds: readonly Atom[][]): Atom[];
