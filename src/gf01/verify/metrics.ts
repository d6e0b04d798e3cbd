import type { CompiledInstance } from "../model/compile.js";
import type { Atom } from "../model/types.js";
import { atomKey, certificateHash, type RawAtom } from "./atoms.js";
import { MinimalEngine, ResourceCapError } from "./enumerate.js";
import { officialPool } from "./officialPool.js";
import { getOrCreate } from "../../core/maps.js";

/**
 * Official `precision_recall_f1` over sets, with the same floating-point operations in the
 * same order (so ties compare exactly as in Python): p = tp/(tp+fp), r = tp/(tp+fn), each 0
 * on a zero denominator, f1 = 2·p·r/(p+r), 0 when p+r = 0.
 */
export function precisionRecallF1(
  tp: number,
  nPred: number,
  nGold: number,
): [p: number, r: number, f1: number] {
  const fp = nPred - tp;
  const fn = nGold - tp;
  const p = tp + fp === 0 ? 0 : tp / (tp + fp);
  const r = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = p + r > 0 ? (2 * p * r) / (p + r) : 0;
  return [p, r, f1];
}

export interface PrfSix {
  ap_precision: number;
  ap_recall: number;
  ap_f1: number;
  ts_precision: number;
  ts_recall: number;
  ts_f1: number;
}

/**
 * AP metrics compare atom SETS {(t, ap, v)}; TS metrics compare timestep SETS. The agent's
 * atoms count as given (invalid or no-op atoms included, repeats collapsed), as officially.
 */
export function apTsMetrics(pred: readonly RawAtom[], gold: readonly RawAtom[]): PrfSix {
  const pa = new Set(pred.map(atomKey));
  const ga = new Set(gold.map(atomKey));
  let tpA = 0;
  for (const k of ga) if (pa.has(k)) tpA++;
  const pt = new Set(pred.map((a) => a[0]));
  const gt = new Set(gold.map((a) => a[0]));
  let tpT = 0;
  for (const t of gt) if (pt.has(t)) tpT++;
  const [ap_precision, ap_recall, ap_f1] = precisionRecallF1(tpA, pa.size, ga.size);
  const [ts_precision, ts_recall, ts_f1] = precisionRecallF1(tpT, pt.size, gt.size);
  return { ap_precision, ap_recall, ap_f1, ts_precision, ts_recall, ts_f1 };
}

export interface BestMatchOptions {
  /**
   * "enumerate": list M(I) and score each member; "search": exact suffix-statistics DP over
   * M(I) that lists only the members tied on (AP-F1, TS-F1, Eff_t); "auto" (default):
   * enumerate when |M(I)| ≤ enumerateLimit, else search. Both are exact.
   */
  method?: "auto" | "enumerate" | "search";
  /** Default 20,000. */
  enumerateLimit?: number;
  /**
   * "complete" (default, spec Def. 13): the whole M(I). "official": only the first
   * `officialMaxResults` (32) valid certificates in the official search order, within its
   * 120,000-node cap, as the official harness scores against
   * `find_valid_certificates(max_nodes=120_000, max_results=32)` (see officialPool.ts);
   * `m_count` is then the pool size.
   */
  pool?: "complete" | "official";
  officialMaxResults?: number;
  /** Cap on DP nodes; when hit the result says cap_hit and has no target. */
  maxNodes?: number;
}

export interface BestMatchResult extends PrfSix {
  /** C*(I, Ca); [] when M(I) = {∅}; null when M(I) is empty or a cap was hit. */
  target: Atom[] | null;
  method: "enumerate" | "search";
  cap_hit: boolean;
  /** |M(I)| (exact), or -1n when a cap was hit before counting finished. */
  m_count: bigint;
}

// The pool depends only on the (immutable) compiled instance; validate/evaluate score many
// rows per instance, and the official search may visit 120,000 nodes.
const poolCache = new WeakMap<CompiledInstance, Map<number, Atom[][]>>();
function cachedOfficialPool(ci: CompiledInstance, maxResults?: number): Atom[][] {
  const key = maxResults ?? -1;
  const perInstance = getOrCreate(poolCache, ci, () => new Map<number, Atom[][]>());
  return getOrCreate(perInstance, key, () => officialPool(ci, { maxResults }).certificates);
}

/** Python-tuple comparison of (ap_f1, ts_f1, -eff_t): >0 when x is the better key. */
function cmpKey(x: readonly [number, number, number], y: readonly [number, number, number]): number {
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i] ? 1 : -1;
  return 0;
}

