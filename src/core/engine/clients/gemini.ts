/**
 * Google's Gemini API (POST {base}/models/{model}:generateContent), spoken directly.
 *
 * Plain HTTP through the engine's shared `postJson` rather than `@google/genai`: the SDK's
 * own retries and error types would fight the engine's single retry policy, fail-fast rule
 * and error taxonomy, and one non-streaming request per call is all a benchmark needs.
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
import { isCount, setSampling } from "./openai.js";

export const GEMINI_DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";

export interface GeminiClientOptions {
  /** e.g. gemini-2.5-flash (a leading `models/` is accepted). */
  model: string;
  /** API root including the version (default https://generativelanguage.googleapis.com/v1beta). */
  baseUrl?: string;
  /** Variable holding the key (default GEMINI_API_KEY). */
  apiKeyEnv?: string;
  requireKey?: boolean;
  env?: NodeJS.ProcessEnv;
}

/**
 * Candidate finish reasons that mean the API withheld the answer (a safety or policy block).
 * They are recorded as `refusal:<REASON>`: an answer, graded, never a transport error.
 */
const BLOCKED_FINISH = new Set([
  "SAFETY",
  "RECITATION",
  "BLOCKLIST",
  "PROHIBITED_CONTENT",
  "SPII",
  "IMAGE_SAFETY",
]);

/**
 * Request body for generateContent. System messages become `systemInstruction` (one part
 * each); assistant turns have role `model`. `repeat_penalty` has no counterpart and is not
 * sent (Gemini's presence/frequency penalties mean something else; docs/models.md).
 */
export function geminiBody(req: ModelRequest): Record<string, unknown> {
  const p: SamplingParams = req.params;
  const system = req.messages.filter((m) => m.role === "system");
  const body: Record<string, unknown> = {
    contents: req.messages
      .filter((m) => m.role !== "system")
      .map((m) => ({ role: m.role === "assistant" ? "model" : "user", parts: [{ text: m.content }] })),
  };
  if (system.length > 0) body.systemInstruction = { parts: system.map((m) => ({ text: m.content })) };
  const g: Record<string, unknown> = {};
  setSampling(p, g, {
    temperature: "temperature",
    top_p: "topP",
    top_k: "topK",
    max_tokens: "maxOutputTokens",
    seed: "seed",
    stop: "stopSequences",
  });
  const rf = p.response_format;
  if (rf && rf.type === "json_object") g.responseMimeType = "application/json";
  else if (rf && rf.type === "json_schema") {
    g.responseMimeType = "application/json";
    // responseJsonSchema takes JSON Schema as written; responseSchema only an OpenAPI subset.
    g.responseJsonSchema = rf.schema;
  } else if (rf && rf.type === "grammar")
    throw new ModelError(
      "client",
      "gemini: --response-format grammar is not supported by generateContent (use json_object or json_schema:<file>)",
      { reason: "bad_request", permanent: true },
    );
  if (Object.keys(g).length > 0) body.generationConfig = g;
  if (p.extra) Object.assign(body, p.extra);
  return body;
}

/**
 * Parse a generateContent reply. The text is the first candidate's non-thought text parts
 * joined. A blocked prompt (`promptFeedback.blockReason`, no candidates) or a candidate
 * stopped for safety is a refusal: `finish_reason` `refusal:prompt:<REASON>` or
 * `refusal:<REASON>`, text as far as returned (usually empty).
 */
export function parseGeminiReply(json: unknown): ModelResponse {
  const o = json as Record<string, unknown> | null;
  if (!o || typeof o !== "object") throw new ModelError("bad_response", "reply is not a JSON object");
  const usage = parseUsage(o.usageMetadata);
  const candidates = o.candidates;
  const feedback = o.promptFeedback as Record<string, unknown> | undefined;
  if (!Array.isArray(candidates) || candidates.length === 0) {
    if (feedback && typeof feedback === "object" && typeof feedback.blockReason === "string") {
      const out: ModelResponse = { text: "", finish_reason: `refusal:prompt:${feedback.blockReason}` };
      if (usage) out.usage = usage;
      return out;
    }
    throw new ModelError("bad_response", "reply has no candidates[] and no promptFeedback.blockReason");
  }
  const c = candidates[0] as Record<string, unknown> | null;
  if (!c || typeof c !== "object") throw new ModelError("bad_response", "candidates[0] is not an object");
  let text = "";
  const content = c.content as Record<string, unknown> | undefined;
  if (content !== undefined) {
    if (!content || typeof content !== "object")
      throw new ModelError("bad_response", "candidates[0].content is not an object");
    const parts = content.parts ?? [];
    if (!Array.isArray(parts))
      throw new ModelError("bad_response", "candidates[0].content.parts is not a list");
    for (const part of parts as unknown[]) {
      if (!part || typeof part !== "object")
        throw new ModelError("bad_response", "candidates[0].content.parts holds a non-object");
      const pt = part as Record<string, unknown>;
      // Thought summaries (thinking models with includeThoughts) are not answer text.
      if (pt.thought === true) continue;
      if (pt.text !== undefined) {
        if (typeof pt.text !== "string")
          throw new ModelError("bad_response", "a part's text is not a string");
        text += pt.text;
      }
    }
  }
  const out: ModelResponse = { text };
  if (typeof c.finishReason === "string")
    out.finish_reason = BLOCKED_FINISH.has(c.finishReason) ? `refusal:${c.finishReason}` : c.finishReason;
  if (usage) out.usage = usage;
  return out;
}

