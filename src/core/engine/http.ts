import { ModelError, redact, toModelError } from "./errors.js";

/** Parse `retry-after-ms` (OpenAI) or `Retry-After` (seconds or HTTP date) into ms. */
export function parseRetryAfter(headers: Headers, now = Date.now()): number | undefined {
  const ms = headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "" && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const ra = headers.get("retry-after");
  if (ra === null || ra.trim() === "") return undefined;
  const secs = Number(ra);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const date = Date.parse(ra);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export interface PostJsonOptions {
  headers?: Record<string, string>;
  signal: AbortSignal;
  /** Strings to scrub from any error text (API keys). */
  secrets?: readonly (string | undefined)[];
}

/**
 * POST a JSON body and return the parsed JSON reply, mapping HTTP failures to ModelError
 * kinds (429 → rate_limit, 5xx → server, other 4xx → client, non-JSON 2xx → bad_response).
 */
export async function postJson(url: string, body: unknown, opts: PostJsonOptions): Promise<unknown> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...opts.headers },
      body: JSON.stringify(body),
      signal: opts.signal,
    });
    text = await res.text();
  } catch (e) {
    throw toModelError(e, opts.signal);
  }
  const snippet = () => redact(text.slice(0, 300).replace(/\s+/g, " ").trim(), opts.secrets ?? []);
  if (res.status === 429) {
    throw new ModelError("rate_limit", `HTTP 429: ${snippet()}`, {
      status: 429,
      retryAfterMs: parseRetryAfter(res.headers),
    });
  }
  if (res.status >= 500) {
    throw new ModelError("server", `HTTP ${res.status}: ${snippet()}`, {
      status: res.status,
      retryAfterMs: parseRetryAfter(res.headers),
    });
  }
  if (res.status >= 400 || res.status < 200) {
    throw new ModelError("client", `HTTP ${res.status}: ${snippet()}`, { status: res.status });
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ModelError("bad_response", `HTTP ${res.status} with a body that is not JSON: ${snippet()}`, {
      status: res.status,
    });
  }
}

export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, "") + (path.startsWith("/") ? path : `/${path}`);
}
