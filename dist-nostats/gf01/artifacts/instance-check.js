/**
 * Hand-written fast path for `instanceSchema` (bundle.ts): `looksLikeInstance(v)` is true only
 * for values zod accepts unchanged (no stripped keys, no coercion), so a bundle loader may use
 * such a value as it is and run zod only when this says false — zod then produces the error
 * message (file, field) or the cleaned value. Zod per instance dominated loading a bundle.
 * A property test checks "true ⇒ zod accepts and returns an equal value".
 */
const isObj = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const isInt = (v) => Number.isSafeInteger(v);
const isNatInt = (v) => Number.isSafeInteger(v) && v >= 0;
const isStrList = (v, min) => {
    if (!Array.isArray(v) || v.length < min)
        return false;
    for (const x of v)
        if (typeof x !== "string")
            return false;
    return true;
};
/** z.record(z.string(), bit) */
const isBitMap = (v) => {
    if (!isObj(v))
        return false;
    for (const k in v) {
        if (k === "__proto__")
            return false;
        const b = v[k];
        if (b !== 0 && b !== 1)
            return false;
    }
    return true;
};
const isRecordOf = (v, ok) => {
    if (!isObj(v))
        return false;
    for (const k in v)
        if (k === "__proto__" || !ok(v[k]))
            return false;
    return true;
};
const isNum = (x) => typeof x === "number" && Number.isFinite(x);
const isNumOrStr = (x) => isNum(x) || typeof x === "string";
const HASH = /^[0-9a-f]{64}$/;
/** mealySchema with no extra keys, transition objects exactly {next_state, output} (zod strips extras). */
function isAutomaton(a) {
    if (!isObj(a))
        return false;
    // z.object strips unknown keys: only exactly the five known ones pass unchanged.
    let n = 0;
    for (const _ in a)
        n++;
    if (n !== 5)
        return false;
    if (!isStrList(a.states, 1) || typeof a.initial_state !== "string")
        return false;
    if (!isStrList(a.input_aps, 1) || !isStrList(a.output_aps, 1))
        return false;
    const tr = a.transitions;
    if (!isObj(tr))
        return false;
    for (const s in tr) {
        const row = tr[s];
        if (s === "__proto__" || !isObj(row))
            return false;
        for (const sym in row) {
            const t = row[sym];
            if (sym === "__proto__" || !isObj(t))
                return false;
            let n = 0;
            for (const _ in t)
                n++;
            if (n !== 2 || typeof t.next_state !== "string" || !isBitMap(t.output))
                return false;
        }
    }
    return true;
}
/** True only when `instanceSchema` accepts `v` and would return it unchanged. */
export function looksLikeInstance(v) {
    if (!isObj(v) || Object.hasOwn(v, "__proto__"))
        return false;
    if (typeof v.instance_id !== "string" || v.instance_id.length === 0)
        return false;
    if (!isAutomaton(v.automaton))
        return false;
    const trace = v.base_trace;
    if (!Array.isArray(trace) || trace.length === 0)
        return false;
    for (const row of trace)
        if (!isBitMap(row))
            return false;
    if (typeof v.effect_ap !== "string")
        return false;
    if (!isNatInt(v.t_star) || !isNatInt(v.window_size) || !isNatInt(v.budget_timestep))
        return false;
    if (v.mode !== "normal" && v.mode !== "hard")
        return false;
    if (v.budget_atoms != null && !isNatInt(v.budget_atoms))
        return false;
    if (v.seed != null && !isInt(v.seed))
        return false;
    // Optional keys: absent or of the right type (present-but-undefined cannot come from JSON).
    if ("complexity" in v && !isRecordOf(v.complexity, isNum))
        return false;
    if ("identifiability" in v && !isRecordOf(v.identifiability, () => true))
        return false;
    for (const k of ["split_id", "renderer_track", "normalization_version"])
        if (k in v && typeof v[k] !== "string")
            return false;
    if ("content_hash" in v && !(typeof v.content_hash === "string" && HASH.test(v.content_hash)))
        return false;
    if ("generator_knobs" in v && !isRecordOf(v.generator_knobs, isNumOrStr))
        return false;
    if ("hardness" in v && !isRecordOf(v.hardness, isNumOrStr))
        return false;
    return true;
}
//# sourceMappingURL=instance-check.js.map