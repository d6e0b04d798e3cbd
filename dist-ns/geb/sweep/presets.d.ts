import { z } from "zod";
import { type SweepSpec } from "./grid.js";
export declare const PRESETS_SCHEMA = "oraclebench.geb.presets/1";
export declare const DEFAULT_PRESETS_FILE: string;
export declare const PresetSweepSchema: z.ZodObject<{
    seeds: z.ZodOptional<z.ZodNumber>;
    episodes: z.ZodOptional<z.ZodNumber>;
    steps: z.ZodOptional<z.ZodNumber>;
    steps_list: z.ZodOptional<z.ZodString>;
    keys: z.ZodOptional<z.ZodNumber>;
    queries: z.ZodOptional<z.ZodNumber>;
    derived_query_rate: z.ZodOptional<z.ZodNumber>;
    no_derived_queries: z.ZodOptional<z.ZodBoolean>;
    chapters: z.ZodOptional<z.ZodNumber>;
    distractor_rate: z.ZodOptional<z.ZodNumber>;
    tail_distractor_steps: z.ZodOptional<z.ZodNumber>;
    clear_rate: z.ZodOptional<z.ZodNumber>;
    note_rate: z.ZodOptional<z.ZodNumber>;
    update_burst_rate: z.ZodOptional<z.ZodNumber>;
    state_modes: z.ZodOptional<z.ZodString>;
    distractor_profiles: z.ZodOptional<z.ZodString>;
    require_citations: z.ZodOptional<z.ZodBoolean>;
    twins: z.ZodOptional<z.ZodBoolean>;
    max_support_k: z.ZodOptional<z.ZodNumber>;
    max_book_tokens: z.ZodOptional<z.ZodNumber>;
    max_book_tokens_list: z.ZodOptional<z.ZodString>;
    note_rate_list: z.ZodOptional<z.ZodString>;
    update_burst_rate_list: z.ZodOptional<z.ZodString>;
    distractor_rate_list: z.ZodOptional<z.ZodString>;
    clear_rate_list: z.ZodOptional<z.ZodString>;
    pipeline: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
    pipeline_set: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodNumber, z.ZodString, z.ZodBoolean]>>>;
    baseline: z.ZodOptional<z.ZodEnum<{
        naive: "naive";
        ledger: "ledger";
    }>>;
    compat: z.ZodOptional<z.ZodEnum<{
        "1.0": "1.0";
        "reference-0.1": "reference-0.1";
    }>>;
    metrics: z.ZodOptional<z.ZodEnum<{
        "1.0": "1.0";
        "reference-0.1": "reference-0.1";
    }>>;
}, z.core.$strict>;
export declare const PresetsFileSchema: z.ZodObject<{
    $schema: z.ZodOptional<z.ZodString>;
    schema: z.ZodLiteral<"oraclebench.geb.presets/1">;
    version: z.ZodString;
    notes: z.ZodOptional<z.ZodString>;
    presets: z.ZodRecord<z.ZodString, z.ZodObject<{
        description: z.ZodString;
        sweep: z.ZodObject<{
            seeds: z.ZodOptional<z.ZodNumber>;
            episodes: z.ZodOptional<z.ZodNumber>;
            steps: z.ZodOptional<z.ZodNumber>;
            steps_list: z.ZodOptional<z.ZodString>;
            keys: z.ZodOptional<z.ZodNumber>;
            queries: z.ZodOptional<z.ZodNumber>;
            derived_query_rate: z.ZodOptional<z.ZodNumber>;
            no_derived_queries: z.ZodOptional<z.ZodBoolean>;
            chapters: z.ZodOptional<z.ZodNumber>;
            distractor_rate: z.ZodOptional<z.ZodNumber>;
            tail_distractor_steps: z.ZodOptional<z.ZodNumber>;
            clear_rate: z.ZodOptional<z.ZodNumber>;
            note_rate: z.ZodOptional<z.ZodNumber>;
            update_burst_rate: z.ZodOptional<z.ZodNumber>;
            state_modes: z.ZodOptional<z.ZodString>;
            distractor_profiles: z.ZodOptional<z.ZodString>;
            require_citations: z.ZodOptional<z.ZodBoolean>;
            twins: z.ZodOptional<z.ZodBoolean>;
            max_support_k: z.ZodOptional<z.ZodNumber>;
            max_book_tokens: z.ZodOptional<z.ZodNumber>;
            max_book_tokens_list: z.ZodOptional<z.ZodString>;
            note_rate_list: z.ZodOptional<z.ZodString>;
            update_burst_rate_list: z.ZodOptional<z.ZodString>;
            distractor_rate_list: z.ZodOptional<z.ZodString>;
            clear_rate_list: z.ZodOptional<z.ZodString>;
            pipeline: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
            pipeline_set: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodNumber, z.ZodString, z.ZodBoolean]>>>;
            baseline: z.ZodOptional<z.ZodEnum<{
                naive: "naive";
                ledger: "ledger";
            }>>;
            compat: z.ZodOptional<z.ZodEnum<{
                "1.0": "1.0";
                "reference-0.1": "reference-0.1";
            }>>;
            metrics: z.ZodOptional<z.ZodEnum<{
                "1.0": "1.0";
                "reference-0.1": "reference-0.1";
            }>>;
        }, z.core.$strict>;
    }, z.core.$strict>>;
}, z.core.$strict>;
export type PresetsFile = z.output<typeof PresetsFileSchema>;
export declare function loadPresets(file?: string): PresetsFile;
/** A preset as a full spec (the reference sweep defaults under the preset's values). */
export declare function presetSpec(file: PresetsFile, name: string, where?: string): SweepSpec;
/**
 * Offline default for pipeline presets run without `--model`: the deterministic answerer (the
 * value copied from the selected line), recorded in every cell's config. Returns the note to
 * print, or null when the spec already has an answerer.
 */
export declare function withOfflineAnswerer(s: SweepSpec, name: string): string | null;
/** One line per preset: name, cell count, what it runs with and what it needs. */
export declare function describePresets(file: PresetsFile): string[];
