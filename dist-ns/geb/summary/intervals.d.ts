/**
 * Intervals and paired comparisons over run payloads' per-row statistics (docs/statistics.md):
 * the pooled rates of `geb summarize` (and sweep/model run directories), each run's row of
 * summary.csv, and `geb compare`'s significance. Clusters are episodes (twins join their base
 * episode); trials of one episode fall in the same cluster.
 */
import { type Comparison, type Interval, type IntervalsBlock, type StatsOptions } from "../../core/stats/index.js";
import type { ModelRunPayload } from "../pipeline/gebmodel.js";
/** Rates every row statistic carries as a 0/1 outcome. */
export declare const ROW_RATE_METRICS: readonly ["value_acc", "exact_acc"];
export type RowRateMetric = (typeof ROW_RATE_METRICS)[number];
/** Pooled over every row of every run (the summary's `pooled`), clustered by (run, episode). */
export declare function pooledIntervals(payloads: readonly ModelRunPayload[], opts?: StatsOptions): IntervalsBlock;
/**
 * One run's value/exact accuracy intervals from its first trial's rows (the trial its
 * `metrics` report). A metric whose rows do not reproduce the payload's own value (a
 * reference-layout run graded under another dialect) gets no interval rather than one around
 * a different number.
 */
export declare function runIntervals(p: ModelRunPayload, opts?: StatsOptions): Record<RowRateMetric, Interval | null>;
export type PairedResult = {
    paired: true;
    comparisons: Record<RowRateMetric, Comparison>;
} | {
    paired: false;
    reason: string;
};
/**
 * `other − base` on the items both sides graded (same row id and trial): exact McNemar when
 * items are independent, else the paired cluster bootstrap (by episode). Refused when a side
 * grades an item twice (several runs over the same data), when a shared id has a different
 * gold value or key (different datasets reuse ids), or when the sides share no item.
 */
export declare function pairedRateComparisons(base: readonly ModelRunPayload[], other: readonly ModelRunPayload[], opts?: StatsOptions): PairedResult;
