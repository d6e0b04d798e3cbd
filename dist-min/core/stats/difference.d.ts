/**
 * Interval on a difference of two means over the same clusters — GEB's instruction_gap =
 * clean_acc − instruction_acc, both from rows of the same episodes. Each cluster carries both
 * sides' totals and is resampled whole (a joint cluster bootstrap, same draws and canonical
 * order as bootstrap.ts), so the correlation of the two sides inside an episode is kept.
 */
import { type ClusterAccumulator } from "./bootstrap.js";
import { type StatsOptions } from "./options.js";
import type { Interval } from "./schema.js";
/**
 * mean(a) − mean(b) with a percentile interval. Clusters are matched by key; keyless items are
 * their own clusters. A resample that draws no item of one side has no difference and is left
 * out of the percentiles. Method `bootstrap` when no cluster holds more than one item (of
 * either side together), else `cluster_bootstrap`; `n` counts both sides' items.
 */
export declare function differenceInterval(a: ClusterAccumulator, b: ClusterAccumulator, opts?: StatsOptions): Interval;
