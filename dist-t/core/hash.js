import { createHash } from "node:crypto";
import { canonicalJson } from "./pyjson.js";
export function sha256Hex(data) {
    return createHash("sha256").update(data).digest("hex");
}
/** sha256 of the canonical (Python-compatible, sorted, compact) JSON of a value. */
export function canonicalHash(value, floatKeys) {
    return sha256Hex(canonicalJson(value, floatKeys));
}
//# sourceMappingURL=hash.js.map