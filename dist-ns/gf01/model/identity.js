import { sha256Hex } from "../../core/hash.js";
import { compareCodePoints, pyJsonString } from "../../core/pyjson.js";
const sortedObj = (o) => Object.fromEntries(Object.keys(o)
    .sort()
    .map((k) => [k, Math.trunc(Number(o[k]))]));
/** The automaton in canonical form (sorted states/keys; AP lists keep their order). */
export function canonicalAutomaton(a) {
    const transitions = {};
    for (const state of Object.keys(a.transitions).sort()) {
        transitions[state] = {};
        for (const key of Object.keys(a.transitions[state]).sort()) {
            const tr = a.transitions[state][key];
            transitions[state][key] = { next_state: tr.next_state, output: sortedObj(tr.output) };
        }
    }
    return {
        states: a.states.slice().sort(),
        initial_state: a.initial_state,
        input_aps: a.input_aps.slice(),
        output_aps: a.output_aps.slice(),
        transitions,
    };
}
/** The semantic identity of an instance: everything that changes the game, nothing else. */
export function semanticIdentity(inst) {
    return {
        automaton: canonicalAutomaton(inst.automaton),
        base_trace: inst.base_trace.map(sortedObj),
        effect_ap: inst.effect_ap,
        t_star: inst.t_star,
        mode: inst.mode,
        window_size: inst.window_size,
        budget_timestep: inst.budget_timestep,
    };
}
/** sha256 of the canonical JSON of the semantic identity (official `content_hash`). */
export function contentHash(inst) {
    const given = inst.provenance?.content_hash;
    if (typeof given === "string" && given)
        return given;
    return computeContentHash(inst);
}
/** The content hash recomputed from the instance itself (ignores any stored hash). */
export function computeContentHash(inst) {
    return sha256Hex(semanticIdentityJson(inst));
}
const SURROGATE = /[\ud800-\udfff]/;
/** Keys in Python order (code points); the default UTF-16 sort agrees unless a surrogate occurs. */
function sortedKeys(o) {
    const ks = Object.keys(o);
    return ks.some((k) => SURROGATE.test(k)) ? ks.sort(compareCodePoints) : ks.sort();
}
const PLAIN = /^[\x20-\x7e]*$/;
const NEEDS_ESCAPE = /["\\]/;
/** pyJsonString, with a fast path for the printable-ASCII names instances use. */
const str = (s) => (PLAIN.test(s) && !NEEDS_ESCAPE.test(s) ? `"${s}"` : pyJsonString(s));
function intObj(o) {
    let out = "{";
    const ks = sortedKeys(o);
    for (let i = 0; i < ks.length; i++)
        out += `${i ? "," : ""}${str(ks[i])}:${Math.trunc(Number(o[ks[i]]))}`;
    return `${out}}`;
}
/**
 * `canonicalJson(semanticIdentity(inst))` (Python `json.dumps(sort_keys=True,
 * separators=(",", ":"))`) written directly: bundles are hash-checked on every load, and the
 * generic writer made loading ~20 % slower. A test checks the two agree.
 */
export function semanticIdentityJson(inst) {
    const a = inst.automaton;
    const parts = [];
    parts.push(`{"automaton":{"initial_state":${str(a.initial_state)},"input_aps":[${a.input_aps.map(str).join(",")}],` +
        `"output_aps":[${a.output_aps.map(str).join(",")}],"states":[${a.states.slice().sort(compareCodePoints).map(str).join(",")}],"transitions":{`);
    parts.push(sortedKeys(a.transitions)
        .map((state) => {
        const row = a.transitions[state];
        return `${str(state)}:{${sortedKeys(row)
            .map((key) => `${str(key)}:{"next_state":${str(row[key].next_state)},"output":${intObj(row[key].output)}}`)
            .join(",")}}`;
    })
        .join(","));
    parts.push(`}},"base_trace":[${inst.base_trace.map(intObj).join(",")}]`);
    parts.push(`,"budget_timestep":${inst.budget_timestep},"effect_ap":${str(inst.effect_ap)},"mode":${str(inst.mode)},` +
        `"t_star":${inst.t_star},"window_size":${inst.window_size}}`);
    return parts.join("");
}
/** Instance id in the official scheme: `gf01-` + first 12 hex of the content hash. */
export function instanceIdFor(inst) {
    return `gf01-${contentHash(inst).slice(0, 12)}`;
}
//# sourceMappingURL=identity.js.map