/**
 * usageMetadata → usage. `promptTokenCount` already includes cached content; thinking
 * tokens (`thoughtsTokenCount`) are billed as output but not part of `candidatesTokenCount`,
 * so completion tokens are their sum (otherwise cost would be understated for thinking models).
 */
function parseUsage(u: unknown): ModelResponse["usage"] {
  if (!u || typeof u !== "object") return undefined;
  const r = u as Record<string, unknown>;
  if (!isCount(r.promptTokenCount)) return undefined;
  const cand = r.candidatesTokenCount === undefined ? 0 : r.candidatesTokenCount;
  const thoughts = r.thoughtsTokenCount === undefined ? 0 : r.thoughtsTokenCount;
  if (!isCount(cand) || !isCount(thoughts)) return undefined;
  return { prompt_tokens: r.promptTokenCount, completion_tokens: cand + thoughts };
}

/** `google.rpc.RetryInfo.retryDelay` ("37s", "1.5s") from an error body, in ms. */
export function geminiRetryDelay(body: string): number | undefined {
  let j: unknown;
  try {
    j = JSON.parse(body);
  } catch {
    return undefined;
  }
  const details = (j as { error?: { details?: unknown } } | null)?.error?.details;
  if (!Array.isArray(details)) return undefined;
  for (const d of details) {
    const delay = (d as Record<string, unknown> | null)?.retryDelay;
    if (typeof delay === "string") {
      const m = /^(\d+(?:\.\d+)?)s$/.exec(delay.trim());
      if (m) return Number(m[1]) * 1000;
    }
  }
  return undefined;
}

export class GeminiClient implements ModelClient {
  readonly descriptor: ClientDescriptor;
  private readonly url: string;
  private readonly base: string;
  private readonly keyEnv: string;
  private readonly env: NodeJS.ProcessEnv;

  constructor(opts: GeminiClientOptions) {
    this.env = opts.env ?? process.env;
    const base = (opts.baseUrl || GEMINI_DEFAULT_BASE_URL).replace(/\/+$/, "");
    const model = opts.model.startsWith("models/") ? opts.model.slice("models/".length) : opts.model;
    this.base = base;
    this.url = joinUrl(base, `/models/${encodeURIComponent(model)}:generateContent`);
    this.keyEnv = opts.apiKeyEnv ?? "GEMINI_API_KEY";
    if (opts.requireKey && !this.env[this.keyEnv])
      throw new ModelError("client", `environment variable ${this.keyEnv} (the API key) is not set`);
    this.descriptor = { kind: "gemini", model, endpoint: base };
  }

  private endpoint(): KeyedEndpoint {
    return { url: this.url, base: this.base, model: this.descriptor.model, keyEnv: this.keyEnv };
  }

  async complete(req: ModelRequest, ctx: CallContext): Promise<ModelResponse> {
    // Read per call and sent as a header, never as the ?key= query parameter (URLs get logged).
    const key = this.env[this.keyEnv];
    const headers: Record<string, string> = key ? { "x-goog-api-key": key } : {};
    let json: unknown;
    try {
      json = await postWithKey(this.endpoint(), geminiBody(req), key, {
        headers,
        signal: ctx.signal,
        retryAfterFromBody: geminiRetryDelay,
        context: {
          baseUrlHint: "the API root with its version, e.g. https://generativelanguage.googleapis.com/v1beta",
        },
      });
    } catch (e) {
      // Gemini answers a bad or missing key with 400 API_KEY_INVALID, not 401: same fix, same
      // fail-fast as a 401 (otherwise every request of the run would be sent and fail).
      if (e instanceof ModelError && e.status === 400 && /API_KEY_INVALID|API key not valid/i.test(e.message))
        throw new ModelError(
          "client",
          `400 API key not valid at ${this.base}: ${key ? `check ${this.keyEnv} / --api-key-env (the key was rejected)` : `no API key was sent: set ${this.keyEnv} or pass --api-key-env`}`,
          { status: 400, reason: "unauthorized" },
        );
      throw e;
    }
    const res = parseGeminiReply(json);
    if (key && key.length >= 4) res.text = redact(res.text, [key]);
    return res;
  }
}
