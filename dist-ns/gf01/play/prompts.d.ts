import type { GoalPanel, Observation, Rejection } from "./observation.js";
export declare const SYSTEM_TEMPLATE: import("../../core/engine/prompts/registry.js").PromptTemplate;
/**
 * v2: explore_then_commit prompts also show the player's earlier practice rollouts (their
 * settings, outputs and effect status), as the browser shows them under the board; v1 showed
 * only the current rollout, so the scored run was played blind.
 */
export declare const USER_TEMPLATE: import("../../core/engine/prompts/registry.js").PromptTemplate;
export type PromptTrack = "EVAL-CB" | "EVAL-TA";
export interface PromptOptions {
    track: PromptTrack;
    scratchpad: boolean;
    maxToolCalls: number;
}
/** Identity of the prompt configuration (goes into the model config hash). */
export declare function promptConfig(o: PromptOptions): Record<string, unknown>;
export declare function goalSentence(g: GoalPanel): string;
export declare function systemPrompt(g: GoalPanel, o: PromptOptions, protocol: "commit_only" | "explore_then_commit"): string;
/**
 * Earlier practice rollouts as the player last saw each one (settings, outputs, effect
 * status). Only the player's own moves and observed outputs: nothing hidden.
 */
export declare function practiceBlock(earlier: readonly Observation[]): string;
/**
 * The per-decision user message: goal panel, earlier practice rollouts (`earlier`: the last
 * observation of each, oldest first), this rollout's history, status, the ask.
 */
export declare function userPrompt(o: Observation, rejection?: Rejection, earlier?: readonly Observation[]): string;
/**
 * The last JSON object in a reply (code fences and a scratchpad allowed around it). Returns
 * the parsed value or a reason. Scans braces outside strings so nested objects work.
 */
export declare function extractJsonObject(text: string): {
    value: Record<string, unknown>;
} | {
    reason: string;
};
