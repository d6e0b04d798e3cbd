/**
 * Versioned schemas of the RAG benchmark files (exported to schemas/ by `npm run schemas`):
 * the preset and domain-entries inputs, and the summary we write (the reference's
 * rag_benchmark_summary shape plus our intervals and baselines).
 */
import { z } from "zod";
import { registerSchema } from "../../core/schema.js";
import { intervalSchema, intervalsBlockSchema } from "../../core/stats/schema.js";
import { domainEntriesFileSchema, ragPresetSchema } from "./preset.js";
import { RAG_MEAN_KEYS } from "./summary.js";

const rate = z.number().nullable();

export const ragResultEntrySchema = z
  .object({
    id: z.string(),
    label: z.string(),
    failure_mode: z.string(),
    data: z.string(),
    result_path: z.string(),
    status: z.enum(["ok", "missing"]),
    value_acc: rate.optional(),
    exact_acc: rate.optional(),
    entailment: rate.optional(),
    answer_correct_given_selected: rate.optional(),
    cite_f1: rate.optional(),
    cite_value_gap: rate.optional(),
    instruction_acc: rate.optional(),
    state_integrity_rate: rate.optional(),
    instr_override_rate: rate.optional(),
    retrieval_hit_rate: rate.optional(),
    wall_s: rate.optional(),
    wall_s_per_q: rate.optional(),
    tokens_per_q: rate.optional(),
    /** Ours: 95 % intervals on the dataset's rates. */
    intervals: z.record(z.string(), intervalSchema).optional(),
    /** Ours: the no-model programs' metrics on the same rows. */
    baselines: z.record(z.string(), z.record(z.string(), rate)).optional(),
    /** Ours: 95 % intervals on the baselines' metrics (baseline → metric → interval). */
    baseline_intervals: z.record(z.string(), z.record(z.string(), intervalSchema)).optional(),
  })
  .strict();

export const ragSummarySchema = z
  .object({
    artifact_version: z.literal("1.0"),
    benchmark: z.string(),
    config_path: z.string(),
    runs_dir: z.string(),
    /** null under --no-timings. */
    generated_at: z.string().nullable(),
    datasets_total: z.number().int(),
    datasets_with_results: z.number().int(),
    missing: z.array(z.string()),
    means: z.object(Object.fromEntries(RAG_MEAN_KEYS.map((k) => [k, rate]))).strict(),
    runtime: z.object({ wall_s_total: rate, wall_s_per_q: rate, tokens_per_q: rate }).strict(),
    results: z.array(ragResultEntrySchema),
    baseline_means: z.record(z.string(), z.record(z.string(), rate)).optional(),
    thresholds: z.record(z.string(), z.number()).optional(),
    failures: z.array(z.object({ id: z.string(), reason: z.string() }).strict()).optional(),
    top_failures: z.array(z.object({ id: z.string(), count: z.number().int() }).strict()).optional(),
    status: z.enum(["PASS", "FAIL"]).optional(),
    /** Ours: the model and pipeline every dataset was run with (absent for reference payloads). */
    pipeline: z
      .object({
        model: z.string(),
        /** `engine`: a model reads the whole book; `retrieval`: retrieval → selection → answer. */
        adapter: z.string(),
        /** The pipeline config of `geb model --model retrieval…` (null: plain model). */
        pipeline: z.record(z.string(), z.unknown()).nullable(),
      })
      .strict()
      .optional(),
    /**
     * Ours: intervals on the means over datasets, keyed by path (`means.value_acc`,
     * `baseline_means.ledger.value_acc`); every dataset weighs the same, as in the means.
     */
    intervals: intervalsBlockSchema.optional(),
  })
  .strict();

registerSchema("geb.rag_preset.v1", ragPresetSchema);
registerSchema("geb.rag_domain_entries.v1", domainEntriesFileSchema);
registerSchema("geb.rag_summary.v1", ragSummarySchema);
