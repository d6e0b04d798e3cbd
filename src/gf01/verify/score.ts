import { type AtomBudgetRule, type CompiledInstance, withAtomBudget } from "../model/compile.js";
import type { Atom } from "../model/types.js";
import { type RawAtom, sortAtoms } from "./atoms.js";
import { apTsMetrics, type BestMatchOptions, bestMatch, type PrfSix } from "./metrics.js";
import { type DiagnosticStatus, type SubsetCaps, subsetMinimal } from "./subset.js";
import { validateCertificate } from "./validate.js";
import { type VerifyResult, verifyCertificate } from "./verify.js";

/** MET-M κ = (M, G, −Eff_t, −Eff_a), compared lexicographically (larger is better). */
export type Kappa = readonly [M: number, G: number, negEffT: number, negEffA: number];

/** Lexicographic comparison of κ keys: >0 when a is better, <0 when b is, 0 on a tie. */
export function compareKappa(a: Kappa, b: Kappa): number {
  for (let i = 0; i < 4; i++) if (a[i] !== b[i]) return a[i] > b[i] ? 1 : -1;
  return 0;
}

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

/** A score row's verdict and efficiency counts, from the verification (in row order). */
const verdictFields = (ver: VerifyResult) => ({
  suff: ver.suff,
  min1: ver.min1,
  valid: ver.valid,
  goal: ver.goal,
  eff_t: ver.eff_t,
  eff_a: ver.eff_a,
});

/**
 * Score one agent certificate as the official `evaluate_agent_on_instance` does: the
 * certificate is first put in canonical order (official `sorted_certificate`), verified,
 * and matched against M(I) (here the COMPLETE M(I), not the official first-32 list unless
 * `bestMatch.pool = "official"`).
 */
export function scoreCertificate(
  ci0: CompiledInstance,
  cert: readonly RawAtom[],
  opts: ScoreOptions = {},
): ScoreRow {
  const rule: AtomBudgetRule = opts.atomBudget ?? (ci0.scoreBudgetAtoms !== null ? "enforce" : "diagnostic");
  const ci = opts.atomBudget ? withAtomBudget(ci0, opts.atomBudget) : ci0;
  // Official order: the certificate is sorted before it is checked (reasons[0] depends on it).
  const val = validateCertificate(ci, sortAtoms(cert), { normalize: opts.normalize });
  const ver = verifyCertificate(ci, cert, { normalize: opts.normalize });
  const bm = bestMatch(ci, cert, opts.bestMatch);
  let diagnostic_status: DiagnosticStatus = "not-run";
  let diagnostic_runtime_ms = 0;
  let diagnostic_value: boolean | null = null;
  let diagnostic_cap_hit: "A_ref" | "P_ref" | null = null;
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
    ...verdictFields(ver),
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

/**
 * The fields of `scoreCertificate` that a run record carries (what validate, report and migrate
 * re-check), without the ones only a full score row has (`best_match`, `m_count`, structure).
 */
export type RunScore = VerifyResult &
  PrfSix &
  Pick<
    ScoreRow,
    | "score_c"
    | "kappa"
    | "diagnostic_status"
    | "diagnostic_runtime_ms"
    | "diagnostic_value"
    | "diagnostic_cap_hit"
    | "atom_budget"
    | "exceeds_budget_atoms"
    | "best_match_pool"
  >;

/**
 * `scoreCertificate` restricted to the run-record fields (`RunScore`), equal to it field for
 * field (a property test checks it), for re-verifying many rows.
 *
 * Shortcut: when the agent's certificate C is itself valid (and non-empty) and the pool is the
 * complete M(I) with no node cap, C ∈ M(I) (M(I) is exactly the valid certificates), and C is
 * the best match: it alone has AP-F1 = 1 (F1 = 1 needs equal atom sets), so the AP/TS metrics
 * are those of C against itself, and neither |M(I)| nor a walk over M(I) is needed. Every
 * other case (invalid C, the official pool, a node cap, a diagnostic) is `scoreCertificate`.
 */
export function scoreRunMetrics(
  ci0: CompiledInstance,
  cert: readonly RawAtom[],
  opts: ScoreOptions = {},
): RunScore {
  const bm = opts.bestMatch;
  const eligible =
    cert.length > 0 &&
    !opts.normalize &&
    !opts.diagnostic &&
    (bm?.pool ?? "complete") === "complete" &&
    bm?.maxNodes === undefined;
  if (!eligible) return scoreCertificate(ci0, cert, opts);
  const rule: AtomBudgetRule = opts.atomBudget ?? (ci0.scoreBudgetAtoms !== null ? "enforce" : "diagnostic");
  const ci = opts.atomBudget ? withAtomBudget(ci0, opts.atomBudget) : ci0;
  const ver = verifyCertificate(ci, cert);
  if (!ver.valid) return scoreCertificate(ci0, cert, opts);
  return {
    ...verdictFields(ver),
    ...apTsMetrics(cert, cert),
    score_c: 1,
    kappa: [1, 1, -ver.eff_t, -ver.eff_a],
    diagnostic_status: "not-run",
    diagnostic_runtime_ms: 0,
    diagnostic_value: null,
    diagnostic_cap_hit: null,
    atom_budget: rule,
    best_match_pool: "complete",
    exceeds_budget_atoms: ci.budgetAtoms !== null && ver.eff_a > ci.budgetAtoms,
  };
}
