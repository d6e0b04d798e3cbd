import http from "node:http";
import https from "node:https";
import { ModelError, redact, toModelError } from "./errors.js";

/** Header lookup by lower-case name (fetch `Headers` and Node's header objects both fit). */
export interface HeaderSource {
  get(name: string): string | null;
}

/** Parse `retry-after-ms` (OpenAI) or `Retry-After` (seconds or HTTP date) into ms. */
export function parseRetryAfter(headers: HeaderSource, now = Date.now()): number | undefined {
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

// Keep-alive agents shared by every client: a run reuses a handful of connections instead
// of a TCP handshake per request. node:http rather than fetch: the engine's per-request CPU
// budget is < 1 ms, and fetch (undici) spends several times more of it per call here.
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const parsedUrls = new Map<string, URL>();

function parseUrl(url: string): URL {
  let u = parsedUrls.get(url);
  if (!u) {
    u = new URL(url);
    if (u.protocol !== "http:" && u.protocol !== "https:") {
      throw new ModelError("client", `unsupported URL scheme ${u.protocol} (use http: or https:)`);
    }
    parsedUrls.set(url, u);
  }
  return u;
}

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function request(url: string, body: string, opts: PostJsonOptions): Promise<RawReply> {
  const u = parseUrl(url);
  const data = Buffer.from(body, "utf8");
  const secure = u.protocol === "https:";
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(
      {
        protocol: u.protocol,
        hostname: u.hostname.startsWith("[") ? u.hostname.slice(1, -1) : u.hostname,
        port: u.port || undefined,
        path: u.pathname + u.search,
        method: "POST",
        agent: secure ? httpsAgent : httpAgent,
        signal: opts.signal,
        headers: { "content-type": "application/json", "content-length": data.length, ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

/**
 * POST a JSON body and return the parsed JSON reply, mapping HTTP failures to ModelError
 * kinds (429 → rate_limit, 5xx → server, other 4xx → client, non-JSON 2xx → bad_response).
 */
export async function postJson(url: string, body: unknown, opts: PostJsonOptions): Promise<unknown> {
  let res: RawReply;
  try {
    res = await request(url, JSON.stringify(body), opts);
  } catch (e) {
    throw toModelError(e, opts.signal);
  }
  const text = res.text;
  const headers: HeaderSource = {
    get: (name) => {
      const v = res.headers[name];
      return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
    },
  };
  const snippet = () => redact(text.slice(0, 300).replace(/\s+/g, " ").trim(), opts.secrets ?? []);
  if (res.status === 429) {
    throw new ModelError("rate_limit", `HTTP 429: ${snippet()}`, {
      status: 429,
      retryAfterMs: parseRetryAfter(headers),
    });
  }
  if (res.status >= 500) {
    throw new ModelError("server", `HTTP ${res.status}: ${snippet()}`, {
      status: res.status,
      retryAfterMs: parseRetryAfter(headers),
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
