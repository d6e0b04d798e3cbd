/**
 * `geb compare`: per-metric delta between two runs (results files or run directories), over
 * the summary's overall means and decomposition rates, with a paired significance test on the
 * rates every row carries (docs/statistics.md).
 */
import { formatPValue, minimumDetectableDifference, type StatsOptions } from "../../core/stats/index.js";
import type { ModelRunPayload } from "../pipeline/gebmodel.js";
import { pairedMetricComparisons } from "./intervals.js";
import { loadRuns } from "./runs.js";
import { type Summary, summarizeRuns } from "./summarize.js";

export interface MetricDelta {
  metric: string;
  base: number | null;
  other: number | null;
  delta: number | null;
  /**
   * Paired by item (row id, trial) on the rows both runs graded: the interval on the delta,
   * its two-sided p-value and whether p < 0.05 (docs/statistics.md). value_acc / exact_acc:
   * exact McNemar or the paired episode-cluster bootstrap; every other metric: the joint
   * episode-cluster bootstrap of its two ratios over the paired rows.
   */
  ci_low?: number | null;
  ci_high?: number | null;
  p_value?: number | null;
  significant?: boolean | null;
  method?: string;
  n_paired?: number;
  /** Why there is no paired test (several runs over the same items, no shared item, no per-row data). */
  note?: string;
}

/** Summary of a run of any kind: results file, run dir, sweep tree or reference run folder. */
export function summaryFor(path: string): Summary {
  return summarizeRuns(loadRuns([path]).map((r) => r.payload));
}

function flat(s: Summary): Map<string, number | null> {
  const m = new Map<string, number | null>();
  for (const [k, v] of Object.entries(s.overall)) m.set(k.replace(/_mean$/, ""), v);
  if (s.retrieval)
    for (const [k, v] of Object.entries(s.retrieval))
      if (typeof v === "number" || v === null) if (k !== "n") m.set(k, v);
  if (s.drift) m.set("drift_step_rate", s.drift.step_rate);
  return m;
}

export function compareSummaries(base: Summary, other: Summary): MetricDelta[] {
  const a = flat(base);
  const b = flat(other);
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  return keys.map((metric) => {
    const x = a.get(metric) ?? null;
    const y = b.get(metric) ?? null;
    return { metric, base: x, other: y, delta: x !== null && y !== null ? y - x : null };
  });
}

/** The deltas of `geb compare` with the paired test on the rates rows carry. */
export function compareRunPaths(basePath: string, otherPath: string, opts: StatsOptions = {}): MetricDelta[] {
  const base = loadRuns([basePath]).map((r) => r.payload);
  const other = loadRuns([otherPath]).map((r) => r.payload);
  return compareRunPayloads(base, other, opts);
}

/** `compareRunPaths` over payloads in memory (`geb model` with several --model). */
export function compareRunPayloads(
  base: readonly ModelRunPayload[],
  other: readonly ModelRunPayload[],
  opts: StatsOptions = {},
): MetricDelta[] {
  const deltas = compareSummaries(summarizeRuns(base), summarizeRuns(other));
  const paired = pairedMetricComparisons(base, other, opts);
  return deltas.map((d) => {
    if (!paired.paired) return { ...d, significant: null, note: paired.reason };
    const c = paired.comparisons[d.metric];
    if (!c)
      return {
        ...d,
        significant: null,
        note:
          d.base === null || d.other === null
            ? "not tested: undefined on a side (no rows in its denominator)"
            : "not tested: no paired row carries this metric (a run written before rows carried it, or only unpaired rows are in its denominator)",
      };
    if (c.p_value === null)
      return {
        ...d,
        significant: null,
        n_paired: c.n,
        note: "not tested: undefined on a side's paired rows",
      };
    return {
      ...d,
      ci_low: c.ci_low,
      ci_high: c.ci_high,
      p_value: c.p_value,
      significant: c.significant,
      method: c.method,
      n_paired: c.n,
    };
  });
}

export function formatDeltas(d: readonly MetricDelta[]): string[] {
  const f = (x: number | null) => (x === null ? "-" : x.toFixed(4));
  const w = Math.max(6, ...d.map((x) => x.metric.length));
  const tested = d.some((x) => x.p_value != null);
  const lines = [
    `${"metric".padEnd(w)}  ${"base".padStart(8)}  ${"other".padStart(8)}  ${"delta".padStart(8)}${tested ? "  95% CI (paired)    p" : ""}`,
  ];
  for (const x of d) {
    const delta = x.delta === null ? "-" : `${x.delta >= 0 ? "+" : ""}${x.delta.toFixed(4)}`;
    let test = "";
    if (x.p_value !== undefined && x.ci_low != null && x.ci_high != null)
      test = `  ${`[${x.ci_low.toFixed(2)}, ${x.ci_high.toFixed(2)}]`.padEnd(17)}  ${formatPValue(x.p_value).padEnd(6)}${x.significant ? "  significant" : ""}`;
    else if (tested && x.note) test = "  not tested";
    lines.push(
      `${x.metric.padEnd(w)}  ${f(x.base).padStart(8)}  ${f(x.other).padStart(8)}  ${delta.padStart(8)}${test}`.trimEnd(),
    );
  }
  const notes = [...new Set(d.filter((x) => x.note).map((x) => x.note as string))];
  if (tested) {
    const n = d.find((x) => x.n_paired !== undefined)?.n_paired;
    const mdd = n ? minimumDetectableDifference({ n }) : null;
    lines.push(
      `paired test on ${n} items (row id, trial): value_acc / exact_acc exact McNemar, or the episode-cluster bootstrap when queries share episodes; every other metric the paired episode-cluster bootstrap of its two ratios over those items; α=0.05, no multiplicity correction (with ${d.filter((x) => x.p_value != null).length} tests, about one in twenty null differences looks significant)`,
    );
    if (mdd !== null)
      lines.push(
        `minimum detectable difference at n=${n} (α=0.05 two-sided, power 0.8, p=0.5, independent items): ${mdd.toFixed(2)}; smaller deltas are likely noise`,
      );
    for (const n of notes)
      lines.push(
        `${d
          .filter((x) => x.note === n)
          .map((x) => x.metric)
          .join(", ")}: ${n}`,
      );
  } else if (notes.length) lines.push(`no paired test: ${notes[0]}`);
  return lines;
}