/**
 * DEC-025 deterministic best match, as official `best_match_certificate`: maximise
 * (AP-F1, TS-F1, −|TS(C)|, sha256(repr(sorted C))) over M(I), i.e. higher AP-F1, then higher
 * TS-F1, then fewer timesteps, then the LARGER hex digest. The metrics are then the agent's
 * AP/TS precision/recall/F1 against that target (all 0 when M(I) is empty, as officially the
 * target is then []).
 */
export function bestMatch(
  ci: CompiledInstance,
  agentCert: readonly RawAtom[],
  opts: BestMatchOptions = {},
): BestMatchResult {
  const limit = opts.enumerateLimit ?? 20_000;
  const pool = opts.pool ?? "complete";
  if (pool === "official") {
    // Exactly the official reference list (its node cap included), not a prefix of M(I).
    const golds = cachedOfficialPool(ci, opts.officialMaxResults);
    const target = golds.length ? pickBest(agentCert, golds) : [];
    return {
      target: golds.length ? target : null,
      method: "enumerate",
      cap_hit: false,
      m_count: BigInt(golds.length),
      ...apTsMetrics(agentCert, target),
    };
  }
  const eng = new MinimalEngine(ci, { maxNodes: opts.maxNodes });
  let count: bigint;
  try {
    count = eng.count();
  } catch (e) {
    if (e instanceof ResourceCapError) return capped("enumerate", -1n, agentCert);
    throw e;
  }
  const method: "enumerate" | "search" =
    opts.method === "enumerate" || opts.method === "search"
      ? opts.method
      : count <= BigInt(limit)
        ? "enumerate"
        : "search";
  if (count === 0n)
    return { target: null, method, cap_hit: false, m_count: 0n, ...apTsMetrics(agentCert, []) };

  try {
    let target: Atom[];
    if (method === "enumerate") {
      target = walkBest(ci, eng, agentCert);
    } else {
      target = searchBest(ci, eng, agentCert);
    }
    return { target, method, cap_hit: false, m_count: count, ...apTsMetrics(agentCert, target) };
  } catch (e) {
    if (e instanceof ResourceCapError) return capped(method, count, agentCert);
    throw e;
  }
}

function capped(
  method: "enumerate" | "search",
  m_count: bigint,
  agentCert: readonly RawAtom[],
): BestMatchResult {
  // No target could be fixed within the cap: metrics are those against the empty target
  // (all zero), flagged by cap_hit so no caller can mistake them for a scored match.
  return { target: null, method, cap_hit: true, m_count, ...apTsMetrics(agentCert, []) };
}

/** Official selection over an explicit list of golds. */
export function pickBest(agentCert: readonly RawAtom[], golds: readonly Atom[][]): Atom[] {
  const pa = new Set(agentCert.map(atomKey));
  const pt = new Set(agentCert.map((a) => a[0]));
  let best: [number, number, number] | null = null;
  let tied: Atom[][] = [];
  for (const g of golds) {
    let tpA = 0;
    for (const a of g) if (pa.has(atomKey(a))) tpA++;
    const gt = new Set(g.map((a) => a[0]));
    let tpT = 0;
    for (const t of gt) if (pt.has(t)) tpT++;
    const key: [number, number, number] = [
      precisionRecallF1(tpA, pa.size, g.length)[2],
      precisionRecallF1(tpT, pt.size, gt.size)[2],
      -gt.size,
    ];
    const c = best === null ? 1 : cmpKey(key, best);
    if (c > 0) {
      best = key;
      tied = [g];
    } else if (c === 0) tied.push(g);
  }
  return maxByHash(tied);
}

function maxByHash(certs: readonly Atom[][]): Atom[] {
  let bestC = certs[0];
  let bestH = certs.length > 1 ? certificateHash(bestC) : "";
  for (let i = 1; i < certs.length; i++) {
    const h = certificateHash(certs[i]);
    if (h > bestH) {
      bestH = h;
      bestC = certs[i];
    }
  }
  return bestC;
}

/**
 * The agent's certificate as per-timestep masks against flip paths: `caMask[t]` = flip bits at
 * t that are atoms of Ca (only a flip can be in a gold certificate, so only a flip can be a
 * true positive), `tsCa[t]` = t ∈ TS(Ca); `nA`/`nT` = |Ca| as an atom set / timestep set.
 */
