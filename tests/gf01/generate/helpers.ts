import type { CompiledInstance } from "../../../src/gf01/model/compile.js";
import { effectHolds } from "../../../src/gf01/model/simulate.js";
import type { Atom, Bit } from "../../../src/gf01/model/types.js";

/**
 * Brute-force reference for the official search: every k-combination of flip atoms in
 * lexicographic order (k = 1..B·|AP_in|), one node per combination with ≤ B timesteps,
 * validity = sufficient and every singleton removal insufficient. Deliberately naive.
 */
export function bruteFindValid(
  ci: CompiledInstance,
  maxNodes: number,
  maxResults: number,
): { certificates: Atom[][]; truncated: boolean } {
  const nIn = ci.sys.nIn;
  const n = ci.T * nIn;
  const B = ci.budgetTimestep;
  const suff = (pos: number[]): boolean => {
    const tr = ci.base.slice();
    for (const p of pos) tr[Math.floor(p / nIn)] ^= 1 << (nIn - 1 - (p % nIn));
    return effectHolds(ci, tr);
  };
  const found: Atom[][] = [];
  let nodes = 1;
  if (suff([])) found.push([]);
  if (found.length >= maxResults) return { certificates: found, truncated: false };
  const toAtoms = (pos: number[]): Atom[] =>
    pos.map((p) => {
      const t = Math.floor(p / nIn);
      const j = p % nIn;
      return [t, ci.sys.inputAps[j], (1 - ((ci.base[t] >> (nIn - 1 - j)) & 1)) as Bit] as Atom;
    });
  for (let k = 1; k <= B * nIn && k <= n; k++) {
    const idx = Array.from({ length: k }, (_, i) => i);
    for (;;) {
      if (new Set(idx.map((p) => Math.floor(p / nIn))).size <= B) {
        nodes++;
        if (nodes > maxNodes) return { certificates: found, truncated: true };
        if (suff(idx) && idx.every((_, i) => !suff(idx.filter((__, x) => x !== i)))) {
          found.push(toAtoms(idx).sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)));
          if (found.length >= maxResults) return { certificates: found, truncated: false };
        }
      }
      let i = k - 1;
      while (i >= 0 && idx[i] === n - k + i) i--;
      if (i < 0) break;
      idx[i]++;
      for (let x = i + 1; x < k; x++) idx[x] = idx[x - 1] + 1;
    }
  }
  return { certificates: found, truncated: false };
}

/** Fewest flips of any sufficient certificate within the budget (brute force), Infinity if none. */
export function bruteMinAtoms(ci: CompiledInstance): number {
  const r = bruteFindValid(ci, Number.POSITIVE_INFINITY, 1);
  return r.certificates.length ? r.certificates[0].length : Number.POSITIVE_INFINITY;
}
