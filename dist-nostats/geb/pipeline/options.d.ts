/**
 * Command-line flags of the pipeline (shared by `geb model --model retrieval…`,
 * `geb pipeline grid` and `geb selector export`). Unset flags stay undefined so the
 * environment and the config file can supply them.
 */
import { type Command } from "commander";
import type { PipelineConfig } from "./config.js";
/** Retrieval/selection flags (everything that shapes the candidate set and the pick). */
export declare function addSelectionOptions(cmd: Command): Command;
/** Answer-stage flags. */
export declare function addAnswerOptions(cmd: Command): Command;
export interface PipelineCliValues {
    pipelineConfig?: string;
    retriever?: PipelineConfig["retriever"];
    retrievalDialect?: PipelineConfig["retrieval_dialect"];
    k?: number;
    wrongType?: PipelineConfig["wrong_type"];
    order?: PipelineConfig["order"];
    orderSeed?: number;
    dropProb?: number;
    dropSeed?: number;
    spoofRate?: number;
    spoofSeed?: number;
    authorityFilter?: boolean;
    rerank?: PipelineConfig["rerank"];
    linearModel?: string;
    stepBucket?: number;
    linearTieBreak?: PipelineConfig["linear_tie_break"];
    linearTieEps?: number;
    denseEmbedder?: PipelineConfig["dense_embedder"];
    denseModel?: string;
    denseBaseUrl?: string;
    denseDim?: number;
    selectorOnly?: boolean;
    selectorValue?: boolean;
    deterministicAnswer?: boolean;
    abstainOnMissing?: boolean;
    abstainPolicy?: PipelineConfig["abstain_policy"];
    copyClamp?: boolean;
    pickThenAnswer?: boolean;
    includeClear?: boolean;
    querySandwich?: boolean;
}
/**
 * Flags → config values. Commander gives `--no-x` flags a default of true; those count as
 * set only when the user typed them (`setBy` says which were given on the command line).
 */
export declare function pipelineFlags(o: PipelineCliValues, given: (name: string) => boolean): Partial<PipelineConfig>;
