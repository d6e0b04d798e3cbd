/**
 * GoldEvidenceBench model runs on the engine: rows → the reference's closed-book ledger
 * prompts → any client → records that keep the raw text, the contract-checked answer, and
 * (only when asked) the reference's citation repair as a separate field. `src/geb` grades
 * the records; this module never scores.
 */
import { type EvaluateOptions, type EvaluateResult } from "../../core/engine/engine.js";
import type { EngineRecord } from "../../core/engine/results.js";
import type { ModelClient, SamplingParams } from "../../core/engine/types.js";
import { type GebPromptOptions, type GebPromptRow } from "./prompts.js";
export interface GebAnswer {
    value: string | null;
    support_ids: string[];
}
/** Version of the prompt-building + answer-contract code; part of the config hash. */
export declare const GEB_TASK_VERSION = "geb-ledger-task@1";
/**
 * The reference's lenient JSON extraction: the whole text if it is a JSON object, else the
 * span from the first `{` to the last `}`. Returns null when neither is an object.
 */
export declare function parseModelJsonAnswer(text: string): Record<string, unknown> | null;
export interface AnswerCheck {
    answer: GebAnswer | null;
    invalid_reason: string | null;
}
/**
 * Check a candidate `{value, support_id(s)}` against the answer contract (the reference's
 * `validate_adapter_output`): value a string or null (numbers/booleans coerced as Python
 * would), support_ids a list of strings, at most `maxSupportK`, each an entry of the row's
 * ledger. Out of contract → `answer: null` with the reason (scored as wrong).
 */
export declare function checkAnswer(obj: Record<string, unknown>, opts: {
    requireCitations: boolean;
    validIds: ReadonlySet<string>;
    maxSupportK: number;
}): AnswerCheck;
/** What the model said, checked against the contract, with no rewriting at all. */
export declare function interpretGebText(text: string, opts: {
    requireCitations: boolean;
    validIds: ReadonlySet<string>;
    maxSupportK: number;
}): AnswerCheck;
export declare function inferKeyFromQuestion(q: string): string | null;
export interface RepairResult extends AnswerCheck {
    /** What the repair changed relative to the model's own output. */
    changes: string[];
}
/**
 * The reference llama-server / external-CLI adapters' post-processing, reproduced so its
 * effect can be measured: upper-case support IDs, then replace them with the ledger entry
 * for the asked key whose value matches the answer (else the key's latest entry) and, for
 * direct queries, replace the value with that entry's value; when the output is not JSON
 * at all, synthesise that answer from the ledger. The result is checked with the same
 * contract. This rewrites answers, so it is never the headline score.
 */
export declare function referenceCitationRepair(row: GebPromptRow, text: string, opts: {
    requireCitations: boolean;
    maxSupportK: number;
}): RepairResult;
export type GebPostprocess = "none" | "reference-repair";
/** Task fields every GEB record carries next to the engine fields. */
export interface GebTaskFields {
    require_citations: boolean;
    /** The model's own answer, contract-checked; null when out of contract. */
    answer: GebAnswer | null;
    /** Why the output is out of contract (scored as wrong), or null. */
    invalid_reason: string | null;
    /** Present only with `postprocess: "reference-repair"`; never the headline. */
    postprocessed: {
        method: "reference-repair";
        answer: GebAnswer | null;
        invalid_reason: string | null;
        changes: string[];
    } | null;
}
export type GebModelRecord = EngineRecord & GebTaskFields;
export interface RunModelOverRowsOptions extends Omit<EvaluateOptions<GebPromptRow>, "items" | "itemId" | "build" | "interpret" | "configHash" | "client"> {
    rows: readonly GebPromptRow[];
    client: ModelClient;
    prompt?: GebPromptOptions;
    /** Sampling params (default: the reference's greedy decode, 64 tokens, its stop strings). */
    params?: SamplingParams;
    postprocess?: GebPostprocess;
    maxSupportK?: number;
}
export interface RunModelOverRowsResult extends Omit<EvaluateResult, "records"> {
    records: GebModelRecord[];
}
export declare function gebInterpret(row: GebPromptRow, text: string, opts: {
    prompt?: GebPromptOptions;
    postprocess?: GebPostprocess;
    maxSupportK?: number;
}): GebTaskFields;
/** Config hash of a GEB run: client, params and every prompt option. */
export declare function gebConfigHash(client: ModelClient, params: SamplingParams, prompt?: GebPromptOptions): string;
/**
 * Run a model over GEB rows (closed book). Records come back ordered by trial then row;
 * rows kept from a resumed file are re-interpreted from their raw text, so the answer and
 * post-processing fields always follow the current options.
 */
export declare function runModelOverRows(opts: RunModelOverRowsOptions): Promise<RunModelOverRowsResult>;
/**
 * Predictions of one trial for the grader. `invalid` lists ids whose output broke the
 * contract: grade them as wrong on every metric (do not grade them as value null, which
 * would count as correct for CLEARed keys). Rows with no record (transport errors) are
 * absent from both and must also be graded wrong.
 */
export declare function gebPredictions(records: readonly GebModelRecord[], opts?: {
    trial?: number;
    source?: "model" | "postprocessed";
}): {
    predictions: Map<string, GebAnswer>;
    invalid: Set<string>;
};
/**
 * The reference `model` payload's `efficiency` block from a run summary, plus our extras.
 * `tokens` are model tokens (server-reported, else estimated; see `tokens_source`), where
 * the reference's server adapters fall back to whitespace words of the inputs.
 */
export declare function gebEfficiency(summary: EvaluateResult["summary"]): {
    tokens: number;
    tokens_per_q: number;
    passes: number;
    wall_s: number;
    wall_s_per_q: number;
    prefill_s: number | null;
    decode_s: number | null;
    prefill_s_per_q: number | null;
    decode_s_per_q: number | null;
    prompt_tokens: number;
    completion_tokens: number;
    tokens_source: string;
    live_calls: number;
    cache_hits: number;
    resumed: number;
    errors: number;
    invalid: number;
    latency_ms_p50: number | null;
    latency_ms_p95: number | null;
    cost_usd: number | null;
};
