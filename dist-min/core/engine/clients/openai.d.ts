import type { CallContext, ClientDescriptor, ModelClient, ModelRequest, ModelResponse, PhaseTimings } from "../types.js";
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
export declare const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
/** Request body for POST {base}/chat/completions. Exported for tests and docs. */
export declare function openAIChatBody(model: string, req: ModelRequest): Record<string, unknown>;
/** Parse a Chat Completions reply; anything off-shape is a retryable bad_response. */
export declare function parseOpenAIChat(json: unknown): ModelResponse;
/**
 * A token count a server reports: a non-negative safe integer. Anything else (-1, 1.5, "12")
 * is ignored and the usage estimated, since the record schema (and so the results file a
 * resume reads back) only holds counts: one odd server reply must not make it unreadable.
 */
export declare const isCount: (n: unknown) => n is number;
/** llama-server attaches `timings` to both its native and OpenAI-compatible replies. */
export declare function parseLlamaTimings(t: unknown): PhaseTimings | undefined;
export declare class OpenAIClient implements ModelClient {
    readonly descriptor: ClientDescriptor;
    private readonly url;
    private readonly keyEnv;
    private readonly env;
    private readonly base;
    constructor(opts: OpenAIClientOptions);
    complete(req: ModelRequest, ctx: CallContext): Promise<ModelResponse>;
}
