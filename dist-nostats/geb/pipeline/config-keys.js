export const RETRIEVERS = ["key", "bm25", "tfidf", "dense"];
export const WRONG_TYPES = ["none", "same_key", "other_key"];
export const ORDERS = ["shuffle", "gold_first", "gold_middle", "gold_last"];
export const RERANKERS = [
    "none",
    "latest_step",
    "last_occurrence",
    "prefer_set_latest",
    "prefer_update_latest",
    "linear",
];
export const TIE_BREAKS = ["none", "latest_step"];
export const EMBEDDERS = ["hashed", "openai"];
/** The reference's environment variables (prefix GOLDEVIDENCEBENCH_RETRIEVAL_) → config keys. */
export const ENV_VARS = {
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
};
export const ENV_PREFIX = "GOLDEVIDENCEBENCH_RETRIEVAL_";
//# sourceMappingURL=config-keys.js.map