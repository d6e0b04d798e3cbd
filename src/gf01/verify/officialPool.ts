import { CertificateSearch } from "../generate/search.js";
import type { CompiledInstance } from "../model/compile.js";
import type { Atom, Bit } from "../model/types.js";
import { sortAtoms } from "./atoms.js";
import { verifyCertificate } from "./verify.js";

/**
 * The official scorer's reference set: the valid certificates met by the official
 * `find_valid_certificates(instance, max_nodes=120_000, max_results=32)`, in its order and with
 * its node count, so `--best-match-pool official` scores against exactly the official pool,
 * node-cap truncation included (the parity corpus's `minimal_sets.json` checks it).
 *
 * The search as documented by the reference: the empty certificate is one node; then for
 * k = 1 … B_T·|AP_in|, every k-combination (lexicographic in candidate index) of the candidate
 * atoms — each base bit flipped, timestep-major, then `input_aps` order — whose distinct
 * timesteps stay within B_T is one node; it stops after `maxResults` valid certificates, or when
 * the node count would exceed `maxNodes` (that node is not evaluated). Validity is our verifier
 * under `ci`'s atom-budget rule (the official rule has none).
 */
export interface OfficialPoolResult {
  /** Sorted certificates in discovery order. */
  certificates: Atom[][];
  nodes_visited: number;
  truncated_by_max_nodes: boolean;
  hit_max_results_cap: boolean;
}

export const OFFICIAL_POOL_MAX_NODES = 120_000;
export const OFFICIAL_POOL_MAX_RESULTS = 32;

export interface PoolLimits {
  maxNodes?: number;
  maxResults?: number;
}

/** The official search's caps, defaulted: both implementations must stop at the same place. */
const poolLimits = (opts: PoolLimits) => ({
  maxNodes: opts.maxNodes ?? OFFICIAL_POOL_MAX_NODES,
  maxResults: opts.maxResults ?? OFFICIAL_POOL_MAX_RESULTS,
});

export function officialPool(ci: CompiledInstance, opts: PoolLimits = {}): OfficialPoolResult {
  const { maxNodes, maxResults } = poolLimits(opts);
  // Fast path: the generator's exact official-order search (same combinations, same node
  // count, same cap) skips, counted combinatorially, every subtree that holds no valid
  // certificate instead of verifying its leaves one by one (the reference loop below made
  // `--best-match-pool official` re-verify up to 120,000 combinations per instance). It has no
  // atom budget and no negative-budget case, so those keep the reference loop; a property
  // test checks both against each other, caps included.
  if (ci.scoreBudgetAtoms === null && ci.budgetTimestep >= 0 && maxResults >= 1) {
    const r = new CertificateSearch(ci).findValid({ maxNodes, maxResults });
    return {
      certificates: r.certificates.map((c) => sortAtoms(c)),
      nodes_visited: r.nodes,
      truncated_by_max_nodes: r.truncated,
      hit_max_results_cap: r.certificates.length >= maxResults,
    };
  }
  return officialPoolReference(ci, opts);
}

/** The official search leaf by leaf (every combination verified); the fast path's oracle. */
export function officialPoolReference(ci: CompiledInstance, opts: PoolLimits = {}): OfficialPoolResult {
  const { maxNodes, maxResults } = poolLimits(opts);
  const { nIn, inputAps } = ci.sys;
  const cands: Atom[] = [];
  for (let t = 0; t < ci.T; t++)
    for (let j = 0; j < nIn; j++)
      cands.push([t, inputAps[j], (((ci.base[t] >> (nIn - 1 - j)) & 1) ^ 1) as Bit]);
  const found: Atom[][] = [];
  let nodes = 1;
  if (verifyCertificate(ci, []).valid) found.push([]);
  let truncated = false;
  const done = (): boolean => truncated || found.length >= maxResults;
  const bT = ci.budgetTimestep;
  const chosen: Atom[] = [];
  // Candidates are timestep-major and chosen in increasing index, so a new timestep is one
  // different from the last chosen atom's.
  const rec = (k: number, start: number, used: number): void => {
    if (chosen.length === k) {
      nodes++;
      if (nodes > maxNodes) {
        truncated = true;
        return;
      }
      if (verifyCertificate(ci, chosen).valid) found.push(sortAtoms(chosen));
      return;
    }
    const upper = cands.length - (k - chosen.length);
    const lastT = chosen.length ? chosen[chosen.length - 1][0] : -1;
    for (let i = start; i <= upper; i++) {
      const a = cands[i];
      const added = a[0] !== lastT;
      if (added && used + 1 > bT) continue;
      chosen.push(a);
      rec(k, i + 1, added ? used + 1 : used);
      chosen.pop();
      if (done()) return;
    }
  };
  if (!done()) {
    const maxK = bT * nIn;
    for (let k = 1; k <= maxK; k++) {
      rec(k, 0, 0);
      if (done()) break;
    }
  }
  return {
    certificates: found,
    nodes_visited: nodes,
    truncated_by_max_nodes: truncated,
    hit_max_results_cap: found.length >= maxResults,
  };
}
