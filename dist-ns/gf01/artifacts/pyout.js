/**
 * Python-identical serialisation of GF-01 artifacts. The official harness writes JSON with
 * `json.dumps(..., indent=2, sort_keys=True)` (files) or `json.dumps(row, sort_keys=True)`
 * (JSONL rows); hashes use compact canonical JSON. Floats are marked by key name
 * (`GF01_FLOAT_KEYS`) and, for `complexity` maps whose keys are open-ended, by `floatify`.
 */
import { canonicalHash } from "../../core/hash.js";
import { PyFloat, pyJsonDumps } from "../../core/pyjson.js";
import { GF01_FLOAT_KEYS } from "./meta.js";
/** Mark every number in a flat map as a Python float (official `float(v)` casts). */
export function floatify(m) {
    if (!m)
        return m;
    const out = {};
    for (const [k, v] of Object.entries(m))
        out[k] = typeof v === "number" ? new PyFloat(v) : v;
    return out;
}
/** `json.dumps(v, indent=2, sort_keys=True)` — the official `write_json` (no trailing newline). */
export function dumpJsonFile(v) {
    return pyJsonDumps(v, { indent: 2, sortKeys: true, floatKeys: GF01_FLOAT_KEYS });
}
/** `json.dumps(row, sort_keys=True)` — one official JSONL line (without the newline). */
export function dumpJsonlRow(v) {
    return pyJsonDumps(v, { sortKeys: true, floatKeys: GF01_FLOAT_KEYS });
}
/** Official `stable_hash_json`. */
export function stableHash(v) {
    return canonicalHash(v, GF01_FLOAT_KEYS);
}
//# sourceMappingURL=pyout.js.map