/**
 * The one interface every model speaks: chat messages + sampling params in, text + usage out.
 * Clients are thin wire adapters; retries, cache, concurrency and accounting live in the
 * engine so every client gets them for free.
 */

export type Role = "system" | "user" | "assistant";

export interface ChatMessage {
  role: Role;
  content: string;
}

/** Output constraint; each client maps it to what its server understands. */
export type ResponseFormat =
  | { type: "text" }
  | { type: "json_object" }
  | { type: "json_schema"; name: string; schema: Record<string, unknown>; strict?: boolean }
  /** GBNF grammar (llama.cpp only). */
  | { type: "grammar"; grammar: string };

export interface SamplingParams {
  temperature?: number;
  top_p?: number;
  top_k?: number;
  max_tokens?: number;
  seed?: number;
  stop?: string[];
  repeat_penalty?: number;
  response_format?: ResponseFormat;
  /** Extra request-body fields passed through verbatim (server-specific knobs). */
  extra?: Record<string, unknown>;
}

export interface ModelRequest {
  messages: ChatMessage[];
  params: SamplingParams;
}

export interface TokenUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** Server-reported phase timings (llama.cpp reports both; most hosted APIs neither). */
export interface PhaseTimings {
  prefill_ms?: number;
  decode_ms?: number;
}

/**
 * Finish reason of a refusal: `refusal` (Anthropic's stop_reason; OpenAI's message.refusal)
 * or `refusal:<REASON>` / `refusal:prompt:<REASON>` (Gemini safety blocks). A refusal is an
 * answer, recorded and graded like any other; never an error.
 */
export const isRefusal = (finishReason: string | null | undefined): boolean =>
  typeof finishReason === "string" && (finishReason === "refusal" || finishReason.startsWith("refusal:"));

export interface ModelResponse {
  /** The model's text exactly as returned (never trimmed or rewritten). */
  text: string;
  /** Usage as reported by the server; absent when it reports none (the engine then estimates). */
  usage?: TokenUsage;
  timings?: PhaseTimings;
  finish_reason?: string;
}

/**
 * What identifies a client configuration. It goes into the config hash, the cache key and
 * every record, so it must never hold a secret (API keys are read from the environment at
 * request time and never stored).
 */
export interface ClientDescriptor {
  /** "openai" | "anthropic" | "gemini" | "llamacpp" | "command" | "module" | "builtin" */
  kind: string;
  /** Model name as the server knows it (or the agent / command name). */
  model: string;
  /** Base URL, command argv, or module spec: where requests go. */
  endpoint: string;
}

export interface CallContext {
  /** Aborts on per-request timeout or run cancellation. */
  signal: AbortSignal;
  /** Opaque item the request was built from; only in-process agents look at it. */
  item?: unknown;
}

export interface ModelClient {
  readonly descriptor: ClientDescriptor;
  complete(request: ModelRequest, ctx: CallContext): Promise<ModelResponse>;
  close?(): Promise<void>;
}
