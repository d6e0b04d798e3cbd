/**
 * The agent-facing objects of online play: the static goal panel (DEC-045 "visible goal"),
 * the canonical observation O(s_t) (spec Def. 7) and the action grammar. Everything here is a
 * function of *public* information only — goal, budgets, AP names, horizon, the outputs the
 * player has seen and the atoms the player has committed — never of the base trace or the
 * automaton state (DEC-005, §10). The leakage audit (tests/gf01/play/leakage.test.ts) checks
 * that against twin instances that differ only in hidden state.
 */
import type { CompiledInstance } from "../model/compile.js";
import type { Atom, Bit, Mode, Valuation } from "../model/types.js";
export declare const OBSERVATION_SCHEMA_VERSION = "gf01.observation.v1";
export type PlayProtocol = "commit_only" | "explore_then_commit";
export declare const PLAY_PROTOCOLS: readonly PlayProtocol[];
export type Phase = "explore" | "commit";
/** Static goal panel: what the player must achieve and with what. Same for the whole session. */
export interface GoalPanel {
    effect_ap: string;
    /** The effect AP must read this value (always 1 in GF-01). */
    target_value: 1;
    mode: Mode;
    t_star: number;
    /** Normal mode: trailing window size w; the effect must hold somewhere in [window_lo, window_hi]. */
    window_size: number;
    window_lo: number;
    window_hi: number;
    /** Horizon: timesteps 0..T-1. */
    T: number;
    input_aps: string[];
    output_aps: string[];
    budget_timestep: number;
    budget_atoms: number | null;
}
/**
 * O(s_t) at a decision point: steps 0..t-1 have been played and the next action applies to
 * timestep `t` (t = T once the rollout is over). Def. 7's y_t for the last played step is
 * `outputs[t-1]`; earlier outputs are kept so a memoryless agent sees the same information as
 * one that remembers (no new information, only convenience).
 */
export interface Observation {
    schema_version: typeof OBSERVATION_SCHEMA_VERSION;
    protocol: PlayProtocol;
    phase: Phase;
    /** 0-based rollout index in the session (exploration rollouts first, then the commit). */
    episode: number;
    /** Exploration rollouts still allowed after this one (0 under commit_only / in the commit). */
    explore_remaining: number;
    t: number;
    done: boolean;
    /** y_0..y_{t-1}: output valuations observed so far in this rollout (keys sorted). */
    outputs: Valuation[];
    /** "triggered" once the effect AP read 1 inside the objective window in this rollout. */
    effect_status_t: "triggered" | "not-triggered";
    budget_t_remaining: number;
    budget_a_remaining: number | null;
    /** C_{<t}: atoms the player committed in this rollout, sorted (t, ap, v). */
    history_atoms: Atom[];
    mode: Mode;
    t_star: number;
    goal: GoalPanel;
}
export declare function goalPanel(ci: CompiledInstance, effectAp: string): GoalPanel;
/** A partial assignment for one timestep: input AP → bit. Absent APs keep the (hidden) base. */
export type StepAction = Record<string, Bit>;
/** What a player may send at a decision point. */
export type PlayerMove = {
    kind: "set";
    set: StepAction;
}
/** Explore phase: start the scored commit episode now. Commit phase: no further interventions. */
 | {
    kind: "commit";
};
export type RejectCode = "not_an_object" | "unknown_ap" | "bad_value" | "budget_timestep_exceeded" | "budget_atoms_exceeded" | "bad_command" | "episode_over";
export interface Rejection {
    code: RejectCode;
    message: string;
    /** Offending input AP, when there is one. */
    field?: string;
}
/**
 * Parse a move. A plain object maps input AP → bit (`{}` = no intervention). An object whose
 * `type` key is not an input AP is an envelope: `{"type":"action","set":{…}}` or
 * `{"type":"commit"}`. Only the AP names (public) are consulted, so rejections never depend on
 * hidden state.
 */
export declare function parseMove(raw: unknown, inputAps: readonly string[]): PlayerMove | Rejection;
export declare const isRejection: (m: PlayerMove | Rejection) => m is Rejection;
