import { ModelError, redact } from "../errors.js";
import { joinUrl, type KeyedEndpoint, postWithKey } from "../http.js";
import type {
  CallContext,
  ClientDescriptor,
  ModelClient,
  ModelRequest,
  ModelResponse,
  PhaseTimings,
  SamplingParams,
} from "../types.js";

export interface OpenAIClientOptions {
  model: string;
  /**
   * e.g. http://localhost:8000/v1 (vLLM), http://localhost:8080/v1 (llama-server). Default:
   * `OPENAI_BASE_URL` from the environment (as the OpenAI SDKs read it), else api.openai.com.
   */
  baseUrl?: string;
  /** Name of the environment variable holding the key (default OPENAI_API_KEY). */
  apiKeyEnv?: string;
  /** Fail at construction when the key variable is unset (set when the user named one). */
  requireKey?: boolean;
  env?: NodeJS.ProcessEnv;
}

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

type SampledParam = "temperature" | "top_p" | "top_k" | "repeat_penalty" | "max_tokens" | "seed" | "stop";

/**
 * Copy the sampling params a request sets into an API body under that API's names, in the
 * order `names` lists them (body key order is what the API and the cache see). Unset params
 * are not sent, nor is an empty stop list.
 */
export function setSampling(
  p: SamplingParams,
  into: Record<string, unknown>,
  names: Partial<Record<SampledParam, string>>,
): void {
  for (const [param, field] of Object.entries(names) as [SampledParam, string][]) {
    const v = p[param];
    if (v === undefined || (param === "stop" && (v as readonly string[]).length === 0)) continue;
    into[field] = v;
  }
}

/** Request body for POST {base}/chat/completions. Exported for tests and docs. */
export function openAIChatBody(model: string, req: ModelRequest): Record<string, unknown> {
  const p: SamplingParams = req.params;
  const body: Record<string, unknown> = { model, messages: req.messages };
  setSampling(p, body, {
    temperature: "temperature",
    top_p: "top_p",
    // Not in OpenAI's spec but understood by vLLM / llama-server; only sent when asked for,
    // because hosted APIs reject unknown fields.
    top_k: "top_k",
    repeat_penalty: "repeat_penalty",
    max_tokens: "max_tokens",
    seed: "seed",
    stop: "stop",
  });
  const rf = p.response_format;
  if (rf && rf.type === "json_object") body.response_format = { type: "json_object" };
  else if (rf && rf.type === "json_schema")
    body.response_format = {
      type: "json_schema",
      json_schema: { name: rf.name, schema: rf.schema, strict: rf.strict ?? true },
    };
  else if (rf && rf.type === "grammar") body.grammar = rf.grammar; // llama-server extension
  if (p.extra) Object.assign(body, p.extra);
  return body;
}

/** Parse a Chat Completions reply; anything off-shape is a retryable bad_response. */
export function parseOpenAIChat(json: unknown): ModelResponse {
  const o = json as Record<string, unknown> | null;
  const choices = o && typeof o === "object" ? o.choices : undefined;
  if (!Array.isArray(choices) || choices.length === 0) {
    throw new ModelError("bad_response", "reply has no choices[]");
  }
  const choice = choices[0] as Record<string, unknown>;
  // `choices: [null]` used to be a TypeError (reading finish_reason of null).
  if (!choice || typeof choice !== "object")
    throw new ModelError("bad_response", "choices[0] is not an object");
  const message = choice.message as Record<string, unknown> | undefined;
  const content = message?.content;
  if (content !== null && content !== undefined && typeof content !== "string") {
    throw new ModelError("bad_response", "choices[0].message.content is not a string");
  }
  const out: ModelResponse = { text: typeof content === "string" ? content : "" };
  if (typeof choice.finish_reason === "string") out.finish_reason = choice.finish_reason;
  // OpenAI reports a safety refusal as `message.refusal` (content null) with finish "stop".
  if (typeof message?.refusal === "string" && message.refusal !== "" && out.text === "")
    out.finish_reason = "refusal";
  const usage = o?.usage as Record<string, unknown> | undefined;
  if (
    usage &&
    typeof usage === "object" &&
    isCount(usage.prompt_tokens) &&
    isCount(usage.completion_tokens)
  ) {
    out.usage = { prompt_tokens: usage.prompt_tokens, completion_tokens: usage.completion_tokens };
  }
  const timings = parseLlamaTimings(o?.timings);
  if (timings) out.timings = timings;
  return out;
}

/**
 * A token count a server reports: a non-negative safe integer. Anything else (-1, 1.5, "12")
 * is ignored and the usage estimated, since the record schema (and so the results file a
 * resume reads back) only holds counts: one odd server reply must not make it unreadable.
 */
export const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
const isDuration = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n) && n >= 0;

/** llama-server attaches `timings` to both its native and OpenAI-compatible replies. */
export function parseLlamaTimings(t: unknown): PhaseTimings | undefined {
  if (!t || typeof t !== "object") return undefined;
  const r = t as Record<string, unknown>;
  const out: PhaseTimings = {};
  if (isDuration(r.prompt_ms)) out.prefill_ms = r.prompt_ms;
  if (isDuration(r.predicted_ms)) out.decode_ms = r.predicted_ms;
  return out.prefill_ms === undefined && out.decode_ms === undefined ? undefined : out;
}

export class OpenAIClient implements ModelClient {
  readonly descriptor: ClientDescriptor;
  private readonly url: string;
  private readonly keyEnv: string;
  private readonly env: NodeJS.ProcessEnv;
  private readonly base: string;

  constructor(opts: OpenAIClientOptions) {
    this.env = opts.env ?? process.env;
    const base = opts.baseUrl || this.env.OPENAI_BASE_URL || OPENAI_DEFAULT_BASE_URL;
    this.base = base;
    this.url = joinUrl(base, "/chat/completions");
    this.keyEnv = opts.apiKeyEnv ?? "OPENAI_API_KEY";
    if (opts.requireKey && !this.env[this.keyEnv]) {
      throw new ModelError("client", `environment variable ${this.keyEnv} (the API key) is not set`);
    }
    this.descriptor = { kind: "openai", model: opts.model, endpoint: base.replace(/\/+$/, "") };
  }

  private endpoint(): KeyedEndpoint {
    return { url: this.url, base: this.base, model: this.descriptor.model, keyEnv: this.keyEnv };
  }

  async complete(req: ModelRequest, ctx: CallContext): Promise<ModelResponse> {
    // The key is read per call and only ever placed in the Authorization header.
    const key = this.env[this.keyEnv];
    const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
    const json = await postWithKey(this.endpoint(), openAIChatBody(this.descriptor.model, req), key, {
      headers,
      signal: ctx.signal,
      context: { listsModels: true },
    });
    const res = parseOpenAIChat(json);
    // A reply that repeats the key (a proxy echoing headers back) never carries it further:
    // not into records, step logs, caches or reports.
    if (key && key.length >= 4) {
      res.text = redact(res.text, [key]);
      if (res.finish_reason !== undefined) res.finish_reason = redact(res.finish_reason, [key]);
    }
    return res;
  }
}
