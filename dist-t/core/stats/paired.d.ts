/**
 * Paired comparison of A and B on the same items (two agents, models or configs graded on the
 * same queries/instances): the difference A − B, its interval and a two-sided p-value.
 *
 * - Binary metric, independent items: exact McNemar test (the two-sided binomial test of the
 *   discordant pairs against 1/2; McNemar 1947, exact form as in Agresti 2013 §11.1).
 * - Continuous metric, or any metric with clustered items: paired cluster bootstrap of the
 *   per-item differences; p = 2·min(#{θ* ≤ 0}+1, #{θ* ≥ 0}+1)/(B+1), capped at 1 (percentile
 *   inversion, Davison & Hinkley 1997 §4.4). McNemar assumes independent pairs, so with
 *   clusters we use the bootstrap rather than overstate significance.
 * The interval on the difference is always the paired (cluster) bootstrap percentile interval.
 */
import { ClusterAccumulator } from "./bootstrap.js";
import { type StatsOptions } from "./options.js";
import type { Comparison } from "./schema.js";
/**
 * Exact two-sided McNemar p-value for `b` pairs where only A succeeded and `c` where only B
 * did: min(1, 2·P(X ≤ min(b, c))), X ~ Binomial(b + c, 1/2). 1 when there are no discordant pairs.
 */
export declare function mcnemarExact(b: number, c: number): number;
/** Collects paired item values (A, B) by cluster; see `compare`. */
export declare class PairedAccumulator {
    readonly a: ClusterAccumulator;
    readonly b: ClusterAccumulator;
    readonly diff: ClusterAccumulator;
    aOnly: number;
    bOnly: number;
    private binaryOnly;
    add(a: number, b: number, cluster?: string | number): void;
    get n(): number;
    /** A − B with interval and p-value; `binary` says the metric is a 0/1 outcome per item. */
    compare(binary: boolean, opts?: StatsOptions): Comparison;
}
/** Array form: a[i], b[i] are item i's values under A and B; clusters[i] its cluster. */
export declare function comparePaired(a: readonly number[], b: readonly number[], options: {
    binary: boolean;
    clusters?: readonly (string | number)[];
} & StatsOptions): Comparison;
