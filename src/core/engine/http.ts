import http from "node:http";
import https from "node:https";
import { displayUrl, ModelError, redact, toModelError } from "./errors.js";

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
  /** What error messages may say about the request (never the key itself). */
  context?: RequestContext;
  /**
   * Server-requested wait read from an error body, for APIs that put it there instead of a
   * header (Gemini's `google.rpc.RetryInfo.retryDelay`). A header, when present, wins.
   */
  retryAfterFromBody?: (body: string) => number | undefined;
}

/** Facts that turn a bare status into a message naming the fix. */
export interface RequestContext {
  /** The base URL the user configured (shown instead of the full endpoint path). */
  baseUrl?: string;
  model?: string;
  /** Environment variable the key is read from (openai). */
  keyEnv?: string;
  /** Whether an Authorization header was sent. */
  keySent?: boolean;
  /** The server lists models at `<baseUrl>/models` (OpenAI-compatible). */
  listsModels?: boolean;
  /** What a right --base-url looks like, for 404 messages (default: the OpenAI-compatible hint). */
  baseUrlHint?: string;
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
    try {
      u = new URL(url);
    } catch {
      throw new ModelError("client", `invalid URL ${JSON.stringify(displayUrl(url))} — check --base-url`, {
        reason: "bad_url",
      });
    }
    if (u.protocol !== "http:" && u.protocol !== "https:") {
      throw new ModelError("client", `unsupported URL scheme ${u.protocol} (use http: or https:)`, {
        reason: "bad_url",
      });
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

/** A hosted API's endpoint and key variable, as its client holds them. */
export interface KeyedEndpoint {
  url: string;
  /** The base URL the user configured (what error messages show). */
  base: string;
  model: string;
  keyEnv: string;
}

/**
 * postJson for the hosted APIs (OpenAI, Anthropic, Gemini): the key, read per call by the client
 * and already placed in its header, is scrubbed from every error, and errors name the base URL,
 * the model, the key variable and whether a key was sent.
 */
export function postWithKey(
  ep: KeyedEndpoint,
  body: unknown,
  key: string | undefined,
  opts: Omit<PostJsonOptions, "secrets" | "context"> & {
    context?: Pick<RequestContext, "listsModels" | "baseUrlHint">;
  },
): Promise<unknown> {
  const { context, ...rest } = opts;
  return postJson(ep.url, body, {
    ...rest,
    secrets: [key],
    context: { baseUrl: ep.base, model: ep.model, keyEnv: ep.keyEnv, keySent: Boolean(key), ...context },
  });
}

/**
 * POST a JSON body and return the parsed JSON reply, mapping HTTP failures to ModelError
 * kinds (429 → rate_limit, 5xx → server, other 4xx → client, non-JSON 2xx → bad_response).
 */
export async function postJson(url: string, body: unknown, opts: PostJsonOptions): Promise<unknown> {
  const ctx = opts.context ?? {};
  const base = ctx.baseUrl ?? url;
  let res: RawReply;
  try {
    res = await request(url, JSON.stringify(body), opts);
  } catch (e) {
    throw toModelError(e, opts.signal, base);
  }
  const text = res.text;
  const headers: HeaderSource = {
    get: (name) => {
      const v = res.headers[name];
      return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
    },
  };
  const snippet = () => redact(text.slice(0, 300).replace(/\s+/g, " ").trim(), opts.secrets ?? []);
  const wait = () => parseRetryAfter(headers) ?? opts.retryAfterFromBody?.(text);
  if (res.status === 429) {
    throw new ModelError("rate_limit", `HTTP 429: ${snippet()}`, { status: 429, retryAfterMs: wait() });
  }
  if (res.status >= 500) {
    throw new ModelError("server", `HTTP ${res.status}: ${snippet()}`, {
      status: res.status,
      retryAfterMs: wait(),
    });
  }
  if (res.status >= 400 || res.status < 200) throw clientError(res.status, snippet(), url, ctx);
  try {
    return JSON.parse(text);
  } catch {
    throw new ModelError("bad_response", `HTTP ${res.status} with a body that is not JSON: ${snippet()}`, {
      status: res.status,
    });
  }
}

/** One line per 4xx: what the server said, where, and the likely fix. */
export function clientError(status: number, said: string, url: string, ctx: RequestContext): ModelError {
  const base = displayUrl(ctx.baseUrl ?? url);
  const tail = said ? ` (server said: ${said.length > 200 ? `${said.slice(0, 200)}…` : said})` : "";
  const model = ctx.model !== undefined ? `'${ctx.model}'` : "the model";
  if (status === 401) {
    const key = ctx.keyEnv ?? "OPENAI_API_KEY";
    const fix =
      ctx.keyEnv === undefined && ctx.keySent === undefined
        ? "the server wants credentials this client does not send"
        : ctx.keySent
          ? `check ${key} / --api-key-env (the key was rejected)`
          : `no API key was sent: set ${key} or pass --api-key-env`;
    return new ModelError("client", `401 Unauthorized from ${base}: ${fix}${tail}`, {
      status,
      reason: "unauthorized",
    });
  }
  if (status === 403)
    return new ModelError(
      "client",
      `403 Forbidden from ${base}: the key may not use ${model} — check its permissions / project${tail}`,
      { status, reason: "forbidden" },
    );
  if (status === 404) {
    if (/model/i.test(said))
      return new ModelError(
        "client",
        `404 model not found: ${model}${ctx.listsModels ? ` — list models at ${base}/models` : " — check --model"}${tail}`,
        { status, reason: "model_not_found" },
      );
    return new ModelError(
      "client",
      `404 Not Found at ${displayUrl(url)} — check --base-url (${ctx.baseUrlHint ?? "OpenAI-compatible servers usually end in /v1"})${tail}`,
      { status, reason: "not_found" },
    );
  }
  return new ModelError("client", `HTTP ${status} from ${base}${said ? `: ${said}` : ""}`, {
    status,
    reason: "bad_request",
  });
}

export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, "") + (path.startsWith("/") ? path : `/${path}`);
}
