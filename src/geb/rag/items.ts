/**
 * Per-row items of a RAG dataset's grade metrics, and the intervals of the summary's means
 * over datasets (docs/geb/rag.md "Intervals"). The reference's means weigh every dataset the
 * same whatever its size, so a mean's interval is `meanOfMeansInterval` (core/stats/runs.ts):
 * datasets are the runs, episodes the clusters within a dataset. One dataset: exactly that
 * dataset's own interval. Pure: rows and predictions come in parsed.
 */
import {
  accumulatorsFor,
  ClusterAccumulator,
  meanInterval,
  proportionInterval,
} from "../../core/stats/bootstrap.js";
import { differenceInterval } from "../../core/stats/difference.js";
import type { StatsOptions } from "../../core/stats/options.js";
import type { Interval } from "../../core/stats/schema.js";
import type { RowResult } from "../grade/grade.js";
import { bit } from "../grade/intervals.js";
import { meanOfGapsInterval, meanOfGroupsInterval, reproduces, withValue } from "../summary/intervals.js";
import { episodeOf } from "../summary/row-metrics.js";
import type { RowStat } from "../summary/rowstats.js";

/**
 * The summary's per-dataset metrics with per-row items, and how each row contributes (the
 * same rows and clusters as the grade's own intervals, grade/intervals.ts, so one dataset's
 * interval here is the run's).
 */
export const RAG_ITEM_METRICS = {
  value_acc: "rate",
  exact_acc: "rate",
  entailment: "rate",
  answer_correct_given_selected: "rate",
  cite_f1: "mean",
  instruction_acc: "rate",
  state_integrity_rate: "rate",
  instr_override_rate: "rate",
} as const;
export type RagItemMetric = keyof typeof RAG_ITEM_METRICS;

/** One dataset's items: metric → accumulator (clustered by episode). */
export class RagItems {
  readonly acc = accumulatorsFor(RAG_ITEM_METRICS);

  /** A graded row (`Grader.add`); `cluster` from grade/intervals.ts `episodeCluster`. */
  add(r: RowResult, cluster: string | undefined): void {
    const a = this.acc;
    a.value_acc.add(bit(r.value_ok), cluster);
    a.exact_acc.add(bit(r.exact), cluster);
    if (r.entailed !== null) a.entailment.add(bit(r.entailed), cluster);
    if (r.selected_all) a.answer_correct_given_selected.add(bit(r.value_ok), cluster);
    if (r.cite_f1 !== null) a.cite_f1.add(r.cite_f1, cluster);
    if (r.has_instruction) {
      a.instruction_acc.add(bit(r.exact), cluster);
      a.state_integrity_rate.add(bit(r.value_ok), cluster);
    }
    if (r.instr_override !== null) a.instr_override_rate.add(bit(r.instr_override), cluster);
  }

  /**
   * From a run payload's per-row statistics (`geb rag summarize` over a run dir: the grade's
   * rows are gone). Its first trial, as its `metrics`. Rows do not say which were "selected",
   * so answer_correct_given_selected has no items here; a row without the per-row grade
   * fields (older runs, reference payloads) gives items that do not reproduce the stored
   * metrics, and so no interval.
   */
  static fromRowStats(rows: readonly RowStat[]): RagItems {
    const t = new RagItems();
    const a = t.acc;
    let first = Number.POSITIVE_INFINITY;
    for (const r of rows) if (r.trial < first) first = r.trial;
    for (const r of rows) {
      if (r.trial !== first) continue;
      // A hand-edited payload may hold anything: only a string episode id names a cluster.
      const c = typeof r.episode_id === "string" ? episodeOf(r) : undefined;
      a.value_acc.add(bit(r.value_ok), c);
      a.exact_acc.add(bit(r.exact_ok), c);
      if (typeof r.entailed === "boolean") a.entailment.add(bit(r.entailed), c);
      if (typeof r.cite_f1 === "number") a.cite_f1.add(r.cite_f1, c);
      if (r.has_instruction) {
        a.instruction_acc.add(bit(r.exact_ok), c);
        a.state_integrity_rate.add(bit(r.value_ok), c);
      }
      if (typeof r.instr_override === "boolean") a.instr_override_rate.add(bit(r.instr_override), c);
    }
    return t;
  }
}

/** Retrieval hits of one dataset as items (independent rows, as its Wilson interval). */
export function hitItems(hits: number, total: number): ClusterAccumulator {
  const acc = new ClusterAccumulator();
  for (let i = 0; i < total; i++) acc.add(i < hits ? 1 : 0);
  return acc;
}

const kindOf = (m: string): "rate" | "mean" =>
  (RAG_ITEM_METRICS as Record<string, string>)[m] === "mean" ? "mean" : "rate";

/** Interval of one dataset's metric, or null unless its items give `stored` (to 1e-9). */
export function datasetInterval(
  items: RagItems,
  metric: RagItemMetric,
  stored: unknown,
  opts: StatsOptions = {},
): Interval | null {
  const acc = items.acc[metric];
  if (acc.n === 0 || typeof stored !== "number") return null;
  const iv = kindOf(metric) === "rate" ? proportionInterval(acc, opts) : meanInterval(acc, opts);
  return reproduces(iv.value, stored) ? withValue(iv, stored) : null;
}

/** cite_value_gap = cite_f1 − value_acc of one dataset (the same rows: a paired difference). */
export function gapInterval(items: RagItems, stored: unknown, opts: StatsOptions = {}): Interval | null {
  const a = items.acc.cite_f1;
  const b = items.acc.value_acc;
  if (a.n === 0 || b.n === 0 || typeof stored !== "number") return null;
  const iv = differenceInterval(a, b, opts);
  return reproduces(iv.value, stored) ? withValue(iv, stored) : null;
}

/** One dataset's part of a mean: its items and its stored value of the metric (null: left out of the mean). */
export interface MeanPart {
  items: RagItems | null;
  value: number | null;
}

/**
 * Interval of the unweighted mean over datasets of `metric` (the datasets with a value, as
 * the mean). Null when a dataset with a value has no items reproducing it, or the mean of the
 * items is not `stored`: no interval rather than one around another number.
 */
export function meanOverDatasetsInterval(
  parts: readonly MeanPart[],
  metric: RagItemMetric,
  stored: unknown,
  opts: StatsOptions = {},
): Interval | null {
  if (typeof stored !== "number") return null;
  const groups = parts.flatMap((p) =>
    p.value === null ? [] : [{ acc: p.items?.acc[metric], value: p.value }],
  );
  return meanOfGroupsInterval(groups, kindOf(metric), stored, opts);
}

/** The mean over datasets of cite_value_gap (each dataset's cite_f1 − value_acc). */
export function meanGapInterval(
  parts: readonly MeanPart[],
  stored: unknown,
  opts: StatsOptions = {},
): Interval | null {
  if (typeof stored !== "number") return null;
  const groups = parts.flatMap((p) =>
    p.value === null ? [] : [{ a: p.items?.acc.cite_f1, b: p.items?.acc.value_acc, value: p.value }],
  );
  return meanOfGapsInterval(groups, stored, opts);
}

/** The mean over datasets of retrieval_hit_rate (each dataset's hits as independent items). */
export function meanHitInterval(
  parts: readonly { hits: ClusterAccumulator | null; value: number | null }[],
  stored: unknown,
  opts: StatsOptions = {},
): Interval | null {
  if (typeof stored !== "number") return null;
  const groups = parts.flatMap((p) => (p.value === null ? [] : [{ acc: p.hits, value: p.value }]));
  return meanOfGroupsInterval(groups, "rate", stored, opts);
}
