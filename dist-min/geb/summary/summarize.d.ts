/**
 * Summaries over one or more run payloads (the results JSON of `geb model`): per-run metric
 * means (the reference's `overall` / `by_group`), the pooled decomposition with both
 * definitions, recency buckets, drift and instruction metrics. Pure: payloads in, object out.
 */
import type { IntervalsBlock } from "../../core/stats/index.js";
import type { ModelRunPayload } from "../pipeline/gebmodel.js";
import { type DecompositionCounts, type DecompositionRates, driftMetrics, type RecencyField } from "./decomposition.js";
export declare const SUMMARY_SCHEMA = "oraclebench.geb.summary/1";
export declare const SUMMARY_METRICS: readonly ["value_acc", "exact_acc", "cite_f1", "entailment", "twin_consistency", "twin_flip_rate", "instruction_acc", "clean_acc", "instruction_gap", "instr_override_rate", "instr_conflict_present_rate", "state_integrity_rate"];
export interface RecencyBucket {
    bucket: string;
    n: number;
    value_acc: number;
    exact_acc: number;
}
export interface Summary {
    schema: typeof SUMMARY_SCHEMA;
    runs: number;
    /** Graded rows over all runs and trials. */
    rows: number;
    /** Mean over runs of each metric (runs where it is null are left out), `<metric>_mean`. */
    overall: Record<string, number>;
    /** The same from the reference citation repair, when runs carry it. */
    overall_postprocessed: Record<string, number>;
    by_group: Record<string, string | number | null>[];
    /** Pooled over every row of every run. */
    pooled: {
        n: number;
        value_acc: number | null;
        exact_acc: number | null;
    };
    retrieval: (DecompositionRates & {
        gold_in_context_rate: number | null;
        decomposition_line: string | null;
        counts: DecompositionCounts;
    }) | null;
    recency: Record<RecencyField, RecencyBucket[]>;
    drift: ReturnType<typeof driftMetrics> | null;
    /** Intervals on the pooled rates, clustered by run × episode (docs/statistics.md). */
    intervals: IntervalsBlock;
}
export interface SummarizeOptions {
    edges?: Partial<Record<RecencyField, readonly number[]>>;
}
export declare function summarizeRuns(payloads: readonly ModelRunPayload[], opts?: SummarizeOptions): Summary;
