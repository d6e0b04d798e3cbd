import type { LatencyStats } from "./accounting.js";
import { type Price, type UsageSummary } from "./accounting.js";
import { type ResponseCache } from "./cache.js";
import { ModelError } from "./errors.js";
import { RunGuard } from "./failfast.js";
import { type EngineRecord } from "./results.js";
import { type RetryPolicy } from "./retry.js";
import type { ClientDescriptor, ModelClient, ModelRequest, ModelResponse } from "./types.js";
export interface EngineJob<I = unknown> {
    itemId: string;
    trial: number;
    item: I;
    request: ModelRequest;
}
export interface JobOutcome<I = unknown> {
    job: EngineJob<I>;
    response?: ModelResponse;
    /** Set when every attempt failed (or the error was not retryable). */
    error?: ModelError;
    cached: boolean;
    attempts: number;
    /** Wall time of the successful attempt; null for cache hits and failures. */
    latencyMs: number | null;
}
export interface RunJobsOptions<I> {
    client: ModelClient;
    maxConcurrency: number;
    retry?: RetryPolicy;
    /** Per-attempt timeout (default 120 s). */
    timeoutMs?: number;
    cache?: ResponseCache;
    signal?: AbortSignal;
    /**
     * When to stop the run early (see RunGuard). Default: a fresh guard per call with
     * `DEFAULT_MAX_CONSECUTIVE_ERRORS`; pass one guard to several calls forming one run.
     */
    guard?: RunGuard;
    onOutcome(outcome: JobOutcome<I>): Promise<void> | void;
}
export interface RunJobsStats {
    jobs: number;
    live_calls: number;
    cache_hits: number;
    errors: number;
    attempts: number;
    retries: number;
    rate_limited: number;
    /** The error that stopped the run early (remaining jobs were not run), else null. */
    stopped: ModelError | null;
}
/**
 * Run jobs with at most `maxConcurrency` requests in flight (fewer while the adaptive limiter
 * is backing off a 429), retrying retryable failures with jittered exponential backoff that
 * honours Retry-After. Jobs are pulled lazily from the iterable, so memory stays flat.
 * Successful responses go to the cache; errors never do. Cache hits skip the limiter and
 * carry no latency. Permanent failures are never retried and stop the run (`guard`):
 * in-flight requests are aborted, no further job is started, and `stats.stopped` says why.
 */
export declare function runJobs<I>(jobs: Iterable<EngineJob<I>>, opts: RunJobsOptions<I>): Promise<RunJobsStats>;
export interface ErrorRecord {
    item_id: string;
    trial: number;
    config_hash: string;
    /** `reason` names the specific cause (connection_refused, unauthorized, …; see ModelErrorReason). */
    error: {
        kind: string;
        reason: string | null;
        message: string;
        status: number | null;
    };
    attempts: number;
    /** Messages of the failed request (in the prompt store when the run keeps prompts). */
    prompt_sha256: string;
}
export interface RunSummary {
    model: ClientDescriptor;
    config_hash: string;
    items: number;
    trials: number;
    /** Jobs this process scheduled (excludes rows kept from a resumed file). */
    jobs: number;
    resumed: number;
    live_calls: number;
    cache_hits: number;
    errors: number;
    /** Records whose output broke the task's contract (scored as wrong). */
    invalid: number;
    attempts: number;
    retries: number;
    rate_limited: number;
    /** The first failed request of this process (null when none failed). */
    first_error: ErrorRecord["error"] | null;
    /** Totals over every record of the run (resumed, cached and live). */
    usage: UsageSummary;
    /** This process's live calls only: what this invocation spent. */
    live_usage: {
        prompt_tokens: number;
        completion_tokens: number;
        cost_usd: number | null;
    };
    /** Live calls only (cache hits have no latency). */
    latency: LatencyStats | null;
    wall_s: number;
    /** Live completion tokens per wall second. */
    completion_tokens_per_s: number;
    /** Harness CPU (user+system) per live call, in ms (includes whatever else runs in-process). */
    cpu_ms_per_call: number | null;
    aborted: boolean;
}
export interface EvaluateOptions<I> {
    items: readonly I[];
    itemId(item: I): string;
    /** Request for one item; `promptTemplate` is recorded (id@version) for provenance. */
    build(item: I, trial: number): {
        request: ModelRequest;
        promptTemplate: string | null;
    };
    /**
     * Task fields for a record from the model's raw text (parsed answer, invalid reason,
     * post-processing). Must not throw for any text; if it does, the record gets
     * `invalid_reason` and the run continues.
     */
    interpret?(item: I, text: string, trial: number): Record<string, unknown>;
    client: ModelClient;
    /** Identity of (client, params, prompt config); see `modelConfigHash`. */
    configHash: string;
    trials?: number;
    limit?: number;
    maxConcurrency?: number;
    retry?: RetryPolicy;
    timeoutMs?: number;
    cache?: ResponseCache;
    cacheDir?: string;
    resultsPath?: string;
    resume?: boolean;
    overwrite?: boolean;
    price?: Price;
    /** Vary `params.seed` by trial (seed + trial) so trials are distinct samples (default true). */
    seedPerTrial?: boolean;
    /** true: always (plain lines when not a TTY); false: never; default: only on a TTY. */
    progress?: boolean;
    label?: string;
    signal?: AbortSignal;
    /** Stop after this many requests in a row failed the same way (default 5; 0: never). */
    maxConsecutiveErrors?: number;
    /**
     * Keep each rendered prompt in `<results>.prompts.jsonl`, keyed by `prompt_sha256`
     * (default true when `resultsPath` is set); see PromptStore.
     */
    keepPrompts?: boolean;
}
export interface EvaluateResult {
    /** One record per (item, trial) that has an answer, ordered by trial then item order. */
    records: EngineRecord[];
    errors: ErrorRecord[];
    summary: RunSummary;
}
/** Hash of everything that determines the answers: client identity, params, prompt config. */
export declare function modelConfigHash(parts: {
    client: ClientDescriptor;
    params: unknown;
    prompt: unknown;
}): string;
/**
 * Evaluate a model over items × trials: skip keys already in the results file (resume),
 * run the rest through `runJobs`, append one record per answer, and summarise usage,
 * latency and cost. Transport failures after all retries become ErrorRecords (appended to
 * `<results>.errors.jsonl`), are not written as results, and are retried by a later
 * `--resume`; an answer that breaks the task contract is a normal record with a reason.
 * A permanent failure (bad key, unknown model, no server; see RunGuard) stops the run: the
 * rows answered so far are kept, then `RunStoppedError` is thrown with the one-line cause.
 */
export declare function evaluate<I>(opts: EvaluateOptions<I>): Promise<EvaluateResult>;
