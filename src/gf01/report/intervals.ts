/**
 * Intervals on the rates of one report group (docs/statistics.md). A cluster is the instance:
 * repeated attempts at one instance (human attempts, pooled players) move together, so they
 * are resampled as one; with one row per instance the intervals are the plain Wilson /
 * bootstrap ones.
 */
import {
  ClusterAccumulator,
  type IntervalsBlock,
  type StatsOptions,
  intervalsMeta,
  meanInterval,
  medianInterval,
  minimumDetectableDifference,
  proportionInterval,
} from "../../core/stats/index.js";

/** Group metrics that carry an interval, with their kind (rate = 0/1 per episode). */
export const GROUP_INTERVAL_METRICS = {
  certified_rate: "rate",
  goal_rate: "rate",
  ap_f1_mean: "mean",
  ts_f1_mean: "mean",
} as const;
export type GroupIntervalMetric = keyof typeof GROUP_INTERVAL_METRICS;

export class GroupIntervals {
  /** instance → [count, valid, goal, ap_f1 sum, ts_f1 sum]: one entry per instance for all four. */
  private readonly byInstance = new Map<string, Float64Array>();
  /** Rows without an instance id: each its own cluster. */
  private readonly loose: Float64Array[] = [];
  /** Eff_t of each row, per cluster (same clusters as above), for the median's interval. */
  private readonly effT = new Map<string, number[]>();
  private readonly looseEffT: number[][] = [];

  add(instanceId: unknown, valid: boolean, goal: boolean, apF1: number, tsF1: number, effT?: number): void {
    let t: Float64Array | undefined;
    if (effT !== undefined) {
      if (instanceId === undefined || instanceId === null) this.looseEffT.push([effT]);
      else {
        const k = String(instanceId);
        const l = this.effT.get(k);
        if (l) l.push(effT);
        else this.effT.set(k, [effT]);
      }
    }
    if (instanceId === undefined || instanceId === null) {
      t = new Float64Array(5);
      this.loose.push(t);
    } else {
      const k = String(instanceId);
      t = this.byInstance.get(k);
      if (!t) {
        t = new Float64Array(5);
        this.byInstance.set(k, t);
      }
    }
    t[0]++;
    if (valid) t[1]++;
    if (goal) t[2]++;
    t[3] += apF1;
    t[4] += tsF1;
  }

  private accumulators(): Record<GroupIntervalMetric, ClusterAccumulator> {
    const acc = {
      certified_rate: new ClusterAccumulator(),
      goal_rate: new ClusterAccumulator(),
      ap_f1_mean: new ClusterAccumulator(),
      ts_f1_mean: new ClusterAccumulator(),
    };
    for (const t of [...this.byInstance.values(), ...this.loose]) {
      acc.certified_rate.addCluster(t[1], t[0]);
      acc.goal_rate.addCluster(t[2], t[0]);
      acc.ap_f1_mean.addCluster(t[3], t[0]);
      acc.ts_f1_mean.addCluster(t[4], t[0]);
    }
    return acc;
  }

  /**
   * `exact`: the group's own values (the F1 means are Python-exact fsum means); the interval
   * reports them as its value so the two never differ in the last bit.
   */
  finish(
    exact: Record<GroupIntervalMetric, number> & { median_eff_t?: number | null },
    opts: StatsOptions = {},
  ): IntervalsBlock {
    const metrics: IntervalsBlock["metrics"] = {};
    const acc = this.accumulators();
    for (const [k, kind] of Object.entries(GROUP_INTERVAL_METRICS) as [GroupIntervalMetric, string][]) {
      const iv = kind === "rate" ? proportionInterval(acc[k], opts) : meanInterval(acc[k], opts);
      if (iv.value !== null && iv.ci_low !== null && iv.ci_high !== null) {
        const v = exact[k];
        metrics[k] = { ...iv, value: v, ci_low: Math.min(iv.ci_low, v), ci_high: Math.max(iv.ci_high, v) };
      } else metrics[k] = iv;
    }
    // The median Eff_t: percentile cluster bootstrap of the median (instances as clusters).
    if (this.effT.size || this.looseEffT.length) {
      const iv = medianInterval([...this.effT.values(), ...this.looseEffT], opts);
      const v = exact.median_eff_t;
      metrics.median_eff_t =
        typeof v === "number" && iv.ci_low !== null && iv.ci_high !== null
          ? { ...iv, value: v, ci_low: Math.min(iv.ci_low, v), ci_high: Math.max(iv.ci_high, v) }
          : iv;
    }
    return { ...intervalsMeta(opts, "instance_id"), metrics };
  }
}

/**
 * One line for a table footer: the smallest difference in a rate between two groups of the
 * report's sizes that a two-sided test at α = 0.05 finds with power 0.8 (at p = 0.5).
 */
export function mddLine(counts: readonly number[]): string | null {
  const ns = [...new Set(counts.filter((n) => n > 0))].sort((a, b) => a - b);
  if (!ns.length) return null;
  const show = ns.length > 3 ? [ns[0], ns[ns.length - 1]] : ns;
  const parts = show.map((n) => `n=${n}: ${(minimumDetectableDifference({ n }) as number).toFixed(2)}`);
  return `minimum detectable difference between two groups' rates (α=0.05 two-sided, power 0.8, p=0.5): ${parts.join(ns.length > 3 ? " … " : ", ")}`;
}
