/**
 * Failures of a model call, classified so the engine knows whether to retry and whether to
 * stop the run. Messages are one line, name the URL (never credentials) and the likely fix,
 * and never contain request headers (keys) — see `redact`.
 */
export type ModelErrorKind =
  /** 429: back off (honouring Retry-After) and retry. */
  | "rate_limit"
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
  | "connection_refused"
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

const RETRYABLE: ReadonlySet<ModelErrorKind> = new Set([
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
const PERMANENT: ReadonlySet<ModelErrorReason> = new Set([
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
const CONNECT: ReadonlySet<ModelErrorReason> = new Set(["connection_refused", "dns", "connection"]);

export interface ModelErrorOptions {
  status?: number;
  retryAfterMs?: number;
  reason?: ModelErrorReason;
  /** Override the reason's default (the engine escalates a refused first connection). */
  permanent?: boolean;
}

export class ModelError extends Error {
  readonly kind: ModelErrorKind;
  readonly status?: number;
  /** Server-requested wait before the next attempt (Retry-After / retry-after-ms), in ms. */
  readonly retryAfterMs?: number;
  readonly reason?: ModelErrorReason;
  private readonly permanentOverride?: boolean;

  constructor(kind: ModelErrorKind, message: string, opts: ModelErrorOptions = {}) {
    super(message);
    this.name = "ModelError";
    this.kind = kind;
    this.status = opts.status;
    this.retryAfterMs = opts.retryAfterMs;
    this.reason = opts.reason;
    this.permanentOverride = opts.permanent;
  }

  /** Every further request would fail the same way: stop the run (never retried). */
  get permanent(): boolean {
    return this.permanentOverride ?? (this.reason !== undefined && PERMANENT.has(this.reason));
  }

  /** Worth another attempt of the same request. Permanent errors never are. */
  get retryable(): boolean {
    return RETRYABLE.has(this.kind) && !this.permanent;
  }

  /** Could not connect at all (refused, DNS, unreachable). */
  get connectFailure(): boolean {
    return this.reason !== undefined && CONNECT.has(this.reason);
  }

  /** The same error, marked permanent (the run stops on it). */
  asPermanent(): ModelError {
    return new ModelError(this.kind, this.message, {
      status: this.status,
      retryAfterMs: this.retryAfterMs,
      reason: this.reason,
      permanent: true,
    });
  }

  /** Plain-data form for error records and summaries. */
  toRecord(): {
    kind: ModelErrorKind;
    reason: ModelErrorReason | null;
    message: string;
    status: number | null;
  } {
    return {
      kind: this.kind,
      reason: this.reason ?? null,
      message: this.message,
      status: this.status ?? null,
    };
  }
}

/**
 * A model run that failed: `message` is the one plain stderr line, the exit code is 1. CLIs
 * catch this base class (and every subclass) instead of listing each kind of failure.
 */
export class RunFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RunFailedError";
  }
}

/**
 * Requests of a run failed after all their retries (the run was not stopped, the failures were
 * recorded as errors): nothing is graded, and a resume retries only the failed requests.
 */
export class RequestsFailedError extends RunFailedError {
  constructor(
    /** Failed requests. */
    readonly failed: number,
    /** Requests the run made or kept (answered + failed). */
    readonly total: number,
    /** Message of the first failure. */
    readonly first: string | null,
    /** Where, e.g. "cell steps=40" (prefixed to the message). */
    readonly where?: string,
  ) {
    super(
      `${where ? `${where}: ` : ""}${failed} of ${total} requests failed, first: ${first ?? "unknown error"}`,
    );
    this.name = "RequestsFailedError";
  }
}

/**
 * Thrown by `evaluate` when the run stopped early on a permanent failure (or on the same
 * failure repeated `maxConsecutiveErrors` times). `message` is the one line to print.
 */
export class RunStoppedError extends RunFailedError {
  constructor(
    readonly error: ModelError,
    /** Requests answered before the stop (this process). */
    readonly completed: number,
    /** Requests the run would have made. */
    readonly total: number,
  ) {
    super(error.message);
    this.name = "RunStoppedError";
  }
}

/** URL as shown in messages: scheme, host, port and path; never user:password or query. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`.replace(/\/+$/, "");
  } catch {
    return "(invalid URL)";
  }
}

const TLS_CODE = /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$|HOSTNAME_MISMATCH)/;

/**
 * Normalise anything thrown by a client into a ModelError. `url` (the server's base URL)
 * makes network messages say where the client tried to go.
 */
export function toModelError(e: unknown, signal?: AbortSignal, url?: string): ModelError {
  if (e instanceof ModelError) return e;
  const err = e as Error & { code?: string; hostname?: string; cause?: { code?: string } };
  if (signal?.aborted) {
    const reason = signal.reason as Error | undefined;
    if (reason?.name === "TimeoutError") return new ModelError("timeout", "request timed out");
    return new ModelError("aborted", "request aborted");
  }
  if (err?.name === "TimeoutError") return new ModelError("timeout", "request timed out");
  if (err?.name === "AbortError") return new ModelError("aborted", "request aborted");
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
      } catch {}
    }
    return new ModelError(
      "network",
      `cannot resolve ${host ? `host '${host}' of ` : ""}${where} (${code}) — check --base-url / OPENAI_BASE_URL`,
      // EAI_AGAIN is "try again later" from the resolver: not permanent by itself.
      { reason: "dns", permanent: code === "EAI_AGAIN" ? false : undefined },
    );
  }
  if (code && TLS_CODE.test(code))
    return new ModelError(
      "network",
      `TLS error talking to ${where} (${code}) — check http vs https in the URL, or trust the server's certificate (NODE_EXTRA_CA_CERTS)`,
      { reason: "tls" },
    );
  if (code)
    return new ModelError("network", `connection to ${where} failed: ${code}`, { reason: "connection" });
  return new ModelError("network", `request to ${where} failed: ${err?.message ?? String(e)}`, {
    reason: "connection",
  });
}

/** Replace every occurrence of the given secrets in a string (server bodies may echo headers). */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join("[REDACTED]");
  return out;
}
