import type { CompiledInstance } from "../model/compile.js";
import type { Atom } from "../model/types.js";
/**
 * An atom as it may arrive from an agent: the shape is checked (see parseCertificate) but the
 * values may still be out of range, so the validator accepts any number here.
 */
export type RawAtom = readonly [t: number, ap: string, value: number];
/**
 * Official canonical order `sorted(key=(timestep, ap, value))`. Python compares str by code
 * point, which differs from JS `<` (UTF-16 units) only for astral characters; we follow Python.
 */
export declare function compareAtomsPy(a: RawAtom, b: RawAtom): number;
export declare function sortAtoms<A extends RawAtom>(c: readonly A[]): A[];
/**
 * The official DEC-025 tie-break hash: sha256 hex of Python `repr` of the sorted list of
 * `(t, ap, value)` tuples, e.g. `[(3, 'in2', 0)]`; the larger hex string wins.
 */
export declare function certificateHash(c: readonly RawAtom[]): string;
/** Stable string key of one atom (for sets of atoms). */
export declare const atomKey: (a: RawAtom) => string;
/** Distinct atoms, first occurrence kept, order preserved. */
export declare function dedupeAtoms<A extends RawAtom>(c: readonly A[]): A[];
/** |TS(C)|: number of distinct timesteps (official `timestep_cost`, duplicates ignored). */
export declare function timestepCost(c: readonly RawAtom[]): number;
/**
 * Atoms of the flip mask `mask` at timestep t (bit (nIn-1-i) = input_aps[i]), each setting
 * the opposite of the base value. Used to turn DP paths back into certificates.
 */
export declare function flipAtoms(ci: CompiledInstance, t: number, mask: number, out: Atom[]): void;
