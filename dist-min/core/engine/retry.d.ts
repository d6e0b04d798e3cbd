/**
 * Retry timing and adaptive concurrency. Jitter uses Math.random: it only spreads request
 * times and never reaches a scored artifact.
 */
export interface RetryPolicy {
    /** Retries after the first attempt (so attempts ≤ maxRetries + 1). */
    maxRetries: number;
    /** First backoff step; doubles per attempt (full jitter). */
    baseDelayMs: number;
    maxDelayMs: number;
}
export declare const DEFAULT_RETRY: RetryPolicy;
/**
 * Delay before retry number `attempt` (0-based): full-jitter exponential backoff, but never
 * less than the server's Retry-After (plus up to 10% jitter so paused workers do not all
 * return in the same millisecond).
 */
export declare function backoffDelay(attempt: number, policy: RetryPolicy, retryAfterMs?: number, rand?: () => number): number;
export declare function sleep(ms: number, signal?: AbortSignal): Promise<void>;
/**
 * AIMD limiter over in-flight requests: a 429 halves the allowed concurrency (and, with a
 * Retry-After, pauses every worker until then); each run of `limit` successes adds one slot
 * back, up to the configured maximum. This keeps a rate-limited endpoint at the rate it
 * accepts instead of hammering it with retries.
 */
export declare class AdaptiveLimiter {
    readonly max: number;
    private active;
    private streak;
    private pausedUntil;
    private readonly waiters;
    limit: number;
    constructor(max: number);
    get inFlight(): number;
    acquire(signal?: AbortSignal): Promise<void>;
    release(): void;
    onSuccess(): void;
    onRateLimit(retryAfterMs?: number): void;
    private wake;
}
