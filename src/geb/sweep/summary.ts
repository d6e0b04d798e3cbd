/**
 * `summary.json` of a sweep: the reference `summarize_results.summarize(rows)` block (overall
 * and per (state mode, profile) means of the headline metrics, the same for `metrics_raw`,
 * retrieval rates when cells carry `retrieval_stats`) plus an `efficiency` block (tokens and
 * wall time per query: mean, p50, p90) that the reference's release gates read.
 *
 * Like the reference script, the row-level blocks (recency; our drift and decomposition) come
 * from each cell's data and predictions, read back through summary/runs (the same path
 * `geb summarize` takes). Keys are the reference's where it has them.
 */

import { join } from "node:path";
import { compareCodePoints, PyFloat, pyJsonDumps } from "../../core/pyjson.js";
import { writeTextAtomic } from "../io.js";
import { countRows, decompositionLine, rates } from "../summary/decomposition.js";
import { buildDiagnosis, loadThresholds } from "../summary/diagnosis.js";
import type { RunDigest } from "../summary/digest.js";
import type { RowStat } from "../summary/rowstats.js";
import type { Interval, IntervalsBlock } from "../../core/stats/schema.js";
import { digestIntervals, groupName } from "../summary/intervals.js";
import { type Summary, summarizeDigests } from "../summary/summarize.js";

const SUMMARY_METRICS = [
  "value_acc",
  "exact_acc",
  "cite_f1",
  "entailment",
  "instr_override_rate",
  "instr_conflict_present_rate",
  "instr_conflict_present_count",
  "state_integrity_rate",
] as const;

type Payload = Record<string, unknown>;

const asObj = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Python `float(v)` for the JSON scalars a results file holds (null when not a number). */
function toFloat(v: unknown): number | null {
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  return null;
}

const mean = (xs: readonly number[]): number => {
  let s = 0;
  for (const x of xs) s += x;
  return xs.length ? s / xs.length : 0;
};

/** Linear-interpolated percentile (numpy's default), q in [0, 1]. */
export function percentile(xs: readonly number[], q: number): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return lo === hi ? s[lo] : s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

function groupMeans(rows: readonly Payload[], field: "metrics" | "metrics_raw") {
  const grouped = new Map<string, { mode: string; profile: string; m: Map<string, number[]> }>();
  const overall = new Map<string, number[]>();
  for (const row of rows) {
    const metrics = asObj(row[field]);
    const mode = typeof row.state_mode === "string" ? row.state_mode : "";
    const profile = typeof row.distractor_profile === "string" ? row.distractor_profile : "";
    const key = JSON.stringify([mode, profile]);
    for (const k of SUMMARY_METRICS) {
      const v = toFloat(metrics[k]);
      if (v === null) continue;
      let g = grouped.get(key);
      if (!g) {
        g = { mode, profile, m: new Map() };
        grouped.set(key, g);
      }
      if (!g.m.has(k)) g.m.set(k, []);
      g.m.get(k)?.push(v);
      if (!overall.has(k)) overall.set(k, []);
      overall.get(k)?.push(v);
    }
  }
  const groups = [...grouped.values()].sort(
    (a, b) => compareCodePoints(a.mode, b.mode) || compareCodePoints(a.profile, b.profile),
  );
  const byGroup = groups.map((g) => {
    const entry: Record<string, unknown> = {
      state_mode: g.mode,
      distractor_profile: g.profile,
      n: Math.max(0, ...[...g.m.values()].map((v) => v.length)),
    };
    for (const [k, v] of g.m) entry[`${k}_mean`] = new PyFloat(mean(v));
    return entry;
  });
  const overallMeans: Record<string, PyFloat> = {};
  for (const [k, v] of overall) overallMeans[`${k}_mean`] = new PyFloat(mean(v));
  return { overall: overallMeans, byGroup };
}

const fl = (x: number | null): PyFloat | null => (x === null ? null : new PyFloat(x));

