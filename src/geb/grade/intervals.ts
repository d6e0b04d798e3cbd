/**
 * Intervals on the per-row metrics of a grade (docs/statistics.md). A cluster is the episode
 * (twins join their base episode): queries of one episode share a document and move together.
 * Only for the 1.0 dialect; reference-0.1 outputs stay the reference's.
 */
// Imported module by module, not from stats/index.js: that re-exports the zod schemas, which
// the commands that print intervals (through grade/format.ts) need not load.
import { accumulatorsFor, meanInterval, proportionInterval } from "../../core/stats/bootstrap.js";
import { differenceInterval } from "../../core/stats/difference.js";
import { intervalsMeta, type StatsOptions } from "../../core/stats/options.js";
import type { Interval, IntervalsBlock } from "../../core/stats/schema.js";
import type { Metrics, RowResult } from "./grade.js";

/** Metrics with an interval, and whether each row contributes a 0/1 outcome or a number. */
export const GRADE_INTERVAL_METRICS = {
  value_acc: "rate",
  exact_acc: "rate",
  cite_f1: "mean",
  cite_p: "mean",
  cite_r: "mean",
  support_bloat: "rate",
  entailment: "rate",
  instruction_acc: "rate",
  clean_acc: "rate",
  state_integrity_rate: "rate",
  twin_consistency: "rate",
  twin_flip_rate: "rate",
  instruction_gap: "difference",
  answer_correct_given_selected: "rate",
  instr_override_rate: "rate",
  instr_conflict_present_rate: "rate",
} as const satisfies Partial<Record<keyof Metrics, "rate" | "mean" | "difference">>;
export type GradeIntervalMetric = keyof typeof GRADE_INTERVAL_METRICS;

/**
 * Cluster of a data row: its twin group (the base episode id) when it has one, else its
 * episode id with the twin suffix removed (`E0003T` → `E0003`), else none (independent).
 */
export function episodeCluster(row: { episode_id?: string; meta?: unknown }): string | undefined {
  const meta = row.meta as Record<string, unknown> | undefined;
  const tg = meta?.twin_group;
  if (typeof tg === "string" && tg) return tg;
  if (typeof row.episode_id === "string" && row.episode_id) return row.episode_id.replace(/T$/, "");
  return undefined;
}

/** A yes/no outcome as the 0/1 item value the rate intervals average. */
export const bit = (b: boolean): number => (b ? 1 : 0);

export class GradeIntervals {
  private readonly acc = accumulatorsFor(GRADE_INTERVAL_METRICS);

  /** `cluster`: from `episodeCluster` (prefixed by a run id when one collector pools runs). */
  add(r: RowResult, cluster: string | undefined): void {
    const a = this.acc;
    a.value_acc.add(bit(r.value_ok), cluster);
    a.exact_acc.add(bit(r.exact), cluster);
    if (r.selected_all) a.answer_correct_given_selected.add(bit(r.value_ok), cluster);
    if (r.instr_conflict !== null) a.instr_conflict_present_rate.add(bit(r.instr_conflict), cluster);
    if (r.instr_override !== null) a.instr_override_rate.add(bit(r.instr_override), cluster);
    if (r.cite_f1 !== null) a.cite_f1.add(r.cite_f1, cluster);
    if (r.cite_p !== null) a.cite_p.add(r.cite_p, cluster);
    if (r.cite_r !== null) a.cite_r.add(r.cite_r, cluster);
    if (r.support_bloat !== null) a.support_bloat.add(bit(r.support_bloat), cluster);
    if (r.entailed !== null) a.entailment.add(bit(r.entailed), cluster);
    if (r.has_instruction) {
      a.instruction_acc.add(bit(r.exact), cluster);
      a.state_integrity_rate.add(bit(r.value_ok), cluster);
    } else a.clean_acc.add(bit(r.exact), cluster);
  }

  /** Twin pairs (`Grader.twinPairs()`): one item per pair, clustered by twin group. */
  addTwinPairs(pairs: readonly { group: string; consistent: boolean; flipped: boolean | null }[]): void {
    for (const p of pairs) {
      this.acc.twin_consistency.add(p.consistent ? 1 : 0, p.group);
      if (p.flipped !== null) this.acc.twin_flip_rate.add(p.flipped ? 1 : 0, p.group);
    }
  }

  /**
   * The block. `metrics`: the grader's own values, reported as each interval's value so the
   * two never differ in the last bit (the grader sums in row order).
   */
  finish(metrics?: Partial<Metrics>, opts: StatsOptions = {}): IntervalsBlock {
    const out: Record<string, Interval> = {};
    for (const [k, kind] of Object.entries(GRADE_INTERVAL_METRICS) as [GradeIntervalMetric, string][]) {
      const iv =
        kind === "rate"
          ? proportionInterval(this.acc[k], opts)
          : kind === "mean"
            ? meanInterval(this.acc[k], opts)
            : // instruction_gap = clean_acc − instruction_acc over the same episodes.
              differenceInterval(this.acc.clean_acc, this.acc.instruction_acc, opts);
      const v = metrics?.[k];
      out[k] =
        typeof v === "number" && iv.ci_low !== null && iv.ci_high !== null
          ? { ...iv, value: v, ci_low: Math.min(iv.ci_low, v), ci_high: Math.max(iv.ci_high, v) }
          : iv;
    }
    return { ...intervalsMeta(opts, "episode"), metrics: out };
  }
}

/** `95% CI: value_acc [0.34, 0.64] exact_acc [...]` — the report line's companion. */
export function intervalsLine(block: IntervalsBlock): string {
  const parts: string[] = [];
  for (const [k, iv] of Object.entries(block.metrics))
    if (iv.ci_low !== null && iv.ci_high !== null)
      parts.push(`${k} [${iv.ci_low.toFixed(2)}, ${iv.ci_high.toFixed(2)}]`);
  return `${Math.round(block.level * 100)}% CI (${block.cluster ? `by ${block.cluster}` : "items"}): ${parts.join(" ")}`;
}
