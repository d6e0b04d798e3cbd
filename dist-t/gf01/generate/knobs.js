import { roundHalfEven } from "../../core/numeric.js";
/**
 * Difficulty formulas shared by both generators: the normalized complexity knobs z(I)
 * (spec §4.3, official `_normalized_complexity`), the normal-mode window w(I) and the
 * official budget rules. All arithmetic is written in the same operation order as the
 * reference so the IEEE doubles — and therefore every Python `round()` — agree exactly.
 */
/** Keys of the complexity dict, in the reference insertion order (z sums in this order). */
export const COMPLEXITY_KNOB_KEYS = [
    "state_count_norm",
    "effect_depth_norm",
    "transition_count_norm",
    "input_count_norm",
];
export const COMPLEXITY_POLICY_VERSION = "gf01.complexity_policy.v1";
export const COMPLEXITY_SCORE_METHOD = "mean_normalized_knobs";
/** Normalized complexity knobs (all Python floats in artifacts). */
export function complexity(nStates, T, nInputs, tStar) {
    return {
        state_count_norm: Math.min(1.0, nStates / 10.0),
        effect_depth_norm: Math.min(1.0, (tStar + 1) / Math.max(1, T)),
        transition_count_norm: Math.min(1.0, (nStates * 2 ** nInputs) / 128.0),
        input_count_norm: Math.min(1.0, nInputs / 8.0),
    };
}
/**
 * z(I): equal-weight mean of the knobs. Summed left to right like CPython ≤ 3.11's `sum`
 * (3.12 switched to compensated summation; over every (states, T, t*, |AP_in|) up to
 * 20 × 40 × 8 the last-ulp difference never changes a rounded window or budget).
 */
export function complexityScore(c) {
    let s = 0;
    for (const k of COMPLEXITY_KNOB_KEYS)
        s += c[k];
    return s / COMPLEXITY_KNOB_KEYS.length;
}
/** w(I) = clamp(w_min, w_max, round(α0 + αT·T + αC·z)) with Python's half-even round. */
export function computeWindow(cfg, T, z) {
    const raw = roundHalfEven(cfg.alpha_0 + cfg.alpha_t * T + cfg.alpha_c * z);
    return Math.max(cfg.w_min, Math.min(cfg.w_max, raw));
}
/** Official timestep budget: round(max(1, tightness·T + 0.25·z·T)), clamped to [1, T]. */
export function officialBudgetTimestep(budgetTightness, T, z) {
    const raw = roundHalfEven(Math.max(1, budgetTightness * T + 0.25 * z * T));
    return Math.max(1, Math.min(T, raw));
}
/** Official atom budget: min(T·|AP_in|, max(1, B_T + 1)). */
export function officialBudgetAtoms(T, nInputs, budgetTimestep) {
    return Math.min(T * nInputs, Math.max(1, budgetTimestep + 1));
}
//# sourceMappingURL=knobs.js.map