/** Summary object of a combined list (payloads in grid order). */
export function summarizeSweep(rows: readonly Payload[]): Record<string, unknown> {
  const main = groupMeans(rows, "metrics");
  const raw = groupMeans(rows, "metrics_raw");
  const summary: Record<string, unknown> = {
    rows: rows.length,
    overall: main.overall,
    overall_raw: raw.overall,
    by_group: main.byGroup,
    by_group_raw: raw.byGroup,
  };
  const stats: Record<string, unknown>[] = [];
  for (const row of rows) {
    const s = row.retrieval_stats;
    if (Array.isArray(s))
      for (const x of s) if (x && typeof x === "object" && !Array.isArray(x)) stats.push(x);
  }
  if (stats.length > 0 && "gold_present" in stats[0] && "stage" in stats[0]) {
    // Pipeline cells carry our per-row stats: pool them into the pipeline's decomposition
    // (its keys are the reference summary's retrieval keys: selection_rate, wrong_update_rate…).
    const r = rates(countRows(stats as unknown as RowStat[]));
    const retrieval: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r))
      retrieval[k] = typeof v === "number" && k !== "n" ? new PyFloat(v) : v;
    const acc = main.overall.value_acc_mean?.value ?? null;
    retrieval.decomposition_line = decompositionLine(r, acc);
    summary.retrieval = retrieval;
  } else if (stats.length > 0) {
    const total = stats.length;
    const ranks = stats.map((s) => s.correct_rank).filter((r): r is number => typeof r === "number");
    summary.retrieval = {
      n: total,
      gold_in_context_rate: new PyFloat(stats.filter((s) => s.correct_included === true).length / total),
      correct_rank_mean: ranks.length ? new PyFloat(mean(ranks)) : null,
      drop_rate: new PyFloat(stats.filter((s) => s.dropped_correct === true).length / total),
    };
  }
  const tokens: number[] = [];
  const wall: number[] = [];
  for (const row of rows) {
    const e = asObj(row.efficiency);
    if (typeof e.tokens_per_q === "number") tokens.push(e.tokens_per_q);
    if (typeof e.wall_s_per_q === "number") wall.push(e.wall_s_per_q);
  }
  summary.efficiency = {
    tokens_per_q_mean: fl(tokens.length ? mean(tokens) : null),
    tokens_per_q_p50: fl(percentile(tokens, 0.5)),
    tokens_per_q_p90: fl(percentile(tokens, 0.9)),
    wall_s_per_q_mean: fl(wall.length ? mean(wall) : null),
    wall_s_per_q_p90: fl(percentile(wall, 0.9)),
  };
  return summary;
}

const pyFloats = (o: Record<string, unknown>, ints: readonly string[] = []) =>
  Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k, typeof v === "number" && !ints.includes(k) ? new PyFloat(v) : v]),
  );

/**
 * Row-level blocks from the cells' per-row statistics (summary/summarize over them): the
 * reference summary script's `recency` (its default edges and shape), plus our `drift` and
 * `decomposition`, which the reference script computes only for cells with retrieval stats.
 */
export function rowBlocks(s: Summary): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (s.rows === 0) return out;
  const rec = (b: Summary["recency"]["tokens_since_update"]) => b.map((x) => pyFloats({ ...x }, ["n"]));
  out.recency = {
    tokens_since_update: rec(s.recency.tokens_since_update),
    distractors_since_update: rec(s.recency.distractors_since_update),
    writes_to_key: rec(s.recency.writes_to_key),
  };
  if (s.drift) out.drift = pyFloats({ ...s.drift }, ["step_count", "run_count"]);
  if (s.retrieval) {
    const { counts: _c, gold_in_context_rate: _g, ...rates } = s.retrieval;
    out.decomposition = pyFloats(rates, ["n"]);
  }
  return out;
}

/** The sweep's summary of the cells' runs (their digested per-row statistics), once per assembly. */
export function sweepRunsSummary(runs: readonly RunDigest[]): Summary {
  return summarizeDigests(runs);
}

/**
 * `intervals_by_cell`: each cell's value/exact accuracy with its interval, clustered by
 * episode, from the cell's per-row statistics (docs/statistics.md). Not a reference key.
 * `data_path` is the cell payload's as written (`rows[i]`, relative when the sweep's --out
 * was), not the resolved path of the loaded run, so the file is the same wherever it is run.
 */
