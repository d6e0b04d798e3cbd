import { type ResolvedStatsOptions, type StatsOptions } from "./options.js";
import type { Interval } from "./schema.js";
/** Per-cluster sums and sizes, in canonical order. */
export interface ClusterTotals {
    sums: Float64Array;
    counts: Float64Array;
    /** Items in all clusters. */
    n: number;
}
/**
 * Collects item values grouped by cluster; memory is one entry per cluster, so reports can
 * stream rows through it. `add(v)` without a key makes the item its own cluster.
 */
export declare class ClusterAccumulator {
    private readonly keyed;
    private readonly singles;
    private readonly whole;
    private multi;
    n: number;
    add(value: number, cluster?: string | number): void;
    /**
     * A whole cluster at once: the sum of its items' values and how many items it has (for
     * callers that already keep per-cluster totals, e.g. one map entry per instance for
     * several metrics).
     */
    addCluster(sum: number, count: number): void;
    get nClusters(): number;
    /** True when no cluster holds more than one item (the bootstrap is then item-level). */
    get independent(): boolean;
    /** Every cluster's key (undefined for keyless items and whole clusters), item sum and count. */
    forEachCluster(f: (key: string | number | undefined, sum: number, count: number) => void): void;
    sum(): number;
    totals(): ClusterTotals;
}
/** The B × K resample indices in order, one per call (the kept table, else drawn afresh). */
export declare function resampleIndexStream(seed: number, resamples: number, k: number): () => number;
/**
 * B bootstrap replicates of the ratio mean Σsums/Σcounts, each over K clusters drawn with
 * `PyRandom(seed).randbelow(K)` (replicate by replicate), sorted ascending.
 */
export declare function bootstrapReplicates(t: ClusterTotals, o: ResolvedStatsOptions): Float64Array;
/** Linear-interpolation quantile of sorted data (Hyndman & Fan type 7, numpy's default). */
export declare function quantileSorted(sorted: ArrayLike<number>, q: number): number;
/**
 * Mean of a continuous metric with a percentile cluster-bootstrap interval. Method is
 * "bootstrap" when every cluster is a single item, else "cluster_bootstrap". The point value
 * is the plain sample mean; the bounds are the level's percentiles of the replicates, widened
 * to include the point value if resampling noise put it outside.
 */
export declare function meanInterval(acc: ClusterAccumulator, opts?: StatsOptions): Interval;
/**
 * A rate (values 0/1). Independent items: Wilson. Clustered items: Wilson at the effective
 * sample size n / deff (Kish), where the design effect deff = Var_cluster-bootstrap(p̂) /
 * (p̂(1−p̂)/n), floored at 1 — a cluster-robust interval that, unlike the raw percentile
 * bootstrap, stays inside [0, 1] and is not degenerate when p̂ is 0 or 1 (deff is then
 * unknowable and taken as 1; docs/statistics.md).
 */
export declare function proportionInterval(acc: ClusterAccumulator, opts?: StatsOptions): Interval;
/** Convenience over arrays: `clusters[i]` is item i's cluster (omit for independent items). */
export declare function accumulateClusters(values: readonly number[], clusters?: readonly (string | number)[]): ClusterAccumulator;
