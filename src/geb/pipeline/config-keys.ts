/**
 * The pipeline config's enumerations and the reference's environment variables, without the
 * schema (./config.ts re-exports them): declaring the command-line flags needs only these, so
 * `geb --help` does not load zod (start-up, docs/performance.md). This module is the floor of
 * the pipeline's config: the schema (./config.ts) and the flags (./options.ts) both build on it
 * and it imports neither.
 */

export const RETRIEVERS = ["key", "bm25", "tfidf", "dense"] as const;
export const WRONG_TYPES = ["none", "same_key", "other_key"] as const;
export const ORDERS = ["shuffle", "gold_first", "gold_middle", "gold_last"] as const;
export const RERANKERS = [
  "none",
  "latest_step",
  "last_occurrence",
  "prefer_set_latest",
  "prefer_update_latest",
  "linear",
] as const;
export const TIE_BREAKS = ["none", "latest_step"] as const;
export const EMBEDDERS = ["hashed", "openai"] as const;
export const ABSTAIN_POLICIES = ["oracle", "observable"] as const;
export const RETRIEVAL_DIALECTS = ["1.0", "reference-0.1"] as const;

export type Retriever = (typeof RETRIEVERS)[number];
export type WrongType = (typeof WRONG_TYPES)[number];
export type Order = (typeof ORDERS)[number];
export type Reranker = (typeof RERANKERS)[number];
export type TieBreak = (typeof TIE_BREAKS)[number];
export type Embedder = (typeof EMBEDDERS)[number];
export type AbstainPolicy = (typeof ABSTAIN_POLICIES)[number];
export type RetrievalDialect = (typeof RETRIEVAL_DIALECTS)[number];

export type Kind = "bool" | "int" | "float" | "enum" | "string";
/** The reference's environment variables (prefix GOLDEVIDENCEBENCH_RETRIEVAL_) → config keys. */
const ENV_ENTRIES = {
  INCLUDE_CLEAR: ["include_clear", "bool"],
  K: ["k", "int"],
  WRONG_TYPE: ["wrong_type", "enum"],
  DROP_PROB: ["drop_prob", "float"],
  DROP_SEED: ["drop_seed", "int"],
  AUTHORITY_SPOOF_RATE: ["authority_spoof_rate", "float"],
  AUTHORITY_SPOOF_SEED: ["authority_spoof_seed", "int"],
  ORDER: ["order", "enum"],
  ORDER_SEED: ["order_seed", "int"],
  RETRIEVER: ["retriever", "enum"],
  QUERY_SANDWICH: ["query_sandwich", "bool"],
  PICK_THEN_ANSWER: ["pick_then_answer", "bool"],
  DETERMINISTIC_ANSWER: ["deterministic_answer", "bool"],
  COPY_CLAMP: ["copy_clamp", "bool"],
  RERANK: ["rerank", "enum"],
  SELECTOR_ONLY: ["selector_only", "bool"],
  SELECTOR_VALUE: ["selector_value", "bool"],
  AUTHORITY_FILTER: ["authority_filter", "bool"],
  ABSTAIN_ON_MISSING: ["abstain_on_missing", "bool"],
  ABSTAIN_POLICY: ["abstain_policy", "enum"],
  LINEAR_MODEL: ["linear_model", "string"],
  STEP_BUCKET: ["step_bucket", "int"],
  LINEAR_TIE_BREAK: ["linear_tie_break", "enum"],
  LINEAR_TIE_EPS: ["linear_tie_eps", "float"],
} as const satisfies Readonly<Record<string, readonly [string, Kind]>>;
/** The config keys the variables set (./config.ts checks them against the schema's keys). */
export type EnvKey = (typeof ENV_ENTRIES)[keyof typeof ENV_ENTRIES][0];
export const ENV_VARS: Readonly<Record<string, readonly [EnvKey, Kind]>> = ENV_ENTRIES;
export const ENV_PREFIX = "GOLDEVIDENCEBENCH_RETRIEVAL_";
