import { type CompiledInstance } from "./compile.js";
import type { Atom, Certificate } from "./types.js";
/** Canonical atom order: (t, ap, value) ascending, as the official `sorted_certificate`. */
export declare function compareAtoms(a: Atom, b: Atom): number;
export declare function sortCertificate(c: Certificate): Atom[];
/** Distinct intervened timesteps TS(C). */
export declare function timesteps(c: Certificate): number[];
/**
 * Apply (Definition 5) into a caller-provided buffer: symbols of τ[C]. Atoms must already be
 * structurally valid (see validateCertificate).
 */
export declare function applyInto(ci: CompiledInstance, c: Certificate, out: Uint32Array): Uint32Array;
export declare function applyCertificate(ci: CompiledInstance, c: Certificate): Uint32Array;
/** Parse an unknown JSON value into atoms, with field-level errors. */
export declare function parseCertificate(value: unknown, field?: string): Atom[];
