import { sha256Hex } from "../../core/hash.js";
import { compareCodePoints, PyTuple, pyRepr } from "../../core/pyjson.js";
/**
 * Official canonical order `sorted(key=(timestep, ap, value))`. Python compares str by code
 * point, which differs from JS `<` (UTF-16 units) only for astral characters; we follow Python.
 */
export function compareAtomsPy(a, b) {
    if (a[0] !== b[0])
        return a[0] < b[0] ? -1 : 1;
    if (a[1] !== b[1])
        return compareCodePoints(a[1], b[1]);
    return a[2] === b[2] ? 0 : a[2] < b[2] ? -1 : 1;
}
export function sortAtoms(c) {
    return c.slice().sort(compareAtomsPy);
}
/**
 * The official DEC-025 tie-break hash: sha256 hex of Python `repr` of the sorted list of
 * `(t, ap, value)` tuples, e.g. `[(3, 'in2', 0)]`; the larger hex string wins.
 */
export function certificateHash(c) {
    return sha256Hex(pyRepr(sortAtoms(c).map((a) => new PyTuple([a[0], a[1], a[2]]))));
}
/** Stable string key of one atom (for sets of atoms). */
export const atomKey = (a) => `${a[0]}\u0000${a[1]}\u0000${a[2]}`;
/** Distinct atoms, first occurrence kept, order preserved. */
export function dedupeAtoms(c) {
    const seen = new Set();
    const out = [];
    for (const a of c) {
        const k = atomKey(a);
        if (!seen.has(k)) {
            seen.add(k);
            out.push(a);
        }
    }
    return out;
}
/** |TS(C)|: number of distinct timesteps (official `timestep_cost`, duplicates ignored). */
export function timestepCost(c) {
    return new Set(c.map((a) => a[0])).size;
}
/**
 * Atoms of the flip mask `mask` at timestep t (bit (nIn-1-i) = input_aps[i]), each setting
 * the opposite of the base value. Used to turn DP paths back into certificates.
 */
export function flipAtoms(ci, t, mask, out) {
    const { nIn, inputAps } = ci.sys;
    const sym = ci.base[t];
    for (let i = 0; i < nIn; i++) {
        const bit = 1 << (nIn - 1 - i);
        if (mask & bit)
            out.push([t, inputAps[i], ((sym & bit) === 0 ? 1 : 0)]);
    }
}
//# sourceMappingURL=atoms.js.map