/**
 * A run payload's `decomposition` rates with their intervals, for its own `intervals` block
 * (`decomposition.<rate>`; docs/statistics.md): the rows of every trial, clustered by episode.
 * Imports the estimators module by module (no zod): `geb model` loads this for every run.
 */
import { ClusterAccumulator, meanInterval, proportionInterval } from "../../core/stats/bootstrap.js";
import type { StatsOptions } from "../../core/stats/options.js";
import type { Interval } from "../../core/stats/schema.js";
import { DECOMPOSITION_ITEM_METRICS, decompositionItems, episodeOf } from "./row-metrics.js";
import type { RowStat } from "./rowstats.js";

export function decompositionIntervals(
  rows: readonly RowStat[],
  stored: Readonly<Record<string, unknown>>,
  opts: StatsOptions = {},
): Record<string, Interval> {
  const accs = new Map<string, ClusterAccumulator>();
  for (const r of rows) {
    const c = episodeOf(r);
    decompositionItems(r, (m, v) => {
      let a = accs.get(m);
      if (!a) {
        a = new ClusterAccumulator();
        accs.set(m, a);
      }
      a.add(v, c);
    });
  }
  const out: Record<string, Interval> = {};
  for (const [m, kind] of Object.entries(DECOMPOSITION_ITEM_METRICS)) {
    const a = accs.get(m);
    const v = stored[m];
    if (!a || typeof v !== "number") continue;
    const iv = kind === "mean" ? meanInterval(a, opts) : proportionInterval(a, opts);
    // The stored rate is the same ratio of the same rows; an interval is only ever put on it.
    if (iv.value === null || iv.ci_low === null || iv.ci_high === null || Math.abs(iv.value - v) > 1e-9)
      continue;
    out[`decomposition.${m}`] = {
      ...iv,
      value: v,
      ci_low: Math.min(iv.ci_low, v),
      ci_high: Math.max(iv.ci_high, v),
    };
  }
  return out;
}
