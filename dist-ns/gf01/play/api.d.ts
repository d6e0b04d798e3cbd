/**
 * File-level API of online play (what the CLI calls): pick an agent by flags, load the
 * bundle, run, return a JSON-ready payload. Nothing here prints or exits.
 */
import { type BundleSource } from "../artifacts/bundle.js";
import { type EvalTrack } from "../artifacts/meta.js";
import type { OnlineAgent } from "./agent.js";
import { type PlayProtocol } from "./observation.js";
import { type PlayRunOptions, type PlayRunResult } from "./runner.js";
export interface AgentSpec {
    /** online-random | online-greedy | online-oracle (or their display names). */
    agent?: string;
    /** Shell command of a JSON-lines stdio agent. */
    agentCmd?: string;
    /** agent_name for --agent-cmd / --script runs. */
    agentName?: string;
    /** Official action script file. */
    script?: string;
    agentTimeoutS?: number;
}
/** True when `evaluate --agent <id>` should run online (black-box) rather than offline. */
export declare function isOnlineAgentId(id: string | undefined): boolean;
export declare function resolveOnlineAgent(s: AgentSpec): Promise<OnlineAgent>;
export declare function checkTrack(v: string | undefined): EvalTrack | undefined;
export declare function checkProtocol(v: string | undefined): PlayProtocol;
export interface EvaluateOnlineOptions extends AgentSpec, Omit<PlayRunOptions, "bundle" | "agent" | "evalTrack" | "protocol"> {
    /** A bundle file (or formal task), or instances already loaded (`--hoa`). */
    instancesFile: BundleSource;
    evalTrack?: string;
    protocol?: string;
}
/** `gf01 evaluate --agent online-… | --agent-cmd …`: any black-box agent over a bundle. */
export declare function evaluateOnlineAgent(o: EvaluateOnlineOptions): Promise<PlayRunResult>;
