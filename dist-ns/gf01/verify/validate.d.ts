import type { CompiledInstance } from "../model/compile.js";
import type { Atom } from "../model/types.js";
import { type RawAtom } from "./atoms.js";
export interface ConflictIssue {
    t: number;
    ap: string;
}
export interface ValidationResult {
    /** Structurally valid: the official `validate_certificate_structure` would return True. */
    ok: boolean;
    /**
     * Every structural problem, in the order the official checker meets them; `reasons[0]` is
     * exactly the single string the official checker returns. Atom problems come first (per
     * atom: timestep range, AP, value, conflict), then the budgets.
     */
    reasons: string[];
    /** The atoms to score, canonically sorted; de-duplicated only with `normalize: true`. */
    atoms: Atom[];
    /** Extra copies of repeated atoms (one entry per extra copy). Reported, never dropped silently. */
    duplicates: Atom[];
    /** Atoms whose value equals the base trace (they change nothing). Reported, kept. */
    noops: Atom[];
    /** (t, ap) pairs assigned both 0 and 1. */
    conflicts: ConflictIssue[];
}
export interface ValidateOptions {
    /**
     * false (default, official parity): the certificate is the list as given; a repeated atom
     * stays repeated, counts toward eff_a / the atom budget, and makes Min1 fail (removing one
     * copy changes nothing). true (spec Def. 4, a certificate is a set): repeats are collapsed
     * before budgets and scoring.
     */
    normalize?: boolean;
}
/**
 * Structural validation with the official reason strings. Budget overruns are structural
 * failures in the official checker (the certificate then scores suff=min1=valid=goal=false),
 * not merely reported: "timestep budget exceeded" always; "atom budget exceeded" only under
 * the "enforce" atom-budget rule (`ci.scoreBudgetAtoms` set, see `withAtomBudget`); the
 * default "diagnostic" rule is the newest official checker's, which has no atom budget.
 */
export declare function validateCertificate(ci: CompiledInstance, cert: readonly RawAtom[], opts?: ValidateOptions): ValidationResult;
