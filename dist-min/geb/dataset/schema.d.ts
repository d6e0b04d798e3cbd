/**
 * Zod schemas for GEB artifacts. `GebRowSchema` is what our generator writes (documented in
 * docs/geb/format.md and exported as JSON Schema); `GebRowReadSchema` is what we accept, which
 * is looser so that rows written by the reference harness or by hand (e.g. with a partial
 * `meta`) are readable.
 */
import { z } from "zod";
import type { ErrorLocation } from "../../core/errors.js";
export declare const GoldSchema: z.ZodObject<{
    value: z.ZodNullable<z.ZodString>;
    support_id: z.ZodNullable<z.ZodString>;
    support_ids: z.ZodArray<z.ZodString>;
}, z.core.$strict>;
export declare const RowMetaSchema: z.ZodObject<{
    seed: z.ZodNumber;
    steps: z.ZodNumber;
    requires_citation: z.ZodBoolean;
    key: z.ZodString;
    q_index: z.ZodNumber;
    state_mode: z.ZodEnum<{
        kv: "kv";
        set: "set";
        kv_commentary: "kv_commentary";
        counter: "counter";
        relational: "relational";
    }>;
    query_type: z.ZodEnum<{
        direct: "direct";
        derived: "derived";
    }>;
    derived_op: z.ZodNullable<z.ZodEnum<{
        color: "color";
        parity: "parity";
        count: "count";
        reports: "reports";
    }>>;
    derived_manager: z.ZodNullable<z.ZodString>;
    has_instruction: z.ZodBoolean;
    instruction_value: z.ZodNullable<z.ZodString>;
    instruction_variant: z.ZodNullable<z.ZodString>;
    last_update_step: z.ZodNullable<z.ZodNumber>;
    tokens_since_update: z.ZodNullable<z.ZodNumber>;
    distractors_since_update: z.ZodNullable<z.ZodNumber>;
    writes_to_key: z.ZodNullable<z.ZodNumber>;
    instruction_nearby: z.ZodNullable<z.ZodBoolean>;
    latest_entry_id: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    latest_entry_op: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    twin_group: z.ZodOptional<z.ZodString>;
    twin_variant: z.ZodOptional<z.ZodEnum<{
        base: "base";
        twin: "twin";
    }>>;
    twin_flip_uid: z.ZodOptional<z.ZodString>;
    twin_flip_key: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export declare const GebRowSchema: z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>>;
/** Rows we accept for baselines and grading (objects are checked, not copied: this runs per row). */
export declare const GebRowReadSchema: z.ZodObject<{
    id: z.ZodString;
    episode_id: z.ZodOptional<z.ZodString>;
    schema_version: z.ZodOptional<z.ZodString>;
    document: z.ZodString;
    book: z.ZodString;
    question: z.ZodOptional<z.ZodString>;
    gold: z.ZodCustom<{
        value?: unknown;
        support_id?: unknown;
        support_ids?: unknown;
    }, {
        value?: unknown;
        support_id?: unknown;
        support_ids?: unknown;
    }>;
    meta: z.ZodCustom<Record<string, unknown>, Record<string, unknown>>;
}, z.core.$loose>;
export type GebRowRead = z.output<typeof GebRowReadSchema>;
/** A prediction row: `{id, value, support_id?, support_ids?}` or `{id, output|text|completion}`. */
export declare const PredictionRowSchema: z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>>;
export declare const GenerateConfigSchema: z.ZodObject<{
    seed: z.ZodNumber;
    episodes: z.ZodNumber;
    steps: z.ZodNumber;
    keys: z.ZodNumber;
    queries: z.ZodNumber;
    derivedQueryRate: z.ZodNumber;
    chapters: z.ZodNumber;
    distractorRate: z.ZodNumber;
    tailDistractorSteps: z.ZodNumber;
    clearRate: z.ZodNumber;
    noteRate: z.ZodNumber;
    updateBurstRate: z.ZodNumber;
    distractorProfile: z.ZodEnum<{
        easy: "easy";
        standard: "standard";
        adversarial: "adversarial";
        instruction: "instruction";
        instruction_suite: "instruction_suite";
        note_camouflage: "note_camouflage";
        note_camouflage_suite: "note_camouflage_suite";
        update_burst: "update_burst";
        stale_tab_state: "stale_tab_state";
        focus_drift: "focus_drift";
    }>;
    stateMode: z.ZodEnum<{
        kv: "kv";
        set: "set";
        kv_commentary: "kv_commentary";
        counter: "counter";
        relational: "relational";
    }>;
    twins: z.ZodBoolean;
    requireCitations: z.ZodBoolean;
    compat: z.ZodEnum<{
        "1.0": "1.0";
        "reference-0.1": "reference-0.1";
    }>;
}, z.core.$strip>;
/**
 * `parseWith(GebRowReadSchema, value, where)` with a hand-written fast path (this runs for
 * every row read): a row that passes the same checks is returned as it is (not copied);
 * anything else goes through the schema, so a bad row gets the schema's error with file,
 * line and field. Tested to accept exactly what the schema accepts.
 */
export declare function readRowChecked(value: unknown, where: ErrorLocation): GebRowRead;
