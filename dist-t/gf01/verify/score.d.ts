import { type AtomBudgetRule, type CompiledInstance } from "../model/compile.js";
import type { Atom } from "../model/types.js";
import { type RawAtom } from "./atoms.js";
import { type BestMatchOptions, type PrfSix } from "./metrics.js";
import { type DiagnosticStatus, type SubsetCaps } from "./subset.js";
import { type VerifyResult } from "./verify.js";
/** MET-M κ = (M, G, −Eff_t, −Eff_a), compared lexicographically (larger is better). */
export type Kappa = readonly [M: number, G: number, negEffT: number, negEffA: number];
/** Lexicographic comparison of κ keys: >0 when a is better, <0 when b is, 0 on a tie. */
export declare function compareKappa(a: Kappa, b: Kappa): number;
/** Every metric field a GF-01 run record carries, plus what we add for auditability. */
export interface ScoreRow extends VerifyResult, PrfSix {
    /** MET-C Score_C = 1[Valid]. */
    score_c: 0 | 1;
    /** MET-M κ. */
    kappa: Kappa;
    diagnostic_status: DiagnosticStatus;
    diagnostic_runtime_ms: number;
    /** SubsetMin value when the diagnostic completed, else null. */
    diagnostic_value: boolean | null;
    diagnostic_cap_hit: "A_ref" | "P_ref" | null;
    /** DEC-025 target C*; null when M(I) is empty or a cap was hit. */
    best_match: Atom[] | null;
    best_match_method: "enumerate" | "search";
    best_match_cap_hit: boolean;
    /** |M(I)| as a decimal string (exact; may exceed 2^53), "-1" when capped before counting. */
    m_count: string;
    /** Structural validation (reasons[0] is the official reason string). */
    structure_ok: boolean;
    reasons: string[];
    duplicates: Atom[];
    noops: Atom[];
    /** The atom-budget rule this row was scored under (recorded in run rows). */
    atom_budget: AtomBudgetRule;
    /** |C| > B_A (diagnostic; only a failure under the "enforce" rule). False when B_A is absent. */
    exceeds_budget_atoms: boolean;
    /** The M(I) pool the AP/TS PRF was computed against (recorded in run rows). */
    best_match_pool: "complete" | "official";
}
export interface ScoreOptions {
    /** Set semantics for the certificate (see validateCertificate); default: official list semantics. */
    normalize?: boolean;
    /** Run the optional Def. 14 diagnostic (default false → "not-run", as the official harness). */
    diagnostic?: boolean | SubsetCaps;
    bestMatch?: BestMatchOptions;
    /**
     * Atom-budget rule. Given: `ci` is re-targeted with `withAtomBudget`. Omitted: `ci` is used as
     * compiled (compileInstance defaults to "diagnostic").
     */
    atomBudget?: AtomBudgetRule;
}
/**
 * Score one agent certificate as the official `evaluate_agent_on_instance` does: the
 * certificate is first put in canonical order (official `sorted_certificate`), verified,
 * and matched against M(I) (here the COMPLETE M(I), not the official first-32 list unless
 * `bestMatch.pool = "official"`).
 */
export declare function scoreCertificate(ci0: CompiledInstance, cert: readonly RawAtom[], opts?: ScoreOptions): ScoreRow;
