import type { EngineRecord } from "./results.js";
import type { ModelRequest, ModelResponse, TokenUsage } from "./types.js";
/**
 * Token count when the server reports no usage: o200k BPE (gpt-tokenizer) over the message
 * contents when that optional package is installed (special-token text counted as plain text);
 * otherwise the chars/4 heuristic (UTF-16 code units / 4, rounded up). Either way the record
 * says `estimated: true`; docs/models.md names both estimators.
 */
export declare function estimateTokens(text: string): number;
/** Which estimator `estimateTokens` uses in this install. */
export declare const tokenEstimator: () => "o200k" | "chars/4";
export declare function usageFor(request: ModelRequest, response: ModelResponse): TokenUsage & {
    estimated: boolean;
};
/** USD per million tokens. */
export interface Price {
    input_per_mtok: number;
    output_per_mtok: number;
}
export type PriceTable = Record<string, Price>;
/** Load a price table JSON: `{ "<model>": { "input_per_mtok": 0.15, "output_per_mtok": 0.6 } }`. */
export declare function loadPriceTable(file: string): Promise<PriceTable>;
export declare function priceFor(table: PriceTable | undefined, model: string): Price | undefined;
export declare function costUsd(price: Price, promptTokens: number, completionTokens: number): number;
export interface LatencyStats {
    n: number;
    mean_ms: number;
    p50_ms: number;
    p95_ms: number;
    max_ms: number;
}
/** Nearest-rank percentiles over live (non-cached) calls. */
export declare function latencyStats(values: readonly number[]): LatencyStats | null;
export interface TrialStats {
    n: number;
    mean: number;
    /** Sample standard deviation (n − 1); 0 for a single trial. */
    stdev: number;
    min: number;
    max: number;
}
/** Spread of one metric across trials. */
export declare function trialStats(values: readonly number[]): TrialStats | null;
export interface UsageSummary {
    records: number;
    prompt_tokens: number;
    completion_tokens: number;
    /** Records whose usage was estimated with the tokenizer (server reported none). */
    estimated_records: number;
    prefill_s: number | null;
    decode_s: number | null;
    cost_usd: number | null;
}
/** Token, phase-time and cost totals over records (one model config). */
export declare function summarizeUsage(records: Iterable<EngineRecord>, price?: Price): UsageSummary;
/** Usage summaries per model (`kind:model`), for reports that mix several runs. */
export declare function summarizeByModel(records: Iterable<EngineRecord>, table?: PriceTable): Record<string, UsageSummary>;
