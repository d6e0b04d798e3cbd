/**
 * The pipeline over a set of rows: selection for every row (pure), then answering: nothing
 * (selector-only), the selected entry itself (deterministic; no model is loaded), or any
 * engine model reading a mini book of the selected entry (or of all candidates, when the
 * answerer is to choose), with optional pick-then-answer and copy clamp. Rows the pipeline
 * does not handle (derived queries, rows without a key or ledger) go to the answerer whole,
 * as in the reference.
 */
import type { EvaluateResult, ModelClient, RetryPolicy, SamplingParams } from "../../core/engine/index.js";
import { type GebAnswer, type GebModelRecord, type GebPostprocess, type GebPromptOptions } from "../model/index.js";
import type { PipelineConfig } from "./config.js";
import { type PipelineRow, type Selection } from "./select.js";
export type AnswerSource = "selector" | "deterministic" | "model" | "abstain" | "empty" | "passthrough";
export interface RowPipelineOutcome {
    selection: Selection;
    source: AnswerSource;
    /** The entry the answer was built from (selector pick, or the answerer's pick). */
    answer_entry_uid: string | null;
    pick_uid: string | null;
    /** Copy clamp replaced the model's value by null (per trial). */
    copy_clamped: boolean[];
}
export interface EngineRunOptions {
    maxConcurrency: number;
    timeoutMs: number;
    retry: RetryPolicy;
    cacheDir?: string;
    resultsPath?: string;
    resume: boolean;
    overwrite: boolean;
    trials: number;
    price?: {
        input_per_mtok: number;
        output_per_mtok: number;
    };
    progress?: boolean;
}
export interface Answerer {
    client: ModelClient;
    params: SamplingParams;
    prompt: GebPromptOptions;
    postprocess: GebPostprocess;
    run: EngineRunOptions;
}
export interface PipelineRunOptions {
    rows: readonly (PipelineRow & {
        episode_id: string;
    })[];
    config: PipelineConfig;
    linearWeights?: readonly number[];
    /** null: no model (selector-only, or deterministic answers). */
    answerer: Answerer | null;
    maxSupportK?: number;
}
export interface PipelineRunResult {
    outcomes: RowPipelineOutcome[];
    /** Per trial: id → answer (undefined: out of contract or no answer; graded wrong). */
    predictions: Map<string, GebAnswer | undefined>[];
    /** Same with the reference citation repair applied to model answers (when asked). */
    predictionsPostprocessed: Map<string, GebAnswer | undefined>[] | null;
    records: GebModelRecord[];
    engine: EvaluateResult["summary"][];
    errors: number;
    trials: number;
    embeddings: {
        requests: number;
        texts: number;
    } | null;
}
/** Reference `_selection_question`. */
export declare function selectionQuestion(question: string, key: string): string;
/** Reference `_value_is_substring` (copy clamp). */
export declare function valueIsSubstring(predicted: string | null, entryValue: string | null): boolean;
/** Hash of the pipeline config: part of the answerer's config hash (results are keyed by it). */
export declare function pipelineHash(c: PipelineConfig, linearWeights?: readonly number[]): string;
export declare function runPipeline(opts: PipelineRunOptions): Promise<PipelineRunResult>;