function agentMasks(
  ci: CompiledInstance,
  eng: MinimalEngine,
  agentCert: readonly RawAtom[],
): { caMask: Int32Array; tsCa: Uint8Array; nA: number; nT: number } {
  const { nIn } = ci.sys;
  const caMask = new Int32Array(eng.hi + 1);
  const tsCa = new Uint8Array(eng.hi + 1);
  const pa = new Set<string>();
  const pt = new Set<number>();
  for (const a of agentCert) {
    pa.add(atomKey(a));
    pt.add(a[0]);
  }
  for (const a of agentCert) {
    const [t, ap, v] = a;
    if (!(Number.isInteger(t) && t >= 0 && t <= eng.hi)) continue;
    tsCa[t] = 1;
    const i = ci.apIndex.get(ap);
    if (i === undefined) continue;
    const bit = 1 << (nIn - 1 - i);
    if ((v === 0 || v === 1) && ((ci.base[t] & bit) !== 0 ? 0 : 1) === v) caMask[t] |= bit;
  }
  return { caMask, tsCa, nA: pa.size, nT: pt.size };
}

/** precisionRecallF1(...)[2] with the same floating-point operations, without the tuple. */
function f1Of(tp: number, nPred: number, nGold: number): number {
  const fp = nPred - tp;
  const fn = nGold - tp;
  const p = tp + fp === 0 ? 0 : tp / (tp + fp);
  const r = tp + fn === 0 ? 0 : tp / (tp + fn);
  return p + r > 0 ? (2 * p * r) / (p + r) : 0;
}

/**
 * pickBest over the complete M(I) (non-empty) without listing it: walks M(I) as flip-mask paths,
 * scores each from masks (no atom lists, strings or sets per member), and builds atom lists
 * and hashes only for the members tied on (AP-F1, TS-F1, −|TS|). Same keys, same result.
 */
function walkBest(ci: CompiledInstance, eng: MinimalEngine, agentCert: readonly RawAtom[]): Atom[] {
  const { caMask, tsCa, nA, nT } = agentMasks(ci, eng, agentCert);
  const pcs = new Uint8Array(eng.nSym);
  for (let m = 1; m < pcs.length; m++) pcs[m] = pcs[m >> 1] + (m & 1);
  const hi = eng.hi;
  let bestA = -1;
  let bestT = -1;
  let bestNegM = 0;
  let tied: Int32Array[] = [];
  eng.walk((masks) => {
    let a = 0;
    let n = 0;
    let b = 0;
    let m = 0;
    for (let t = 0; t <= hi; t++) {
      const x = masks[t];
      if (x === 0) continue;
      a += pcs[x & caMask[t]];
      n += pcs[x];
      b += tsCa[t];
      m++;
    }
    const fA = f1Of(a, nA, n);
    const fT = f1Of(b, nT, m);
    const negM = -m;
    // cmpKey order: AP-F1, then TS-F1, then fewer timesteps.
    let c: number;
    if (bestA < 0) c = 1;
    else if (fA !== bestA) c = fA > bestA ? 1 : -1;
    else if (fT !== bestT) c = fT > bestT ? 1 : -1;
    else c = negM === bestNegM ? 0 : negM > bestNegM ? 1 : -1;
    if (c > 0) {
      bestA = fA;
      bestT = fT;
      bestNegM = negM;
      tied = [masks.slice()];
    } else if (c === 0) tied.push(masks.slice());
  });
  return maxByHash(tied.map((ms) => eng.build(ms)));
}

/** Best match by the statistics DP (M(I) non-empty). */
function searchBest(ci: CompiledInstance, eng: MinimalEngine, agentCert: readonly RawAtom[]): Atom[] {
  const { caMask, tsCa, nA: paSize, nT: ptSize } = agentMasks(ci, eng, agentCert);
  const pa = { size: paSize };
  const pt = { size: ptSize };
  const search = eng.statSearch(caMask, tsCa);
  let best: [number, number, number] | null = null;
  let tiedStats: number[] = [];
  for (const x of search.rootStats()) {
    const { a, n, b, m } = search.unpack(x);
    const key: [number, number, number] = [
      precisionRecallF1(a, pa.size, n)[2],
      precisionRecallF1(b, pt.size, m)[2],
      -m,
    ];
    const c = best === null ? 1 : cmpKey(key, best);
    if (c > 0) {
      best = key;
      tiedStats = [x];
    } else if (c === 0) tiedStats.push(x);
  }
  tiedStats.sort((x, y) => x - y); // deterministic visiting order (the result does not depend on it)
  let bestC: Atom[] | null = null;
  let bestH = "";
  for (const x of tiedStats) {
    search.listWithStats(x, (c) => {
      const h = certificateHash(c);
      if (bestC === null || h > bestH) {
        bestC = c;
        bestH = h;
      }
    });
  }
  return bestC as unknown as Atom[];
}
