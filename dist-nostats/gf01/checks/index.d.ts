import { type CompiledInstance } from "../model/compile.js";
import type { Gf01Instance } from "../model/types.js";
export interface CheckResult {
    check_id: string;
    passed: boolean;
    /** True for checks whose definition is ours (not in the official checks.py). */
    local?: boolean;
    skipped?: string;
    [k: string]: unknown;
}
export interface CheckSuiteOptions {
    seed?: number;
    /** Instances per split (public and private). */
    count?: number;
    /** Agents for AB-003/AB-005 (the agents package); checks are skipped without them. */
    agents?: {
        greedy?: AgentFn;
        search?: AgentFn;
    };
}
export type AgentFn = (inst: Gf01Instance, ci: CompiledInstance, seed: number) => readonly (readonly [number, string, number])[];
/** Run the suite. Deterministic for a given seed/count (no clock in results). */
export declare function runChecks(o?: CheckSuiteOptions): {
    passed: boolean;
    instances: number;
    rejected: number;
    results: Record<string, CheckResult>;
};
