/** `geb ui live` report (`<out-dir>/report.json`; schemas/geb-ui-live.v1.schema.json). */
import { z } from "zod";
import { registerSchema } from "../../../core/schema.js";
import { UiScoreReportSchema } from "../schema.js";

export const UI_LIVE_SCHEMA_VERSION = "geb-ui-live.v1";

const score = UiScoreReportSchema.shape;

export const UiLiveReportSchema = z
  .object({
    schema_version: z.literal(UI_LIVE_SCHEMA_VERSION),
    compat: z.literal("1.0"),
    agent: z
      .object({
        name: z.enum(["policy", "gate", "scripted-wrong", "model"]),
        gate_model: z.string().nullable(),
        model: z
          .object({
            spec: z.string().describe("the --model spec as given"),
            prompt: z.enum(["1.0", "reference-0.1"]),
            rules: z.boolean(),
            requests: z
              .number()
              .int()
              .nonnegative()
              .describe("requests sent (steps the rules did not decide)"),
            config_hash: z.string(),
          })
          .strict()
          .optional()
          .describe("--agent model only"),
      })
      .strict(),
    app: z
      .object({
        tasks: z.number().int().nonnegative(),
        families: z.array(z.string()),
        browser: z.string().describe("chromium version string"),
      })
      .strict(),
    rows: z.number().int().nonnegative(),
    metrics: score.metrics,
    sequence_metrics: score.sequence_metrics,
    intervals: score.intervals,
    goal_reached_rate: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe("tasks whose final app state meets the goal"),
    failed_tasks: z.array(z.string()).describe("tasks that did not pass, in task order"),
    tasks: z.array(
      z
        .object({
          task_id: z.string(),
          family: z.string(),
          steps: z.number().int().positive(),
          pass: z.boolean().describe("the fixture metric's task pass"),
          goal_reached: z.boolean(),
          forced_steps: z.number().int().nonnegative().describe("steps started from a replayed state"),
          first_failure: z
            .object({ row_id: z.string(), selected: z.string().nullable(), expected: z.string().nullable() })
            .strict()
            .nullable(),
        })
        .strict(),
    ),
  })
  .strict();
registerSchema(UI_LIVE_SCHEMA_VERSION, UiLiveReportSchema);
export type UiLiveReport = z.output<typeof UiLiveReportSchema>;
