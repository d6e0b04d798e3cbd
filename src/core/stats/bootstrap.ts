/**
 * Cluster bootstrap (Davison & Hinkley 1997, §3.8; Field & Welsh 2007): resample whole
 * clusters with replacement, so items that move together (GEB queries of one episode, GF-01
 * attempts at one instance) count as one draw and the interval widens with their correlation.
 *
 * Determinism: the resample indices come from the repo's CPython-exact PyRandom seeded with a
 * fixed seed, and clusters are put in a canonical order (by their sum, then size) before
 * drawing, so the result depends only on the multiset of clusters — not on row order, cluster
 * names or concurrency — and is byte-identical across runs and machines.
 */
import { PyRandom, bitLength } from "../random.js";
import { type ResolvedStatsOptions, type StatsOptions, resolveStatsOptions } from "./options.js";
import type { Interval } from "./schema.js";
import { emptyInterval, wilson, wilsonBounds } from "./wilson.js";

/** Per-cluster sums and sizes, in canonical order. */
export interface ClusterTotals {
  sums: Float64Array;
  counts: Float64Array;
  /** Items in all clusters. */
  n: number;
}

/** One accumulator per metric of a metric table (its keys, in the table's order). */
export function accumulatorsFor<K extends string>(
  metrics: Readonly<Record<K, unknown>>,
): Record<K, ClusterAccumulator> {
  return Object.fromEntries(Object.keys(metrics).map((k) => [k, new ClusterAccumulator()])) as Record<
    K,
    ClusterAccumulator
  >;
}

/**
 * Collects item values grouped by cluster; memory is one entry per cluster, so reports can
 * stream rows through it. `add(v)` without a key makes the item its own cluster.
 */
export class ClusterAccumulator {
  private readonly keyed = new Map<string | number, { sum: number; count: number }>();
  private readonly singles: number[] = [];
  private readonly whole: [number, number][] = [];
  private multi = false;
  /** `totals()` until the next item (summaries ask several estimators of one accumulator). */
  private cached: ClusterTotals | null = null;
  n = 0;

  add(value: number, cluster?: string | number): void {
    if (!Number.isFinite(value)) throw new RangeError(`statistic over a non-finite value: ${value}`);
    this.cached = null;
    this.n++;
    if (cluster === undefined) {
      this.singles.push(value);
      return;
    }
    const c = this.keyed.get(cluster);
    if (c) {
      c.sum += value;
      c.count++;
    } else this.keyed.set(cluster, { sum: value, count: 1 });
  }

  /**
   * A whole cluster at once: the sum of its items' values and how many items it has (for
   * callers that already keep per-cluster totals, e.g. one map entry per instance for
   * several metrics).
   */
  addCluster(sum: number, count: number): void {
    if (!Number.isFinite(sum) || !Number.isSafeInteger(count) || count < 1)
      throw new RangeError(`cluster needs a finite sum and a positive item count, got ${sum}, ${count}`);
    this.cached = null;
    this.whole.push([sum, count]);
    this.n += count;
    if (count > 1) this.multi = true;
  }

  get nClusters(): number {
    return this.keyed.size + this.singles.length + this.whole.length;
  }

  /** True when no cluster holds more than one item (the bootstrap is then item-level). */
  get independent(): boolean {
    if (this.multi) return false;
    for (const c of this.keyed.values()) if (c.count > 1) return false;
    return true;
  }

  /** Every cluster's key (undefined for keyless items and whole clusters), item sum and count. */
  forEachCluster(f: (key: string | number | undefined, sum: number, count: number) => void): void {
    for (const v of this.singles) f(undefined, v, 1);
    for (const [k, c] of this.keyed) f(k, c.sum, c.count);
    for (const w of this.whole) f(undefined, w[0], w[1]);
  }

  sum(): number {
    let s = 0;
    for (const t of this.totals().sums) s += t;
    return s;
  }

  /**
   * Every cluster of `other` added here as its own cluster (keys prefixed by `prefix`, so
   * clusters of different sources stay apart): the same clusters, sums and counts as adding
   * `other`'s items one by one under prefixed keys.
   */
  merge(other: ClusterAccumulator, prefix: string): void {
    this.cached = null;
    for (const v of other.singles) this.singles.push(v);
    for (const [k, c] of other.keyed) {
      const key = prefix + String(k);
      const mine = this.keyed.get(key);
      if (mine) {
        mine.sum += c.sum;
        mine.count += c.count;
      } else this.keyed.set(key, { sum: c.sum, count: c.count });
    }
    for (const w of other.whole) this.whole.push([w[0], w[1]]);
    if (other.multi) this.multi = true;
    this.n += other.n;
  }

