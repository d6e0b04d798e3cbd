import { compareCodePoints } from "../../core/pyjson.js";
import { PyRandom } from "../../core/random.js";
import type { CompiledInstance } from "../model/compile.js";
import type { Atom, Bit, Gf01Instance } from "../model/types.js";
import { CertificateSearch } from "../generate/search.js";

/**
 * The official baseline panel (gf01/baselines.py), reimplemented over compiled instances.
 * Behaviour, names, tracks and tool allowlists match the official harness; see
 * docs/gf01-generator.md for the few places where the official code's exact semantics are
 * subtle (string tie-breaks, RNG seeding).
 */

export type EvalTrack = "EVAL-CB" | "EVAL-TA" | "EVAL-OC";

/** Official ALLOWED_TOOL_ALLOWLISTS_BY_TRACK (one allowlist per track). */
export const TOOL_ALLOWLIST_BY_TRACK: Readonly<Record<EvalTrack, string>> = {
  "EVAL-CB": "none",
  "EVAL-TA": "local-planner-v1",
  "EVAL-OC": "oracle-exact-search-v1",
};

export interface Agent {
  /** Display name written to run records (official `agent_name`). */
  readonly name: string;
  /** Short id (official canonical baseline id: random, greedy, search, tool, oracle). */
  readonly id: string;
  /** Case-insensitive ids accepted by `getAgent` (official `make_agent` keys). */
  readonly aliases: readonly string[];
  readonly eval_track: EvalTrack;
  readonly tool_allowlist_id: string;
  /** Deterministic in (instance, seed). Returns a sorted certificate. */
  propose(inst: Gf01Instance, ci: CompiledInstance, seed: number): Atom[];
}

/** Candidate atoms in official order: t ascending, then input_aps order; each flips the base bit. */
export function candidateAtoms(ci: CompiledInstance): Atom[] {
  const { nIn, inputAps } = ci.sys;
  const atoms: Atom[] = [];
  for (let t = 0; t < ci.T; t++)
    for (let j = 0; j < nIn; j++)
      atoms.push([t, inputAps[j], (1 - ((ci.base[t] >> (nIn - 1 - j)) & 1)) as Bit]);
  return atoms;
}

/** Official `sorted_certificate`: by (t, ap, value), ap compared as a Python str. */
export function sortedCertificate(c: readonly Atom[]): Atom[] {
  return c.slice().sort((a, b) => a[0] - b[0] || compareCodePoints(a[1], b[1]) || a[2] - b[2]);
}

const timestepCost = (c: readonly Atom[]): number => new Set(c.map((a) => a[0])).size;

/** Official `_max_certificate_atoms`: max(1, B_T · |AP_in|). */
const maxCertificateAtoms = (ci: CompiledInstance): number => Math.max(1, ci.budgetTimestep * ci.sys.nIn);

/**
 * Effect activations inside the objective window under base + flips (official
 * `_effect_hit_count`): hard → output at t*; normal → count over [max(0, t*-w), t*].
 * `trace` is a caller-owned scratch buffer. Sufficiency ⇔ hits > 0.
 */
function effectHits(ci: CompiledInstance, cert: readonly Atom[], trace: Uint32Array): number {
  trace.set(ci.base);
  const nIn = ci.sys.nIn;
  for (const [t, ap, v] of cert) {
    const bit = 1 << (nIn - 1 - ci.apIndex.get(ap)!);
    trace[t] = v ? trace[t] | bit : trace[t] & ~bit;
  }
  const { next, out, nSymbols } = ci.sys;
  let s = ci.sys.initial;
  let hits = 0;
  for (let t = 0; t <= ci.hi; t++) {
    const idx = s * nSymbols + trace[t];
    if (t >= ci.lo && (out[idx] & ci.effectMask) !== 0) hits++;
    s = next[idx];
  }
  return hits;
}

/** Python tuple order on (int(suff), hits, "t:ap:v"). */
function scoreGreater(suff: number, hits: number, key: string, bs: number, bh: number, bk: string): boolean {
  if (suff !== bs) return suff > bs;
  if (hits !== bh) return hits > bh;
  return compareCodePoints(key, bk) > 0;
}

/** Python `min(certs, key=lambda c: (timestep_cost(c), len(c), [a.to_tuple() for a in c]))`. */
export function pickMostEfficient(certs: readonly Atom[][]): Atom[] {
  let best: Atom[] | null = null;
  for (const c of certs) {
    if (best === null || compareEfficiency(c, best) < 0) best = c;
  }
  return best ? best.slice() : [];
}

function compareEfficiency(a: readonly Atom[], b: readonly Atom[]): number {
  const d = timestepCost(a) - timestepCost(b) || a.length - b.length;
  if (d !== 0) return d;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    const e = x[0] - y[0] || compareCodePoints(x[1], y[1]) || x[2] - y[2];
    if (e !== 0) return e;
  }
  return 0;
}

/**
 * An agent as the official panel registers it: its display name, short id and track; the
 * `make_agent` keys are the id, the name's code (`bl-00`) and the whole name, lower-cased, and
 * the tool allowlist is the track's.
 */
function declareAgent(name: string, id: string, track: EvalTrack, propose: Agent["propose"]): Agent {
  const lower = name.toLowerCase();
  return {
    name,
    id,
    aliases: [id, lower.split("-").slice(0, 2).join("-"), lower],
    eval_track: track,
    tool_allowlist_id: TOOL_ALLOWLIST_BY_TRACK[track],
    propose,
  };
}

