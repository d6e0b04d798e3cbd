import type { Command } from "commander";
import type { PriceTable } from "./accounting.js";
import { type RetryPolicy } from "./retry.js";
import type { ModelClient, ResponseFormat, SamplingParams } from "./types.js";
export declare function addModelOptions(cmd: Command): Command;
export interface ModelCliValues {
    model: string;
    baseUrl?: string;
    apiKeyEnv?: string;
    commandArg?: string[];
    promptVia?: "stdin" | "file";
    modelOption?: string[];
    temperature?: string;
    topP?: string;
    topK?: string;
    maxTokens?: string;
    seed?: string;
    stop?: string[];
    responseFormat?: string;
    maxConcurrency?: string;
    timeoutS?: string;
    maxRetries?: string;
    maxConsecutiveErrors?: string;
    cacheDir?: string;
    results?: string;
    resume?: boolean;
    overwrite?: boolean;
    limit?: string;
    trials?: string;
    priceTable?: string;
    progress?: boolean;
}
export declare function num(flag: string, v: string | undefined, opts?: {
    int?: boolean;
    min?: number;
}): number | undefined;
export declare function parseResponseFormat(v: string): ResponseFormat;
/** Sampling params given on the command line (unset flags stay unset). */
export declare function paramsFromOptions(o: ModelCliValues): SamplingParams;
export interface EngineFromOptions {
    client: ModelClient;
    /** Params set on the command line; merge over a task's defaults. */
    params: SamplingParams;
    run: {
        maxConcurrency: number;
        timeoutMs: number;
        retry: RetryPolicy;
        cacheDir?: string;
        resultsPath?: string;
        resume: boolean;
        overwrite: boolean;
        limit?: number;
        trials: number;
        price?: {
            input_per_mtok: number;
            output_per_mtok: number;
        };
        /** true: --progress, false: --no-progress, undefined: only on a terminal. */
        progress: boolean | undefined;
        maxConsecutiveErrors: number;
    };
    priceTable?: PriceTable;
}
export declare function engineFromOptions(o: ModelCliValues): Promise<EngineFromOptions>;
