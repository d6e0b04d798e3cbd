import type { Candidate } from "../pipeline/ledger.js";
export declare const LINEAR_FEATURE_ORDER: readonly ["bias", "step_norm", "step_delta_norm", "is_latest_step", "is_second_latest_step", "recency_rank_norm", "recency_rank_inv", "step_gap_range_norm", "pos_norm", "is_set", "is_clear", "is_add", "is_remove", "is_note", "is_authoritative", "is_update", "key_in_question", "value_in_question", "value_token_overlap", "question_len_norm", "value_len_norm"];
export declare const N_FEATURES: 21;
export interface LinearModel {
    feature_order: string[];
    weights: number[];
    meta?: Record<string, unknown>;
}
/** The fields a feature reads (candidates, or rows of an exported selector dataset). */
export interface FeatureEntry {
    step: number;
    op: string;
    value: string | null;
}
/**
 * Features of every entry of a candidate list, row-major (`N_FEATURES` per entry), as the
 * reference computes them: steps bucketed by `stepBucket`, `pos_norm` from the list position
 * (which is how a learned selector picks up order bias), a CLEAR's value read as Python's
 * `str(None)`.
 */
export declare function featureMatrix(entries: readonly FeatureEntry[], question: string, key: string, stepBucket?: number): Float64Array;
/** Scores of a feature matrix under aligned weights. */
export declare function scoreMatrix(m: Float64Array, weights: readonly number[]): Float64Array;
/** Reorder a model's weights to `LINEAR_FEATURE_ORDER` (reference `_align_linear_model`). */
export declare function alignModel(model: LinearModel, where?: {
    file?: string;
}): number[];
export declare function parseLinearModel(value: unknown, where?: {
    file?: string;
}): LinearModel;
export declare function loadLinearModel(file: string): {
    model: LinearModel;
    weights: number[];
};
/**
 * Index of the best-scoring entry. Exact ties go to the newer entry (higher step, then later
 * ledger line); with tie-break `latest_step`, every entry within `eps` of the best competes
 * on recency (reference `linear_tie_break`).
 */
export declare function pickLinear(entries: readonly Candidate[], scores: Float64Array, tieBreak: "none" | "latest_step", eps: number): number;
