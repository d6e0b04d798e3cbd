import type { OnlineAgent } from "../play/agent.js";
/**
 * BL-00 online: at each timestep, with probability 0.35, set one random input AP to a random
 * bit (within the public budgets). Seeded by (run seed, bundle position): deterministic.
 */
export declare const onlineRandomAgent: OnlineAgent;
/**
 * BL-01 online (black-box greedy): under explore_then_commit it spends its exploration
 * rollouts on one passive run and then single-atom probes (latest timestep first), and commits
 * the first probe that triggered the effect (or nothing, if the passive run already did).
 * Under commit_only it has no feedback before the scored run and plays passively.
 */
export declare const onlineGreedyAgent: OnlineAgent;
/**
 * BL-04 exact oracle as a white-box online agent (EVAL-OC only): it reads the instance,
 * computes the oracle's certificate and plays it.
 */
export declare const onlineOracleAgent: OnlineAgent;
/** Replays a fixed script `{t: {ap: bit}}` (official `--script` format), then no changes. */
export declare function scriptedAgent(script: ReadonlyMap<number, Record<string, unknown>>, name?: string): OnlineAgent;
/**
 * Parse an official action script: `{"actions":[{"t":0,"set":{"in0":1}}, …]}`, a bare list of
 * such rows, or a map `{"0": {"in0": 1}}`. Bits are checked when played, not here.
 */
export declare function parseActionScript(v: unknown, file?: string): Map<number, Record<string, unknown>>;
/**
 * Online agents by id (`online-random`, `online-greedy`, `online-target-flip`, `online-probe`,
 * `online-oracle`) or display name.
 */
export declare function getOnlineAgent(id: string): OnlineAgent | undefined;
export declare const ONLINE_AGENT_IDS: string[];
