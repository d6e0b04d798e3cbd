import { PyTuple, pyRepr } from "../../core/pyjson.js";
import type { CompiledInstance } from "../model/compile.js";
import type { Atom, Bit } from "../model/types.js";
import { atomKey, dedupeAtoms, type RawAtom, sortAtoms, timestepCost } from "./atoms.js";

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
export function validateCertificate(
  ci: CompiledInstance,
  cert: readonly RawAtom[],
  opts: ValidateOptions = {},
): ValidationResult {
  const reasons: string[] = [];
  const conflicts: ConflictIssue[] = [];
  const duplicates: Atom[] = [];
  const noops: Atom[] = [];
  const seen = new Map<string, number>();
  const seenAtoms = new Set<string>();
  const maxT = ci.T - 1;
  const nIn = ci.sys.nIn;
  for (const [t, ap, v] of cert) {
    let atomOk = true;
    // Python formats these with str(); JS String() agrees for the ints we accept.
    if (!(Number.isInteger(t) && t >= 0 && t <= maxT)) {
      reasons.push(`timestep ${t} out of range`);
      atomOk = false;
    }
    const apIdx = ci.apIndex.get(ap);
    if (apIdx === undefined) {
      reasons.push(`ap ${ap} not in AP_in`);
      atomOk = false;
    }
    if (v !== 0 && v !== 1) {
      reasons.push(`value ${v} is invalid`);
      atomOk = false;
    }
    if (!atomOk) continue;
    const key = `${t}\u0000${ap}`;
    const prev = seen.get(key);
    if (prev !== undefined && prev !== v) {
      reasons.push(`conflicting assignments for ${pyRepr(new PyTuple([t, ap]))}`);
      if (!conflicts.some((c) => c.t === t && c.ap === ap)) conflicts.push({ t, ap });
    }
    seen.set(key, v);
    const atom: Atom = [t, ap, v as Bit];
    const k = atomKey(atom);
    if (seenAtoms.has(k)) duplicates.push(atom);
    else seenAtoms.add(k);
    if (((ci.base[t] >> (nIn - 1 - (apIdx as number))) & 1) === v) noops.push(atom);
  }
  const scored = opts.normalize ? dedupeAtoms(cert) : cert;
  if (timestepCost(scored) > ci.budgetTimestep) reasons.push("timestep budget exceeded");
  if (ci.scoreBudgetAtoms !== null && scored.length > ci.scoreBudgetAtoms)
    reasons.push("atom budget exceeded");
  const atoms = sortAtoms(scored.map((a) => [a[0], a[1], a[2]] as unknown as Atom));
  return { ok: reasons.length === 0, reasons, atoms, duplicates, noops, conflicts };
}
