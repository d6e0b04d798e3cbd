import { Progress } from "../progress.js";
import { type Price } from "./accounting.js";
/**
 * Run progress for model calls: the core bar plus tokens, live completion tokens/s, spend
 * and errors. Tokens and cost count every record of the run (resumed, cached and live),
 * computed exactly as the run summary computes `usage.cost_usd`, so the last figure shown
 * equals the results' cost. Tokens/s counts live calls only.
 */
export declare class EngineProgress extends Progress {
    private promptTokens;
    private completionTokens;
    private liveTokens;
    private errors;
    price?: Price;
    record(opts?: {
        promptTokens?: number;
        completionTokens?: number;
        live?: boolean;
        resumed?: boolean;
    }): void;
    /** A request that ended in an error (counted as done: it will not be retried this run). */
    error(): void;
    /** What the bar shows as spend (null without a price): equals the summary's usage.cost_usd. */
    costUsd(): number | null;
    protected suffix(elapsedS: number): string;
}
