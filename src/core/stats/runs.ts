/**
 * Two estimators the GEB summaries need beyond one sample's rate or mean (docs/statistics.md):
 *
 * - `meanOfMeansInterval`: the mean over several runs of each run's own rate/mean (the
 *   reference's `overall` / `by_group`: every run weighs the same whatever its size). A
 *   weighted cluster bootstrap: each run's clusters carry weight 1/(R·n_run), so the weighted
 *   ratio mean is exactly the mean of the run means, and clusters of all runs are resampled
 *   together (same draws and canonical order as bootstrap.ts). Rates use Wilson at the
 *   effective size, as `proportionInterval` does, with Kish's n = (Σw)²/Σw² = R²/Σ(1/n_run)
 *   as the naive size. One run: exactly that run's `proportionInterval` / `meanInterval`.
 * - `meanOfDifferencesInterval`: the same for a difference of two means per run.
 * - `comparePairedStatistic`: a paired comparison A − B of any statistic of per-cluster totals
 *   (a rate whose denominator rows differ between A and B, e.g. selection among gold-present
 *   rows): a joint cluster bootstrap with the percentile-inversion p-value of paired.ts.
 */
import {
  type ClusterAccumulator,
  bootstrapReplicates,
  meanInterval,
  percentileInterval,
  proportionInterval,
  quantileSorted,
  resampleIndexStream,
  sortPairs,
  variance,
} from "./bootstrap.js";
import { differenceInterval, flatRows, jointDifferenceReplicates } from "./difference.js";
import { type StatsOptions, resolveStatsOptions } from "./options.js";
import type { Comparison, Interval } from "./schema.js";
import { emptyInterval, wilsonBounds } from "./wilson.js";

export type SampleKind = "rate" | "mean";

/** Mean over groups (runs) of each group's mean, with a weighted cluster-bootstrap interval. */
export function meanOfMeansInterval(
  groups: readonly ClusterAccumulator[],
  kind: SampleKind,
  opts: StatsOptions = {},
): Interval {
  const gs = groups.filter((g) => g.n > 0);
  if (gs.length === 0) return emptyInterval();
  if (gs.length === 1) return kind === "rate" ? proportionInterval(gs[0], opts) : meanInterval(gs[0], opts);
  const o = resolveStatsOptions(opts);
  const r = gs.length;
  let total = 0;
  for (const g of gs) total += g.nClusters;
  const sums = new Float64Array(total);
  const counts = new Float64Array(total);
  let j = 0;
  let value = 0;
  let n = 0;
  let k = 0;
  let invN = 0;
  let clustered = false;
  for (const g of gs) {
    const w = 1 / (r * g.n);
    let s = 0;
    g.forEachCluster((_key, sum, count) => {
      sums[j] = sum * w;
      counts[j++] = count * w;
      s += sum;
      if (count > 1) clustered = true;
    });
    value += s / g.n / r;
    n += g.n;
    k += g.nClusters;
    invN += 1 / g.n;
  }
  if (kind === "rate") {
    if (!(value >= -1e-12 && value <= 1 + 1e-12)) throw new RangeError(`rate outside [0, 1]: ${value}`);
    const p = Math.min(1, Math.max(0, value));
    const nNaive = (r * r) / invN;
    const naiveVar = (p * (1 - p)) / nNaive;
    // p̂ of 0 or 1: the design effect is taken as 1 (as proportionInterval), so no bootstrap.
    let deff = 1;
    if (naiveVar > 0) {
      sortPairs(sums, counts);
      deff = Math.max(1, variance(bootstrapReplicates({ sums, counts, n }, o)) / naiveVar);
    }
    const nEff = nNaive / deff;
    const [lo, hi] = wilsonBounds(p * nEff, nEff, o.level);
    return { value, ci_low: lo, ci_high: hi, n, n_clusters: k, method: "wilson_cluster" };
  }
  sortPairs(sums, counts);
  return percentileInterval(value, bootstrapReplicates({ sums, counts, n }, o), o.level, n, k, clustered);
}

/**
 * The mean over groups (runs) of each group's difference mean(a) − mean(b) (GEB's
 * instruction_gap averaged over runs): the joint cluster bootstrap of `differenceInterval`
 * with each group's clusters weighted as in `meanOfMeansInterval` (1/(R·n) per side), so the
 * weighted ratios are exactly the means of the groups' means. Clusters are matched by key
 * within a group; groups with an empty side are left out. One group: `differenceInterval`.
 */
