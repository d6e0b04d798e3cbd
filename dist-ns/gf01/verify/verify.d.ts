import type { CompiledInstance } from "../model/compile.js";
import { type RawAtom } from "./atoms.js";
/** The official `VerificationResult` plus the two efficiency counts of a run record. */
export interface VerifyResult {
    suff: boolean;
    min1: boolean;
    valid: boolean;
    goal: boolean;
    /** |TS(C)|: distinct timesteps (official `timestep_cost`). */
    eff_t: number;
    /** |C|: list length (official `len(cert)`), or distinct atoms with `normalize`. */
    eff_a: number;
}
export interface VerifyOptions {
    /** Set semantics (collapse repeated atoms) instead of the official list semantics. See validate.ts. */
    normalize?: boolean;
}
/**
 * Suff / Min1 / Valid (Defs 10–12) with the official gate: a structurally invalid certificate
 * (see validateCertificate, budgets included) or an insufficient one scores all false; goal
 * equals suff. Exact and allocation-free apart from the result object.
 *
 * Min1 shortcut (equivalent to re-running C \ {c} for each c): a repeated atom or a no-op
 * atom leaves τ[C \ {c}] = τ[C], so Min1 fails; an atom after the main run's first effect
 * hit (or after the window) leaves that hit in place, so Min1 fails; otherwise the run
 * without c equals the main run up to t_c, and only the suffix from t_c is simulated.
 */
export declare function verifyCertificate(ci: CompiledInstance, cert: readonly RawAtom[], opts?: VerifyOptions): VerifyResult;
/**
 * Suff_I(C) (Def. 10) alone: apply and run, ignoring budgets (as the official baselines'
 * `_is_sufficient`). A certificate that cannot be applied (timestep out of range, unknown
 * AP, bad value, conflicting (t, ap)) is reported insufficient rather than guessed at.
 */
export declare function isSufficient(ci: CompiledInstance, cert: readonly RawAtom[]): boolean;
