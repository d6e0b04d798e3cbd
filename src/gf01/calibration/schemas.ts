/**
 * Versioned schemas of the calibration artifacts (exported by `npm run schemas`; docs/gf01-study.md):
 *   - `gf01.pilot_analysis.v1`: `pilot-analyze`'s `pilot_analysis.json` (official shape, key
 *     `policy_reference: "DEC-014d"`; the official file has no `schema_version`, so the name is
 *     ours; our additive `quartile_row_check` / `intervals` are optional);
 *   - `gf01.subset_caps.v1`: the `freeze-caps` record;
 *   - `gf01.q033_manifest.v1` (a replicate manifest), `gf01.q033_manifest_index.v1` (the
 *     `q033_manifest_index.json` summary, which carries `schema_version: gf01.q033_manifest.v1`
 *     like upstream's), `gf01.q033_sweep.v1`, `gf01.q033_closure.v1`.
 * Unknown keys are kept (loose objects): official files with extra fields still validate.
 */
import { z } from "zod";
import { registerSchema } from "../../core/schema.js";

const int = z.number().int();
const nonneg = int.nonnegative();
const rate = z.number().min(0).max(1);
const quartileStat = z.looseObject({ quartile: z.string(), count: nonneg });

export const pilotAnalysisSchema = z.looseObject({
  status: z.literal("ok"),
  policy_reference: z.literal("DEC-014d"),
  complexity_policy_version: z.string(),
  complexity_policy: z.looseObject({ score_method: z.string(), knob_keys: z.array(z.string()) }),
  row_count: nonneg,
  analysis_scope: z.looseObject({
    eval_track: z.string(),
    mode: z.string(),
    greedy_agent_name: z.string(),
    public_splits: z.array(z.string()),
    held_out_fallback_used: z.boolean(),
  }),
  thresholds: z.looseObject({
    sample_target: nonneg,
    discrimination_delta_threshold: z.number(),
    discrimination_q4_floor: z.number(),
    shortcut_goal_threshold: z.number(),
    shortcut_certified_floor: z.number(),
  }),
  sample_progress: z.looseObject({
    normal_unique_instance_count: nonneg,
    sample_trigger_reached: z.boolean(),
  }),
  discrimination_check: z.looseObject({
    m_q1: rate,
    m_q4: rate,
    m_q1_minus_m_q4: z.number().min(-1).max(1),
    quartile_stats: z.array(quartileStat).length(4),
    triggered: z.boolean(),
  }),
  shortcut_check: z.looseObject({
    goal_rate: rate,
    certified_rate: rate,
    triggered: z.boolean(),
    row_count: nonneg,
  }),
  complexity_diagnostics: z.looseObject({
    scope_rows: z.looseObject({ held_out_greedy: nonneg, pooled_eval_track_mode: nonneg }),
  }),
  oracle_context: z.looseObject({
    oracle_minus_greedy_certified_rate: z.number().nullable(),
    oracle_row_count: nonneg,
  }),
  agent_summary: z.array(
    z.looseObject({
      agent_name: z.string(),
      count: nonneg,
      goal_rate: rate,
      certified_rate: rate,
      ap_f1_mean: z.number(),
      ts_f1_mean: z.number(),
    }),
  ),
  recommendation: z.enum(["keep_coefficients", "recalibrate_normal_window", "insufficient_data"]),
  // --- ours (additive) ---
  quartile_row_check: z
    .looseObject({
      min_quartile_rows: nonneg,
      held_out_quartile_counts: z.record(z.string(), nonneg),
      discrimination_evaluable: z.boolean(),
      official_triggered: z.boolean(),
    })
    .optional(),
  intervals: z.looseObject({}).optional(),
  official_validation: z.unknown().optional(),
});
registerSchema("gf01.pilot_analysis.v1", pilotAnalysisSchema);

