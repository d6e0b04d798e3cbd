/**
 * Failures of a model call, classified so the engine knows whether to retry and whether to
 * stop the run. Messages are one line, name the URL (never credentials) and the likely fix,
 * and never contain request headers (keys) — see `redact`.
 */
export type ModelErrorKind = 
/** 429: back off (honouring Retry-After) and retry. */
"rate_limit"
/** 5xx: retry with backoff. */
 | "server"
/** No answer within the per-request timeout: retry. */
 | "timeout"
/** Connection-level failure (refused, reset, DNS, TLS); see `reason` for which. */
 | "network"
/** 2xx whose body is not the protocol's shape (proxy garbage, truncated JSON): retry. */
 | "bad_response"
/** Other 4xx (bad request, auth, unknown model): retrying cannot help. */
 | "client"
/** External command exited non-zero or could not start. */
 | "command"
/** A user module or built-in agent threw or broke the client contract. */
 | "adapter"
/** Run was cancelled. */
 | "aborted";
/**
 * The specific cause inside a kind. `kind` stays coarse (and stable for callers that switch
 * on it); `reason` says what exactly happened so messages and stop rules can be precise.
 */
export type ModelErrorReason = 
/** ECONNREFUSED: nothing listens at the address (kind network). */
"connection_refused"
/** Host name did not resolve (kind network). */
 | "dns"
/** Certificate or TLS handshake failure, e.g. https to a plain-http server (kind network). */
 | "tls"
/** Reset, unreachable host/network and other socket errors (kind network). */
 | "connection"
/** 401 (kind client). */
 | "unauthorized"
/** 403 (kind client). */
 | "forbidden"
/** 404 whose body talks about the model (kind client). */
 | "model_not_found"
/** 404 otherwise: usually a wrong --base-url path (kind client). */
 | "not_found"
/** Any other 4xx (kind client). */
 | "bad_request"
/** The URL itself is unusable (kind client). */
 | "bad_url"
/** An external program is missing or not executable (kind command). */
 | "cannot_start";
export interface ModelErrorOptions {
    status?: number;
    retryAfterMs?: number;
    reason?: ModelErrorReason;
    /** Override the reason's default (the engine escalates a refused first connection). */
    permanent?: boolean;
}
export declare class ModelError extends Error {
    readonly kind: ModelErrorKind;
    readonly status?: number;
    /** Server-requested wait before the next attempt (Retry-After / retry-after-ms), in ms. */
    readonly retryAfterMs?: number;
    readonly reason?: ModelErrorReason;
    private readonly permanentOverride?;
    constructor(kind: ModelErrorKind, message: string, opts?: ModelErrorOptions);
    /** Every further request would fail the same way: stop the run (never retried). */
    get permanent(): boolean;
    /** Worth another attempt of the same request. Permanent errors never are. */
    get retryable(): boolean;
    /** Could not connect at all (refused, DNS, unreachable). */
    get connectFailure(): boolean;
    /** The same error, marked permanent (the run stops on it). */
    asPermanent(): ModelError;
    /** Plain-data form for error records and summaries. */
    toRecord(): {
        kind: ModelErrorKind;
        reason: ModelErrorReason | null;
        message: string;
        status: number | null;
    };
}
/**
 * Thrown by `evaluate` when the run stopped early on a permanent failure (or on the same
 * failure repeated `maxConsecutiveErrors` times). `message` is the one line to print.
 */
export declare class RunStoppedError extends Error {
    readonly error: ModelError;
    /** Requests answered before the stop (this process). */
    readonly completed: number;
    /** Requests the run would have made. */
    readonly total: number;
    constructor(error: ModelError, 
    /** Requests answered before the stop (this process). */
    completed: number, 
    /** Requests the run would have made. */
    total: number);
}
/** URL as shown in messages: scheme, host, port and path; never user:password or query. */
export declare function displayUrl(url: string): string;
/**
 * Normalise anything thrown by a client into a ModelError. `url` (the server's base URL)
 * makes network messages say where the client tried to go.
 */
export declare function toModelError(e: unknown, signal?: AbortSignal, url?: string): ModelError;
/** Replace every occurrence of the given secrets in a string (server bodies may echo headers). */
export declare function redact(text: string, secrets: readonly (string | undefined)[]): string;
