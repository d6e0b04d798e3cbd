import { type CompiledInstance } from "../model/compile.js";
import type { Gf01Instance, MealyAutomaton, Mode, Valuation } from "../model/types.js";
/**
 * Candidate instances live in typed arrays while they are screened (most are rejected);
 * only accepted ones become official-shape `Gf01Instance` objects. The compiled form built
 * here must equal `compileInstance(materialize(...))` — a test checks exactly that.
 */
export declare const NORMALIZATION_VERSION = "gf01.normalization.v1";
/** Raw candidate: the machine and trace as drawn, before materialization. */
export interface RawCandidate {
    nStates: number;
    inputAps: readonly string[];
    outputAps: readonly string[];
    /** next[s * 2^nIn + sym] */
    next: Int32Array;
    /** out[s * 2^nIn + sym], bit (nOut-1-j) = output_aps[j] */
    out: Uint32Array;
    /** base[t]: input symbol (input_aps[0] most significant) */
    base: Uint32Array;
    effectIdx: number;
    tStar: number;
    mode: Mode;
    windowSize: number;
    budgetTimestep: number;
    budgetAtoms: number | null;
}
export declare function compileRaw(c: RawCandidate): CompiledInstance;
/** The automaton and base trace in the official dict shape (official insertion order). */
export declare function materializeMachine(c: RawCandidate): {
    automaton: MealyAutomaton;
    base_trace: Valuation[];
};
export interface MaterializeMeta {
    seed: number;
    complexity: Record<string, number>;
    identifiability: Record<string, unknown>;
    split_id: string;
    source_type: string;
    /** Extra provenance entries (e.g. our generator version). */
    provenance?: Record<string, unknown>;
}
/**
 * Official-shape instance with the official content-hash id:
 * `gf01-` + sha256(canonical semantic identity)[:12].
 */
export declare function materializeInstance(c: RawCandidate, meta: MaterializeMeta): Gf01Instance;
/**
 * The canonical JSON of the official semantic identity (`stable_hash_json` input) written
 * straight from the typed arrays. Equivalent to `canonicalJson(semanticIdentity(inst))` (a
 * property test checks it) but ~10× faster: hashing is the hot spot of bundle generation.
 */
export declare function semanticIdentityJson(c: RawCandidate): string;
