import { ModelError } from "./errors.js";
/** Default for `maxConsecutiveErrors`. */
export const DEFAULT_MAX_CONSECUTIVE_ERRORS = 5;
/**
 * When a run should stop instead of grinding on. One guard per run (share it across
 * `runJobs` calls that form one run, as the GF-01 LLM agent does per decision):
 *
 * - a permanent error (DNS, TLS, 401, 403, 404, bad URL) stops at its first occurrence;
 * - a connection failure (refused, unreachable) before any request of the run has
 *   succeeded stops at once, without retries: nothing suggests a server is there;
 *   after a success it is retried like any transient error (the server may be restarting);
 * - `maxConsecutive` requests in a row that failed the same way (kind, reason, status) after
 *   all their retries stop the run (e.g. a server that went away, a command that always
 *   crashes, a 400 on every request). 0 disables this rule.
 */
export class RunGuard {
    maxConsecutive;
    successes = 0;
    streakKey = "";
    streak = 0;
    /** The error that stopped the run, once stopped. */
    stopped;
    constructor(maxConsecutive = DEFAULT_MAX_CONSECUTIVE_ERRORS) {
        this.maxConsecutive = maxConsecutive;
        if (!Number.isInteger(maxConsecutive) || maxConsecutive < 0)
            throw new Error(`maxConsecutive must be a non-negative integer, got ${maxConsecutive}`);
    }
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
        if (err.kind === "aborted")
            return undefined;
        if (err.permanent)
            return this.stop(err);
        if (this.successes === 0 && err.connectFailure)
            return this.stop(err.asPermanent());
        return undefined;
    }
    /** A job gave up (after its retries): the error to stop the run with, or undefined. */
    onJobError(err) {
        if (err.kind === "aborted")
            return undefined;
        if (err.permanent)
            return this.stop(err);
        const key = `${err.kind}:${err.reason ?? ""}:${err.status ?? ""}`;
        this.streak = key === this.streakKey ? this.streak + 1 : 1;
        this.streakKey = key;
        if (this.maxConsecutive > 0 && this.streak >= this.maxConsecutive) {
            return this.stop(new ModelError(err.kind, `${err.message} (${this.streak} requests in a row failed this way; stopping)`, { status: err.status, reason: err.reason, permanent: true }));
        }
        return undefined;
    }
    stop(err) {
        this.stopped ??= err;
        return this.stopped;
    }
}
//# sourceMappingURL=failfast.js.map