import type { ResponseCache } from "../../core/engine/cache.js";
import type { ModelError } from "../../core/engine/errors.js";
import { type PromptStore } from "../../core/engine/prompt-store.js";
import { type RetryPolicy } from "../../core/engine/retry.js";
import type { ModelClient, SamplingParams } from "../../core/engine/types.js";
import { EpisodeFailed, type OnlineAgent } from "./agent.js";
import type { Observation } from "./observation.js";
import { type PromptOptions } from "./prompts.js";
export declare const LLM_TOOL_ALLOWLIST_ID = "local-planner-v1";
export declare const LLM_TOOLS: readonly ["window", "check_plan", "history"];
export interface LlmAgentOptions {
    client: ModelClient;
    /** Merged over the defaults (temperature 0, max_tokens 256, or 1024 with a scratchpad). */
    params?: SamplingParams;
    track?: "EVAL-CB" | "EVAL-TA";
    scratchpad?: boolean;
    /** Re-asks after a reply with no JSON object (default 2), then the step is skipped. */
    maxMalformed?: number;
    /** Tool calls allowed per decision on EVAL-TA (default 4). */
    maxToolCalls?: number;
    cache?: ResponseCache;
    retry?: RetryPolicy;
    timeoutMs?: number;
    name?: string;
    /** Keep every rendered prompt there; transcript entries point to it by `prompt_sha256`. */
    prompts?: PromptStore;
}
export interface ToolCall {
    episode: number;
    t: number;
    tool: string;
    args: unknown;
    result: unknown;
}
/**
 * The EVAL-TA tools. They are functions of what the player has already seen (goal panel,
 * current observation, final observations of earlier rollouts), so they cannot leak.
 */
export declare function runTool(name: string, args: unknown, o: Observation, earlier: readonly Observation[]): Record<string, unknown>;
/**
 * A failed model call as an episode error, in one plain line. Keyed on the error's status and the
 * engine's classification (`reason`, `connectFailure`, `permanent`), not on message text alone.
 * Permanent: the endpoint refuses connections before ever answering, or answers 401/403/404
 * (a bad key, URL or model name): the run stops at once instead of failing every episode.
 */
export declare function modelFailure(endpoint: string, e: ModelError | undefined, reachedBefore: boolean): EpisodeFailed;
export type LlmAgent = OnlineAgent & {
    readonly promptOptions: PromptOptions;
    readonly params: SamplingParams;
    /** Identity of (client, params, prompts) for provenance. */
    configHash(): string;
};
export declare function llmAgent(o: LlmAgentOptions): LlmAgent;