export const subsetCapsSchema = z.looseObject({
  status: z.enum(["ok", "error"]),
  schema_version: z.literal("gf01.subset_caps.v1"),
  policy_reference: z.string(),
  rule: z.looseObject({
    method: z.string(),
    quantile: z.number().gt(0).max(1),
    multiplier: z.number().positive(),
  }),
  caps: z.looseObject({ A_ref: nonneg, P_ref: z.number().nonnegative() }),
  freezable: z.boolean(),
  provisional: z.boolean(),
  completion_rate_under_caps: rate,
  diagnostics: z.looseObject({ completed: nonneg, infeasible_uncapped: nonneg, not_run: nonneg }),
  pilot: z.looseObject({
    unique_instance_count: nonneg,
    sample_target: nonneg,
    checkpoint_reached: z.boolean(),
  }),
  hardware: z.looseObject({}),
  toolkit_version: z.string(),
});
registerSchema("gf01.subset_caps.v1", subsetCapsSchema);

const quartileRow = z.looseObject({ seed: int, instance_id: z.string(), complexity_score: z.number() });
export const q033ManifestSchema = z.looseObject({
  schema_version: z.literal("gf01.q033_manifest.v1"),
  protocol_version: z.string(),
  manifest_id: z.string(),
  replicate_index: int.positive(),
  replicate_count: int.positive(),
  per_quartile: int.positive(),
  split_id: z.string(),
  seed_start: int,
  candidate_count: nonneg,
  seed_count: nonneg,
  seeds: z.array(int),
  quartile_rows: z.object({
    Q1: z.array(quartileRow),
    Q2: z.array(quartileRow),
    Q3: z.array(quartileRow),
    Q4: z.array(quartileRow),
  }),
  generator_config_hash: z.string(),
  generator_version: z.string(),
  git_commit: z.string(),
  quartile_assignment_method: z.string(),
});
registerSchema("gf01.q033_manifest.v1", q033ManifestSchema);

export const q033ManifestIndexSchema = z.looseObject({
  status: z.literal("ok"),
  schema_version: z.literal("gf01.q033_manifest.v1"),
  protocol_version: z.string(),
  seed_start: int,
  candidate_count: nonneg,
  // ours (additive): upstream's index has no skipped-seed count
  skipped_seed_count: nonneg.optional(),
  replicate_count: int.positive(),
  per_quartile: int.positive(),
  manifest_count: nonneg,
  manifest_paths: z.array(z.string()),
});
registerSchema("gf01.q033_manifest_index.v1", q033ManifestIndexSchema);

const passed = z.looseObject({ passed_all: z.boolean() });
export const q033SweepSchema = z.looseObject({
  status: z.enum(["ok", "error"]),
  schema_version: z.literal("gf01.q033_sweep.v1"),
  protocol_version: z.string(),
  seed_manifest: z.looseObject({ seed_count: nonneg, seeds: z.array(int) }),
  timings_ms: z.looseObject({}),
  panel_summary: z.looseObject({}),
  gates: z.looseObject({
    global_results: z.record(z.string(), z.boolean()),
    global_failed: z.array(z.string()),
    stratified_results: z.object({ Q1: passed, Q2: passed, Q3: passed, Q4: passed }),
    stratified_failed_quartiles: z.array(z.string()),
    passed_all: z.boolean(),
  }),
  // ours (additive; upstream keeps these under seed_manifest / search_stats / calibration_stats)
  manifest_id: z.string().nullable().optional(),
  seeds: z.array(int).optional(),
  instance_count: nonneg.optional(),
  rejected_seeds: z.array(z.looseObject({ seed: int, reason: z.string() })).optional(),
  truncation_rate: rate.optional(),
  oracle_minus_greedy_certified_gap: z.number().optional(),
});
registerSchema("gf01.q033_sweep.v1", q033SweepSchema);

export const q033ClosureSchema = z.looseObject({
  status: z.enum(["ok", "error"]),
  schema_version: z.literal("gf01.q033_closure.v1"),
  protocol_version: z.string(),
  require_disjoint_seeds: z.boolean(),
  replicate_count: nonneg,
  replicate_results: z.array(
    z.looseObject({
      replicate_index: int.positive(),
      seed_count: nonneg,
      passed_all: z.boolean(),
      // ours (additive)
      replicate: int.positive().optional(),
      path: z.string().optional(),
    }),
  ),
  seed_overlaps: z.array(
    z.looseObject({
      replicate_i: int,
      replicate_j: int,
      overlap_count: nonneg,
      overlap_preview: z.array(int),
    }),
  ),
  disjoint_ok: z.boolean(),
  close_q033: z.boolean(),
  failure_reasons: z.array(z.string()),
});
registerSchema("gf01.q033_closure.v1", q033ClosureSchema);
