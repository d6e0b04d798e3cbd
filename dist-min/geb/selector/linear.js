import { InputError } from "../../core/errors.js";
import { readJsonFileSync } from "../../core/jsonl.js";
import { tokenize } from "../pipeline/retrieval.js";
export const LINEAR_FEATURE_ORDER = [
    "bias",
    "step_norm",
    "step_delta_norm",
    "is_latest_step",
    "is_second_latest_step",
    "recency_rank_norm",
    "recency_rank_inv",
    "step_gap_range_norm",
    "pos_norm",
    "is_set",
    "is_clear",
    "is_add",
    "is_remove",
    "is_note",
    "is_authoritative",
    "is_update",
    "key_in_question",
    "value_in_question",
    "value_token_overlap",
    "question_len_norm",
    "value_len_norm",
];
export const N_FEATURES = LINEAR_FEATURE_ORDER.length;
/**
 * Features of every entry of a candidate list, row-major (`N_FEATURES` per entry), as the
 * reference computes them: steps bucketed by `stepBucket`, `pos_norm` from the list position
 * (which is how a learned selector picks up order bias), a CLEAR's value read as Python's
 * `str(None)`.
 */
export function featureMatrix(entries, question, key, stepBucket = 1) {
    const n = entries.length;
    const out = new Float64Array(n * N_FEATURES);
    if (n === 0)
        return out;
    const bucket = Math.max(1, Math.trunc(stepBucket));
    const steps = entries.map((e) => Math.floor(e.step / bucket));
    let maxStep = Number.NEGATIVE_INFINITY;
    let minStep = Number.POSITIVE_INFINITY;
    for (const s of steps) {
        if (s > maxStep)
            maxStep = s;
        if (s < minStep)
            minStep = s;
    }
    const distinct = [...new Set(steps)].sort((a, b) => b - a);
    const second = distinct.length > 1 ? distinct[1] : null;
    const range = Math.max(maxStep - minStep, 1);
    const qLower = question.toLowerCase();
    const qTokens = tokenize(qLower);
    const qSet = new Set(qTokens);
    const keyIn = key && qLower.includes(key.toLowerCase()) ? 1 : 0;
    const qLen = Math.min(qTokens.length / 20, 1);
    for (let i = 0; i < n; i++) {
        const e = entries[i];
        const step = steps[i];
        let rank = 0;
        for (const s of steps)
            if (s > step)
                rank++;
        const value = e.value ?? "None";
        const vTokens = tokenize(value);
        const vSet = new Set(vTokens);
        let overlap = 0;
        if (vSet.size > 0) {
            let common = 0;
            for (const t of vSet)
                if (qSet.has(t))
                    common++;
            overlap = common / vSet.size;
        }
        const op = String(e.op).toUpperCase();
        const f = out.subarray(i * N_FEATURES, (i + 1) * N_FEATURES);
        f[0] = 1;
        f[1] = maxStep ? step / maxStep : 0;
        f[2] = maxStep ? (maxStep - step) / maxStep : 0;
        f[3] = step === maxStep ? 1 : 0;
        f[4] = second !== null && step === second ? 1 : 0;
        f[5] = n > 1 ? rank / (n - 1) : 0;
        f[6] = 1 / (1 + rank);
        f[7] = (maxStep - step) / range;
        f[8] = n > 1 ? i / (n - 1) : 0;
        f[9] = op === "SET" ? 1 : 0;
        f[10] = op === "CLEAR" ? 1 : 0;
        f[11] = op === "ADD" ? 1 : 0;
        f[12] = op === "REMOVE" ? 1 : 0;
        f[13] = op === "NOTE" ? 1 : 0;
        f[14] = op === "NOTE" ? 0 : 1;
        f[15] = op === "SET" || op === "ADD" || op === "REMOVE" || op === "CLEAR" ? 1 : 0;
        f[16] = keyIn;
        f[17] = value && qLower.includes(value.toLowerCase()) ? 1 : 0;
        f[18] = overlap;
        f[19] = qLen;
        f[20] = Math.min(vTokens.length / 10, 1);
    }
    return out;
}
/** Scores of a feature matrix under aligned weights. */
export function scoreMatrix(m, weights) {
    const n = m.length / N_FEATURES;
    const s = new Float64Array(n);
    for (let i = 0; i < n; i++) {
        let acc = 0;
        const o = i * N_FEATURES;
        for (let j = 0; j < N_FEATURES; j++)
            acc += weights[j] * m[o + j];
        s[i] = acc;
    }
    return s;
}
/** Reorder a model's weights to `LINEAR_FEATURE_ORDER` (reference `_align_linear_model`). */
export function alignModel(model, where = {}) {
    if (model.feature_order.length !== model.weights.length)
        throw new InputError(`weights has ${model.weights.length} entries but feature_order has ${model.feature_order.length}`, { ...where, field: "weights" });
    const known = new Set(LINEAR_FEATURE_ORDER);
    const extra = model.feature_order.filter((f) => !known.has(f));
    if (extra.length > 0)
        throw new InputError(`unknown features: ${extra.join(", ")}`, { ...where, field: "feature_order" });
    const at = new Map(model.feature_order.map((f, i) => [f, i]));
    return LINEAR_FEATURE_ORDER.map((f) => {
        const i = at.get(f);
        return i === undefined ? 0 : model.weights[i];
    });
}
export function parseLinearModel(value, where = {}) {
    const o = value;
    if (!o || typeof o !== "object" || Array.isArray(o))
        throw new InputError("a linear model must be a JSON object", where);
    if (!Array.isArray(o.feature_order) || !o.feature_order.every((f) => typeof f === "string"))
        throw new InputError("must be a list of feature names", { ...where, field: "feature_order" });
    if (!Array.isArray(o.weights) || !o.weights.every((w) => typeof w === "number" && Number.isFinite(w)))
        throw new InputError("must be a list of numbers", { ...where, field: "weights" });
    const model = { feature_order: o.feature_order, weights: o.weights };
    if (o.meta && typeof o.meta === "object")
        model.meta = o.meta;
    alignModel(model, where);
    return model;
}
export function loadLinearModel(file) {
    const value = readJsonFileSync(file, "linear model");
    const model = parseLinearModel(value, { file });
    return { model, weights: alignModel(model, { file }) };
}
/**
 * Index of the best-scoring entry. Exact ties go to the newer entry (higher step, then later
 * ledger line); with tie-break `latest_step`, every entry within `eps` of the best competes
 * on recency (reference `linear_tie_break`).
 */
export function pickLinear(entries, scores, tieBreak, eps) {
    let best = 0;
    for (let i = 1; i < entries.length; i++) {
        if (scores[i] > scores[best] || (scores[i] === scores[best] && newer(entries[i], entries[best])))
            best = i;
    }
    if (tieBreak !== "latest_step")
        return best;
    const cutoff = scores[best] - Math.max(0, eps);
    let pick = best;
    for (let i = 0; i < entries.length; i++) {
        if (scores[i] >= cutoff && newer(entries[i], entries[pick]))
            pick = i;
    }
    return pick;
}
function newer(a, b) {
    return a.step > b.step || (a.step === b.step && a.index > b.index);
}
//# sourceMappingURL=linear.js.map