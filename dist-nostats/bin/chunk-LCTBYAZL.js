import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  ClusterAccumulator,
  differenceInterval,
  intervalsMeta,
  meanInterval,
  proportionInterval
} from "./chunk-Z2F3TC4X.js";

// src/geb/grade/intervals.ts
var GRADE_INTERVAL_METRICS = {
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
  instruction_gap: "difference"
};
function episodeCluster(row) {
  const meta = row.meta;
  const tg = meta?.twin_group;
  if (typeof tg === "string" && tg) return tg;
  if (typeof row.episode_id === "string" && row.episode_id) return row.episode_id.replace(/T$/, "");
  return void 0;
}
var GradeIntervals = class {
  acc = Object.fromEntries(
    Object.keys(GRADE_INTERVAL_METRICS).map((k) => [k, new ClusterAccumulator()])
  );
  /** `cluster`: from `episodeCluster` (prefixed by a run id when one collector pools runs). */
  add(r, cluster) {
    const a = this.acc;
    const bit = (b) => b ? 1 : 0;
    a.value_acc.add(bit(r.value_ok), cluster);
    a.exact_acc.add(bit(r.exact), cluster);
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
  addTwinPairs(pairs) {
    for (const p of pairs) {
      this.acc.twin_consistency.add(p.consistent ? 1 : 0, p.group);
      if (p.flipped !== null) this.acc.twin_flip_rate.add(p.flipped ? 1 : 0, p.group);
    }
  }
  /**
   * The block. `metrics`: the grader's own values, reported as each interval's value so the
   * two never differ in the last bit (the grader sums in row order).
   */
  finish(metrics, opts = {}) {
    const out = {};
    for (const [k, kind] of Object.entries(GRADE_INTERVAL_METRICS)) {
      const iv = kind === "rate" ? proportionInterval(this.acc[k], opts) : kind === "mean" ? meanInterval(this.acc[k], opts) : (
        // instruction_gap = clean_acc − instruction_acc over the same episodes.
        differenceInterval(this.acc.clean_acc, this.acc.instruction_acc, opts)
      );
      const v = metrics?.[k];
      out[k] = typeof v === "number" && iv.ci_low !== null && iv.ci_high !== null ? { ...iv, value: v, ci_low: Math.min(iv.ci_low, v), ci_high: Math.max(iv.ci_high, v) } : iv;
    }
    return { ...intervalsMeta(opts, "episode"), metrics: out };
  }
};
function intervalsLine(block) {
  const parts = [];
  for (const [k, iv] of Object.entries(block.metrics))
    if (iv.ci_low !== null && iv.ci_high !== null)
      parts.push(`${k} [${iv.ci_low.toFixed(2)}, ${iv.ci_high.toFixed(2)}]`);
  return `${Math.round(block.level * 100)}% CI (${block.cluster ? `by ${block.cluster}` : "items"}): ${parts.join(" ")}`;
}

export {
  GRADE_INTERVAL_METRICS,
  episodeCluster,
  GradeIntervals,
  intervalsLine
};
