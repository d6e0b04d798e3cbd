import type { CallContext, ClientDescriptor, ModelClient, ModelRequest, ModelResponse } from "../types.js";
export interface LlamaCppClientOptions {
    /** Server root, e.g. http://localhost:8080 (the client posts to /completion). */
    baseUrl?: string;
    /** Label for records and cache keys (llama-server serves whatever model it loaded). */
    model?: string;
}
export declare const LLAMACPP_DEFAULT_BASE_URL = "http://localhost:8080";
/**
 * The native endpoint takes one prompt string. A single user message is sent verbatim (the
 * reference harness's shape); several messages are joined with blank lines, system first.
 */
export declare function messagesToPrompt(req: ModelRequest): string;
/**
 * Request body for POST /completion. Defaults reproduce the reference adapter's greedy decode
 * (temperature 0, top_p 1, top_k 1, repeat_penalty 1, seed 0); explicit params override.
 */
export declare function llamaCppBody(req: ModelRequest): Record<string, unknown>;
export declare function parseLlamaCompletion(json: unknown): ModelResponse;
export declare class LlamaCppClient implements ModelClient {
    readonly descriptor: ClientDescriptor;
    private readonly url;
    private readonly base;
    constructor(opts?: LlamaCppClientOptions);
    complete(req: ModelRequest, ctx: CallContext): Promise<ModelResponse>;
}
