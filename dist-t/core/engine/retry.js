export const DEFAULT_RETRY = { maxRetries: 6, baseDelayMs: 500, maxDelayMs: 60_000 };
/**
 * Delay before retry number `attempt` (0-based): full-jitter exponential backoff, but never
 * less than the server's Retry-After (plus up to 10% jitter so paused workers do not all
 * return in the same millisecond).
 */
export function backoffDelay(attempt, policy, retryAfterMs, rand = Math.random) {
    const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
    const jittered = rand() * cap;
    if (retryAfterMs === undefined)
        return jittered;
    return Math.min(Math.max(retryAfterMs, 0) * (1 + 0.1 * rand()), Math.max(policy.maxDelayMs, retryAfterMs));
}
export function sleep(ms, signal) {
    return new Promise((resolve, reject) => {
        if (signal?.aborted)
            return reject(signal.reason);
        const t = setTimeout(() => {
            signal?.removeEventListener("abort", onAbort);
            resolve();
        }, ms);
        const onAbort = () => {
            clearTimeout(t);
            reject(signal?.reason);
        };
        signal?.addEventListener("abort", onAbort, { once: true });
    });
}
/**
 * AIMD limiter over in-flight requests: a 429 halves the allowed concurrency (and, with a
 * Retry-After, pauses every worker until then); each run of `limit` successes adds one slot
 * back, up to the configured maximum. This keeps a rate-limited endpoint at the rate it
 * accepts instead of hammering it with retries.
 */
export class AdaptiveLimiter {
    max;
    active = 0;
    streak = 0;
    pausedUntil = 0;
    waiters = [];
    limit;
    constructor(max) {
        this.max = max;
        if (!Number.isInteger(max) || max < 1)
            throw new Error(`max concurrency must be a positive integer, got ${max}`);
        this.limit = max;
    }
    get inFlight() {
        return this.active;
    }
    async acquire(signal) {
        for (;;) {
            const wait = this.pausedUntil - Date.now();
            if (wait > 0) {
                await sleep(wait, signal);
                continue;
            }
            if (this.active < this.limit) {
                this.active++;
                return;
            }
            await new Promise((r) => this.waiters.push(r));
        }
    }
    release() {
        this.active--;
        this.wake();
    }
    onSuccess() {
        if (this.limit >= this.max)
            return;
        if (++this.streak >= this.limit) {
            this.streak = 0;
            this.limit++;
            this.wake();
        }
    }
    onRateLimit(retryAfterMs) {
        this.streak = 0;
        this.limit = Math.max(1, Math.floor(this.limit / 2));
        if (retryAfterMs !== undefined && retryAfterMs > 0) {
            this.pausedUntil = Math.max(this.pausedUntil, Date.now() + retryAfterMs);
        }
    }
    wake() {
        // Waiters re-check capacity themselves; wake as many as there are free slots.
        let free = this.limit - this.active;
        while (free-- > 0 && this.waiters.length > 0)
            this.waiters.shift()();
    }
}
//# sourceMappingURL=retry.js.map