/**
 * Black-box baselines for EVAL-CB: they see exactly what a player sees — the goal panel and,
 * at each decision point, the canonical observation (outputs seen so far, own interventions,
 * budgets, effect status) — and nothing else. This module imports no model, verifier or
 * generator code, so it cannot simulate the hidden machine (tests/gf01/agents/blackbox.test.ts
 * checks the imports and that the runner hands them no instance).
 *
 *  - BB-01-TargetFlip (commit_only): no feedback before the scored run, so it bets on the most
 *    local cause: one intervention at the start of the objective window (t* in hard mode; in
 *    normal mode an early flip has every window timestep to show), setting the first input AP
 *    to 1. A single atom is minimal whenever it works, so it never pays for unnecessary atoms
 *    (random play usually does). Blind multi-atom and sequential online variants all scored
 *    lower (docs/gf01.md "Why BB-01 is one atom"): without the base inputs, every extra atom
 *    risks Min1.
 *  - BB-02-Probe (explore_then_commit): spends every practice rollout testing one single-atom
 *    intervention near the target (window start, then the rest of the window, then earlier
 *    timesteps latest first; every input AP, value 1 then 0) and watching the effect status;
 *    the scored run replays the first probe that made the effect happen, or BB-01's guess when
 *    none did. It learns cause and effect only from intervention consequences.
 */
import type { OnlineAgent } from "../play/agent.js";
import type { GoalPanel } from "../play/observation.js";
type Probe = readonly [t: number, ap: string, v: 0 | 1];
/** BB-01's single guess: the first input AP set to 1 at the window's first timestep. */
export declare function targetFlipGuess(g: GoalPanel): Probe;
/**
 * Single-atom probes, most local first: t = window_lo, window_lo+1 … window_hi, then
 * window_lo-1 down to 0; each input AP in order; value 1, then 0.
 */
export declare function probeOrder(g: GoalPanel): Probe[];
export declare const targetFlipAgent: OnlineAgent;
export declare const probeAgent: OnlineAgent;
/** The black-box panel, in the order the default `npm start` panel shows it. */
export declare const BLACK_BOX_AGENTS: readonly OnlineAgent[];
export {};
