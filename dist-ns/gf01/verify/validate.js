import { PyTuple, pyRepr } from "../../core/pyjson.js";
import { atomKey, dedupeAtoms, sortAtoms, timestepCost } from "./atoms.js";
/**
 * Structural validation with the official reason strings. Budget overruns are structural
 * failures in the official checker (the certificate then scores suff=min1=valid=goal=false),
 * not merely reported: "timestep budget exceeded" always; "atom budget exceeded" only under
 * the "enforce" atom-budget rule (`ci.scoreBudgetAtoms` set, see `withAtomBudget`); the
 * default "diagnostic" rule is the newest official checker's, which has no atom budget.
 */
export function validateCertificate(ci, cert, opts = {}) {
    const reasons = [];
    const conflicts = [];
    const duplicates = [];
    const noops = [];
    const seen = new Map();
    const seenAtoms = new Set();
    const maxT = ci.T - 1;
    const nIn = ci.sys.nIn;
    for (const [t, ap, v] of cert) {
        let atomOk = true;
        // Python formats these with str(); JS String() agrees for the ints we accept.
        if (!(Number.isInteger(t) && t >= 0 && t <= maxT)) {
            reasons.push(`timestep ${t} out of range`);
            atomOk = false;
        }
        const apIdx = ci.apIndex.get(ap);
        if (apIdx === undefined) {
            reasons.push(`ap ${ap} not in AP_in`);
            atomOk = false;
        }
        if (v !== 0 && v !== 1) {
            reasons.push(`value ${v} is invalid`);
            atomOk = false;
        }
        if (!atomOk)
            continue;
        const key = `${t}\u0000${ap}`;
        const prev = seen.get(key);
        if (prev !== undefined && prev !== v) {
            reasons.push(`conflicting assignments for ${pyRepr(new PyTuple([t, ap]))}`);
            if (!conflicts.some((c) => c.t === t && c.ap === ap))
                conflicts.push({ t, ap });
        }
        seen.set(key, v);
        const atom = [t, ap, v];
        const k = atomKey(atom);
        if (seenAtoms.has(k))
            duplicates.push(atom);
        else
            seenAtoms.add(k);
        if (((ci.base[t] >> (nIn - 1 - apIdx)) & 1) === v)
            noops.push(atom);
    }
    const scored = opts.normalize ? dedupeAtoms(cert) : cert;
    if (timestepCost(scored) > ci.budgetTimestep)
        reasons.push("timestep budget exceeded");
    if (ci.scoreBudgetAtoms !== null && scored.length > ci.scoreBudgetAtoms)
        reasons.push("atom budget exceeded");
    const atoms = sortAtoms(scored.map((a) => [a[0], a[1], a[2]]));
    return { ok: reasons.length === 0, reasons, atoms, duplicates, noops, conflicts };
}
//# sourceMappingURL=validate.js.map