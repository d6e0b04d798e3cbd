import { type Agent } from "./baselines.js";
/** Agents by display name (e.g. "BL-01-GreedyLocal"). */
export declare const agentsByName: ReadonlyMap<string, Agent>;
/** All agents: the official panel (BL-00..BL-04) first, then ours. */
export declare function listAgents(): readonly Agent[];
/** Official BASELINE_PANEL_FULL / _CORE ids. */
export declare const BASELINE_PANEL_FULL: readonly ["random", "greedy", "search", "tool", "oracle"];
export declare const BASELINE_PANEL_CORE: readonly ["random", "greedy", "oracle"];
/** Look up an agent by name or alias, case-insensitively (official `make_agent` ids work). */
export declare function getAgent(id: string, field?: string): Agent;
