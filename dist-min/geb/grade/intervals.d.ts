import { type StatsOptions } from "../../core/stats/options.js";
import type { IntervalsBlock } from "../../core/stats/schema.js";
import type { Metrics, RowResult } from "./grade.js";
/** Metrics with an interval, and whether each row contributes a 0/1 outcome or a number. */
export declare const GRADE_INTERVAL_METRICS: {
    readonly value_acc: "rate";
    readonly exact_acc: "rate";
    readonly cite_f1: "mean";
    readonly cite_p: "mean";
    readonly cite_r: "mean";
    readonly support_bloat: "rate";
    readonly entailment: "rate";
    readonly instruction_acc: "rate";
    readonly clean_acc: "rate";
    readonly state_integrity_rate: "rate";
    readonly twin_consistency: "rate";
    readonly twin_flip_rate: "rate";
    readonly instruction_gap: "difference";
};
export type GradeIntervalMetric = keyof typeof GRADE_INTERVAL_METRICS;
/**
 * Cluster of a data row: its twin group (the base episode id) when it has one, else its
 * episode id with the twin suffix removed (`E0003T` → `E0003`), else none (independent).
 */
export declare function episodeCluster(row: {
    episode_id?: string;
    meta?: unknown;
}): string | undefined;
export declare class GradeIntervals {
    private readonly acc;
    /** `cluster`: from `episodeCluster` (prefixed by a run id when one collector pools runs). */
    add(r: RowResult, cluster: string | undefined): void;
    /** Twin pairs (`Grader.twinPairs()`): one item per pair, clustered by twin group. */
    addTwinPairs(pairs: readonly {
        group: string;
        consistent: boolean;
        flipped: boolean | null;
    }[]): void;
    /**
     * The block. `metrics`: the grader's own values, reported as each interval's value so the
     * two never differ in the last bit (the grader sums in row order).
     */
    finish(metrics?: Partial<Metrics>, opts?: StatsOptions): IntervalsBlock;
}
/** `95% CI: value_acc [0.34, 0.64] exact_acc [...]` — the report line's companion. */
export declare function intervalsLine(block: IntervalsBlock): string;
