import type { Command } from "commander";
import { z } from "zod";
import { RETRIEVERS, WRONG_TYPES, ORDERS, RERANKERS } from "./config-keys.js";
export { RETRIEVERS, WRONG_TYPES, ORDERS, RERANKERS, TIE_BREAKS, EMBEDDERS, ENV_PREFIX, ENV_VARS, } from "./config-keys.js";
export type Retriever = (typeof RETRIEVERS)[number];
export type WrongType = (typeof WRONG_TYPES)[number];
export type Order = (typeof ORDERS)[number];
export type Reranker = (typeof RERANKERS)[number];
export declare const PipelineConfigSchema: z.ZodObject<{
    retriever: z.ZodEnum<{
        key: "key";
        bm25: "bm25";
        tfidf: "tfidf";
        dense: "dense";
    }>;
    k: z.ZodNumber;
    wrong_type: z.ZodEnum<{
        none: "none";
        same_key: "same_key";
        other_key: "other_key";
    }>;
    order: z.ZodEnum<{
        shuffle: "shuffle";
        gold_first: "gold_first";
        gold_middle: "gold_middle";
        gold_last: "gold_last";
    }>;
    order_seed: z.ZodNumber;
    drop_prob: z.ZodNumber;
    drop_seed: z.ZodNumber;
    authority_spoof_rate: z.ZodNumber;
    authority_spoof_seed: z.ZodNumber;
    authority_filter: z.ZodBoolean;
    rerank: z.ZodEnum<{
        none: "none";
        latest_step: "latest_step";
        last_occurrence: "last_occurrence";
        prefer_set_latest: "prefer_set_latest";
        prefer_update_latest: "prefer_update_latest";
        linear: "linear";
    }>;
    linear_model: z.ZodNullable<z.ZodString>;
    step_bucket: z.ZodNumber;
    linear_tie_break: z.ZodEnum<{
        none: "none";
        latest_step: "latest_step";
    }>;
    linear_tie_eps: z.ZodNumber;
    abstain_on_missing: z.ZodBoolean;
    abstain_policy: z.ZodEnum<{
        oracle: "oracle";
        observable: "observable";
    }>;
    deterministic_answer: z.ZodBoolean;
    copy_clamp: z.ZodBoolean;
    pick_then_answer: z.ZodBoolean;
    query_sandwich: z.ZodBoolean;
    include_clear: z.ZodBoolean;
    selector_only: z.ZodBoolean;
    selector_value: z.ZodBoolean;
    dense_embedder: z.ZodEnum<{
        openai: "openai";
        hashed: "hashed";
    }>;
    dense_model: z.ZodNullable<z.ZodString>;
    dense_base_url: z.ZodNullable<z.ZodString>;
    dense_dim: z.ZodNumber;
    retrieval_dialect: z.ZodEnum<{
        "1.0": "1.0";
        "reference-0.1": "reference-0.1";
    }>;
}, z.core.$strict>;
export type PipelineConfig = z.output<typeof PipelineConfigSchema>;
export declare const DEFAULT_PIPELINE_CONFIG: Readonly<PipelineConfig>;
/** A config value from text (grid cells, `key=value`), checked against the key's schema. */
export declare function parseConfigValue(key: string, raw: string, where: string): unknown;
/** The `GOLDEVIDENCEBENCH_RETRIEVAL_*` variables that are set, as config values. */
export declare function pipelineConfigFromEnv(env?: NodeJS.ProcessEnv): {
    values: Partial<PipelineConfig>;
    vars: Record<string, string>;
};
/** A JSON config file: any subset of the config keys (unknown keys are an error). */
export declare function readPipelineConfigFile(file: string): Partial<PipelineConfig>;
export interface ResolvedPipelineConfig {
    config: PipelineConfig;
    /** Where values came from, recorded next to the config. */
    sources: {
        env: Record<string, string>;
        file: string | null;
    };
}
/** defaults < env < file < flags, validated as a whole (cross-field rules included). */
export declare function resolvePipelineConfig(opts: {
    env?: NodeJS.ProcessEnv;
    file?: string | null;
    flags?: Partial<PipelineConfig>;
}): ResolvedPipelineConfig;
export declare function checkConfig(c: PipelineConfig): void;
/** The pipeline config a command's flags give (defaults < env < --pipeline-config < flags). */
export declare function pipelineFromCommand(cmd: Command): ResolvedPipelineConfig;
