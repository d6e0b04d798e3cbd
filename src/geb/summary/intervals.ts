/**
 * Intervals and paired comparisons over run payloads' per-row statistics (docs/statistics.md):
 * the pooled rates of `geb summarize` (and sweep/model run directories), each run's row of
 * summary.csv, and `geb compare`'s significance. Clusters are episodes (twins join their base
 * episode); trials of one episode fall in the same cluster.
 */
// From the stats modules themselves, not stats/index.js: that re-exports the zod schemas, and
// this module is on the `geb sweep` path, which does not load zod (issue 13).
import { ClusterAccumulator, proportionInterval } from "../../core/stats/bootstrap.js";
import { intervalsMeta, type StatsOptions } from "../../core/stats/options.js";
import { PairedAccumulator } from "../../core/stats/paired.js";
import type { Comparison, Interval, IntervalsBlock } from "../../core/stats/schema.js";
import type { ModelRunPayload } from "../pipeline/gebmodel.js";
import type { RowStat } from "./rowstats.js";

/** Rates every row statistic carries as a 0/1 outcome. */
export const ROW_RATE_METRICS = ["value_acc", "exact_acc"] as const;
export type RowRateMetric = (typeof ROW_RATE_METRICS)[number];

const outcome = (r: RowStat, m: RowRateMetric): number =>
  (m === "value_acc" ? r.value_ok : r.exact_ok) ? 1 : 0;
const episodeOf = (r: RowStat): string | undefined => r.episode_id?.replace(/T$/, "") ?? undefined;

/** Pooled over every row of every run (the summary's `pooled`), clustered by (run, episode). */
export function pooledIntervals(
  payloads: readonly ModelRunPayload[],
  opts: StatsOptions = {},
): IntervalsBlock {
  const acc = { value_acc: new ClusterAccumulator(), exact_acc: new ClusterAccumulator() };
  payloads.forEach((p, i) => {
    for (const r of p.retrieval_stats ?? []) {
      const e = episodeOf(r);
      const c = e === undefined ? undefined : `${i}\u0000${e}`;
      for (const m of ROW_RATE_METRICS) acc[m].add(outcome(r, m), c);
    }
  });
  const metrics: Record<string, Interval> = {};
  for (const m of ROW_RATE_METRICS) metrics[m] = proportionInterval(acc[m], opts);
  return { ...intervalsMeta(opts, "run × episode"), metrics };
}

/**
 * One run's value/exact accuracy intervals from its first trial's rows (the trial its
 * `metrics` report). A metric whose rows do not reproduce the payload's own value (a
 * reference-layout run graded under another dialect) gets no interval rather than one around
 * a different number.
 */
export function runIntervals(
  p: ModelRunPayload,
  opts: StatsOptions = {},
): Record<RowRateMetric, Interval | null> {
  const rows = p.retrieval_stats ?? [];
  let first = Number.POSITIVE_INFINITY;
  for (const r of rows) if (r.trial < first) first = r.trial;
  const acc = { value_acc: new ClusterAccumulator(), exact_acc: new ClusterAccumulator() };
  for (const r of rows)
    if (r.trial === first) for (const m of ROW_RATE_METRICS) acc[m].add(outcome(r, m), episodeOf(r));
  const out = {} as Record<RowRateMetric, Interval | null>;
  for (const m of ROW_RATE_METRICS) {
    const iv = proportionInterval(acc[m], opts);
    const own = p.metrics?.[m];
    out[m] =
      iv.value !== null && typeof own === "number" && Math.abs(iv.value - own) <= 1e-12
        ? { ...iv, value: own }
        : null;
  }
  return out;
}

/** The items a side's runs cover, keyed by (row id, trial); null when a key repeats. */
function rowsByItem(payloads: readonly ModelRunPayload[]): Map<string, RowStat> | null {
  const m = new Map<string, RowStat>();
  for (const p of payloads)
    for (const r of p.retrieval_stats ?? []) {
      const k = `${r.id}\u0000${r.trial}`;
      if (m.has(k)) return null;
      m.set(k, r);
    }
  return m;
}

export type PairedResult =
  | { paired: true; comparisons: Record<RowRateMetric, Comparison> }
  | { paired: false; reason: string };

/**
 * `other − base` on the items both sides graded (same row id and trial): exact McNemar when
 * items are independent, else the paired cluster bootstrap (by episode). Refused when a side
 * grades an item twice (several runs over the same data), when a shared id has a different
 * gold value or key (different datasets reuse ids), or when the sides share no item.
 */
export function pairedRateComparisons(
  base: readonly ModelRunPayload[],
  other: readonly ModelRunPayload[],
  opts: StatsOptions = {},
): PairedResult {
  const a = rowsByItem(other);
  const b = rowsByItem(base);
  if (!a || !b)
    return {
      paired: false,
      reason: "a side holds several runs over the same items; compare one run with one run",
    };
  const acc = { value_acc: new PairedAccumulator(), exact_acc: new PairedAccumulator() };
  for (const [k, ra] of a) {
    const rb = b.get(k);
    if (!rb) continue;
    // Row ids (`E0001-Q001`) repeat across datasets: pair only rows asking the same thing.
    if (ra.gold_value !== rb.gold_value || ra.key !== rb.key)
      return {
        paired: false,
        reason: `row ${JSON.stringify(ra.id)} has a different gold or key in the two runs: not the same dataset`,
      };
    const c = episodeOf(ra);
    for (const m of ROW_RATE_METRICS) acc[m].add(outcome(ra, m), outcome(rb, m), c);
  }
  if (acc.value_acc.n === 0)
    return { paired: false, reason: "the runs share no graded item (row id and trial)" };
  return {
    paired: true,
    comparisons: {
      value_acc: acc.value_acc.compare(true, opts),
      exact_acc: acc.exact_acc.compare(true, opts),
    },
  };
}
