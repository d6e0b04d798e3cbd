/**
 * Zod schemas for GEB artifacts. `GebRowSchema` is what our generator writes (documented in
 * docs/geb/format.md and exported as JSON Schema); `GebRowReadSchema` is what we accept, which
 * is looser so that rows written by the reference harness or by hand (e.g. with a partial
 * `meta`) are readable.
 */
import { z } from "zod";
import { registerSchema } from "../../core/schema.js";
import { DISTRACTOR_PROFILES, STATE_MODES } from "./types.js";

const nullableString = z.string().nullable();
const nullableInt = z.number().int().nullable();

export const GoldSchema = z
  .object({
    value: nullableString.describe("The answer; null when the state is unknown (never set, or CLEARed)."),
    support_id: nullableString.describe(
      "The single supporting UPDATE ID when there is exactly one, else null.",
    ),
    support_ids: z
      .array(z.string())
      .describe("The authoritative UPDATE IDs that establish the answer (empty when none)."),
  })
  .strict();

export const RowMetaSchema = z
  .object({
    seed: z.number().int().describe("Episode seed (dataset seed + episode index)."),
    steps: z.number().int().describe("Steps of the episode."),
    requires_citation: z.boolean().describe("Whether the answer must cite support IDs."),
    key: z.string().describe("The queried key (for `reports`, the first reporting key)."),
    q_index: z
      .number()
      .int()
      .describe("1-based query index within the episode; pairs a twin row with its base row."),
    state_mode: z.enum(STATE_MODES),
    query_type: z.enum(["direct", "derived"]),
    derived_op: z.enum(["color", "parity", "count", "reports"]).nullable(),
    derived_manager: nullableString.describe("Manager asked about by a `reports` query."),
    has_instruction: z.boolean().describe("An instruction-injection distractor targeted the key."),
    instruction_value: nullableString.describe("The value the latest injection pushed for the key."),
    instruction_variant: nullableString.describe("ignore_ledger | format_trap | quoted_set | update_like."),
    last_update_step: nullableInt.describe(
      "Step of the key's last authoritative update (null: never updated).",
    ),
    tokens_since_update: nullableInt.describe("Whitespace tokens of the log after that update."),
    distractors_since_update: nullableInt.describe(
      "DISTRACTOR/SUMMARY lines about the key after that update.",
    ),
    writes_to_key: nullableInt.describe("Authoritative updates of the key in the log."),
    instruction_nearby: z
      .boolean()
      .nullable()
      .describe("An INSTRUCTION line about the key follows its last update."),
    latest_entry_id: nullableString
      .optional()
      .describe("1.0: newest ledger entry for the key of any op (a NOTE may be newer than gold)."),
    latest_entry_op: nullableString.optional().describe("1.0: op of that entry (SET, CLEAR or NOTE)."),
    twin_group: z
      .string()
      .optional()
      .describe("Base episode id shared by a base episode and its counterfactual twin."),
    twin_variant: z.enum(["base", "twin"]).optional(),
    twin_flip_uid: z.string().optional().describe("The UPDATE ID whose value the twin flips."),
    twin_flip_key: z.string().optional().describe("The key of that update."),
  })
  .strict();

export const GebRowSchema = registerSchema(
  "geb-row",
  z
    .object({
      id: z.string().describe("Query id `<episode_id>-Q<nnn>`."),
      episode_id: z.string().describe("`E<nnnn>`, twins `E<nnnn>T`."),
      schema_version: z
        .string()
        .optional()
        .describe('"1.0" (ours) or "0.1" (reference; its twin rows omit it).'),
      document: z.string().describe("The raw episode log (UPDATE lines are authoritative)."),
      book: z.string().describe("Derived book: reading rules, glossary, chapters, state ledger."),
      question: z.string(),
      gold: GoldSchema,
      meta: RowMetaSchema,
    })
    .strict(),
);

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** Rows we accept for baselines and grading (objects are checked, not copied: this runs per row). */
export const GebRowReadSchema = z
  .object({
    id: z.string().min(1),
    episode_id: z.string().optional(),
    schema_version: z.string().optional(),
    document: z.string(),
    book: z.string(),
    question: z.string().optional(),
    gold: z.custom<{ value?: unknown; support_id?: unknown; support_ids?: unknown }>(
      isObject,
      "expected an object",
    ),
    meta: z.custom<Record<string, unknown>>(isObject, "expected an object"),
  })
  .loose();

/** A prediction row: `{id, value, support_id?, support_ids?}` or `{id, output|text|completion}`. */
export const PredictionRowSchema = registerSchema(
  "geb-prediction",
  z
    .object({
      id: z.string().min(1),
      value: z.unknown().optional(),
      support_id: z.unknown().optional(),
      support_ids: z.union([z.array(z.unknown()), z.string(), z.number(), z.null()]).optional(),
      output: z.unknown().optional(),
      text: z.unknown().optional(),
      completion: z.unknown().optional(),
    })
    .loose(),
);

export const GenerateConfigSchema = z.object({
  seed: z.number().int(),
  episodes: z.number().int().min(0),
  steps: z.number().int().min(0),
  keys: z.number().int().min(1),
  queries: z.number().int().min(0),
  derivedQueryRate: z.number().min(0).max(1),
  chapters: z.number().int().min(0),
  distractorRate: z.number().min(0).max(1),
  tailDistractorSteps: z.number().int().min(0),
  clearRate: z.number().min(0).max(1),
  noteRate: z.number().min(0).max(1),
  updateBurstRate: z.number().min(0).max(1),
  distractorProfile: z.enum(DISTRACTOR_PROFILES),
  stateMode: z.enum(STATE_MODES),
  twins: z.boolean(),
  requireCitations: z.boolean(),
  compat: z.enum(["1.0", "reference-0.1"]),
});

// The per-row reader lives in row-check.ts (zod-free, see there); it accepts what GebRowReadSchema does.
export { type GebRowRead, readRowChecked } from "./row-check.js";
