import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/core/engine/failfast.ts
import { ModelError } from "../core/engine/errors.js";
var DEFAULT_MAX_CONSECUTIVE_ERRORS = 5;
var RunGuard = class {
  constructor(maxConsecutive = DEFAULT_MAX_CONSECUTIVE_ERRORS) {
    this.maxConsecutive = maxConsecutive;
    if (!Number.isInteger(maxConsecutive) || maxConsecutive < 0)
      throw new Error(`maxConsecutive must be a non-negative integer, got ${maxConsecutive}`);
  }
  maxConsecutive;
  successes = 0;
  streakKey = "";
  streak = 0;
  /** The error that stopped the run, once stopped. */
  stopped;
  get succeeded() {
    return this.successes;
  }
  onSuccess() {
    this.successes++;
    this.streak = 0;
    this.streakKey = "";
  }
  /**
   * An attempt failed: the error to stop the run with (marked permanent), or undefined to
   * carry on with the job's own retry policy.
   */
  onAttemptError(err) {
    if (err.kind === "aborted") return void 0;
    if (err.permanent) return this.stop(err);
    if (this.successes === 0 && err.connectFailure) return this.stop(err.asPermanent());
    return void 0;
  }
  /** A job gave up (after its retries): the error to stop the run with, or undefined. */
  onJobError(err) {
    if (err.kind === "aborted") return void 0;
    if (err.permanent) return this.stop(err);
    const key = `${err.kind}:${err.reason ?? ""}:${err.status ?? ""}`;
    this.streak = key === this.streakKey ? this.streak + 1 : 1;
    this.streakKey = key;
    if (this.maxConsecutive > 0 && this.streak >= this.maxConsecutive) {
      return this.stop(
        new ModelError(
          err.kind,
          `${err.message} (${this.streak} requests in a row failed this way; stopping)`,
          { status: err.status, reason: err.reason, permanent: true }
        )
      );
    }
    return void 0;
  }
  stop(err) {
    this.stopped ??= err;
    return this.stopped;
  }
};

// src/core/engine/retry.ts
var DEFAULT_RETRY = { maxRetries: 6, baseDelayMs: 500, maxDelayMs: 6e4 };
function backoffDelay(attempt, policy, retryAfterMs, rand = Math.random) {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  const jittered = rand() * cap;
  if (retryAfterMs === void 0) return jittered;
  return Math.min(Math.max(retryAfterMs, 0) * (1 + 0.1 * rand()), Math.max(policy.maxDelayMs, retryAfterMs));
}
function sleep(ms, signal) {
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
var AdaptiveLimiter = class {
  constructor(max) {
    this.max = max;
    if (!Number.isInteger(max) || max < 1)
      throw new Error(`max concurrency must be a positive integer, got ${max}`);
    this.limit = max;
  }
  max;
  active = 0;
  streak = 0;
  pausedUntil = 0;
  waiters = [];
  limit;
  get inFlight() {
    return this.active;
  }
  async acquire(signal) {
    for (; ; ) {
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
    if (this.limit >= this.max) return;
    if (++this.streak >= this.limit) {
      this.streak = 0;
      this.limit++;
      this.wake();
    }
  }
  onRateLimit(retryAfterMs) {
    this.streak = 0;
    this.limit = Math.max(1, Math.floor(this.limit / 2));
    if (retryAfterMs !== void 0 && retryAfterMs > 0) {
      this.pausedUntil = Math.max(this.pausedUntil, Date.now() + retryAfterMs);
    }
  }
  wake() {
    let free = this.limit - this.active;
    while (free-- > 0 && this.waiters.length > 0) this.waiters.shift()();
  }
};

export {
  DEFAULT_MAX_CONSECUTIVE_ERRORS,
  RunGuard,
  DEFAULT_RETRY,
  backoffDelay,
  sleep,
  AdaptiveLimiter
};
