/**
 * Command-line flags of the pipeline (shared by `geb model --model retrieval…`,
 * `geb pipeline grid` and `geb selector export`). Unset flags stay undefined so the
 * environment and the config file can supply them.
 */
import { type Command, Option } from "commander";
import { floatFlag, intOrSeedFlag } from "../../core/cli.js";
// The enumerations only, not the schema: declaring flags (`geb --help`) does not load zod.
import {
  ABSTAIN_POLICIES,
  type AbstainPolicy,
  EMBEDDERS,
  type Embedder,
  ORDERS,
  type Order,
  RERANKERS,
  RETRIEVAL_DIALECTS,
  RETRIEVERS,
  type RetrievalDialect,
  type Reranker,
  type Retriever,
  TIE_BREAKS,
  type TieBreak,
  WRONG_TYPES,
  type WrongType,
} from "./config-keys.js";

// Flag values: the shared validated parsers (src/core/cli.ts).
// `int(flag)` is a seed.
const int = intOrSeedFlag;
const num = (flag: string, min = -1e6, max = 1e6) => floatFlag(flag, { min, max });

/** Retrieval/selection flags (everything that shapes the candidate set and the pick). */
export function addSelectionOptions(cmd: Command): Command {
  return cmd
    .option(
      "--pipeline-config <file>",
      "JSON pipeline config (keys as recorded in results: retriever, k, rerank, …)",
    )
    .addOption(new Option("--retriever <r>", "retriever (default key)").choices(RETRIEVERS))
    .addOption(
      new Option(
        "--retrieval-dialect <d>",
        "1.0 (default) or reference-0.1: whole-question query, oldest-first ties, dense runs key",
      ).choices(RETRIEVAL_DIALECTS),
    )
    .option("--k <n>", "candidates retrieved (default 1)", int("--k", 1))
    .addOption(new Option("--wrong-type <t>", "add one distractor entry (default none)").choices(WRONG_TYPES))
    .addOption(
      new Option("--order <o>", "candidate order shown to the selector (default shuffle)").choices(ORDERS),
    )
    .option("--order-seed <n>", "shuffle seed (per row: sha256 of seed and row id)", int("--order-seed"))
    .option(
      "--drop-prob <x>",
      "probability of dropping the gold line from the candidates",
      num("--drop-prob", 0, 1),
    )
    .option("--drop-seed <n>", "drop seed", int("--drop-seed"))
    .option(
      "--spoof-rate <x>",
      "authority spoof rate: flip NOTE↔SET as shown to the selector",
      num("--spoof-rate", 0, 1),
    )
    .option("--spoof-seed <n>", "spoof seed", int("--spoof-seed"))
    .option("--authority-filter", "drop NOTE ledger lines before retrieval (hard gate)")
    .option("--no-authority-filter", "no authority filter")
    .addOption(new Option("--rerank <r>", "selector (default none: first candidate)").choices(RERANKERS))
    .option("--linear-model <file>", "linear selector model JSON (ours or the reference's)")
    .option("--step-bucket <n>", "linear features: step bucket", int("--step-bucket", 1))
    .addOption(new Option("--linear-tie-break <t>", "linear: break near-ties by recency").choices(TIE_BREAKS))
    .option("--linear-tie-eps <x>", "linear: near-tie width", num("--linear-tie-eps", 0))
    .addOption(
      new Option("--dense-embedder <e>", "dense retriever embedder (default hashed)").choices(EMBEDDERS),
    )
    .option("--dense-model <name>", "openai embedder: model")
    .option("--dense-base-url <url>", "openai embedder: base URL (…/v1)")
    .option("--dense-dim <n>", "hashed embedder dimensions (default 512)", int("--dense-dim", 1, 1_000_000));
}

/** Answer-stage flags. */
export function addAnswerOptions(cmd: Command): Command {
  return cmd
    .option("--selector-only", "no answerer: answer with the selected entry's id (and value)")
    .option("--no-selector-value", "selector-only answers carry no value (the reference default)")
    .option("--deterministic-answer", "answer with the selected entry's value; no model is loaded")
    .option("--abstain-on-missing", "abstain (empty answer) when the gold line is not among the candidates")
    .addOption(
      new Option("--abstain-policy <p>", "oracle (reference) or observable").choices(ABSTAIN_POLICIES),
    )
    .option("--copy-clamp", "null the model's value unless it is a substring of the selected line")
    .option("--pick-then-answer", "rerank none: the model first picks a candidate, then answers from it")
    .option("--no-include-clear", "a lone CLEAR candidate is not shown; the model answers from the full row");
}

export interface PipelineCliValues {
  pipelineConfig?: string;
  retriever?: Retriever;
  retrievalDialect?: RetrievalDialect;
  k?: number;
  wrongType?: WrongType;
  order?: Order;
  orderSeed?: number;
  dropProb?: number;
  dropSeed?: number;
  spoofRate?: number;
  spoofSeed?: number;
  authorityFilter?: boolean;
  rerank?: Reranker;
  linearModel?: string;
  stepBucket?: number;
  linearTieBreak?: TieBreak;
  linearTieEps?: number;
  denseEmbedder?: Embedder;
  denseModel?: string;
  denseBaseUrl?: string;
  denseDim?: number;
  selectorOnly?: boolean;
  selectorValue?: boolean;
  deterministicAnswer?: boolean;
  abstainOnMissing?: boolean;
  abstainPolicy?: AbstainPolicy;
  copyClamp?: boolean;
  pickThenAnswer?: boolean;
  includeClear?: boolean;
  querySandwich?: boolean;
}

/**
 * Flags → config values (a `Partial<PipelineConfig>`: ./config.ts, which sits above this module,
 * checks that where it passes them on). Commander gives `--no-x` flags a default of true; those
 * count as set only when the user typed them (`setBy` says which were given on the command line).
 */
export function pipelineFlags(o: PipelineCliValues, given: (name: string) => boolean) {
  const g = <T>(name: string, v: T | undefined): T | undefined => (given(name) ? v : undefined);
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
    query_sandwich: g("querySandwich", o.querySandwich),
  };
}
