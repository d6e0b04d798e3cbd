import type { ModelClient } from "../types.js";
export interface ClientOptions {
    /** Server base URL (openai: …/v1; llamacpp: server root). */
    baseUrl?: string;
    /** Env var with the API key (openai). When given explicitly, it must be set. */
    apiKeyEnv?: string;
    /** Extra argv for `command:<program>` (each element one argument; no shell). */
    commandArgs?: readonly string[];
    promptVia?: "stdin" | "file";
    /** Options handed to module factories and built-ins (`--model-option k=v`). */
    options?: Record<string, unknown>;
    cwd?: string;
    env?: NodeJS.ProcessEnv;
}
export { MODEL_SPEC_HELP } from "./spec-help.js";
/**
 * inspect-style `openai/<model>` → `openai:<model>`, with the note to print; other specs
 * unchanged. (`openai:openai/gpt-4o`, an OpenRouter name, already has a colon and is kept.)
 */
export declare function normalizeModelSpec(spec: string): {
    spec: string;
    note?: string;
};
/** Build a client from a `--model` spec. Bad specs are InputErrors naming the flag. */
export declare function createClient(spec: string, opts?: ClientOptions): Promise<ModelClient>;
