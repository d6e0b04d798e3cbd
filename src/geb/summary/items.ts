/**
 * A run's interval items: per-metric cluster accumulators read off its per-row statistics
 * (`ItemTable`), computed once per payload. The floor of the summary modules: the run digest
 * (./digest.ts) keeps these tables and the intervals (./intervals.ts) estimate from them, so
 * both import them from here and neither imports the other's values.
 */
// From the stats module itself, not stats/index.js: that re-exports the zod schemas, and this
// module is on the `geb sweep` path, which does not load zod (issue 13).
import { ClusterAccumulator } from "../../core/stats/bootstrap.js";
import type { ModelRunPayload } from "../pipeline/gebmodel.js";
import {
  DECOMPOSITION_ITEM_METRICS,
  decompositionItems,
  episodeOf,
  RUN_ITEM_METRICS,
  runItems,
  twinPairs,
} from "./row-metrics.js";
import type { RowStat } from "./rowstats.js";

/** A metric's accumulated items, and how to estimate it. */
export interface MetricItems {
  kind: "rate" | "mean";
  acc: ClusterAccumulator;
}

/** Per-metric accumulators, created on first use. */
export class ItemTable {
  readonly m = new Map<string, MetricItems>();
  constructor(private readonly kinds: (metric: string) => "rate" | "mean") {}
  add(metric: string, value: number, cluster: string | undefined): void {
    let e = this.m.get(metric);
    if (!e) {
      e = { kind: this.kinds(metric), acc: new ClusterAccumulator() };
      this.m.set(metric, e);
    }
    e.acc.add(value, cluster);
  }
  get(metric: string): MetricItems | undefined {
    return this.m.get(metric);
  }
  /** Another table's items of `metric`, clusters prefixed by `prefix`. */
  merge(metric: string, acc: ClusterAccumulator, prefix: string): void {
    let e = this.m.get(metric);
    if (!e) {
      e = { kind: this.kinds(metric), acc: new ClusterAccumulator() };
      this.m.set(metric, e);
    }
    e.acc.merge(acc, prefix);
  }
}

const runKind = (m: string): "rate" | "mean" =>
  (RUN_ITEM_METRICS as Record<string, string>)[m] === "mean" ? "mean" : "rate";
export const decompKind = (m: string): "rate" | "mean" =>
  (DECOMPOSITION_ITEM_METRICS as Record<string, string>)[m] === "mean" ? "mean" : "rate";

/** A run's first trial (the trial its `metrics` report). */
function firstTrialRows(p: ModelRunPayload): RowStat[] {
  const rows = p.retrieval_stats ?? [];
  let first = Number.POSITIVE_INFINITY;
  for (const r of rows) if (r.trial < first) first = r.trial;
  return rows.filter((r) => r.trial === first);
}

/**
 * The items of a run's `metrics` (first trial), clustered by episode (prefixed by `prefix`
 * when several runs pool): every RUN_ITEM_METRICS metric, the twin metrics (one item per
 * twin pair, clustered by twin group) and instruction_gap's two sides (clean / instruction).
 */
export function runMetricItems(p: ModelRunPayload, prefix = ""): ItemTable {
  const t = new ItemTable(runKind);
  const c = (e: string | undefined) => (e === undefined ? undefined : prefix + e);
  const rows = firstTrialRows(p);
  for (const r of rows) {
    const cl = c(episodeOf(r));
    runItems(r, (m, v) => t.add(m, v, cl));
  }
  for (const pair of twinPairs(rows)) {
    t.add("twin_consistency", pair.consistent ? 1 : 0, prefix + pair.group);
    if (pair.flipped !== null) t.add("twin_flip_rate", pair.flipped ? 1 : 0, prefix + pair.group);
  }
  return t;
}

/** A run's decomposition items over all its rows (every trial, as `p.decomposition`). */
export function runDecompositionItems(p: ModelRunPayload, prefix = ""): ItemTable {
  const t = new ItemTable(decompKind);
  for (const r of p.retrieval_stats ?? []) {
    const e = episodeOf(r);
    const cl = e === undefined ? undefined : prefix + e;
    decompositionItems(r, (m, v) => t.add(m, v, cl));
  }
  return t;
}

/**
 * A run's item tables, computed once per payload: a sweep asks for them for each cell's
 * intervals and again for the means over runs and the pooled decomposition. Kept while the
 * payload lives and its row list is the same array of the same length; shared, read-only.
 */
const itemCache = new WeakMap<
  ModelRunPayload,
  { rows: unknown; n: number; metrics?: ItemTable; decomposition?: ItemTable }
>();

export function cachedItems(p: ModelRunPayload, which: "metrics" | "decomposition"): ItemTable {
  const rows = p.retrieval_stats;
  let c = itemCache.get(p);
  if (!c || c.rows !== rows || c.n !== (rows?.length ?? -1)) {
    c = { rows, n: rows?.length ?? -1 };
    itemCache.set(p, c);
  }
  const t = c[which] ?? (which === "metrics" ? runMetricItems(p) : runDecompositionItems(p));
  c[which] = t;
  return t;
}
