import type { CompiledInstance } from "../model/compile.js";
import type { Atom } from "../model/types.js";
import type { RawAtom } from "./atoms.js";
export declare function naiveStructureOk(ci: CompiledInstance, cert: readonly RawAtom[]): boolean;
export declare function naiveSufficient(ci: CompiledInstance, cert: readonly RawAtom[]): boolean;
export declare function naiveEvaluate(ci: CompiledInstance, cert: readonly RawAtom[]): {
    suff: boolean;
    min1: boolean;
    valid: boolean;
    goal: boolean;
};
/** Official `candidate_atoms`: every flip of a base bit, t-major, input_aps order. */
export declare function candidateFlips(ci: CompiledInstance): Atom[];
/** Canonical string of a certificate, for comparing sets of certificates in tests. */
export declare const certKey: (c: readonly RawAtom[]) => string;
/**
 * Brute-force M(I): every subset of `candidateFlips` (or, with `withNoops`, every choice of
 * {unset, 0, 1} per (t, ap), no-ops included) filtered by `naiveEvaluate`. Exponential:
 * tiny instances only. Returns canonical keys and the certificates.
 */
export declare function bruteForceMinimal(ci: CompiledInstance, opts?: {
    withNoops?: boolean;
}): Atom[][];
/** Official `best_match_certificate` over an explicit list, literally (full key incl. hash). */
export declare function bruteForceBestMatch(agent: readonly RawAtom[], golds: readonly Atom[][]): Atom[];
/** Naive Def. 14 over all proper subsets of the de-duplicated certificate. */
export declare function naiveSubsetMinimal(ci: CompiledInstance, cert: readonly RawAtom[]): boolean;
