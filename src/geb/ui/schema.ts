/**
 * GEB UI-action fixtures: one JSONL row per step (docs/geb/ui.md). The shape is the reference's
 * (`ui_fixture.validate_ui_rows`, design §A1); zod states it once, exported as JSON Schema
 * (`schemas/geb-ui-row.schema.json`). Unknown fields are kept (the reference allows them).
 */
import { z } from "zod";
import { registerSchema } from "../../core/schema.js";
import { intervalsBlockSchema } from "../../core/stats/schema.js";

const nonEmpty = (what: string) =>
  z.string({ error: `${what} must be a non-empty string` }).refine((s) => s.trim() !== "", {
    message: `${what} must be a non-empty string`,
  });
const finite = z.number().refine(Number.isFinite, { message: "must be a finite number" });
const posInt = (what: string) =>
  z
    .number()
    .int({ message: `${what} must be a positive integer` })
    .min(1, {
      message: `${what} must be a positive integer`,
    });

/**
 * UI state after an action (`next_state`) or required before a step (`requires_state`). The
 * keys the reference's policy and search read are typed; others are kept as they are.
 */
export const UiStateSchema = z
  .object({
    unsaved_prompt: z.boolean().optional(),
    modal_scope: z.string().nullable().optional(),
    overlay_present: z.boolean().optional(),
    saved: z.boolean().optional(),
    closed: z.boolean().optional(),
    permission_granted: z.boolean().optional(),
    consent_granted: z.boolean().optional(),
    modal_required: z.boolean().optional(),
    modal_confirmed: z.boolean().optional(),
    destructive_ready: z.boolean().optional(),
    save_dialog_open: z.boolean().optional(),
    location: z.string().optional(),
    tab: z.string().optional(),
    instruction_tab: z.string().optional(),
  })
  .loose();
export type UiState = z.output<typeof UiStateSchema>;

export const UiCandidateSchema = z
  .object({
    candidate_id: nonEmpty("candidate_id"),
    action_type: nonEmpty("action_type"),
    label: nonEmpty("label"),
    role: nonEmpty("role"),
    app_path: nonEmpty("app_path"),
    bbox: z
      .array(finite, { error: "bbox must be a list of four numbers [x, y, w, h]" })
      .length(4, { message: "bbox must be a list of four numbers [x, y, w, h]" }),
    visible: z.boolean({ error: "visible must be a boolean" }),
    enabled: z.boolean({ error: "enabled must be a boolean" }),
    // Required key, null allowed (the reference's `missing fields modal_scope` otherwise).
    modal_scope: z
      .union([nonEmpty("modal_scope"), z.null()], {
        error: "modal_scope must be null or a non-empty string",
      })
      .describe("null (the main window) or the scope name, e.g. popup"),
    overlay: z.boolean().optional(),
    overlay_present: z.boolean().optional(),
    z_index: finite.optional(),
    clickable: z.boolean().optional(),
    aria_disabled: z.boolean().optional(),
    accessible_name: z.string().optional(),
    modal_cleared: z.boolean().optional(),
    modal_unblocked: z.boolean().optional(),
    next_state: UiStateSchema.optional().describe(
      "The UI state after this action (replaces the current one).",
    ),
    state: UiStateSchema.optional(),
  })
  .loose();
export type UiCandidate = z.output<typeof UiCandidateSchema>;

/** The answer key: what no agent may see (stripped by `toAgentRow`). */
export const ANSWER_KEY_FIELDS = ["gold", "abstain_expected", "expected_delta"] as const;

