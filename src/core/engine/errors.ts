/**
 * Failures of a model call, classified so the engine knows whether to retry. Messages are
 * short and never contain request headers (keys) — see `redact`.
 */
export type ModelErrorKind =
  /** 429: back off (honouring Retry-After) and retry. */
  | "rate_limit"
  /** 5xx: retry with backoff. */
  | "server"
  /** No answer within the per-request timeout: retry. */
  | "timeout"
  /** Connection refused/reset: retry. */
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

const RETRYABLE: ReadonlySet<ModelErrorKind> = new Set([
  "rate_limit",
  "server",
  "timeout",
  "network",
  "bad_response",
]);

export class ModelError extends Error {
  readonly kind: ModelErrorKind;
  readonly status?: number;
  /** Server-requested wait before the next attempt (Retry-After / retry-after-ms), in ms. */
  readonly retryAfterMs?: number;

  constructor(kind: ModelErrorKind, message: string, opts: { status?: number; retryAfterMs?: number } = {}) {
    super(message);
    this.name = "ModelError";
    this.kind = kind;
    this.status = opts.status;
    this.retryAfterMs = opts.retryAfterMs;
  }

  get retryable(): boolean {
    return RETRYABLE.has(this.kind);
  }
}

/** Normalise anything thrown by a client into a ModelError. */
export function toModelError(e: unknown, signal?: AbortSignal): ModelError {
  if (e instanceof ModelError) return e;
  const err = e as Error & { code?: string; cause?: { code?: string } };
  if (signal?.aborted) {
    const reason = signal.reason as Error | undefined;
    if (reason?.name === "TimeoutError") return new ModelError("timeout", "request timed out");
    return new ModelError("aborted", "request aborted");
  }
  if (err?.name === "TimeoutError") return new ModelError("timeout", "request timed out");
  if (err?.name === "AbortError") return new ModelError("aborted", "request aborted");
  const code = err?.code ?? err?.cause?.code;
  if (code) return new ModelError("network", `network error: ${code}`);
  return new ModelError("network", `request failed: ${err?.message ?? String(e)}`);
}

/** Replace every occurrence of the given secrets in a string (server bodies may echo headers). */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join("[REDACTED]");
  return out;
}
