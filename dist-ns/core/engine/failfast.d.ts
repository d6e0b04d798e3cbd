import { ModelError } from "./errors.js";
/** Default for `maxConsecutiveErrors`. */
export declare const DEFAULT_MAX_CONSECUTIVE_ERRORS = 5;
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
export declare class RunGuard {
    readonly maxConsecutive: number;
    private successes;
    private streakKey;
    private streak;
    /** The error that stopped the run, once stopped. */
    stopped: ModelError | undefined;
    constructor(maxConsecutive?: number);
    get succeeded(): number;
    onSuccess(): void;
    /**
     * An attempt failed: the error to stop the run with (marked permanent), or undefined to
     * carry on with the job's own retry policy.
     */
    onAttemptError(err: ModelError): ModelError | undefined;
    /** A job gave up (after its retries): the error to stop the run with, or undefined. */
    onJobError(err: ModelError): ModelError | undefined;
    private stop;
}
