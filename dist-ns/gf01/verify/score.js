import { withAtomBudget } from "../model/compile.js";
import { sortAtoms } from "./atoms.js";
import { bestMatch } from "./metrics.js";
import { subsetMinimal } from "./subset.js";
import { validateCertificate } from "./validate.js";
import { verifyCertificate } from "./verify.js";
/** Lexicographic comparison of κ keys: >0 when a is better, <0 when b is, 0 on a tie. */
export function compareKappa(a, b) {
    for (let i = 0; i < 4; i++)
        if (a[i] !== b[i])
            return a[i] > b[i] ? 1 : -1;
    return 0;
}
/**
 * Score one agent certificate as the official `evaluate_agent_on_instance` does: the
 * certificate is first put in canonical order (official `sorted_certificate`), verified,
 * and matched against M(I) (here the COMPLETE M(I), not the official first-32 list unless
 * `bestMatch.pool = "official"`).
 */
export function scoreCertificate(ci0, cert, opts = {}) {
    const rule = opts.atomBudget ?? (ci0.scoreBudgetAtoms !== null ? "enforce" : "diagnostic");
    const ci = opts.atomBudget ? withAtomBudget(ci0, opts.atomBudget) : ci0;
    // Official order: the certificate is sorted before it is checked (reasons[0] depends on it).
    const val = validateCertificate(ci, sortAtoms(cert), { normalize: opts.normalize });
    const ver = verifyCertificate(ci, cert, { normalize: opts.normalize });
    const bm = bestMatch(ci, cert, opts.bestMatch);
    let diagnostic_status = "not-run";
    let diagnostic_runtime_ms = 0;
    let diagnostic_value = null;
    let diagnostic_cap_hit = null;
    if (opts.diagnostic) {
        const d = subsetMinimal(ci, cert, opts.diagnostic === true ? {} : opts.diagnostic);
        diagnostic_status = d.status;
        diagnostic_runtime_ms = d.runtime_ms;
        diagnostic_value = d.value;
        diagnostic_cap_hit = d.cap_hit;
    }
    const M = ver.valid ? 1 : 0;
    const G = ver.goal ? 1 : 0;
    return {
        suff: ver.suff,
        min1: ver.min1,
        valid: ver.valid,
        goal: ver.goal,
        eff_t: ver.eff_t,
        eff_a: ver.eff_a,
        ap_precision: bm.ap_precision,
        ap_recall: bm.ap_recall,
        ap_f1: bm.ap_f1,
        ts_precision: bm.ts_precision,
        ts_recall: bm.ts_recall,
        ts_f1: bm.ts_f1,
        score_c: M,
        kappa: [M, G, -ver.eff_t, -ver.eff_a],
        diagnostic_status,
        diagnostic_runtime_ms,
        diagnostic_value,
        diagnostic_cap_hit,
        best_match: bm.target,
        best_match_method: bm.method,
        best_match_cap_hit: bm.cap_hit,
        m_count: bm.m_count.toString(),
        structure_ok: val.ok,
        reasons: val.reasons,
        duplicates: val.duplicates,
        noops: val.noops,
        atom_budget: rule,
        best_match_pool: opts.bestMatch?.pool ?? "complete",
        exceeds_budget_atoms: ci.budgetAtoms !== null && ver.eff_a > ci.budgetAtoms,
    };
}
//# sourceMappingURL=score.js.map