  /** Per-cluster sums and counts in canonical order (kept until the next item; read-only). */
  totals(): ClusterTotals {
    if (this.cached) return this.cached;
    const k = this.nClusters;
    const sums = new Float64Array(k);
    const counts = new Float64Array(k);
    let i = 0;
    for (const v of this.singles) {
      sums[i] = v;
      counts[i++] = 1;
    }
    for (const c of this.keyed.values()) {
      sums[i] = c.sum;
      counts[i++] = c.count;
    }
    for (const w of this.whole) {
      sums[i] = w[0];
      counts[i++] = w[1];
    }
    sortPairs(sums, counts);
    this.cached = { sums, counts, n: this.n };
    return this.cached;
  }
}

/**
 * Sorts (sums[i], counts[i]) pairs by sum, then count, stably (equal pairs are alike, so any
 * correct sort gives the same arrays). Insertion sort for the few clusters of a cell; an
 * index sort beyond.
 */
export function sortPairs(sums: Float64Array, counts: Float64Array): void {
  const k = sums.length;
  if (k <= 32) {
    for (let i = 1; i < k; i++) {
      const s = sums[i];
      const c = counts[i];
      let j = i - 1;
      while (j >= 0 && (sums[j] > s || (sums[j] === s && counts[j] > c))) {
        sums[j + 1] = sums[j];
        counts[j + 1] = counts[j];
        j--;
      }
      sums[j + 1] = s;
      counts[j + 1] = c;
    }
    return;
  }
  const order = Array.from({ length: k }, (_, i) => i).sort(
    (a, b) => sums[a] - sums[b] || counts[a] - counts[b],
  );
  const s0 = sums.slice();
  const c0 = counts.slice();
  for (let i = 0; i < k; i++) {
    sums[i] = s0[order[i]];
    counts[i] = c0[order[i]];
  }
}

/** Largest index table kept between calls (B × K entries; 4 M = 16 MB). */
const INDEX_CACHE_MAX = 1 << 22;
/** Tables kept (most recently used last); summaries alternate between a few cluster counts. */
const INDEX_CACHE_TABLES = 64;
const indexCache = new Map<string, Uint32Array>();

/**
 * Raw `genrand_uint32` words of `PyRandom(seed)`, kept for the last seed and grown on demand.
 * Every table of one seed reads the same stream (only the shift and the rejection bound
 * differ with K), so the Mersenne Twister runs once for all of a summary's cluster counts.
 */
const RAW_WORDS_MAX = 1 << 21;
let raw: { seed: number; rng: PyRandom; words: Uint32Array; len: number } | null = null;

function rawWords(seed: number, need: number): Uint32Array {
  if (!raw || raw.seed !== seed) raw = { seed, rng: new PyRandom(seed), words: new Uint32Array(0), len: 0 };
  if (need > raw.len) {
    const words = new Uint32Array(Math.min(RAW_WORDS_MAX, Math.max(need, 2 * raw.len, 1 << 14)));
    words.set(raw.words.subarray(0, raw.len));
    for (let i = raw.len; i < words.length; i++) words[i] = raw.rng.genrandUint32();
    raw.words = words;
    raw.len = words.length;
  }
  return raw.words;
}

/**
 * The B × K indices `_randbelow(k)` draws from `PyRandom(seed)` (getrandbits(k.bit_length())
 * with rejection), from the seed's raw word stream; null when the stream would pass
 * RAW_WORDS_MAX words (the caller then draws afresh: the same indices).
 */
function tableFromRaw(seed: number, total: number, k: number): Uint32Array | null {
  const shift = 32 - bitLength(k);
  const idx = new Uint32Array(total);
  let words = rawWords(seed, total + (total >>> 1));
  let p = 0;
  for (let j = 0; j < total; ) {
    if (p === words.length) {
      if (p >= RAW_WORDS_MAX) return null;
      words = rawWords(seed, 2 * p);
    }
    const i = words[p++] >>> shift;
    if (i < k) idx[j++] = i;
  }
  return idx;
}

/**
 * The B × K cluster indices of `PyRandom(seed)`: replicate by replicate, each draw CPython's
 * `_randbelow(k)`. Reports bootstrap many metrics over the same few cluster counts with the
 * same seed, so the last few tables are kept and reused (same draws, computed once).
 */
