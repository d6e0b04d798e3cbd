/**
 * A median with a percentile cluster-bootstrap interval (GF-01's median Eff_t). Whole clusters
 * are resampled (items of one cluster move together), the replicate's median is Python's
 * `statistics.median` of the pooled items (mean of the two middle values for an even count),
 * and the bounds are the level's percentiles of B replicates (type 7), widened to include the
 * point value — the same draws, seed and canonical cluster order as `meanInterval`
 * (bootstrap.ts; docs/statistics.md).
 *
 * Built for small-integer data with few distinct values (timestep counts): each cluster is kept
 * as a histogram over the distinct values, so a replicate costs O(K · distinct) not O(n log n).
 */
import { percentileInterval, resampleIndexStream } from "./bootstrap.js";
import { resolveStatsOptions, type StatsOptions } from "./options.js";
import type { Interval } from "./schema.js";
import { emptyInterval } from "./wilson.js";

/** Python `statistics.median` over counts per sorted distinct value. */
function histogramMedian(values: readonly number[], counts: Float64Array, n: number): number {
  const at = (i: number): number => {
    let seen = 0;
    for (let j = 0; j < values.length; j++) {
      seen += counts[j];
      if (i < seen) return values[j];
    }
    return values[values.length - 1];
  };
  const mid = n >> 1;
  return n % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

/**
 * `clusters[i]` holds the values of cluster i (one value per item). Method `bootstrap` when
 * every cluster has one item, else `cluster_bootstrap`.
 */
export function medianInterval(clusters: readonly (readonly number[])[], opts: StatsOptions = {}): Interval {
  const nonEmpty = clusters.filter((c) => c.length > 0);
  let n = 0;
  for (const c of nonEmpty) {
    for (const v of c)
      if (!Number.isFinite(v)) throw new RangeError(`statistic over a non-finite value: ${v}`);
    n += c.length;
  }
  if (n === 0) return emptyInterval();
  const o = resolveStatsOptions(opts);
  const values = [...new Set(nonEmpty.flat())].sort((a, b) => a - b);
  const index = new Map(values.map((v, i) => [v, i]));
  // Canonical order: by the cluster's sorted values (then size), so the result depends only on
  // the multiset of clusters, not on their names or the row order.
  const sorted = nonEmpty.map((c) => [...c].sort((a, b) => a - b));
  sorted.sort((a, b) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
    return a.length - b.length;
  });
  const hist = sorted.map((c) => {
    const h = new Float64Array(values.length);
    for (const v of c) h[index.get(v) as number]++;
    return h;
  });
  const sizes = sorted.map((c) => c.length);
  const all = new Float64Array(values.length);
  for (const h of hist) for (let j = 0; j < h.length; j++) all[j] += h[j];
  const value = histogramMedian(values, all, n);
  const k = hist.length;
  const draw = resampleIndexStream(o.seed, o.resamples, k);
  const reps = new Float64Array(o.resamples);
  const acc = new Float64Array(values.length);
  for (let b = 0; b < o.resamples; b++) {
    acc.fill(0);
    let m = 0;
    for (let j = 0; j < k; j++) {
      const i = draw();
      const h = hist[i];
      for (let d = 0; d < h.length; d++) acc[d] += h[d];
      m += sizes[i];
    }
    reps[b] = histogramMedian(values, acc, m);
  }
  reps.sort();
  return percentileInterval(value, reps, o.level, n, k, !sizes.every((s) => s === 1));
}
