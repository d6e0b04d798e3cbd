/**
 * Versioned schemas of the memory artifacts (exported to schemas/ by `npm run schemas`).
 * The summary and details files keep the reference's exact shape (no version field inside),
 * so their schema names carry the version.
 */
import { z } from "zod";
import { registerSchema } from "../../core/schema.js";
import { SCENARIO_SCHEMA_VERSION } from "./generate.js";
import { SENSITIVITY_SCHEMA_VERSION } from "./sensitivity.js";

const counts = z.record(z.string(), z.number().int().min(0));
const rate = z.number().min(0).max(1);

/** One line of a memory JSONL file (entry-level types; citation problems are reason codes). */
export const MemoryEntrySchema = registerSchema(
  "geb.memory_entry.v1",
  z
    .object({
      id: z.string().nullable().optional().describe("Blank, null or absent: reason missing_id."),
      claim_text: z.string().nullable().optional().describe("Must appear in every citation's snippet."),
      used: z.boolean().optional().describe("Default true; unused entries count only in memory_total."),
      confidence: z.number().min(0).max(1).nullable().optional(),
      tags: z.array(z.string()).nullable().optional(),
      created_at: z.string().nullable().optional(),
      citations: z
        .array(z.unknown())
        .nullable()
        .optional()
        .describe("{type: 'repo', file_path, line_start, line_end, snippet}; each checked by the verifier."),
    })
    .loose(),
);

export const MemorySummarySchema = registerSchema(
  "geb.memory_verify_summary.v1",
  z
    .object({
      memory_total: z.number().int().min(0),
      memory_used_count: z.number().int().min(0),
      memory_verified_count: z.number().int().min(0),
      memory_invalid_count: z.number().int().min(0),
      memory_use_rate: rate,
      memory_verified_rate: rate,
      memory_invalid_rate: rate,
      actions_blocked_by_memory_gate: z.number().int().min(0),
      memory_tag_counts: counts,
      memory_reason_counts: counts,
    })
    .strict(),
);

const summaryShape = MemorySummarySchema as z.ZodType;

const expectation = z
  .object({
    total: z.number().int().min(0),
    used_count: z.number().int().min(0),
    verified_count: z.number().int().min(0),
    invalid_count: z.number().int().min(0),
    reason_counts: counts,
    tag_counts: counts,
    entry_reasons: z.array(z.array(z.string())),
  })
  .strict();

/** `manifest.json` of a generated scenario directory. */
export const ScenarioManifestSchema = z
  .object({
    schema_version: z.literal(SCENARIO_SCHEMA_VERSION),
    seed: z.number().int(),
    root: z.string().min(1).describe("Directory (relative to the manifest) the citations point into."),
    scenarios: z
      .array(
        z
          .object({
            name: z.string().regex(/^[A-Za-z0-9_-]+$/),
            group: z.enum(["ladder", "scale", "unused", "edge", "catalogue"]),
            invalid_fraction: rate.nullable(),
            memory: z.string().min(1).describe("The scenario's memory JSONL, relative to the manifest."),
            expected: expectation,
          })
          .strict(),
      )
      .min(1),
  })
  .strict();
registerSchema(SCENARIO_SCHEMA_VERSION, ScenarioManifestSchema);
export type ScenarioManifest = z.output<typeof ScenarioManifestSchema>;

/** `geb memory check --out`: the sensitivity report. */
export const SensitivityReportSchema = registerSchema(
  SENSITIVITY_SCHEMA_VERSION,
  z
    .object({
      schema_version: z.literal(SENSITIVITY_SCHEMA_VERSION),
      status: z.enum(["PASS", "FAIL"]),
      checks: z.record(z.string(), z.boolean()),
      coverage: z.record(z.string(), z.number()),
      floors: z.array(
        z.object({
          path: z.string(),
          min: z.number().optional(),
          max: z.number().optional(),
          value: z.number(),
          pass: z.boolean(),
        }),
      ),
      failures: z.array(z.string()),
      scenarios: z.array(
        z.object({
          name: z.string(),
          group: z.string(),
          invalid_fraction: z.number().nullable(),
          ok: z.boolean(),
          summary: summaryShape,
        }),
      ),
    })
    .strict(),
);
