/**
 * Versioned schemas of the release layer: the contract and profiles we read (bundled under
 * configs/), the per-family freshness stamp, the release matrix and the reliability signal
 * we write, and the strict RAG summary we read (the reference's summarize_rag_benchmark.py
 * shape, only the fields the signal uses). Exported as JSON Schema by `npm run schemas`.
 */
import { z } from "zod";
import { registerSchema } from "../../core/schema.js";
import { intervalSchema } from "../../core/stats/schema.js";

export const CONTRACT_SCHEMA = "oraclebench.geb.release-contract/1";
export const PROFILES_SCHEMA = "oraclebench.geb.release-profiles/1";
export const STAMP_VERSION = "geb.release.stamp.v1";
export const MATRIX_VERSION = "geb.release.matrix.v1";
export const SIGNAL_VERSION = "geb.release.signal.v1";

const statusName = z.enum(["PASS", "WARN", "FAIL"]);
const policy = z.enum(["strict", "triage"]);
const familyId = z.string().regex(/^[a-z0-9_]+$/, "a family id: lower-case letters, digits and _");

export const contractFamilySchema = z.strictObject({
  id: familyId,
  stage: z.enum(["observe", "ramp", "target"]).default("target"),
  canary_policy: policy.optional(),
  allowed_statuses: z.array(statusName).min(1),
  /** Trap families that make up this contract entry (default: [id]); all must PASS. */
  members: z.array(familyId).min(1).optional(),
});

export const releaseContractSchema = z.strictObject({
  $schema: z.string().optional(),
  schema: z.literal(CONTRACT_SCHEMA),
  contract_id: z.string().min(1),
  version: z.string().min(1),
  notes: z.string().optional(),
  strict_release: z.strictObject({
    freshness_policy: z.enum(["must_regenerate_this_run", "allow_latest"]),
    canary_policy: policy,
    required_reliability_families: z.array(contractFamilySchema).min(1),
    utility_gate: z.strictObject({
      required: z.literal(false),
      producer_mode: z.literal("deferred"),
    }),
  }),
});
export type ReleaseContract = z.output<typeof releaseContractSchema>;
export type ContractFamily = z.output<typeof contractFamilySchema>;

const floor = z.number().min(0).max(1).nullable();
export const releaseProfileSchema = z.strictObject({
  threshold_profile: z.enum(["fastlocal", "release"]),
  require_full_matrix: z.boolean(),
  allow_mock_canary_soft_fail: z.boolean(),
  runs: z.number().int().min(1),
  min_runs: z.number().int().min(1),
  /** `default`: the reference's fixture sizes; `smoke`: a few rows per split (CI). */
  size: z.enum(["default", "smoke"]),
  min_reasoning_score: floor,
  min_planning_score: floor,
  min_intelligence_index: floor,
  min_implication_coherence_core: floor,
  min_agency_preservation_core: floor,
});
export type ReleaseProfile = z.output<typeof releaseProfileSchema>;

export const releaseProfilesSchema = z.strictObject({
  $schema: z.string().optional(),
  schema: z.literal(PROFILES_SCHEMA),
  version: z.string().min(1),
  notes: z.string().optional(),
  profiles: z.record(z.string().regex(/^[a-z0-9_-]+$/), releaseProfileSchema),
});