function resampleIndices(seed: number, resamples: number, k: number): Uint32Array | null {
  const key = `${seed}:${resamples}:${k}`;
  const hit = indexCache.get(key);
  if (hit) {
    indexCache.delete(key);
    indexCache.set(key, hit);
    return hit;
  }
  if (resamples * k > INDEX_CACHE_MAX) return null;
  if (k >= 2 ** 32) throw new RangeError("bootstrap over 2^32 clusters or more");
  let idx = tableFromRaw(seed, resamples * k, k);
  if (!idx) {
    const draw = drawer(seed, k);
    idx = new Uint32Array(resamples * k);
    for (let j = 0; j < idx.length; j++) idx[j] = draw();
  }
  // Keep at most INDEX_CACHE_TABLES tables and INDEX_CACHE_MAX entries in all.
  let total = idx.length;
  for (const t of indexCache.values()) total += t.length;
  for (const [k0, t] of indexCache) {
    if (indexCache.size < INDEX_CACHE_TABLES && total <= INDEX_CACHE_MAX) break;
    indexCache.delete(k0);
    total -= t.length;
  }
  indexCache.set(key, idx);
  return idx;
}

/** `_randbelow(k)` draws from `PyRandom(seed)`. */
function drawer(seed: number, k: number): () => number {
  if (k >= 2 ** 32) throw new RangeError("bootstrap over 2^32 clusters or more");
  const rng = new PyRandom(seed);
  const shift = 32 - bitLength(k);
  return () => {
    let i = rng.genrandUint32() >>> shift;
    while (i >= k) i = rng.genrandUint32() >>> shift;
    return i;
  };
}

/** The B × K resample indices in order, one per call (the kept table, else drawn afresh). */
export function resampleIndexStream(seed: number, resamples: number, k: number): () => number {
  if (k < 1) throw new RangeError("bootstrap needs at least one cluster");
  const idx = resampleIndices(seed, resamples, k);
  if (!idx) return drawer(seed, k);
  let p = 0;
  return () => idx[p++];
}

/** Replicate sets kept (most recently used last): at most 256, and 1 M doubles (8 MB) in all. */
const REPLICATE_MEMO_MAX = 256;
const REPLICATE_MEMO_DOUBLES = 1 << 20;
const replicateMemo = new Map<string, Float64Array>();
let memoDoubles = 0;

/** Exact text of a vector (shortest round-trip decimals; −0 kept apart from 0). */
export function vectorKey(xs: ArrayLike<number>): string {
  let s = "";
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    s += x === 0 && 1 / x < 0 ? "-0," : `${x},`;
  }
  return s;
}

/**
 * The value `make()` returns for `key`, computed once while kept: a summary asks for the
 * same replicates many times (a cell's value and exact accuracy over the same outcomes,
 * `overall` and `overall_raw`, a group that is one run). Results are shared: read-only.
 */
export function memoReplicates(key: string, make: () => Float64Array): Float64Array {
  const hit = replicateMemo.get(key);
  if (hit) {
    replicateMemo.delete(key);
    replicateMemo.set(key, hit);
    return hit;
  }
  const out = make();
  if (out.length > REPLICATE_MEMO_DOUBLES / 4) return out;
  for (const [k0, t] of replicateMemo) {
    if (replicateMemo.size < REPLICATE_MEMO_MAX && memoDoubles + out.length <= REPLICATE_MEMO_DOUBLES) break;
    replicateMemo.delete(k0);
    memoDoubles -= t.length;
  }
  replicateMemo.set(key, out);
  memoDoubles += out.length;
  return out;
}

/** Σ sums[i] / Σ counts[i] over each replicate's K drawn indices (the hot loop). */
function ratioReplicates(
  sums: Float64Array,
  counts: Float64Array,
  idx: Uint32Array,
  b: number,
): Float64Array {
  const k = sums.length;
  const out = new Float64Array(b);
  for (let r = 0, p = 0; r < b; r++) {
    let s = 0;
    let m = 0;
    for (let j = 0; j < k; j++, p++) {
      const i = idx[p];
      s += sums[i];
      m += counts[i];
    }
    out[r] = s / m;
  }
  return out;
}

/**
 * B bootstrap replicates of the ratio mean Σsums/Σcounts, each over K clusters drawn with
 * `PyRandom(seed).randbelow(K)` (replicate by replicate), sorted ascending. Shared between
 * callers with the same clusters and options (read-only).
 */