export const randomAgent = declareAgent("BL-00-RandomIntervention", "random", "EVAL-CB", (inst, ci, seed) => {
  // Official: random.Random(((instance.seed or 0) << 8) ^ seed) — unbounded ints, hence BigInt.
  const rng = new PyRandom((BigInt(Math.trunc(inst.seed ?? 0)) << 8n) ^ BigInt(Math.trunc(seed)));
  const atoms = candidateAtoms(ci);
  rng.shuffle(atoms);
  const cert: Atom[] = [];
  const used = new Set<number>();
  const maxAtoms = maxCertificateAtoms(ci);
  for (const atom of atoms) {
    if (cert.length >= maxAtoms) break;
    if (!used.has(atom[0]) && used.size + 1 > ci.budgetTimestep) continue;
    if (rng.random() < 0.35) {
      cert.push(atom);
      used.add(atom[0]);
    }
  }
  return sortedCertificate(cert);
});

export const greedyAgent = declareAgent("BL-01-GreedyLocal", "greedy", "EVAL-CB", (_inst, ci) => {
  const trace = new Uint32Array(ci.T);
  let cert: Atom[] = [];
  let remaining = candidateAtoms(ci);
  let currentHits = effectHits(ci, cert, trace);
  const maxAtoms = maxCertificateAtoms(ci);
  const used = new Set<number>();
  while (cert.length < maxAtoms) {
    let best: Atom | null = null;
    let bs = -1;
    let bh = -1;
    let bk = "";
    for (const atom of remaining) {
      if (!used.has(atom[0]) && used.size + 1 > ci.budgetTimestep) continue;
      const trial = cert.concat([atom]);
      const hits = effectHits(ci, trial, trace);
      const suff = hits > 0 ? 1 : 0;
      const key = `${atom[0]}:${atom[1]}:${atom[2]}`;
      if (scoreGreater(suff, hits, key, bs, bh, bk)) {
        bs = suff;
        bh = hits;
        bk = key;
        best = atom;
      }
    }
    if (best === null) break;
    const trial = sortedCertificate(cert.concat([best]));
    const hits = effectHits(ci, trial, trace);
    if (hits < currentHits) break;
    cert = trial;
    currentHits = hits;
    used.add(best[0]);
    const chosen = best;
    remaining = remaining.filter((a) => a !== chosen);
    if (hits > 0) break;
  }
  // Greedy prune (official): drop atoms whose removal keeps sufficiency, in sorted order.
  let pruned = cert.slice();
  for (const atom of cert) {
    const trial = pruned.filter((a) => a !== atom);
    if (effectHits(ci, trial, trace) > 0) pruned = trial;
  }
  return sortedCertificate(pruned);
});

function searchAgent(
  name: string,
  id: string,
  track: EvalTrack,
  limits: (ci: CompiledInstance) => { maxNodes: number; maxResults: number },
): Agent {
  return declareAgent(name, id, track, (_inst, ci) => {
    const r = new CertificateSearch(ci).findValid(limits(ci));
    return pickMostEfficient(r.certificates);
  });
}

export const budgetAwareSearchAgent = searchAgent("BL-02-BudgetAwareSearch", "search", "EVAL-CB", (ci) => ({
  maxNodes: Math.min(120_000, maxCertificateAtoms(ci) * 40_000),
  maxResults: 8,
}));

export const toolPlannerAgent = searchAgent("BL-03-ToolPlanner", "tool", "EVAL-TA", () => ({
  maxNodes: 250_000,
  maxResults: 16,
}));

export const exactOracleAgent = searchAgent("BL-04-ExactOracle", "oracle", "EVAL-OC", () => ({
  maxNodes: 600_000,
  maxResults: 32,
}));

/**
 * Not an official baseline: models the typical LLM failure of *over-specifying* — it finds
 * a minimal witness but then pins every input AP at each timestep it touches (no-op atoms
 * included), so the certificate is sufficient but fails singleton-removal minimality.
 * Budgets are respected (the atom budget too, when set), so the failure is Min1 alone; when the
 * witness already pins every AP at its timesteps, one no-op atom goes to the earliest free
 * timestep if the budgets allow — otherwise the (valid) witness itself is returned.
 */
export const overspecifyAgent = declareAgent("OB-01-Overspecify", "overspecify", "EVAL-CB", (_inst, ci) => {
  const witness = new CertificateSearch(ci).findValid({ maxNodes: Number.POSITIVE_INFINITY, maxResults: 1 })
    .certificates[0];
  if (!witness || witness.length === 0) return [];
  const { nIn, inputAps } = ci.sys;
  const maxAtoms = ci.budgetAtoms ?? Number.POSITIVE_INFINITY;
  const set = new Map<string, Atom>();
  for (const a of witness) set.set(`${a[0]}:${a[1]}`, a);
  const steps = [...new Set(witness.map((a) => a[0]))];
  const pin = (t: number, j: number): void => {
    const k = `${t}:${inputAps[j]}`;
    if (!set.has(k) && set.size < maxAtoms)
      set.set(k, [t, inputAps[j], ((ci.base[t] >> (nIn - 1 - j)) & 1) as Bit]);
  };
  for (const t of steps) for (let j = 0; j < nIn; j++) pin(t, j);
  if (set.size === witness.length && steps.length < ci.budgetTimestep) {
    let t = 0;
    while (steps.includes(t)) t++;
    if (t < ci.T) pin(t, 0);
  }
  return sortedCertificate([...set.values()]);
});