export function meanOfDifferencesInterval(
  groups: readonly { a: ClusterAccumulator; b: ClusterAccumulator }[],
  opts: StatsOptions = {},
): Interval {
  const gs = groups.filter((g) => g.a.n > 0 && g.b.n > 0);
  if (gs.length === 0) return emptyInterval();
  if (gs.length === 1) return differenceInterval(gs[0].a, gs[0].b, opts);
  const o = resolveStatsOptions(opts);
  const r = gs.length;
  const rows: [number, number, number, number][] = [];
  let value = 0;
  let n = 0;
  let clustered = false;
  for (const { a, b } of gs) {
    const wa = 1 / (r * a.n);
    const wb = 1 / (r * b.n);
    const keyed = new Map<string | number, [number, number, number, number]>();
    const local: [number, number, number, number][] = [];
    a.forEachCluster((key, s, m) => {
      const t: [number, number, number, number] = [s * wa, m * wa, 0, 0];
      if (key === undefined) local.push(t);
      else keyed.set(key, t);
      if (m > 1) clustered = true;
    });
    b.forEachCluster((key, s, m) => {
      const t = key === undefined ? undefined : keyed.get(key);
      if (t) {
        t[2] += s * wb;
        t[3] += m * wb;
        clustered = true;
      } else if (key === undefined) local.push([0, 0, s * wb, m * wb]);
      else keyed.set(key, [0, 0, s * wb, m * wb]);
      if (m > 1) clustered = true;
    });
    rows.push(...local, ...keyed.values());
    value += (a.sum() / a.n - b.sum() / b.n) / r;
    n += a.n + b.n;
  }
  rows.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || x[3] - y[3]);
  const k = rows.length;
  const sorted = jointDifferenceReplicates(flatRows(rows), o);
  // No replicates (nothing to resample): the interval is the value alone.
  return percentileInterval(value, sorted.length ? sorted : [value], o.level, n, k, clustered);
}

/**
 * A paired comparison of any statistic of per-cluster totals: `vectors[i]` is cluster i's
 * vector of sums (for both sides, as the caller lays them out) and `stat` maps the summed
 * vector to A − B (null when undefined, e.g. an empty denominator). The clusters are
 * resampled whole (same draws and canonical order as bootstrap.ts); interval and p-value as
 * paired.ts. `a` / `b` are the caller's values of the two sides.
 */
export function comparePairedStatistic(
  vectors: readonly (readonly number[])[],
  stat: (totals: Float64Array) => number | null,
  sides: { a: number | null; b: number | null; n: number },
  opts: StatsOptions = {},
): Comparison {
  const o = resolveStatsOptions(opts);
  const dim = vectors[0]?.length ?? 0;
  const total = new Float64Array(dim);
  for (const v of vectors) for (let d = 0; d < dim; d++) total[d] += v[d];
  const value = vectors.length ? stat(total) : null;
  const none: Comparison = {
    a: sides.a,
    b: sides.b,
    diff: value,
    ci_low: null,
    ci_high: null,
    p_value: null,
    significant: false,
    n: sides.n,
    n_clusters: vectors.length,
    method: "paired_bootstrap",
  };
  if (value === null) return none;
  const rows = [...vectors].sort((x, y) => {
    for (let d = 0; d < dim; d++) if (x[d] !== y[d]) return x[d] - y[d];
    return 0;
  });
  const k = rows.length;
  const next = resampleIndexStream(o.seed, o.resamples, k);
  const acc = new Float64Array(dim);
  const reps: number[] = [];
  for (let r = 0; r < o.resamples; r++) {
    acc.fill(0);
    for (let j = 0; j < k; j++) {
      const t = rows[next()];
      for (let d = 0; d < dim; d++) acc[d] += t[d];
    }
    const x = stat(acc);
    if (x !== null && Number.isFinite(x)) reps.push(x);
  }
  if (reps.length === 0) return none;
  const sorted = Float64Array.from(reps).sort();
  let le = 0;
  let ge = 0;
  for (const x of sorted) {
    if (x <= 0) le++;
    if (x >= 0) ge++;
  }
  const alpha = 1 - o.level;
  const p = Math.min(1, (2 * (Math.min(le, ge) + 1)) / (sorted.length + 1));
  return {
    ...none,
    ci_low: Math.min(value, quantileSorted(sorted, alpha / 2)),
    ci_high: Math.max(value, quantileSorted(sorted, 1 - alpha / 2)),
    p_value: p,
    significant: p < alpha,
  };
}
