/**
 * The reliability signal (pure logic): the reference's check_reliability_signal.py
 * derivation of the reasoning score R, planning score P and intelligence index II = √(R·P)
 * from the strict RAG means and the last run's holdout means of each family, with the same
 * component terms, the same clamping and the same order of summation (so the floats are
 * equal), and its checks (strict RAG floors, family statuses, derived floors).
 * Files are read by io.ts; this module never touches the file system.
 */

/** Holdout means as the reference reads them: numeric values only (null = NaN is absent). */
export type Means = Record<string, number>;

/** The families whose holdout means feed a component (authority: hardening when present). */
export const SIGNAL_FAMILIES = [
  "novel_continuity",
  "novel_continuity_long_horizon",
  "myopic_planning_traps",
  "referential_indexing_suite",
  "epistemic_calibration_suite",
  "compression_roundtrip_generalization",
  "authority_under_interference",
  "authority_under_interference_hardening",
  "implication_coherence",
  "agency_preserving_substitution",
] as const;

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);

/** The reference's `_average`: left-to-right sum over the present values, / count. */
function average(values: (number | null)[]): number | null {
  const xs = values.filter((v): v is number => v !== null);
  if (xs.length === 0) return null;
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

function norm(means: Means | null, name: string, invert = false): number | null {
  if (!means) return null;
  const v = means[name];
  if (v === undefined) return null;
  return clamp01(invert ? 1 - v : v);
}

/** Component terms per core, in the reference's order: [metric, inverted?]. */
export const CORE_TERMS: Record<string, [string, boolean][]> = {
  strict_core: [
    ["value_acc", false],
    ["exact_acc", false],
    ["cite_f1", false],
    ["instruction_acc", false],
    ["state_integrity_rate", false],
  ],
  epistemic_core: [
    ["kkyi", false],
    ["abstain_f1", false],
    ["selective_accuracy_at_coverage", false],
    ["needed_info_recall", false],
    ["overclaim_rate", true],
    ["ece", true],
  ],
  authority_core: [
    ["latest_support_hit_rate", false],
    ["cite_f1", false],
    ["authority_violation_rate", true],
  ],
  referential_core: [
    ["reassembly_fidelity", false],
    ["part_coverage_recall", false],
    ["pointer_precision", false],
    ["pointer_recall", false],
    ["hallucinated_expansion_rate", true],
    ["stale_pointer_override_rate", true],
  ],
  compression_roundtrip_core: [
    ["value_acc", false],
    ["exact_acc", false],
    ["cite_f1", false],
    ["exception_acc", false],
    ["tail_key_acc", false],
    ["nonnull_target_acc", false],
  ],
  implication_coherence_core: [
    ["ic_score", false],
    ["implication_consistency_rate", false],
    ["dependency_coverage", false],
    ["contradiction_repair_rate", false],
    ["causal_precision", false],
    ["implication_break_rate", true],
    ["hard_ic_score", false],
    ["hard_case_value_acc", false],
    ["hard_case_cite_f1", false],
    ["hard_implication_break_rate", true],
  ],
  agency_preservation_core: [
    ["substitution_transparency_rate", false],
    ["unauthorized_substitution_rate", true],
    ["intent_preservation_score", false],
    ["agency_loss_error_rate", true],
    ["recovery_success_rate", false],
  ],
  long_horizon_core: [
    ["identity_acc", false],
    ["timeline_acc", false],
    ["constraint_acc", false],
    ["long_gap_acc", false],
    ["high_contradiction_acc", false],
    ["delayed_dependency_acc", false],
    ["repair_transition_acc", false],
  ],
  continuity_core: [
    ["identity_acc", false],
    ["timeline_acc", false],
    ["constraint_acc", false],
  ],
};

export function coreValue(core: string, means: Means | null): number | null {
  if (core === "myopic_core") return myopicCore(means);
  return average(CORE_TERMS[core].map(([m, inv]) => norm(means, m, inv)));
}

function myopicCore(means: Means | null): number | null {
  // The reference divides the first error step by 5 ("an empirically useful anchor").
  const fe =
    means && means.first_error_step_mean !== undefined ? clamp01(means.first_error_step_mean / 5) : null;
  return average([
    norm(means, "horizon_success_rate"),
    norm(means, "recovery_rate"),
    norm(means, "trap_entry_rate", true),
    fe,
  ]);
}

/** Which family's holdout means feed each core. */
export const CORE_FAMILY: Record<string, string> = {
  epistemic_core: "epistemic_calibration_suite",
  authority_core: "authority_under_interference",
  referential_core: "referential_indexing_suite",
  compression_roundtrip_core: "compression_roundtrip_generalization",
  implication_coherence_core: "implication_coherence",
  agency_preservation_core: "agency_preserving_substitution",
  myopic_core: "myopic_planning_traps",
  long_horizon_core: "novel_continuity_long_horizon",
  continuity_core: "novel_continuity",
};

export interface DerivedScores {
  reasoning_score: number | null;
  planning_score: number | null;
  intelligence_index: number | null;
  reasoning_components: Record<string, number | null>;
  planning_components: Record<string, number | null>;
}

export interface SignalInputs {
  /** The strict RAG means; null when the summary is absent (strict core then absent). */
  strict: Means | null;
  /**
   * Holdout means per family id (null = not available). For authority the reference uses
   * the hardening family's means when its reliability file was read, else the base family.
   */
  families: Record<string, Means | null>;
}

/** R, P, II as the reference's `_derive_scores`. */
export function deriveScores(inp: SignalInputs): DerivedScores {
  const f = (id: string): Means | null => inp.families[id] ?? null;
  const authority =
    inp.families.authority_under_interference_hardening !== undefined
      ? f("authority_under_interference_hardening")
      : f("authority_under_interference");
  const reasoning_components: Record<string, number | null> = {
    strict_core: coreValue("strict_core", inp.strict),
    epistemic_core: coreValue("epistemic_core", f("epistemic_calibration_suite")),
    authority_core: coreValue("authority_core", authority),
    referential_core: coreValue("referential_core", f("referential_indexing_suite")),
    compression_roundtrip_core: coreValue(
      "compression_roundtrip_core",
      f("compression_roundtrip_generalization"),
    ),
    implication_coherence_core: coreValue("implication_coherence_core", f("implication_coherence")),
    agency_preservation_core: coreValue("agency_preservation_core", f("agency_preserving_substitution")),
  };
  const planning_components: Record<string, number | null> = {
    myopic_core: coreValue("myopic_core", f("myopic_planning_traps")),
    long_horizon_core: coreValue("long_horizon_core", f("novel_continuity_long_horizon")),
    continuity_core: coreValue("continuity_core", f("novel_continuity")),
  };
  const reasoning_score = average(Object.values(reasoning_components));
  const planning_score = average(Object.values(planning_components));
  const intelligence_index =
    reasoning_score !== null && planning_score !== null ? Math.sqrt(reasoning_score * planning_score) : null;
  return { reasoning_score, planning_score, intelligence_index, reasoning_components, planning_components };
}

export interface SignalThresholds {
  min_value_acc: number;
  min_exact_acc: number;
  min_cite_f1: number;
  min_instruction_acc: number;
  min_state_integrity_rate: number;
  min_reasoning_score: number | null;
  min_planning_score: number | null;
  min_intelligence_index: number | null;
  min_implication_coherence_core: number | null;
  min_agency_preservation_core: number | null;
  skip_domain_hard_checks: boolean;
}

export const DEFAULT_STRICT_FLOORS = {
  min_value_acc: 0.95,
  min_exact_acc: 0.95,
  min_cite_f1: 0.95,
  min_instruction_acc: 0.95,
  min_state_integrity_rate: 0.95,
} as const;

export type CheckStatus = "PASS" | "FAIL" | "MISSING" | "SKIP" | "WARN";
export interface SignalCheck {
  name: string;
  status: CheckStatus;
  detail: string;
}

export interface StrictSummary {
  status: unknown;
  means: Means;
  /** Dataset id → exact_acc (numeric only). */
  datasetExact: Record<string, number>;
}

const f6 = (x: number): string => x.toFixed(6);

/**
 * The reference's checks, in its order: strict status and floors, the domain datasets'
 * exact_acc == 1, each required family PASS, the derived floors. A strict summary that is
 * absent makes every strict check MISSING (a failure), never PASS.
 */
export function signalChecks(o: {
  strict: StrictSummary | null;
  /** Contract family id → status ("MISSING" when its artifacts are absent). */
  familyStatus: { id: string; status: string; required: boolean }[];
  derived: DerivedScores;
  t: SignalThresholds;
}): { checks: SignalCheck[]; failures: string[] } {
  const checks: SignalCheck[] = [];
  const failures: string[] = [];
  const add = (name: string, status: CheckStatus, detail: string, failure?: string) => {
    checks.push({ name, status, detail });
    if (failure) failures.push(failure);
  };
  const strictFloors: [string, number][] = [
    ["value_acc", o.t.min_value_acc],
    ["exact_acc", o.t.min_exact_acc],
    ["cite_f1", o.t.min_cite_f1],
    ["instruction_acc", o.t.min_instruction_acc],
    ["state_integrity_rate", o.t.min_state_integrity_rate],
  ];
  const domains = o.t.skip_domain_hard_checks ? [] : ["domain_stale", "domain_authority", "domain_exception"];
  if (!o.strict) {
    add("strict.status", "MISSING", "no strict RAG summary (--rag-summary)", "strict summary missing");
    for (const [m, min] of strictFloors)
      add(`strict.means.${m}`, "MISSING", `<missing> >= ${f6(min)}`, `strict.means.${m} missing`);
    for (const d of domains)
      add(`strict.${d}.exact_acc`, "MISSING", "<missing> == 1.000000", `strict.${d}.exact_acc missing`);
  } else {
    const st = o.strict.status;
    const ok = st === "PASS";
    add(
      "strict.status",
      ok ? "PASS" : "FAIL",
      `status=${String(st)}`,
      ok ? undefined : "strict.status != PASS",
    );
    for (const [m, min] of strictFloors) {
      const v = o.strict.means[m];
      if (v === undefined)
        add(`strict.means.${m}`, "FAIL", `<missing> >= ${f6(min)}`, `strict.means.${m} missing`);
      else {
        const pass = v >= min;
        add(
          `strict.means.${m}`,
          pass ? "PASS" : "FAIL",
          `${f6(v)} >= ${f6(min)}`,
          pass ? undefined : `strict.means.${m} < ${min}`,
        );
      }
    }
    for (const d of domains) {
      const v = o.strict.datasetExact[d];
      if (v === undefined)
        add(`strict.${d}.exact_acc`, "FAIL", "<missing> == 1.000000", `strict.${d}.exact_acc missing`);
      else {
        const pass = v >= 1;
        add(
          `strict.${d}.exact_acc`,
          pass ? "PASS" : "FAIL",
          `${f6(v)} == 1.000000`,
          pass ? undefined : `strict.${d}.exact_acc != 1.0`,
        );
      }
    }
  }
  for (const fam of o.familyStatus) {
    if (fam.status === "MISSING") {
      if (fam.required)
        add(
          `${fam.id}.status`,
          "MISSING",
          "reliability artifact missing",
          `${fam.id}_reliability.status != PASS missing`,
        );
      else add(`${fam.id}.status`, "SKIP", "optional artifact missing");
      continue;
    }
    const ok = fam.status === "PASS";
    add(
      `${fam.id}.status`,
      ok ? "PASS" : "FAIL",
      `status=${fam.status}`,
      ok ? undefined : `${fam.id}_reliability.status != PASS`,
    );
  }
  const floors: [string, number | null, number | null][] = [
    ["derived.reasoning_score", o.derived.reasoning_score, o.t.min_reasoning_score],
    ["derived.planning_score", o.derived.planning_score, o.t.min_planning_score],
    ["derived.intelligence_index", o.derived.intelligence_index, o.t.min_intelligence_index],
    [
      "derived.implication_coherence_core",
      o.derived.reasoning_components.implication_coherence_core ?? null,
      o.t.min_implication_coherence_core,
    ],
    [
      "derived.agency_preservation_core",
      o.derived.reasoning_components.agency_preservation_core ?? null,
      o.t.min_agency_preservation_core,
    ],
  ];
  for (const [name, v, min] of floors) {
    if (min === null) continue;
    if (v === null) add(name, "MISSING", `<missing> >= ${f6(min)}`, `${name} missing`);
    else {
      const pass = v >= min;
      add(name, pass ? "PASS" : "FAIL", `${f6(v)} >= ${f6(min)}`, pass ? undefined : `${name} < ${min}`);
    }
  }
  return { checks, failures };
}

/** Numeric means only, as the reference's `_means` (JSON null = a NaN mean is absent). */
export function numericMeans(means: unknown): Means {
  const out: Means = {};
  if (means === null || typeof means !== "object" || Array.isArray(means)) return out;
  for (const [k, v] of Object.entries(means as Record<string, unknown>))
    if (typeof v === "number" && Number.isFinite(v)) out[k] = v;
    else if (typeof v === "boolean") out[k] = v ? 1 : 0; // Python: bool is an int
  return out;
}
