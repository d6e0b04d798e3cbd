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
  /**
   * Longest wait a server's Retry-After may impose (`--max-retry-wait-s`, default 60 s): a
   * larger one is waited only this long, then the request is tried again (and counts as a
   * retry), so one `Retry-After: 3600` cannot silence a run for an hour.
   */
  maxRetryWaitMs?: number;
}

export const DEFAULT_MAX_RETRY_WAIT_MS = 60_000;
export const DEFAULT_RETRY: RetryPolicy = {
  maxRetries: 6,
  baseDelayMs: 500,
  maxDelayMs: 60_000,
  maxRetryWaitMs: DEFAULT_MAX_RETRY_WAIT_MS,
};

/** Waits longer than this get one stderr line (a run must never go silent for long). */
export const WAIT_NOTICE_MS = 5_000;

/** The server's Retry-After, capped by the policy's `maxRetryWaitMs`. */
export function cappedRetryAfter(retryAfterMs: number | undefined, policy: RetryPolicy): number | undefined {
  if (retryAfterMs === undefined) return undefined;
  return Math.min(Math.max(retryAfterMs, 0), policy.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS);
}

/**
 * Delay before retry number `attempt` (0-based): full-jitter exponential backoff, but never
 * less than the server's Retry-After (plus up to 10% jitter so paused workers do not all
 * return in the same millisecond), and never more than the policy's `maxRetryWaitMs`.
 */
export function backoffDelay(
  attempt: number,
  policy: RetryPolicy,
  retryAfterMs?: number,
  rand: () => number = Math.random,
): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  const jittered = rand() * cap;
  const ra = cappedRetryAfter(retryAfterMs, policy);
  if (ra === undefined) return jittered;
  const most = policy.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS;
  return Math.min(ra * (1 + 0.1 * rand()), Math.max(Math.min(policy.maxDelayMs, most), ra));
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
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
  private active = 0;
  private streak = 0;
  private pausedUntil = 0;
  private readonly waiters: (() => void)[] = [];
  limit: number;

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1)
      throw new Error(`max concurrency must be a positive integer, got ${max}`);
    this.limit = max;
  }

  get inFlight(): number {
    return this.active;
  }

  async acquire(signal?: AbortSignal): Promise<void> {
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
      await new Promise<void>((r) => this.waiters.push(r));
    }
  }

  release(): void {
    this.active--;
    this.wake();
  }

  onSuccess(): void {
    if (this.limit >= this.max) return;
    if (++this.streak >= this.limit) {
      this.streak = 0;
      this.limit++;
      this.wake();
    }
  }

  onRateLimit(retryAfterMs?: number): void {
    this.streak = 0;
    this.limit = Math.max(1, Math.floor(this.limit / 2));
    if (retryAfterMs !== undefined && retryAfterMs > 0) {
      this.pausedUntil = Math.max(this.pausedUntil, Date.now() + retryAfterMs);
    }
  }

  private wake(): void {
    // Waiters re-check capacity themselves; wake as many as there are free slots.
    let free = this.limit - this.active;
    while (free-- > 0 && this.waiters.length > 0) this.waiters.shift()!();
  }
}