/** Written beside each produced family: which matrix run produced it, and the bytes it wrote. */
export const releaseStampSchema = z.strictObject({
  schema_version: z.literal(STAMP_VERSION),
  family: z.string(),
  generated_by_run: z.string().min(1),
  reliability_sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ReleaseStamp = z.output<typeof releaseStampSchema>;

const matrixFamilyRow = z.strictObject({
  id: z.string(),
  members: z.array(z.string()),
  artifact_path: z.string(),
  stage: z.string(),
  canary_policy: policy,
  allowed_statuses: z.array(z.string()),
  status: z.string(),
  first_failure_reason: z.string(),
  produced_in_this_run: z.boolean(),
  producer_attempted: z.boolean(),
  producer_succeeded: z.boolean(),
  artifact_stamp_fresh: z.boolean(),
  freshness_ok: z.boolean(),
  freshness_reason: z.string(),
  generated_by_run: z.string().nullable(),
  producer_exit_code: z.number().int(),
  /** Holdout rows of run 1 the family failed (value_ok / exact_ok / … false), per member. */
  failed_row_ids: z.array(z.string()),
  holdout_accuracy: z.array(intervalSchema.extend({ family: z.string(), metric: z.string() })),
});

export const releaseMatrixSchema = z.strictObject({
  schema_version: z.literal(MATRIX_VERSION),
  benchmark: z.literal("release_reliability_matrix"),
  contract_id: z.string(),
  contract_version: z.string(),
  contract_path: z.string(),
  run_id: z.string(),
  model: z.string().nullable(),
  /** "model", or "no-model" for the builtin programs (never a model score). */
  subject: z.enum(["model", "no-model"]),
  strict_release: z.strictObject({
    freshness_policy: z.string(),
    canary_policy: z.string(),
    use_existing_artifacts: z.boolean(),
  }),
  coverage: z.strictObject({
    required_total: z.number().int(),
    produced_total: z.number().int(),
    coverage_rate: z.number(),
    missing_families: z.array(z.string()),
  }),
  families: z.array(matrixFamilyRow),
  failing_families: z.array(
    z.strictObject({
      id: z.string(),
      status: z.string(),
      canary_policy: policy,
      first_failure_reason: z.string(),
      allowed_statuses: z.array(z.string()),
    }),
  ),
  freshness_violations: z.array(z.string()),
  status: z.enum(["PASS", "FAIL"]),
  failures: z.array(z.string()),
});
export type ReleaseMatrix = z.output<typeof releaseMatrixSchema>;
export type MatrixFamilyRow = z.output<typeof matrixFamilyRow>;

/**
 * The strict RAG summary (reference: summarize_rag_benchmark.py's summary_compact.json /
 * summary.json): `status`, `means`, and per-dataset rows under `datasets` (or `results`).
 * Other fields are allowed and ignored.
 */
export const ragSummarySchema = z.looseObject({
  status: z.string().optional(),
  means: z.record(z.string(), z.unknown()).optional(),
  datasets: z.array(z.unknown()).optional(),
  results: z.array(z.unknown()).optional(),
});

const num = z.number().nullable();
const derivedSchema = z.strictObject({
  reasoning_score: num,
  planning_score: num,
  intelligence_index: num,
  reasoning_components: z.record(z.string(), num),
  planning_components: z.record(z.string(), num),
});

export const releaseSignalSchema = z.strictObject({
  schema_version: z.literal(SIGNAL_VERSION),
  benchmark: z.literal("reliability_signal"),
  profile: z.string(),
  subject: z.enum(["model", "no-model"]),
  rag_summary_path: z.string().nullable(),
  status: z.enum(["PASS", "FAIL"]),
  failures: z.array(z.string()),
  checks: z.array(
    z.strictObject({
      name: z.string(),
      status: z.enum(["PASS", "FAIL", "MISSING", "SKIP", "WARN"]),
      detail: z.string(),
    }),
  ),
  thresholds: z.record(z.string(), z.union([z.number(), z.boolean(), z.null()])),
  derived: derivedSchema,
  no_model: derivedSchema.extend({
    /** Which program each component's means came from (lookup / fold / rule: the best one). */
    programs: z.record(z.string(), z.string()),
  }),
  model_above_no_model: z.boolean().nullable(),
  warnings: z.array(z.string()),
  holdout_accuracy: z.array(intervalSchema.extend({ family: z.string(), metric: z.string() })),
});
export type ReleaseSignal = z.output<typeof releaseSignalSchema>;

registerSchema("geb.release.contract.v1", releaseContractSchema);
registerSchema("geb.release.profiles.v1", releaseProfilesSchema);
registerSchema("geb.release.stamp.v1", releaseStampSchema);
registerSchema("geb.release.matrix.v1", releaseMatrixSchema);
registerSchema("geb.release.signal.v1", releaseSignalSchema);
