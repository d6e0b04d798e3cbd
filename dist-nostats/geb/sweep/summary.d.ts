/**
 * `summary.json` of a sweep: the reference `summarize_results.summarize(rows)` block (overall
 * and per (state mode, profile) means of the headline metrics, the same for `metrics_raw`,
 * retrieval rates when cells carry `retrieval_stats`) plus an `efficiency` block (tokens and
 * wall time per query: mean, p50, p90) that the reference's release gates read.
 *
 * Like the reference script, the row-level blocks (recency; our drift and decomposition) come
 * from each cell's data and predictions, read back through summary/runs (the same path
 * `geb summarize` takes). Keys are the reference's where it has them.
 */
import type { ModelRunPayload } from "../pipeline/gebmodel.js";
import { type Summary } from "../summary/summarize.js";
type Payload = Record<string, unknown>;
/** Linear-interpolated percentile (numpy's default), q in [0, 1]. */
export declare function percentile(xs: readonly number[], q: number): number | null;
/** Summary object of a combined list (payloads in grid order). */
export declare function summarizeSweep(rows: readonly Payload[]): Record<string, unknown>;
/**
 * Row-level blocks from the cells' per-row statistics (summary/summarize over them): the
 * reference summary script's `recency` (its default edges and shape), plus our `drift` and
 * `decomposition`, which the reference script computes only for cells with retrieval stats.
 */
export declare function rowBlocks(s: Summary): Record<string, unknown>;
/** The sweep's summary of the cells' runs (per-row statistics), computed once per assembly. */
export declare function sweepRunsSummary(runs: readonly ModelRunPayload[]): Summary;
/**
 * `intervals_by_cell`: each cell's value/exact accuracy with its interval, clustered by
 * episode, from the cell's per-row statistics (docs/statistics.md). Not a reference key.
 * `data_path` is the cell payload's as written (`rows[i]`, relative when the sweep's --out
 * was), not the resolved path of the loaded run, so the file is the same wherever it is run.
 */
export declare function cellIntervals(rows: readonly Payload[], runs: readonly ModelRunPayload[]): Record<string, unknown>[];
export declare function summaryText(rows: readonly Payload[], runsSummary?: Summary | null, runs?: readonly ModelRunPayload[]): string;
/**
 * `diagnosis.json` of a sweep: our diagnosis (summary/diagnosis, default thresholds) over the
 * cells' rows. Its format is ours, not the reference script's (docs/geb/summaries.md).
 */
export declare function writeSweepDiagnosis(out: string, runs: readonly ModelRunPayload[], summary: Summary): void;
export {};
