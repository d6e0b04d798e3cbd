import { InputError } from "../../core/errors.js";
import { inputBit } from "./compile.js";
/** Canonical atom order: (t, ap, value) ascending, as the official `sorted_certificate`. */
export function compareAtoms(a, b) {
    if (a[0] !== b[0])
        return a[0] - b[0];
    if (a[1] !== b[1])
        return a[1] < b[1] ? -1 : 1;
    return a[2] - b[2];
}
export function sortCertificate(c) {
    return c.slice().sort(compareAtoms);
}
/** Distinct intervened timesteps TS(C). */
export function timesteps(c) {
    return [...new Set(c.map((a) => a[0]))].sort((x, y) => x - y);
}
/**
 * Apply (Definition 5) into a caller-provided buffer: symbols of τ[C]. Atoms must already be
 * structurally valid (see validateCertificate).
 */
export function applyInto(ci, c, out) {
    out.set(ci.base);
    const nIn = ci.sys.nIn;
    for (const [t, ap, v] of c) {
        const bit = inputBit(nIn, ci.apIndex.get(ap));
        out[t] = v ? out[t] | bit : out[t] & ~bit;
    }
    return out;
}
export function applyCertificate(ci, c) {
    return applyInto(ci, c, new Uint32Array(ci.T));
}
/** Parse an unknown JSON value into atoms, with field-level errors. */
export function parseCertificate(value, field = "certificate") {
    if (!Array.isArray(value))
        throw new InputError("certificate must be a list of [t, ap, value] atoms", { field });
    return value.map((item, i) => {
        const f = `${field}[${i}]`;
        if (Array.isArray(item) && item.length === 3) {
            const [t, ap, v] = item;
            if (!Number.isInteger(t))
                throw new InputError(`timestep must be an integer, got ${JSON.stringify(t)}`, { field: f });
            if (typeof ap !== "string")
                throw new InputError(`ap must be a string, got ${JSON.stringify(ap)}`, { field: f });
            if (v !== 0 && v !== 1)
                throw new InputError(`value must be 0 or 1, got ${JSON.stringify(v)}`, { field: f });
            return [t, ap, v];
        }
        if (item && typeof item === "object" && !Array.isArray(item)) {
            const o = item;
            return parseCertificate([[o.timestep ?? o.t, o.ap, o.value ?? o.v]], field)[0];
        }
        throw new InputError("atom must be [t, ap, value]", { field: f });
    });
}
//# sourceMappingURL=certificate.js.map