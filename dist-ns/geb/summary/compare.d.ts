/**
 * `geb compare`: per-metric delta between two runs (results files or run directories), over
 * the summary's overall means and decomposition rates, with a paired significance test on the
 * rates every row carries (docs/statistics.md).
 */
import { type StatsOptions } from "../../core/stats/index.js";
import { type Summary } from "./summarize.js";
export interface MetricDelta {
    metric: string;
    base: number | null;
    other: number | null;
    delta: number | null;
    /**
     * Paired by item (row id, trial), for the rates rows carry (value_acc, exact_acc): the
     * interval on the delta, its two-sided p-value and whether p < 0.05 (docs/statistics.md).
     */
    ci_low?: number | null;
    ci_high?: number | null;
    p_value?: number | null;
    significant?: boolean | null;
    method?: string;
    n_paired?: number;
    /** Why there is no paired test (several runs over the same items, no shared item). */
    note?: string;
}
/** Summary of a run of any kind: results file, run dir, sweep tree or reference run folder. */
export declare function summaryFor(path: string): Summary;
export declare function compareSummaries(base: Summary, other: Summary): MetricDelta[];
/** The deltas of `geb compare` with the paired test on the rates rows carry. */
export declare function compareRunPaths(basePath: string, otherPath: string, opts?: StatsOptions): MetricDelta[];
export declare function formatDeltas(d: readonly MetricDelta[]): string[];
