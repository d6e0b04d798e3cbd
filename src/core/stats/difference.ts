/**
 * Interval on a difference of two means over the same clusters — GEB's instruction_gap =
 * clean_acc − instruction_acc, both from rows of the same episodes. Each cluster carries both
 * sides' totals and is resampled whole (a joint cluster bootstrap, same draws and canonical
 * order as bootstrap.ts), so the correlation of the two sides inside an episode is kept.
 */
import {
  type ClusterAccumulator,
  memoReplicates,
  percentileInterval,
  resampleIndexStream,
  vectorKey,
} from "./bootstrap.js";
import { type ResolvedStatsOptions, type StatsOptions, resolveStatsOptions } from "./options.js";
import type { Interval } from "./schema.js";
import { emptyInterval } from "./wilson.js";

type Joint = [number, number, number, number];

/**
 * Sorted replicates xa/ya − xb/yb of the joint cluster bootstrap over K rows of
 * (xa, ya, xb, yb) laid out flat (`rows[4j..4j+3]`, canonical order), leaving out replicates
 * with an empty side. Shared between callers with the same rows and options (read-only).
 */
export function jointDifferenceReplicates(rows: Float64Array, o: ResolvedStatsOptions): Float64Array {
  const k = rows.length / 4;
  return memoReplicates(`d${o.seed}:${o.resamples}:${vectorKey(rows)}`, () => {
    const next = resampleIndexStream(o.seed, o.resamples, k);
    const reps = new Float64Array(o.resamples);
    let n = 0;
    for (let r = 0; r < o.resamples; r++) {
      let xa = 0;
      let ya = 0;
      let xb = 0;
      let yb = 0;
      for (let j = 0; j < k; j++) {
        const t = 4 * next();
        xa += rows[t];
        ya += rows[t + 1];
        xb += rows[t + 2];
        yb += rows[t + 3];
      }
      if (ya > 0 && yb > 0) reps[n++] = xa / ya - xb / yb;
    }
    return reps.slice(0, n).sort();
  });
}

/** Flat (xa, ya, xb, yb) rows of `jointDifferenceReplicates`. */
export function flatRows(rows: readonly (readonly number[])[]): Float64Array {
  const out = new Float64Array(4 * rows.length);
  for (let j = 0; j < rows.length; j++) out.set(rows[j], 4 * j);
  return out;
}

/** The joint resamples of mean(a) − mean(b) (see `differenceInterval`), sorted ascending. */
export interface JointReplicates {
  value: number;
  /** Replicates that drew items of both sides, sorted. */
  reps: Float64Array;
  n: number;
  nClusters: number;
  /** Some cluster holds more than one item (of either side together). */
  clustered: boolean;
}

/**
 * The point difference and the joint cluster-bootstrap replicates of mean(a) − mean(b);
 * null when a side is empty. Shared by `differenceInterval` and `compareRatios`.
 */
export function jointReplicates(
  a: ClusterAccumulator,
  b: ClusterAccumulator,
  opts: StatsOptions = {},
): JointReplicates | null {
  if (a.n === 0 || b.n === 0) return null;
  const o = resolveStatsOptions(opts);
  const keyed = new Map<string | number, Joint>();
  const rows: Joint[] = [];
  a.forEachCluster((key, s, m) => {
    const t: Joint = [s, m, 0, 0];
    if (key === undefined) rows.push(t);
    else keyed.set(key, t);
  });
  b.forEachCluster((key, s, m) => {
    const t = key === undefined ? undefined : keyed.get(key);
    if (t) {
      t[2] += s;
      t[3] += m;
    } else if (key === undefined) rows.push([0, 0, s, m]);
    else keyed.set(key, [0, 0, s, m]);
  });
  for (const t of keyed.values()) rows.push(t);
  rows.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || x[3] - y[3]);
  let sa = 0;
  let ma = 0;
  let sb = 0;
  let mb = 0;
  for (const r of rows) {
    sa += r[0];
    ma += r[1];
    sb += r[2];
    mb += r[3];
  }
  const value = sa / ma - sb / mb;
  const k = rows.length;
  return {
    value,
    reps: jointDifferenceReplicates(flatRows(rows), o),
    n: a.n + b.n,
    nClusters: k,
    clustered: rows.some((r) => r[1] + r[3] > 1),
  };
}

/**
 * mean(a) − mean(b) with a percentile interval. Clusters are matched by key; keyless items are
 * their own clusters. A resample that draws no item of one side has no difference and is left
 * out of the percentiles. Method `bootstrap` when no cluster holds more than one item (of
 * either side together), else `cluster_bootstrap`; `n` counts both sides' items.
 */
export function differenceInterval(
  a: ClusterAccumulator,
  b: ClusterAccumulator,
  opts: StatsOptions = {},
): Interval {
  const j = jointReplicates(a, b, opts);
  if (!j) return emptyInterval();
  const o = resolveStatsOptions(opts);
  // No replicates (nothing to resample): the interval is the value alone.
  const reps = j.reps.length ? j.reps : [j.value];
  return percentileInterval(j.value, reps, o.level, j.n, j.nClusters, j.clustered);
}