export function bootstrapReplicates(t: ClusterTotals, o: ResolvedStatsOptions): Float64Array {
  const k = t.sums.length;
  if (k === 0) throw new RangeError("bootstrap needs at least one cluster");
  const key = `r${o.seed}:${o.resamples}:${vectorKey(t.sums)}|${vectorKey(t.counts)}`;
  return memoReplicates(key, () => {
    const idx = resampleIndices(o.seed, o.resamples, k);
    if (idx) return ratioReplicates(t.sums, t.counts, idx, o.resamples).sort();
    // Too many draws to keep: the same draws, streamed.
    const draw = drawer(o.seed, k);
    const out = new Float64Array(o.resamples);
    const { sums, counts } = t;
    for (let b = 0; b < o.resamples; b++) {
      let s = 0;
      let m = 0;
      for (let j = 0; j < k; j++) {
        const i = draw();
        s += sums[i];
        m += counts[i];
      }
      out[b] = s / m;
    }
    return out.sort();
  });
}

/** Linear-interpolation quantile of sorted data (Hyndman & Fan type 7, numpy's default). */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** Sample variance (n − 1) of the replicates. */
export function variance(xs: Float64Array): number {
  let mean = 0;
  for (const x of xs) mean += x;
  mean /= xs.length;
  let ss = 0;
  for (const x of xs) ss += (x - mean) * (x - mean);
  return xs.length > 1 ? ss / (xs.length - 1) : 0;
}

/**
 * The percentile interval of sorted replicates around `value` (bounds widened to include it
 * when resampling noise put it outside); method "cluster_bootstrap" when any cluster holds
 * several items, else "bootstrap".
 */
export function percentileInterval(
  value: number,
  sorted: ArrayLike<number>,
  level: number,
  n: number,
  nClusters: number,
  clustered: boolean,
): Interval {
  const a = (1 - level) / 2;
  return {
    value,
    ci_low: Math.min(value, quantileSorted(sorted, a)),
    ci_high: Math.max(value, quantileSorted(sorted, 1 - a)),
    n,
    n_clusters: nClusters,
    method: clustered ? "cluster_bootstrap" : "bootstrap",
  };
}

function pointMean(t: ClusterTotals): number {
  let s = 0;
  for (const x of t.sums) s += x;
  return s / t.n;
}

/**
 * Mean of a continuous metric with a percentile cluster-bootstrap interval. Method is
 * "bootstrap" when every cluster is a single item, else "cluster_bootstrap". The point value
 * is the plain sample mean; the bounds are the level's percentiles of the replicates, widened
 * to include the point value if resampling noise put it outside.
 */
export function meanInterval(acc: ClusterAccumulator, opts: StatsOptions = {}): Interval {
  if (acc.n === 0) return emptyInterval();
  const o = resolveStatsOptions(opts);
  const t = acc.totals();
  const value = pointMean(t);
  const reps = bootstrapReplicates(t, o);
  return percentileInterval(value, reps, o.level, acc.n, acc.nClusters, !acc.independent);
}

/**
 * A rate (values 0/1). Independent items: Wilson. Clustered items: Wilson at the effective
 * sample size n / deff (Kish), where the design effect deff = Var_cluster-bootstrap(p̂) /
 * (p̂(1−p̂)/n), floored at 1 — a cluster-robust interval that, unlike the raw percentile
 * bootstrap, stays inside [0, 1] and is not degenerate when p̂ is 0 or 1 (deff is then
 * unknowable and taken as 1; docs/statistics.md).
 */
export function proportionInterval(acc: ClusterAccumulator, opts: StatsOptions = {}): Interval {
  if (acc.n === 0) return emptyInterval();
  const o = resolveStatsOptions(opts);
  const t = acc.totals();
  let k = 0;
  for (const s of t.sums) k += s;
  // Sums of 0/1 values are exact integers; guard against a caller passing fractions.
  if (!Number.isInteger(k)) throw new RangeError(`proportion over non-binary values (sum ${k})`);
  const n = acc.n;
  if (acc.independent) return wilson(k, n, o.level);
  const p = k / n;
  const naiveVar = (p * (1 - p)) / n;
  const deff = naiveVar > 0 ? Math.max(1, variance(bootstrapReplicates(t, o)) / naiveVar) : 1;
  const nEff = n / deff;
  const [lo, hi] = wilsonBounds(p * nEff, nEff, o.level);
  return { value: p, ci_low: lo, ci_high: hi, n, n_clusters: acc.nClusters, method: "wilson_cluster" };
}

/** Convenience over arrays: `clusters[i]` is item i's cluster (omit for independent items). */
export function accumulateClusters(
  values: readonly number[],
  clusters?: readonly (string | number)[],
): ClusterAccumulator {
  if (clusters && clusters.length !== values.length)
    throw new RangeError(`values (${values.length}) and clusters (${clusters.length}) differ in length`);
  const acc = new ClusterAccumulator();
  for (let i = 0; i < values.length; i++) acc.add(values[i], clusters?.[i]);
  return acc;
}
