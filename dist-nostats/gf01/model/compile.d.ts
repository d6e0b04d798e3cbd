import type { Gf01Instance, MealyAutomaton, Mode } from "./types.js";
/**
 * Dense, allocation-free form of a Mealy machine. Input valuations are encoded as an
 * integer whose most significant bit is input_aps[0] (the official key order), so the
 * official key `in0=1|in1=0|in2=1` is code 0b101 = 5.
 */
export interface CompiledSystem {
    readonly nStates: number;
    readonly nIn: number;
    readonly nOut: number;
    /** 2^nIn */
    readonly nSymbols: number;
    readonly initial: number;
    /** next[state * nSymbols + symbol] */
    readonly next: Int32Array;
    /** out[state * nSymbols + symbol]: bit (nOut-1-j) set iff output_aps[j] = 1 */
    readonly out: Uint32Array;
    readonly stateNames: readonly string[];
    readonly inputAps: readonly string[];
    readonly outputAps: readonly string[];
}
export interface CompiledInstance {
    readonly sys: CompiledSystem;
    /** Horizon T = base trace length. */
    readonly T: number;
    /** Base trace as input symbols, one per timestep. */
    readonly base: Uint32Array;
    /** Mask of the effect AP within output codes. */
    readonly effectMask: number;
    readonly tStar: number;
    readonly mode: Mode;
    readonly windowSize: number;
    /** Effect window [lo, hi]: hard → [t*, t*]; normal → [max(0, t*-w), min(T-1, t*)]. */
    readonly lo: number;
    readonly hi: number;
    readonly budgetTimestep: number;
    /** The instance's declared atom budget B_A (players see it as a limit; see scoreBudgetAtoms). */
    readonly budgetAtoms: number | null;
    /**
     * The atom budget the scorer enforces: null under the default "diagnostic" rule (newest
     * official semantics, Valid = Suff ∧ Min1 with no B_A), `budgetAtoms` under "enforce"
     * (fixture-era rule). Set with `withAtomBudget`.
     */
    readonly scoreBudgetAtoms: number | null;
    /** State before reading base[t] (length T+1) under the unmodified base trace. */
    readonly baseStates: Int32Array;
    /** baseHitBefore[t] = 1 iff the effect already held under the base trace at some t' in [lo, t). */
    readonly baseHitBefore: Uint8Array;
    /** Index of each input AP name. */
    readonly apIndex: ReadonlyMap<string, number>;
}
/**
 * Atom-budget scoring rule (a named, recorded choice). "diagnostic" (default): the newest
 * official checker's rule — B_A is not part of Valid or M(I), an overrun is only reported
 * (`exceeds_budget_atoms`). "enforce": the fixture-era rule — more atoms than B_A is a
 * structural failure ("atom budget exceeded").
 */
export type AtomBudgetRule = "diagnostic" | "enforce";
export declare const ATOM_BUDGET_RULES: readonly AtomBudgetRule[];
export declare const DEFAULT_ATOM_BUDGET_RULE: AtomBudgetRule;
/** The same compiled instance scored under `rule` (shares every array; cheap). */
export declare function withAtomBudget(ci: CompiledInstance, rule: AtomBudgetRule): CompiledInstance;
/** Bit of input AP i in a symbol: first AP is the most significant. */
export declare const inputBit: (nIn: number, apIdx: number) => number;
export declare const outputBit: (nOut: number, apIdx: number) => number;
/** Official transition key for a symbol, e.g. `in0=1|in1=0`. */
export declare function symbolKey(inputAps: readonly string[], symbol: number): string;
export declare function compileSystem(a: MealyAutomaton): CompiledSystem;
export declare function effectWindow(mode: Mode, tStar: number, windowSize: number, T: number): [lo: number, hi: number];
export declare function compileInstance(inst: Gf01Instance, sys?: CompiledSystem): CompiledInstance;
