import { ModelError } from "./errors.js";
/** Header lookup by lower-case name (fetch `Headers` and Node's header objects both fit). */
export interface HeaderSource {
    get(name: string): string | null;
}
/** Parse `retry-after-ms` (OpenAI) or `Retry-After` (seconds or HTTP date) into ms. */
export declare function parseRetryAfter(headers: HeaderSource, now?: number): number | undefined;
export interface PostJsonOptions {
    headers?: Record<string, string>;
    signal: AbortSignal;
    /** Strings to scrub from any error text (API keys). */
    secrets?: readonly (string | undefined)[];
    /** What error messages may say about the request (never the key itself). */
    context?: RequestContext;
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
}
/**
 * POST a JSON body and return the parsed JSON reply, mapping HTTP failures to ModelError
 * kinds (429 → rate_limit, 5xx → server, other 4xx → client, non-JSON 2xx → bad_response).
 */
export declare function postJson(url: string, body: unknown, opts: PostJsonOptions): Promise<unknown>;
/** One line per 4xx: what the server said, where, and the likely fix. */
export declare function clientError(status: number, said: string, url: string, ctx: RequestContext): ModelError;
export declare function joinUrl(base: string, path: string): string;
