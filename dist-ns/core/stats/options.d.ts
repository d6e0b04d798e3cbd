import type { IntervalsMeta } from "./schema.js";
/** Knobs shared by every estimator; the defaults are the documented conventions. */
export interface StatsOptions {
    /** Confidence level (default 0.95). */
    level?: number;
    /** Bootstrap resamples (default 2000). */
    resamples?: number;
    /** Seed of the PyRandom stream the resamples are drawn from (default 0). */
    seed?: number;
}
export declare const DEFAULT_LEVEL = 0.95;
export declare const DEFAULT_RESAMPLES = 2000;
export declare const DEFAULT_SEED = 0;
export interface ResolvedStatsOptions {
    level: number;
    resamples: number;
    seed: number;
}
export declare function resolveStatsOptions(o?: StatsOptions): ResolvedStatsOptions;
/** The conventions header of an `intervals`/`comparisons` block. */
export declare function intervalsMeta(o?: StatsOptions, cluster?: string): IntervalsMeta;
