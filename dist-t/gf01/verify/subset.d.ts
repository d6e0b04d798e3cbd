import type { CompiledInstance } from "../model/compile.js";
import type { Atom } from "../model/types.js";
import { type RawAtom } from "./atoms.js";
/**
 * Optional-diagnostic caps (DEC-020 hybrid policy): A_ref is an algorithmic budget (proper
 * subsets evaluated), P_ref a platform/runtime budget in ms. Values are provisional until the
 * DEC-021 pilot freeze; both are recorded in the result so a capped run is visible.
 */
export interface SubsetCaps {
    /** Max proper subsets to evaluate (default 2^20). */
    A_ref?: number;
    /** Max wall-clock ms (default: no runtime cap, so the status is platform-independent). */
    P_ref?: number;
    /** Clock for runtime_ms / P_ref (default performance.now); inject a fake for deterministic tests. */
    clock?: () => number;
}
/**
 * Official `diagnostic_status` values: the official harness only ever writes "not-run" (its
 * RunRecord default). "completed" and "infeasible" are ours: DEC-012b (exact-only when run)
 * and §9 (only optional diagnostics may be marked infeasible).
 */
export type DiagnosticStatus = "not-run" | "completed" | "infeasible";
export interface SubsetMinResult {
    status: DiagnosticStatus;
    /** SubsetMin_I(C) (Def. 14) when completed; null otherwise. */
    value: boolean | null;
    /** Integer ms, as the official `diagnostic_runtime_ms`. */
    runtime_ms: number;
    subsets_checked: number;
    /** A proper subset that is sufficient (the counterexample) when value is false. */
    witness: Atom[] | null;
    cap_hit: "A_ref" | "P_ref" | null;
    caps: {
        A_ref: number;
        P_ref: number | null;
    };
    /** Why the diagnostic did not run (malformed certificate). */
    reason?: string;
}
/**
 * Exact Def. 14: SubsetMin_I(C) = no proper subset C' ⊂ C (the empty set included) is
 * sufficient. C is taken as a set (repeats collapsed). Every proper subset is checked,
 * smallest first (a sufficient small subset ends the search early); there is no pruning
 * because sufficiency is not monotone. Malformed certificates are "not-run".
 */
export declare function subsetMinimal(ci: CompiledInstance, cert: readonly RawAtom[], caps?: SubsetCaps): SubsetMinResult;
