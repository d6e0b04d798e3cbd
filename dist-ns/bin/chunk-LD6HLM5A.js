import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  Option,
  floatFlag,
  intFlag
} from "./chunk-CRNPPSQM.js";

// src/geb/pipeline/config-keys.ts
var RETRIEVERS = ["key", "bm25", "tfidf", "dense"];
var WRONG_TYPES = ["none", "same_key", "other_key"];
var ORDERS = ["shuffle", "gold_first", "gold_middle", "gold_last"];
var RERANKERS = [
  "none",
  "latest_step",
  "last_occurrence",
  "prefer_set_latest",
  "prefer_update_latest",
  "linear"
];
var TIE_BREAKS = ["none", "latest_step"];
var EMBEDDERS = ["hashed", "openai"];
var ENV_VARS = {
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
  LINEAR_TIE_EPS: ["linear_tie_eps", "float"]
};
var ENV_PREFIX = "GOLDEVIDENCEBENCH_RETRIEVAL_";

// src/geb/pipeline/options.ts
var int = (flag, min) => intFlag(flag, { min });
var num = (flag, min, max) => floatFlag(flag, { min, max });
function addSelectionOptions(cmd) {
  return cmd.option(
    "--pipeline-config <file>",
    "JSON pipeline config (keys as recorded in results: retriever, k, rerank, \u2026)"
  ).addOption(new Option("--retriever <r>", "retriever (default key)").choices(RETRIEVERS)).addOption(
    new Option(
      "--retrieval-dialect <d>",
      "1.0 (default) or reference-0.1: whole-question query, oldest-first ties, dense runs key"
    ).choices(["1.0", "reference-0.1"])
  ).option("--k <n>", "candidates retrieved (default 1)", int("--k", 1)).addOption(new Option("--wrong-type <t>", "add one distractor entry (default none)").choices(WRONG_TYPES)).addOption(
    new Option("--order <o>", "candidate order shown to the selector (default shuffle)").choices(ORDERS)
  ).option("--order-seed <n>", "shuffle seed (per row: sha256 of seed and row id)", int("--order-seed")).option(
    "--drop-prob <x>",
    "probability of dropping the gold line from the candidates",
    num("--drop-prob", 0, 1)
  ).option("--drop-seed <n>", "drop seed", int("--drop-seed")).option(
    "--spoof-rate <x>",
    "authority spoof rate: flip NOTE\u2194SET as shown to the selector",
    num("--spoof-rate", 0, 1)
  ).option("--spoof-seed <n>", "spoof seed", int("--spoof-seed")).option("--authority-filter", "drop NOTE ledger lines before retrieval (hard gate)").option("--no-authority-filter", "no authority filter").addOption(new Option("--rerank <r>", "selector (default none: first candidate)").choices(RERANKERS)).option("--linear-model <file>", "linear selector model JSON (ours or the reference's)").option("--step-bucket <n>", "linear features: step bucket", int("--step-bucket", 1)).addOption(new Option("--linear-tie-break <t>", "linear: break near-ties by recency").choices(TIE_BREAKS)).option("--linear-tie-eps <x>", "linear: near-tie width", num("--linear-tie-eps", 0)).addOption(
    new Option("--dense-embedder <e>", "dense retriever embedder (default hashed)").choices(EMBEDDERS)
  ).option("--dense-model <name>", "openai embedder: model").option("--dense-base-url <url>", "openai embedder: base URL (\u2026/v1)").option("--dense-dim <n>", "hashed embedder dimensions (default 512)", int("--dense-dim", 1));
}
function addAnswerOptions(cmd) {
  return cmd.option("--selector-only", "no answerer: answer with the selected entry's id (and value)").option("--no-selector-value", "selector-only answers carry no value (the reference default)").option("--deterministic-answer", "answer with the selected entry's value; no model is loaded").option("--abstain-on-missing", "abstain (empty answer) when the gold line is not among the candidates").addOption(
    new Option("--abstain-policy <p>", "oracle (reference) or observable").choices([
      "oracle",
      "observable"
    ])
  ).option("--copy-clamp", "null the model's value unless it is a substring of the selected line").option("--pick-then-answer", "rerank none: the model first picks a candidate, then answers from it").option("--no-include-clear", "a lone CLEAR candidate is not shown; the model answers from the full row");
}
function pipelineFlags(o, given) {
  const g = (name, v) => given(name) ? v : void 0;
  return {
    retriever: o.retriever,
    retrieval_dialect: o.retrievalDialect,
    k: o.k,
    wrong_type: o.wrongType,
    order: o.order,
    order_seed: o.orderSeed,
    drop_prob: o.dropProb,
    drop_seed: o.dropSeed,
    authority_spoof_rate: o.spoofRate,
    authority_spoof_seed: o.spoofSeed,
    authority_filter: g("authorityFilter", o.authorityFilter),
    rerank: o.rerank,
    linear_model: o.linearModel,
    step_bucket: o.stepBucket,
    linear_tie_break: o.linearTieBreak,
    linear_tie_eps: o.linearTieEps,
    dense_embedder: o.denseEmbedder,
    dense_model: o.denseModel,
    dense_base_url: o.denseBaseUrl,
    dense_dim: o.denseDim,
    selector_only: g("selectorOnly", o.selectorOnly),
    selector_value: g("selectorValue", o.selectorValue),
    deterministic_answer: g("deterministicAnswer", o.deterministicAnswer),
    abstain_on_missing: g("abstainOnMissing", o.abstainOnMissing),
    abstain_policy: o.abstainPolicy,
    copy_clamp: g("copyClamp", o.copyClamp),
    pick_then_answer: g("pickThenAnswer", o.pickThenAnswer),
    include_clear: g("includeClear", o.includeClear),
    query_sandwich: g("querySandwich", o.querySandwich)
  };
}

export {
  RETRIEVERS,
  WRONG_TYPES,
  ORDERS,
  RERANKERS,
  TIE_BREAKS,
  EMBEDDERS,
  ENV_VARS,
  ENV_PREFIX,
  addSelectionOptions,
  addAnswerOptions,
  pipelineFlags
};