const UiRowObject = z
  .object({
    id: nonEmpty("id"),
    task_id: nonEmpty("task_id")
      .optional()
      .describe("Groups steps into a task; absent: the row is its own task."),
    step_index: posInt("step_index").optional(),
    min_steps: posInt("min_steps").optional().describe("Default: the task's non-abstain rows."),
    instruction: z.string().optional(),
    goal: z.string().optional(),
    task: z.string().optional(),
    question: z.string().optional(),
    candidates: z
      .array(UiCandidateSchema, { error: "candidates must be a non-empty list" })
      .min(1, { message: "candidates must be a non-empty list" }),
    gold: z
      .object({ candidate_id: nonEmpty("gold.candidate_id") }, { error: "gold must be an object" })
      .loose()
      .describe("Answer key. Abstain rows still name a (dummy) candidate, as in the reference."),
    abstain_expected: z.boolean().optional().describe("Answer key: the right move is to abstain."),
    expected_delta: z
      .record(z.string(), z.unknown(), { error: "expected_delta must be an object when present" })
      .optional()
      .describe("Answer key: the change the gold action causes (subset-matched)."),
    requires_state: UiStateSchema.optional().describe("State this step needs (equality per key)."),
    allow_overlay: z.boolean().optional(),
    context: z.unknown().optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();

export const UiRowSchema = UiRowObject.superRefine((row, ctx) => {
  const seen = new Set<string>();
  row.candidates.forEach((c, i) => {
    if (seen.has(c.candidate_id))
      ctx.addIssue({
        code: "custom",
        path: ["candidates", i, "candidate_id"],
        message: `duplicate candidate_id ${c.candidate_id}`,
      });
    seen.add(c.candidate_id);
  });
  if (!seen.has(row.gold.candidate_id))
    ctx.addIssue({
      code: "custom",
      path: ["gold", "candidate_id"],
      message: `gold.candidate_id ${row.gold.candidate_id} not found in candidates`,
    });
});
registerSchema("geb-ui-row", UiRowSchema);
export type UiRow = z.output<typeof UiRowSchema>;

/**
 * Observed effects. The reference's shape `{id, observed_delta}` records what the step's gold
 * action did; ours may add `candidate_id`: what that candidate's action did.
 */
export const UiObservedSchema = z
  .object({
    id: nonEmpty("id"),
    candidate_id: nonEmpty("candidate_id").optional(),
    observed_delta: z.record(z.string(), z.unknown(), { error: "observed_delta must be an object" }),
  })
  .loose();
registerSchema("geb-ui-observed", UiObservedSchema);
export type UiObserved = z.output<typeof UiObservedSchema>;

/** A selection file row: `{id, value}` (the reference's prediction shape) or `{id, candidate_id}`. */
export const UiSelectionSchema = z
  .object({
    id: nonEmpty("id"),
    value: z.string().nullable().optional().describe("The selected candidate id; null or blank = abstain."),
    candidate_id: z.string().nullable().optional(),
  })
  .loose();
registerSchema("geb-ui-selection", UiSelectionSchema);
export type UiSelection = z.output<typeof UiSelectionSchema>;

const rate = z.number().min(0).max(1);
const nullableRate = rate.nullable();

/** `geb ui score` output under 1.0 (`--compat reference-0.1` prints the reference's shape). */
export const UiScoreReportSchema = z
  .object({
    schema_version: z.literal("geb-ui-score.v1"),
    compat: z.literal("1.0"),
    fixture: z.string(),
    observed: z.string().nullable(),
    selector: z.union([
      z.object({ kind: z.literal("selections"), file: z.string() }).strict(),
      z
        .object({
          kind: z.literal("gate"),
          model: z.string(),
          rules: z.boolean(),
          overlay_filter: z.boolean(),
        })
        .strict(),
      z
        .object({
          kind: z.literal("model"),
          model: z.string().describe("the --model spec"),
          prompt: z.enum(["1.0", "reference-0.1"]).describe("prompt version (geb ui model --prompt)"),
          rules: z.boolean().describe("--rules on: the policy's survivors first, the model only on ≥ 2"),
          requests: z.number().int().nonnegative().describe("steps the model was asked about"),
          config_hash: z.string(),
        })
        .strict(),
      z
        .object({
          kind: z.literal("policy"),
          rules: z.boolean(),
          overlay_filter: z.boolean(),
          leaky: z.literal(false).describe("1.0 never reads the answer key"),
        })
        .strict(),
      z
        .object({
          kind: z.enum(["oracle", "baseline"]).describe("oracle: the gold mode reads the answer key"),
          mode: z.enum(["gold", "first", "random", "abstain"]),
          seed: z.number().int(),
          random_rng: z.enum(["stream", "per-row"]).optional(),
        })
        .strict(),
    ]),
    rows: z.number().int().nonnegative(),
    metrics: z
      .object({
        gold_present_rate: rate,
        selection_rate: rate,
        wrong_action_rate: rate,
        abstain_rate: rate,
        accuracy_when_gold_present: nullableRate,
        abstain_expected_rate: nullableRate,
        abstain_expected_count: z.number().int().nonnegative(),
        post_action_verify_rate: nullableRate.optional().describe("Absent without --observed."),
        fixture_verify_rate: nullableRate.optional().describe("The reference's post_action_verify_rate."),
        abstain_precision: nullableRate,
        abstain_recall: nullableRate,
      })
      .strict(),
    sequence_metrics: z
      .object({
        tasks_total: z.number().int().nonnegative(),
        task_pass_rate: rate,
        task_wrong_action_rate: rate,
        task_post_action_verify_mean: nullableRate,
        task_abstain_rate_mean: rate,
        task_len_mean: z.number(),
        task_step_overhead_mean: z.number().nullable(),
        task_step_overhead_min: z.number().nullable(),
        task_step_overhead_max: z.number().nullable(),
        task_step_overhead_count: z.number().int().nonnegative(),
        task_steps_taken_mean: z.number().nullable(),
        task_min_steps_mean: z.number().nullable(),
      })
      .strict(),
    intervals: intervalsBlockSchema,
    tasks: z.array(
      z
        .object({
          task_id: z.string(),
          task_len: z.number().int().positive(),
          steps_taken: z.number().int().nonnegative(),
          min_steps: z.number().int().positive().nullable(),
          step_overhead: z.number().nullable(),
          pass: z.boolean(),
          wrong_action: z.boolean(),
          abstain_rate: rate,
          verify_rate: nullableRate,
        })
        .strict(),
    ),
  })
  .strict();
registerSchema("geb-ui-score.v1", UiScoreReportSchema);

/** A gate model file (`geb ui gate train --out-model`; the reference's train_ui_gate.py shape). */
export const UiGateModelSchema = z
  .object({
    feature_names: z.array(z.string()).min(1),
    weights: z.array(finite),
    bias: finite,
    min_score: finite,
    min_margin: finite,
  })
  // Strict: a misspelt `min_scor` would leave the gate without its bound.
  .strict()
  .refine((m) => m.weights.length === m.feature_names.length, {
    message: "weights must have one entry per feature name",
    path: ["weights"],
  });
registerSchema("geb-ui-gate-model", UiGateModelSchema);
