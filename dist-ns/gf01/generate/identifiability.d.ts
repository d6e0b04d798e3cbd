import type { CompiledInstance } from "../model/compile.js";
/**
 * Identifiability metric `single_atom_observation_divergence.v1` (official
 * `instance_identifiability_metrics`): flip each input bit alone, compare the full observable
 * output trace with the base run, and count how many flips are visible at all (response)
 * and how many distinct output traces they produce (diversity).
 */
export declare const IDENTIFIABILITY_POLICY_VERSION = "gf01.identifiability_policy.v1";
export declare const IDENTIFIABILITY_METRIC_ID = "single_atom_observation_divergence.v1";
export declare const IDENTIFIABILITY_MIN_RESPONSE_RATIO = 0.6;
export declare const IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES = 8;
export interface IdentifiabilityMetrics {
    policy_version: string;
    metric_id: string;
    candidate_atom_count: number;
    response_atom_count: number;
    /** Python float */
    response_ratio: number;
    unique_signature_count: number;
    /** Python float */
    signature_diversity_ratio: number;
    passes_threshold: boolean;
    /** Set by the generator (Python float). */
    min_response_ratio?: number;
    /** Set by the generator. */
    min_unique_signatures?: number;
}
/**
 * Compute the metric. Each flip is simulated only until its run re-joins the base run's
 * state (from then on outputs are identical), and output traces are compared as packed
 * integers when T·|AP_out| ≤ 52 bits (exact in a double), else as strings.
 */
export declare function identifiabilityMetrics(ci: CompiledInstance): IdentifiabilityMetrics;
/** Official `identifiability_policy_error`: null when the thresholds pass, else the reason. */
export declare function identifiabilityPolicyError(m: Pick<IdentifiabilityMetrics, "response_ratio" | "unique_signature_count">, minResponseRatio?: number, minUniqueSignatures?: number): string | null;
