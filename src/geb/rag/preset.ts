/**
 * RAG benchmark presets (configs/rag_benchmark_{lenient,strict}.json): the reference's dataset
 * lists, each dataset with the recipe we regenerate it from, and the preset's thresholds
 * (the reference's configs/rag_thresholds.json). Validated with errors naming file and field.
 */
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { InputError } from "../../core/errors.js";
import { readJsonFileSync } from "../../core/jsonl.js";
import { parseWith } from "../../core/schema.js";
import { DISTRACTOR_PROFILES, STATE_MODES } from "../dataset/types.js";
import type { DomainEntry, UidFormat } from "./domain.js";

export const RAG_PRESETS = ["lenient", "strict"] as const;
export type RagPresetName = (typeof RAG_PRESETS)[number];

const rate = z.number().min(0).max(1);

/** `--min-*` thresholds of the reference's summarize_rag_benchmark.py (all optional). */
export const ragThresholdsSchema = z
  .object({
    min_value_acc: rate.optional(),
    min_exact_acc: rate.optional(),
    min_entailment: rate.optional(),
    min_cite_f1: rate.optional(),
    min_answer_correct_given_selected: rate.optional(),
    min_instruction_acc: rate.optional(),
    min_state_integrity: rate.optional(),
  })
  .strict();
export type RagThresholds = z.infer<typeof ragThresholdsSchema>;

const generateRecipe = z
  .object({
    kind: z.literal("generate"),
    /** `geb generate` flags in snake_case (omitted: the generator's defaults). */
    config: z
      .object({
        seed: z.number().int(),
        episodes: z.number().int().min(1),
        steps: z.number().int().min(1),
        keys: z.number().int().min(1),
        queries: z.number().int().min(1),
        state_mode: z.enum(STATE_MODES),
        distractor_profile: z.enum(DISTRACTOR_PROFILES),
        twins: z.boolean(),
        derived_query_rate: rate,
        chapters: z.number().int().min(0),
        distractor_rate: rate,
        clear_rate: rate,
        note_rate: rate,
      })
      .partial()
      .strict(),
  })
  .strict();

const domainRecipe = z
  .object({
    kind: z.literal("domain-pack"),
    /** `reference`: the reference builder's default entries; else an entries file next to the preset. */
    entries: z.string().min(1),
    /** Keep only the rows of this bucket (the reference builder writes one file per bucket). */
    bucket: z.enum(["stale_doc", "authority_decoy", "exception"]).optional(),
  })
  .strict();

export const ragRecipeSchema = z.discriminatedUnion("kind", [generateRecipe, domainRecipe]);
export type RagRecipe = z.infer<typeof ragRecipeSchema>;

export const ragDatasetSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_.-]+$/, "a dataset id is letters, digits, _ . -"),
    label: z.string(),
    failure_mode: z.string(),
    /** The reference's data path (its file name is kept for the regenerated file). */
    data: z.string().min(1),
    recipe: ragRecipeSchema,
  })
  .strict();
export type RagDataset = z.infer<typeof ragDatasetSchema>;

export const ragPresetSchema = z
  .object({
    schema: z.literal("oraclebench.geb.rag-preset/1"),
    version: z.string(),
    name: z.string().min(1),
    description: z.string(),
    notes: z.string().optional(),
    thresholds: ragThresholdsSchema,
    datasets: z.array(ragDatasetSchema).min(1),
  })
  .strict()
  .superRefine((p, ctx) => {
    const seen = new Set<string>();
    p.datasets.forEach((d, i) => {
      if (seen.has(d.id))
        ctx.addIssue({
          code: "custom",
          path: ["datasets", i, "id"],
          message: `duplicate dataset id ${d.id}`,
        });
      seen.add(d.id);
    });
  });
export type RagPreset = z.infer<typeof ragPresetSchema>;

const domainEntrySchema = z
  .object({
    id: z.string().min(1),
    episode: z.string().min(1),
    key: z.string().min(1),
    label: z.string().min(1),
    policy: z.string().min(1),
    current: z.string().min(1),
    old: z.string().min(1).nullable(),
    decoy: z.string().min(1),
    bucket: z.enum(["stale_doc", "authority_decoy", "exception"]),
    uid_start: z.number().int().min(0).max(0xffffff).optional(),
    base_key: z.string().min(1).optional(),
    base_label: z.string().min(1).optional(),
    base_value: z.string().min(1).optional(),
    exception_note: z.string().min(1).optional(),
    exception_book: z.string().min(1).optional(),
    question_label: z.string().min(1).optional(),
  })
  .strict()
  .superRefine((e, ctx) => {
    if (e.bucket !== "exception") return;
    for (const k of ["base_key", "base_label", "base_value", "exception_note", "exception_book"] as const)
      if (!e[k]) ctx.addIssue({ code: "custom", path: [k], message: "required for an exception entry" });
  });

export const domainEntriesFileSchema = z
  .object({
    schema: z.literal("oraclebench.geb.rag-domain-entries/1"),
    notes: z.string().optional(),
    /** Uid numbering: hex (the reference builder, default) or decimal (its shipped exception file). */
    uid_format: z.enum(["hex", "decimal"]).default("hex"),
    entries: z.array(domainEntrySchema).min(1),
  })
  .strict();

/** The bundled configs/ folder. */
export function configsDir(): string {
  return fileURLToPath(new URL("../../../configs/", import.meta.url));
}

/** A preset by name (bundled) or a preset file path. */
export function presetPath(nameOrPath: string): string {
  if ((RAG_PRESETS as readonly string[]).includes(nameOrPath))
    return resolve(configsDir(), `rag_benchmark_${nameOrPath}.json`);
  return nameOrPath;
}

export function loadRagPreset(file: string): RagPreset {
  if (!existsSync(file)) throw new InputError("preset file not found", { file });
  return parseWith(ragPresetSchema, readJsonFileSync(file, "RAG preset"), { file });
}

/** Entries of a domain-pack recipe (`reference` or a file relative to the preset). */
export function loadDomainEntries(file: string): { entries: DomainEntry[]; uidFormat: UidFormat } {
  const p = parseWith(domainEntriesFileSchema, readJsonFileSync(file, "domain entries"), { file });
  return { entries: p.entries as DomainEntry[], uidFormat: p.uid_format };
}

export function recipeFile(presetFile: string, name: string): string {
  return resolve(dirname(presetFile), name);
}
