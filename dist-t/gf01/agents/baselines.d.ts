import type { CompiledInstance } from "../model/compile.js";
import type { Atom, Gf01Instance } from "../model/types.js";
/**
 * The official baseline panel (gf01/baselines.py), reimplemented over compiled instances.
 * Behaviour, names, tracks and tool allowlists match the official harness; see
 * docs/gf01-generator.md for the few places where the official code's exact semantics are
 * subtle (string tie-breaks, RNG seeding).
 */
export type EvalTrack = "EVAL-CB" | "EVAL-TA" | "EVAL-OC";
/** Official ALLOWED_TOOL_ALLOWLISTS_BY_TRACK (one allowlist per track). */
export declare const TOOL_ALLOWLIST_BY_TRACK: Readonly<Record<EvalTrack, string>>;
export interface Agent {
    /** Display name written to run records (official `agent_name`). */
    readonly name: string;
    /** Short id (official canonical baseline id: random, greedy, search, tool, oracle). */
    readonly id: string;
    /** Case-insensitive ids accepted by `getAgent` (official `make_agent` keys). */
    readonly aliases: readonly string[];
    readonly eval_track: EvalTrack;
    readonly tool_allowlist_id: string;
    /** Deterministic in (instance, seed). Returns a sorted certificate. */
    propose(inst: Gf01Instance, ci: CompiledInstance, seed: number): Atom[];
}
/** Candidate atoms in official order: t ascending, then input_aps order; each flips the base bit. */
export declare function candidateAtoms(ci: CompiledInstance): Atom[];
/** Official `sorted_certificate`: by (t, ap, value), ap compared as a Python str. */
export declare function sortedCertificate(c: readonly Atom[]): Atom[];
/** Python `min(certs, key=lambda c: (timestep_cost(c), len(c), [a.to_tuple() for a in c]))`. */
export declare function pickMostEfficient(certs: readonly Atom[][]): Atom[];
export declare const randomAgent: Agent;
export declare const greedyAgent: Agent;
export declare const budgetAwareSearchAgent: Agent;
export declare const toolPlannerAgent: Agent;
export declare const exactOracleAgent: Agent;
/**
 * Not an official baseline: models the typical LLM failure of *over-specifying* — it finds
 * a minimal witness but then pins every input AP at each timestep it touches (no-op atoms
 * included), so the certificate is sufficient but fails singleton-removal minimality.
 * Budgets are respected (the atom budget too, when set), so the failure is Min1 alone; when the
 * witness already pins every AP at its timesteps, one no-op atom goes to the earliest free
 * timestep if the budgets allow — otherwise the (valid) witness itself is returned.
 */
export declare const overspecifyAgent: Agent;