export function cellIntervals(
  rows: readonly Payload[],
  runs: readonly RunDigest[],
): Record<string, unknown>[] {
  return runs.map((r, i) => ({ data_path: asObj(rows[i]?.data).path ?? null, ...digestIntervals(r) }));
}

/**
 * `intervals`: every number of the sweep summary with its interval, named by its path
 * (`overall.cite_f1_mean`, `by_group_raw.kv/standard.value_acc_mean`,
 * `decomposition.selection_rate`, `recency.writes_to_key.1-2.value_acc`, `drift.step_rate`),
 * taken from the runs' summary (summary/intervals.ts) where that summary has the same
 * number at the matching path (`_raw` blocks: the same metric when it equals the processed
 * one; `decomposition`/`retrieval`: its `retrieval` rates). A number without a reproducing
 * interval has no entry. Not a reference key.
 */
export function sweepIntervals(summary: Record<string, unknown>, runsSummary: Summary): IntervalsBlock {
  const src = runsSummary.intervals.metrics;
  const metrics: Record<string, Interval> = {};
  const numOf = (v: unknown): number | null =>
    v instanceof PyFloat ? v.value : typeof v === "number" ? v : null;
  const take = (path: string, from: string, v: unknown) => {
    const x = numOf(v);
    const iv = src[from];
    if (x !== null && iv && iv.value !== null && Math.abs(iv.value - x) <= 1e-9) metrics[path] = iv;
  };
  const block = (name: string, from: string, o: unknown) => {
    for (const [k, v] of Object.entries(asObj(o))) take(`${name}.${k}`, `${from}.${k}`, v);
  };
  block("overall", "overall", summary.overall);
  block("overall_raw", "overall", summary.overall_raw);
  for (const [name, list] of [
    ["by_group", summary.by_group],
    ["by_group_raw", summary.by_group_raw],
  ] as const)
    for (const g of Array.isArray(list) ? list.map(asObj) : []) {
      const gn = groupName(g);
      for (const [k, v] of Object.entries(g))
        if (k.endsWith("_mean")) take(`${name}.${gn}.${k}`, `by_group.${gn}.${k}`, v);
    }
  block("retrieval", "retrieval", summary.retrieval);
  block("decomposition", "retrieval", summary.decomposition);
  block("drift", "drift", summary.drift);
  for (const [f, buckets] of Object.entries(asObj(summary.recency)))
    for (const b of Array.isArray(buckets) ? buckets.map(asObj) : [])
      for (const m of ["value_acc", "exact_acc"])
        take(`recency.${f}.${b.bucket}.${m}`, `recency.${f}.${b.bucket}.${m}`, b[m]);
  return { ...runsSummary.intervals, metrics };
}

export function summaryText(
  rows: readonly Payload[],
  runsSummary: Summary | null = null,
  runs?: readonly RunDigest[],
): string {
  const summary: Record<string, unknown> = {
    ...summarizeSweep(rows),
    ...(runsSummary ? rowBlocks(runsSummary) : {}),
    ...(runs ? { intervals_by_cell: cellIntervals(rows, runs) } : {}),
  };
  if (runsSummary) summary.intervals = sweepIntervals(summary, runsSummary);
  return pyJsonDumps(summary, { indent: 2 });
}

/**
 * `diagnosis.json` of a sweep: our diagnosis (summary/diagnosis, default thresholds) over the
 * cells' rows. Its format is ours, not the reference script's (docs/geb/summaries.md).
 */
export function writeSweepDiagnosis(out: string, runs: readonly RunDigest[], summary: Summary): void {
  const d = buildDiagnosis(summary, {
    thresholds: loadThresholds().thresholds,
    runDir: null,
    // Each run's first examples, in run order: the first examples of all rows.
    examples: runs.flatMap((r) => r.examples).slice(0, 3),
  });
  writeTextAtomic(join(out, "diagnosis.json"), `${JSON.stringify(d, null, 2)}\n`);
}
