const RETRYABLE = new Set([
    "rate_limit",
    "server",
    "timeout",
    "network",
    "bad_response",
]);
/**
 * Causes that will fail every request of the run the same way: the engine stops the run at
 * the first one instead of spending the user's time (and money) on the rest.
 */
const PERMANENT = new Set([
    "dns",
    "tls",
    "unauthorized",
    "forbidden",
    "model_not_found",
    "not_found",
    "bad_url",
    "cannot_start",
]);
/** Connection-phase failures: before any request has succeeded they mean "no server there". */
const CONNECT = new Set(["connection_refused", "dns", "connection"]);
export class ModelError extends Error {
    kind;
    status;
    /** Server-requested wait before the next attempt (Retry-After / retry-after-ms), in ms. */
    retryAfterMs;
    reason;
    permanentOverride;
    constructor(kind, message, opts = {}) {
        super(message);
        this.name = "ModelError";
        this.kind = kind;
        this.status = opts.status;
        this.retryAfterMs = opts.retryAfterMs;
        this.reason = opts.reason;
        this.permanentOverride = opts.permanent;
    }
    /** Every further request would fail the same way: stop the run (never retried). */
    get permanent() {
        return this.permanentOverride ?? (this.reason !== undefined && PERMANENT.has(this.reason));
    }
    /** Worth another attempt of the same request. Permanent errors never are. */
    get retryable() {
        return RETRYABLE.has(this.kind) && !this.permanent;
    }
    /** Could not connect at all (refused, DNS, unreachable). */
    get connectFailure() {
        return this.reason !== undefined && CONNECT.has(this.reason);
    }
    /** The same error, marked permanent (the run stops on it). */
    asPermanent() {
        return new ModelError(this.kind, this.message, {
            status: this.status,
            retryAfterMs: this.retryAfterMs,
            reason: this.reason,
            permanent: true,
        });
    }
    /** Plain-data form for error records and summaries. */
    toRecord() {
        return {
            kind: this.kind,
            reason: this.reason ?? null,
            message: this.message,
            status: this.status ?? null,
        };
    }
}
/**
 * Thrown by `evaluate` when the run stopped early on a permanent failure (or on the same
 * failure repeated `maxConsecutiveErrors` times). `message` is the one line to print.
 */
export class RunStoppedError extends Error {
    error;
    completed;
    total;
    constructor(error, 
    /** Requests answered before the stop (this process). */
    completed, 
    /** Requests the run would have made. */
    total) {
        super(error.message);
        this.error = error;
        this.completed = completed;
        this.total = total;
        this.name = "RunStoppedError";
    }
}
/** URL as shown in messages: scheme, host, port and path; never user:password or query. */
export function displayUrl(url) {
    try {
        const u = new URL(url);
        return `${u.protocol}//${u.host}${u.pathname}`.replace(/\/+$/, "");
    }
    catch {
        return "(invalid URL)";
    }
}
const TLS_CODE = /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$|HOSTNAME_MISMATCH)/;
/**
 * Normalise anything thrown by a client into a ModelError. `url` (the server's base URL)
 * makes network messages say where the client tried to go.
 */
export function toModelError(e, signal, url) {
    if (e instanceof ModelError)
        return e;
    const err = e;
    if (signal?.aborted) {
        const reason = signal.reason;
        if (reason?.name === "TimeoutError")
            return new ModelError("timeout", "request timed out");
        return new ModelError("aborted", "request aborted");
    }
    if (err?.name === "TimeoutError")
        return new ModelError("timeout", "request timed out");
    if (err?.name === "AbortError")
        return new ModelError("aborted", "request aborted");
    const code = err?.code ?? err?.cause?.code;
    const where = url ? displayUrl(url) : "the server";
    if (code === "ECONNREFUSED")
        return new ModelError("network", `cannot reach ${where}: connection refused — is the server running?`, {
            reason: "connection_refused",
        });
    if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME" || code === "EAI_FAIL") {
        let host = err?.hostname;
        if (!host && url) {
            try {
                host = new URL(url).hostname;
            }
            catch { }
        }
        return new ModelError("network", `cannot resolve ${host ? `host '${host}' of ` : ""}${where} (${code}) — check --base-url / OPENAI_BASE_URL`, 
        // EAI_AGAIN is "try again later" from the resolver: not permanent by itself.
        { reason: "dns", permanent: code === "EAI_AGAIN" ? false : undefined });
    }
    if (code && TLS_CODE.test(code))
        return new ModelError("network", `TLS error talking to ${where} (${code}) — check http vs https in the URL, or trust the server's certificate (NODE_EXTRA_CA_CERTS)`, { reason: "tls" });
    if (code)
        return new ModelError("network", `connection to ${where} failed: ${code}`, { reason: "connection" });
    return new ModelError("network", `request to ${where} failed: ${err?.message ?? String(e)}`, {
        reason: "connection",
    });
}
/** Replace every occurrence of the given secrets in a string (server bodies may echo headers). */
export function redact(text, secrets) {
    let out = text;
    for (const s of secrets)
        if (s && s.length >= 4)
            out = out.split(s).join("[REDACTED]");
    return out;
}
//# sourceMappingURL=errors.js.map