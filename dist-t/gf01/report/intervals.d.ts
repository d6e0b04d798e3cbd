/**
 * Intervals on the rates of one report group (docs/statistics.md). A cluster is the instance:
 * repeated attempts at one instance (human attempts, pooled players) move together, so they
 * are resampled as one; with one row per instance the intervals are the plain Wilson /
 * bootstrap ones.
 */
import { type IntervalsBlock, type StatsOptions } from "../../core/stats/index.js";
/** Group metrics that carry an interval, with their kind (rate = 0/1 per episode). */
export declare const GROUP_INTERVAL_METRICS: {
    readonly certified_rate: "rate";
    readonly goal_rate: "rate";
    readonly ap_f1_mean: "mean";
    readonly ts_f1_mean: "mean";
};
export type GroupIntervalMetric = keyof typeof GROUP_INTERVAL_METRICS;
export declare class GroupIntervals {
    /** instance → [count, valid, goal, ap_f1 sum, ts_f1 sum]: one entry per instance for all four. */
    private readonly byInstance;
    /** Rows without an instance id: each its own cluster. */
    private readonly loose;
    add(instanceId: unknown, valid: boolean, goal: boolean, apF1: number, tsF1: number): void;
    private accumulators;
    /**
     * `exact`: the group's own values (the F1 means are Python-exact fsum means); the interval
     * reports them as its value so the two never differ in the last bit.
     */
    finish(exact: Record<GroupIntervalMetric, number>, opts?: StatsOptions): IntervalsBlock;
}
/**
 * One line for a table footer: the smallest difference in a rate between two groups of the
 * report's sizes that a two-sided test at α = 0.05 finds with power 0.8 (at p = 0.5).
 */
export declare function mddLine(counts: readonly number[]): string | null;
