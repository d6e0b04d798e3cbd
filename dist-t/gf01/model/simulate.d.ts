import type { CompiledInstance, CompiledSystem } from "./compile.js";
/**
 * Does the effect hold on this input-symbol trace? Runs only up to the window end and
 * allocates nothing (the verifier calls this millions of times).
 */
export declare function effectHolds(ci: CompiledInstance, trace: Uint32Array): boolean;
/**
 * Effect check resuming at time `from` from the base run's state (incremental simulation:
 * the caller guarantees `trace` equals the base trace before `from`, so the prefix — and
 * whether the effect already held in [lo, from) — is read from the precomputed base run).
 */
export declare function effectHoldsFrom(ci: CompiledInstance, trace: Uint32Array, from: number, state?: number): boolean;
/** Full run: states (length T+1) and output codes (length T). */
export declare function runSystem(sys: CompiledSystem, trace: ArrayLike<number>): {
    states: Int32Array;
    outputs: Uint32Array;
};
/** Output valuation (official dict form) of an output code. */
export declare function outputValuation(sys: CompiledSystem, code: number): Record<string, number>;
