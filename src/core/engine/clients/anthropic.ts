/**
 * Anthropic's Messages API (POST {base}/v1/messages), spoken directly.
 *
 * Plain HTTP through the engine's shared `postJson` rather than the `@anthropic-ai/sdk`
 * package: the SDK would bring its own retries, timeouts and error classes, which would fight
 * the engine's (one retry policy, one fail-fast rule, one error taxonomy for every client),
 * and one request/response pair per call is all a benchmark needs (no streaming, no tools).
 */
import { ModelError, redact } from "../errors.js";
import { joinUrl, type KeyedEndpoint, postWithKey } from "../http.js";
import type {
  CallContext,
  ClientDescriptor,
  ModelClient,
  ModelRequest,
  ModelResponse,
  SamplingParams,
} from "../types.js";
import { isCount } from "./openai.js";

export const ANTHROPIC_DEFAULT_BASE_URL = "https://api.anthropic.com";
/** The API version header every request carries (the current one; see docs/models.md). */
export const ANTHROPIC_VERSION = "2023-06-01";
/**
 * `max_tokens` is required by the Messages API; used when neither the task nor
 * `--max-tokens` sets it (GEB always sets 64).
 */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

export interface AnthropicClientOptions {
  model: string;
  /** Server root (default `$ANTHROPIC_BASE_URL`, else https://api.anthropic.com); requests go to /v1/messages. */
  baseUrl?: string;
  /** Variable holding the key (default ANTHROPIC_API_KEY). */
  apiKeyEnv?: string;
  /** Fail at construction when the key variable is unset (set when the user named one). */
  requireKey?: boolean;
  env?: NodeJS.ProcessEnv;
}

/**
 * Request body for POST /v1/messages. System messages go to the top-level `system` field
 * (one string; several are joined by blank lines); `seed` and `repeat_penalty` have no
 * Messages API counterpart and are not sent (docs/models.md says so).
 */
export function anthropicBody(model: string, req: ModelRequest): Record<string, unknown> {
  const p: SamplingParams = req.params;
  const system = req.messages.filter((m) => m.role === "system").map((m) => m.content);
  const body: Record<string, unknown> = {
    model,
    max_tokens: p.max_tokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
    messages: req.messages
      .filter((m) => m.role !== "system")
      .map((m) => ({ role: m.role, content: [{ type: "text", text: m.content }] })),
  };
  if (system.length > 0) body.system = system.join("\n\n");
  if (p.temperature !== undefined) body.temperature = p.temperature;
  // top_p 1 is "no nucleus cut-off", the API's own default; newer Claude models reject a
  // request that sets both temperature and top_p, so the no-op value is left out.
  if (p.top_p !== undefined && p.top_p !== 1) body.top_p = p.top_p;
  if (p.top_k !== undefined) body.top_k = p.top_k;
  if (p.stop !== undefined && p.stop.length > 0) body.stop_sequences = p.stop;
  const rf = p.response_format;
  if (rf && rf.type === "json_schema")
    body.output_config = { format: { type: "json_schema", schema: rf.schema } };
  else if (rf && (rf.type === "json_object" || rf.type === "grammar"))
    throw new ModelError(
      "client",
      `anthropic: --response-format ${rf.type} is not supported by the Messages API (use json_schema:<file>)`,
      { reason: "bad_request", permanent: true },
    );
  if (p.extra) Object.assign(body, p.extra);
  return body;
}

/**
 * Parse a Messages reply. The text is the concatenation of its `text` blocks (thinking and
 * tool blocks are not answer text). `stop_reason` is kept as the finish reason, so a
 * refusal is recorded as `"refusal"` (an answer, graded, never an error).
 */
export function parseAnthropicMessage(json: unknown): ModelResponse {
  const o = json as Record<string, unknown> | null;
  if (!o || typeof o !== "object" || !Array.isArray(o.content))
    throw new ModelError("bad_response", "reply has no content[] (not a Messages API reply)");
  let text = "";
  for (const block of o.content as unknown[]) {
    if (!block || typeof block !== "object")
      throw new ModelError("bad_response", "content[] holds a block that is not an object");
    const b = block as Record<string, unknown>;
    if (b.type === "text") {
      if (typeof b.text !== "string") throw new ModelError("bad_response", "a text block has no string text");
      text += b.text;
    }
  }
  const out: ModelResponse = { text };
  if (typeof o.stop_reason === "string") out.finish_reason = o.stop_reason;
  const u = o.usage as Record<string, unknown> | undefined;
  if (u && typeof u === "object" && isCount(u.input_tokens) && isCount(u.output_tokens)) {
    // input_tokens counts only the uncached part of the prompt: the prompt's size is the sum.
    const cacheWrite = isCount(u.cache_creation_input_tokens) ? u.cache_creation_input_tokens : 0;
    const cacheRead = isCount(u.cache_read_input_tokens) ? u.cache_read_input_tokens : 0;
    out.usage = {
      prompt_tokens: u.input_tokens + cacheWrite + cacheRead,
      completion_tokens: u.output_tokens,
    };
  }
  return out;
}

export class AnthropicClient implements ModelClient {
  readonly descriptor: ClientDescriptor;
  private readonly url: string;
  private readonly base: string;
  private readonly keyEnv: string;
  private readonly env: NodeJS.ProcessEnv;

  constructor(opts: AnthropicClientOptions) {
    this.env = opts.env ?? process.env;
    const base = (opts.baseUrl || this.env.ANTHROPIC_BASE_URL || ANTHROPIC_DEFAULT_BASE_URL).replace(
      /\/+$/,
      "",
    );
    this.base = base;
    this.url = joinUrl(base, "/v1/messages");
    this.keyEnv = opts.apiKeyEnv ?? "ANTHROPIC_API_KEY";
    if (opts.requireKey && !this.env[this.keyEnv])
      throw new ModelError("client", `environment variable ${this.keyEnv} (the API key) is not set`);
    this.descriptor = { kind: "anthropic", model: opts.model, endpoint: base };
  }

  private endpoint(): KeyedEndpoint {
    return { url: this.url, base: this.base, model: this.descriptor.model, keyEnv: this.keyEnv };
  }

  async complete(req: ModelRequest, ctx: CallContext): Promise<ModelResponse> {
    // Read per call, only ever placed in the x-api-key header.
    const key = this.env[this.keyEnv];
    const headers: Record<string, string> = { "anthropic-version": ANTHROPIC_VERSION };
    if (key) headers["x-api-key"] = key;
    const json = await postWithKey(this.endpoint(), anthropicBody(this.descriptor.model, req), key, {
      headers,
      signal: ctx.signal,
      context: {
        baseUrlHint: "the server root, e.g. https://api.anthropic.com; the client adds /v1/messages",
      },
    });
    const res = parseAnthropicMessage(json);
    if (key && key.length >= 4) res.text = redact(res.text, [key]);
    return res;
  }
}
