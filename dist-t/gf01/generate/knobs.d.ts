/**
 * Difficulty formulas shared by both generators: the normalized complexity knobs z(I)
 * (spec §4.3, official `_normalized_complexity`), the normal-mode window w(I) and the
 * official budget rules. All arithmetic is written in the same operation order as the
 * reference so the IEEE doubles — and therefore every Python `round()` — agree exactly.
 */
/** Keys of the complexity dict, in the reference insertion order (z sums in this order). */
export declare const COMPLEXITY_KNOB_KEYS: readonly ["state_count_norm", "effect_depth_norm", "transition_count_norm", "input_count_norm"];
export declare const COMPLEXITY_POLICY_VERSION = "gf01.complexity_policy.v1";
export declare const COMPLEXITY_SCORE_METHOD = "mean_normalized_knobs";
export type Complexity = Record<(typeof COMPLEXITY_KNOB_KEYS)[number], number>;
/** Normalized complexity knobs (all Python floats in artifacts). */
export declare function complexity(nStates: number, T: number, nInputs: number, tStar: number): Complexity;
/**
 * z(I): equal-weight mean of the knobs. Summed left to right like CPython ≤ 3.11's `sum`
 * (3.12 switched to compensated summation; over every (states, T, t*, |AP_in|) up to
 * 20 × 40 × 8 the last-ulp difference never changes a rounded window or budget).
 */
export declare function complexityScore(c: Complexity): number;
export interface WindowCoefficients {
    alpha_0: number;
    alpha_t: number;
    alpha_c: number;
    w_min: number;
    w_max: number;
}
/** w(I) = clamp(w_min, w_max, round(α0 + αT·T + αC·z)) with Python's half-even round. */
export declare function computeWindow(cfg: WindowCoefficients, T: number, z: number): number;
/** Official timestep budget: round(max(1, tightness·T + 0.25·z·T)), clamped to [1, T]. */
export declare function officialBudgetTimestep(budgetTightness: number, T: number, z: number): number;
/** Official atom budget: min(T·|AP_in|, max(1, B_T + 1)). */
export declare function officialBudgetAtoms(T: number, nInputs: number, budgetTimestep: number): number;
