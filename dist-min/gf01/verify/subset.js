import { dedupeAtoms } from "./atoms.js";
import { isSufficient } from "./verify.js";
const DEFAULT_A_REF = 1 << 20;
/**
 * Exact Def. 14: SubsetMin_I(C) = no proper subset C' ⊂ C (the empty set included) is
 * sufficient. C is taken as a set (repeats collapsed). Every proper subset is checked,
 * smallest first (a sufficient small subset ends the search early); there is no pruning
 * because sufficiency is not monotone. Malformed certificates are "not-run".
 */
export function subsetMinimal(ci, cert, caps = {}) {
    const clock = caps.clock ?? (() => performance.now());
    const A_ref = caps.A_ref ?? DEFAULT_A_REF;
    const P_ref = caps.P_ref ?? null;
    const start = clock();
    const capsOut = { A_ref, P_ref };
    const atoms = dedupeAtoms(cert);
    const k = atoms.length;
    const probe = isSufficientShape(ci, atoms);
    if (probe !== null)
        return {
            status: "not-run",
            value: null,
            runtime_ms: 0,
            subsets_checked: 0,
            witness: null,
            cap_hit: null,
            caps: capsOut,
            reason: probe,
        };
    if (k > 30)
        return {
            status: "infeasible",
            value: null,
            runtime_ms: Math.round(clock() - start),
            subsets_checked: 0,
            witness: null,
            cap_hit: "A_ref",
            caps: capsOut,
        };
    let checked = 0;
    const sub = [];
    // Subsets by size: sizes 0..k-1, each in lexicographic combination order (Gosper's hack).
    for (let size = 0; size < k; size++) {
        let mask = size === 0 ? 0 : (1 << size) - 1;
        const limit = 2 ** k;
        while (mask < limit) {
            if (checked >= A_ref)
                return infeasible("A_ref");
            if (P_ref !== null && (checked & 255) === 0 && clock() - start > P_ref)
                return infeasible("P_ref");
            checked++;
            sub.length = 0;
            for (let i = 0; i < k; i++)
                if (mask & (1 << i))
                    sub.push(atoms[i]);
            if (isSufficient(ci, sub)) {
                return {
                    status: "completed",
                    value: false,
                    runtime_ms: Math.round(clock() - start),
                    subsets_checked: checked,
                    witness: sub.map((a) => [a[0], a[1], a[2]]),
                    cap_hit: null,
                    caps: capsOut,
                };
            }
            if (mask === 0)
                break;
            const c = mask & -mask;
            const r = mask + c;
            mask = Math.floor(((r ^ mask) >>> 2) / c) | r; // Gosper: next combination of the same size
        }
    }
    return {
        status: "completed",
        value: true,
        runtime_ms: Math.round(clock() - start),
        subsets_checked: checked,
        witness: null,
        cap_hit: null,
        caps: capsOut,
    };
    function infeasible(cap) {
        return {
            status: "infeasible",
            value: null,
            runtime_ms: Math.round(clock() - start),
            subsets_checked: checked,
            witness: null,
            cap_hit: cap,
            caps: capsOut,
        };
    }
}
/** null when every atom can be applied; else why not. */
function isSufficientShape(ci, atoms) {
    const seen = new Map();
    for (const [t, ap, v] of atoms) {
        if (!(Number.isInteger(t) && t >= 0 && t < ci.T))
            return `timestep ${t} out of range`;
        if (!ci.apIndex.has(ap))
            return `ap ${ap} not in AP_in`;
        if (v !== 0 && v !== 1)
            return `value ${v} is invalid`;
        const key = `${t}\u0000${ap}`;
        if (seen.has(key) && seen.get(key) !== v)
            return "conflicting assignments";
        seen.set(key, v);
    }
    return null;
}
//# sourceMappingURL=subset.js.map