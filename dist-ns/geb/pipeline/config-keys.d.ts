/**
 * The pipeline config's enumerations and the reference's environment variables, without the
 * schema (./config.ts re-exports them): declaring the command-line flags needs only these, so
 * `geb --help` does not load zod (start-up, docs/performance.md).
 */
import type { PipelineConfig } from "./config.js";
export declare const RETRIEVERS: readonly ["key", "bm25", "tfidf", "dense"];
export declare const WRONG_TYPES: readonly ["none", "same_key", "other_key"];
export declare const ORDERS: readonly ["shuffle", "gold_first", "gold_middle", "gold_last"];
export declare const RERANKERS: readonly ["none", "latest_step", "last_occurrence", "prefer_set_latest", "prefer_update_latest", "linear"];
export declare const TIE_BREAKS: readonly ["none", "latest_step"];
export declare const EMBEDDERS: readonly ["hashed", "openai"];
export type Kind = "bool" | "int" | "float" | "enum" | "string";
/** The reference's environment variables (prefix GOLDEVIDENCEBENCH_RETRIEVAL_) → config keys. */
export declare const ENV_VARS: Readonly<Record<string, [keyof PipelineConfig, Kind]>>;
export declare const ENV_PREFIX = "GOLDEVIDENCEBENCH_RETRIEVAL_";
