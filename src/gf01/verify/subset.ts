import type { CompiledInstance } from "../model/compile.js";
import type { Atom } from "../model/types.js";
import { dedupeAtoms, type RawAtom } from "./atoms.js";
import { isSufficient } from "./verify.js";

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
  caps: { A_ref: number; P_ref: number | null };
  /** Why the diagnostic did not run (malformed certificate). */
  reason?: string;
}

const DEFAULT_A_REF = 1 << 20;

/**
 * Exact Def. 14: SubsetMin_I(C) = no proper subset C' ⊂ C (the empty set included) is
 * sufficient. C is taken as a set (repeats collapsed). Every proper subset is checked,
 * smallest first (a sufficient small subset ends the search early); there is no pruning
 * because sufficiency is not monotone. Malformed certificates are "not-run".
 */
export function subsetMinimal(
  ci: CompiledInstance,
  cert: readonly RawAtom[],
  caps: SubsetCaps = {},
): SubsetMinResult {
  const clock = caps.clock ?? (() => performance.now());
  const A_ref = caps.A_ref ?? DEFAULT_A_REF;
  const P_ref = caps.P_ref ?? null;
  const start = clock();
  const capsOut = { A_ref, P_ref };
  const atoms = dedupeAtoms(cert);
  const k = atoms.length;
  const probe = isSufficientShape(ci, atoms);
  if (probe !== null)
    return {
      status: "not-run",
      value: null,
      runtime_ms: 0,
      subsets_checked: 0,
      witness: null,
      cap_hit: null,
      caps: capsOut,
      reason: probe,
    };
  let checked = 0;
  // Every result that ran reports the time taken and the subsets checked so far.
  const finished = (
    status: "completed" | "infeasible",
    value: boolean | null,
    witness: Atom[] | null,
    cap_hit: SubsetMinResult["cap_hit"],
  ): SubsetMinResult => ({
    status,
    value,
    runtime_ms: Math.round(clock() - start),
    subsets_checked: checked,
    witness,
    cap_hit,
    caps: capsOut,
  });
  const infeasible = (cap: "A_ref" | "P_ref") => finished("infeasible", null, null, cap);
  if (k > 30) return infeasible("A_ref");
  const sub: RawAtom[] = [];
  // Subsets by size: sizes 0..k-1, each in lexicographic combination order (Gosper's hack).
  for (let size = 0; size < k; size++) {
    let mask = size === 0 ? 0 : (1 << size) - 1;
    const limit = 2 ** k;
    while (mask < limit) {
      if (checked >= A_ref) return infeasible("A_ref");
      if (P_ref !== null && (checked & 255) === 0 && clock() - start > P_ref) return infeasible("P_ref");
      checked++;
      sub.length = 0;
      for (let i = 0; i < k; i++) if (mask & (1 << i)) sub.push(atoms[i]);
      if (isSufficient(ci, sub))
        return finished(
          "completed",
          false,
          sub.map((a) => [a[0], a[1], a[2]] as unknown as Atom),
          null,
        );
      if (mask === 0) break;
      const c = mask & -mask;
      const r = mask + c;
      mask = Math.floor(((r ^ mask) >>> 2) / c) | r; // Gosper: next combination of the same size
    }
  }
  return finished("completed", true, null, null);
}

/** null when every atom can be applied; else why not. */
function isSufficientShape(ci: CompiledInstance, atoms: readonly RawAtom[]): string | null {
  const seen = new Map<string, number>();
  for (const [t, ap, v] of atoms) {
    if (!(Number.isInteger(t) && t >= 0 && t < ci.T)) return `timestep ${t} out of range`;
    if (!ci.apIndex.has(ap)) return `ap ${ap} not in AP_in`;
    if (v !== 0 && v !== 1) return `value ${v} is invalid`;
    const key = `${t}\u0000${ap}`;
    if (seen.has(key) && seen.get(key) !== v) return "conflicting assignments";
    seen.set(key, v);
  }
  return null;
}
