/**
 * Versioned schemas of the trap-family artifacts (`geb trap run` / `check`):
 * `<family>_summary.json` per run and `<family>_reliability.json`. Exported as JSON Schema
 * by `npm run schemas`; `geb trap check` reads summaries through them.
 */
import { z } from "zod";
import { registerSchema } from "../../core/schema.js";
import { intervalSchema } from "../../core/stats/schema.js";
import { TRAP_COMPAT } from "./types.js";

const stage = z.enum(["observe", "ramp", "target"]);
const split = z.enum(["anchors", "holdout", "canary"]);
// JSON has no NaN: a mean that was NaN is written as null.
const means = z.record(z.string(), z.number().nullable());

const floorCheck = z
  .object({
    metric: z.string(),
    op: z.enum([">=", "<="]),
    floor: z.number(),
    value: z.number().nullable(),
    pass: z.boolean(),
  })
  .strict();

export const trapSplitEvaluationSchema = z
  .object({
    split,
    status: z.enum(["PASS", "FAIL", "REPORT"]),
    rows_total: z.number().int().nonnegative(),
    rows_scored: z.number().int().nonnegative(),
    means,
    accuracy: intervalSchema.extend({ metric: z.string() }),
    floors: z.array(floorCheck),
    failures: z.array(z.string()),
    failure_mode_counts: z.record(z.string(), z.number().int().nonnegative()),
    unparsed_outputs: z.number().int().nonnegative(),
  })
  .strict();

const perSplit = z
  .object({
    anchors: trapSplitEvaluationSchema,
    holdout: trapSplitEvaluationSchema,
    canary: trapSplitEvaluationSchema,
  })
  .strict();

export const trapBaselineReportSchema = z
  .object({
    schema_version: z.literal("geb.trap.baselines.v1"),
    family: z.string(),
    stage,
    baselines: z.object({ lookup: perSplit, fold: perSplit, rule: perSplit.optional() }).strict(),
    passing: z.array(z.enum(["lookup", "fold", "rule"])),
    equivalent_to_core_lookup: z.boolean(),
    rule_meets_target: z.boolean().optional(),
  })
  .strict();

const personaResultSchema = z
  .object({
    status: z.enum(["PASS", "FAIL"]),
    row_invariance_rate: z.number(),
    rows_total: z.number().int().nonnegative(),
    rows_changed: z.number().int().nonnegative(),
    change_reasons: z
      .object({
        value_changed: z.number().int().nonnegative(),
        support_changed: z.number().int().nonnegative(),
        parse_changed: z.number().int().nonnegative(),
        null_flip: z.number().int().nonnegative(),
      })
      .strict(),
    changed_ids: z.array(z.string()),
  })
  .strict()
  .nullable();

const personaSessionResultSchema = z
  .object({
    status: z.enum(["PASS", "FAIL"]),
    sessions: z.number().int().nonnegative(),
    rows_total: z.number().int().nonnegative(),
    means: z.record(z.string(), z.number()),
    failures: z.array(z.string()),
    failure_mode_counts: z.record(z.string(), z.number().int().nonnegative()),
    drifted_ids: z.array(z.string()),
  })
  .strict()
  .nullable();

export const trapRunSummarySchema = registerSchema(
  "geb.trap.summary.v1",
  z
    .object({
      schema_version: z.literal("geb.trap.summary.v1"),
      family: z.string(),
      compat: z.enum(TRAP_COMPAT),
      stage,
      model: z.string(),
      run: z.number().int().positive(),
      hard_gate_status: z.enum(["PASS", "FAIL"]),
      anchors: trapSplitEvaluationSchema,
      holdout: trapSplitEvaluationSchema,
      canary: trapSplitEvaluationSchema,
      canary_report: z
        .object({
          metric: z.string(),
          value: z.number().nullable(),
          alert_at: z.number(),
          status: z.enum(["WARN", "OK"]),
        })
        .strict(),
      baselines: trapBaselineReportSchema,
      synthetic_metrics: z.record(z.string(), z.string()),
      persona_invariance: personaResultSchema,
      persona_persistence: personaResultSchema,
      // Absent in summaries written before the sub-trap existed.
      persona_session: personaSessionResultSchema.optional(),
    })
    .strict(),
);

export const trapReliabilitySchema = registerSchema(
  "geb.trap.reliability.v1",
  z
    .object({
      schema_version: z.literal("geb.trap.reliability.v1"),
      family: z.string(),
      stage,
      runs: z.number().int().nonnegative(),
      min_runs: z.number().int().positive(),
      status: z.enum(["PASS", "FAIL"]),
      failures: z.array(z.string()),
      jitter: z.record(
        z.string(),
        z
          .object({
            values: z.array(z.number().nullable()),
            jitter: z.number().nullable(),
            max: z.number(),
            pass: z.boolean(),
          })
          .strict(),
      ),
      holdout: z.object({ metric: z.string(), values: z.array(z.number().nullable()) }).strict(),
      equivalent_to_core_lookup: z.boolean(),
    })
    .strict(),
);
