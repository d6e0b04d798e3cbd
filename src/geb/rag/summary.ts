/**
 * RAG benchmark summary: the reference's summarize_rag_benchmark.py shape (field names kept:
 * the release layer reads `means.*` and `results[].*`), plus our additions: intervals on every
 * per-dataset rate and on every mean over datasets, the no-model baselines beside the model,
 * and the model/pipeline that produced the numbers. Pure: payloads come in parsed.
 */
import { InputError } from "../../core/errors.js";
import { pyFloatRepr, pyStr } from "../../core/pyjson.js";
import { intervalsMeta, type StatsOptions } from "../../core/stats/options.js";
import type { Interval } from "../../core/stats/schema.js";
import { wilson } from "../../core/stats/wilson.js";
import { MODEL_RUN_SCHEMA } from "../pipeline/run-schema.js";
import type { RowStat } from "../summary/rowstats.js";
import {
  datasetInterval,
  gapInterval,
  hitItems,
  type MeanPart,
  meanGapInterval,
  meanHitInterval,
  meanOverDatasetsInterval,
  RAG_ITEM_METRICS,
  type RagItemMetric,
  RagItems,
} from "./items.js";
import type { RagThresholds } from "./preset.js";

/**
 * The answer metrics every RAG table, summary and report leads with, in the reference's order;
 * each view adds its own after them.
 */
export const RAG_ANSWER_METRICS = [
  "value_acc",
  "exact_acc",
  "entailment",
  "answer_correct_given_selected",
  "cite_f1",
] as const;

/** Means of the reference summary, in its order. */
export const RAG_MEAN_KEYS = [
  ...RAG_ANSWER_METRICS,
  "cite_value_gap",
  "instruction_acc",
  "state_integrity_rate",
  "retrieval_hit_rate",
] as const;

/** Per-dataset metrics read from a run payload's `metrics` (each with an interval, when asked). */
const METRIC_KEYS = [
  ...RAG_ANSWER_METRICS,
  "instruction_acc",
  "state_integrity_rate",
  "instr_override_rate",
] as const;

/** Threshold flag → metric, in the reference's checking order. */
const THRESHOLD_CHECKS = [
  ["min_value_acc", "value_acc"],
  ["min_exact_acc", "exact_acc"],
  ["min_entailment", "entailment"],
  ["min_answer_correct_given_selected", "answer_correct_given_selected"],
  ["min_cite_f1", "cite_f1"],
  ["min_instruction_acc", "instruction_acc"],
  ["min_state_integrity", "state_integrity_rate"],
] as const;

export interface RagDatasetRef {
  id: string;
  label: string;
  failure_mode: string;
  /** Data path as recorded (gold support ids for retrieval_hit_rate come from it). */
  data: string;
}

export interface RagDatasetInput {
  /** Parsed `rag_<id>.json` (a run payload), or null when the file is missing. */
  payload: Record<string, unknown> | null;
  resultPath: string;
  /** id → gold support ids of the dataset's rows (for retrieval_hit_rate). */
  gold: Map<string, string[]>;
  /** No-model baselines on the same rows: name → metrics. */
  baselines?: Record<string, Record<string, number | null>>;
  /**
   * The model's graded rows as items (`geb rag run`). Absent: rebuilt from the payload's
   * per-row statistics when it is one of ours (no answer_correct_given_selected items then).
   */
  items?: RagItems;
  /** The baselines' graded rows as items: name → items. */
  baselineItems?: Record<string, RagItems>;
}

/** What produced a dataset's numbers (a payload of ours records it; the reference's does not). */
export interface RagRunRecord {
  model: string;
  /** `engine`: the model reads the whole book; `retrieval`: the retrieval → selection → answer pipeline. */
  adapter: string;
  /** The pipeline config (null for a plain model run). */
  pipeline: Record<string, unknown> | null;
}

export interface RagSummaryInput {
  benchmark: string;
  configPath: string;
  runsDir: string;
  /** ISO time, or null (artifacts byte-identical across runs). */
  generatedAt: string | null;
  datasets: readonly RagDatasetRef[];
  inputs: ReadonlyMap<string, RagDatasetInput>;
  thresholds?: RagThresholds;
  /** Interval conventions (default: 95 %, 2000 resamples, seed 0). */
  stats?: StatsOptions;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
/** Python isinstance(v, (int, float)) incl. bool, as float. */
function num(v: unknown): number | null {
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  return null;
}
function mean(values: readonly (number | null)[]): number | null {
  const xs = values.filter((v): v is number => v !== null);
  if (!xs.length) return null;
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/** Gold support ids per row id, as the reference reads them (support_ids, else support_id). */
export function goldSupportIds(rows: Iterable<Obj>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const list = (v: unknown): string[] =>
    v == null
      ? []
      : Array.isArray(v)
        ? v.filter((x) => x != null).map((x) => pyStr(x))
        : typeof v === "string"
          ? [v]
          : [];
  for (const row of rows) {
    if (!row.id) continue;
    const gold = isObj(row.gold) ? row.gold : {};
    let ids = list(gold.support_ids);
    if (!ids.length) ids = list(gold.support_id);
    if (ids.length) out.set(pyStr(row.id), ids);
  }
  return out;
}

/** Gold id among the retrieved ids: `top_ids` (reference retrieval adapters) or our pipeline's `candidate_uids`. */
function retrievalHits(payload: Obj, gold: Map<string, string[]>): { hits: number; total: number } | null {
  const stats = payload.retrieval_stats;
  if (!Array.isArray(stats)) return null;
  let hits = 0;
  let total = 0;
  for (const d of stats) {
    if (!isObj(d) || !d.id) continue;
    const top = Array.isArray(d.top_ids)
      ? d.top_ids
      : Array.isArray(d.candidate_uids)
        ? d.candidate_uids
        : null;
    if (!top) continue;
    const g = gold.get(pyStr(d.id));
    if (!g?.length) continue;
    total++;
    if (g.some((id) => top.includes(id))) hits++;
  }
  return { hits, total };
}

/** The run record of a payload of ours (`geb model` schema), else null. */
export function runRecordOf(p: Obj): RagRunRecord | null {
  if (p.schema !== MODEL_RUN_SCHEMA) return null;
  const cfg = isObj(p.config) ? p.config : {};
  return {
    model: pyStr(p.model),
    adapter: pyStr(p.adapter),
    pipeline: isObj(cfg.pipeline) ? cfg.pipeline : null,
  };
}

/** A payload of ours with per-row statistics: its items. */
function payloadItems(p: Obj): RagItems | null {
  if (p.schema !== MODEL_RUN_SCHEMA || !Array.isArray(p.retrieval_stats)) return null;
  if (!p.retrieval_stats.every(isObj)) return null;
  return RagItems.fromRowStats(p.retrieval_stats as unknown as RowStat[]);
}

export function summarizeRag(input: RagSummaryInput): Record<string, unknown> {
  const results: Obj[] = [];
  const missing: string[] = [];
  const cols: Record<string, (number | null)[]> = Object.fromEntries(RAG_MEAN_KEYS.map((k) => [k, []]));
  let wallTotal = 0;
  const wallPerQ: (number | null)[] = [];
  const tokensPerQ: (number | null)[] = [];
  const baselineCols = new Map<string, Record<string, (number | null)[]>>();
  const stats = input.stats ?? {};
  // Per dataset with results: items and values, for the means' intervals.
  const parts: { items: RagItems | null; hits: ReturnType<typeof hitItems> | null; values: Obj }[] = [];
  // Baseline name → metric → per-dataset parts.
  const baselineParts = new Map<string, Map<RagItemMetric, MeanPart[]>>();
  let run: { record: RagRunRecord | null; id: string } | undefined;

  for (const ds of input.datasets) {
    const inp = input.inputs.get(ds.id);
    const base = { id: ds.id, label: ds.label, failure_mode: ds.failure_mode, data: ds.data };
    if (!inp?.payload) {
      missing.push(ds.id);
      results.push({ ...base, result_path: inp?.resultPath ?? "", status: "missing" });
      continue;
    }
    const p = inp.payload;
    // Numbers of different models or pipelines are never averaged together silently.
    const record = runRecordOf(p);
    if (!run) run = { record, id: ds.id };
    else if (JSON.stringify(record) !== JSON.stringify(run.record))
      throw new InputError(
        `${ds.id} was run with ${describeRun(record)}, ${run.id} with ${describeRun(run.record)}: one summary covers one model and pipeline`,
        { file: inp.resultPath },
      );
    const metrics = isObj(p.metrics) ? p.metrics : {};
    const eff = isObj(p.efficiency) ? p.efficiency : {};
    const m = Object.fromEntries(METRIC_KEYS.map((k) => [k, num(metrics[k])])) as Record<
      (typeof METRIC_KEYS)[number],
      number | null
    >;
    const wall = num(eff.wall_s);
    const wallQ = num(eff.wall_s_per_q);
    const tokQ = num(eff.tokens_per_q);
    if (wall !== null) wallTotal += wall;
    wallPerQ.push(wallQ);
    tokensPerQ.push(tokQ);
    const rh = retrievalHits(p, inp.gold);
    const retrievalHit = rh?.total ? rh.hits / rh.total : null;
    const gap = m.cite_f1 !== null && m.value_acc !== null ? m.cite_f1 - m.value_acc : null;
    for (const k of RAG_MEAN_KEYS) {
      if (k === "cite_value_gap") cols[k]?.push(gap);
      else if (k === "retrieval_hit_rate") cols[k]?.push(retrievalHit);
      else cols[k]?.push(m[k]);
    }
    const entry: Obj = {
      ...base,
      result_path: inp.resultPath,
      status: "ok",
      value_acc: m.value_acc,
      exact_acc: m.exact_acc,
      entailment: m.entailment,
      answer_correct_given_selected: m.answer_correct_given_selected,
      cite_f1: m.cite_f1,
      cite_value_gap: gap,
      instruction_acc: m.instruction_acc,
      state_integrity_rate: m.state_integrity_rate,
      instr_override_rate: m.instr_override_rate,
      retrieval_hit_rate: retrievalHit,
      wall_s: wall,
      wall_s_per_q: wallQ,
      tokens_per_q: tokQ,
    };
    // Ours: intervals on every rate (the run's clustered intervals; Wilson for retrieval hits).
    const iv = isObj(p.intervals) && isObj(p.intervals.metrics) ? p.intervals.metrics : null;
    const intervals: Record<string, Interval> = {};
    const items = inp.items ?? payloadItems(p);
    for (const k of METRIC_KEYS) {
      if (iv && isObj(iv[k])) intervals[k] = iv[k] as unknown as Interval;
      else if (items) {
        const x = datasetInterval(items, k, m[k], stats);
        if (x) intervals[k] = x;
      }
    }
    if (items) {
      const g = gapInterval(items, gap, stats);
      if (g) intervals.cite_value_gap = g;
    }
    if (rh?.total) intervals.retrieval_hit_rate = wilson(rh.hits, rh.total);
    if (Object.keys(intervals).length) entry.intervals = intervals;
    parts.push({
      items,
      hits: rh?.total ? hitItems(rh.hits, rh.total) : null,
      values: { ...m, cite_value_gap: gap, retrieval_hit_rate: retrievalHit },
    });
    if (inp.baselines) {
      entry.baselines = inp.baselines;
      const bi: Record<string, Record<string, Interval>> = {};
      for (const [name, bm] of Object.entries(inp.baselines)) {
        const its = inp.baselineItems?.[name] ?? null;
        const byMetric = baselineParts.get(name) ?? new Map<RagItemMetric, MeanPart[]>();
        baselineParts.set(name, byMetric);
        const out: Record<string, Interval> = {};
        for (const [k, v] of Object.entries(bm)) {
          if (!(k in RAG_ITEM_METRICS)) continue;
          const km = k as RagItemMetric;
          const list = byMetric.get(km) ?? [];
          byMetric.set(km, list);
          list.push({ items: its, value: v });
          const x = its ? datasetInterval(its, km, v, stats) : null;
          if (x) out[k] = x;
        }
        if (Object.keys(out).length) bi[name] = out;
      }
      if (Object.keys(bi).length) entry.baseline_intervals = bi;
      for (const [name, bm] of Object.entries(inp.baselines)) {
        const c = baselineCols.get(name) ?? {};
        baselineCols.set(name, c);
        for (const [k, v] of Object.entries(bm)) {
          c[k] ??= [];
          c[k].push(v);
        }
      }
    }
    results.push(entry);
  }

  const summary: Obj = {
    artifact_version: "1.0",
    benchmark: input.benchmark,
    config_path: input.configPath,
    runs_dir: input.runsDir,
    generated_at: input.generatedAt,
    datasets_total: input.datasets.length,
    datasets_with_results: input.datasets.length - missing.length,
    missing,
    means: Object.fromEntries(RAG_MEAN_KEYS.map((k) => [k, mean(cols[k] ?? [])])),
    runtime: {
      wall_s_total: wallTotal ? wallTotal : null,
      wall_s_per_q: mean(wallPerQ),
      tokens_per_q: mean(tokensPerQ),
    },
    results,
  };
  if (baselineCols.size) {
    summary.baseline_means = Object.fromEntries(
      [...baselineCols].map(([name, c]) => [
        name,
        Object.fromEntries(Object.entries(c).map(([k, v]) => [k, mean(v)])),
      ]),
    );
  }
  // Ours: the model/pipeline behind the numbers, and intervals on every mean over datasets.
  if (run?.record) summary.pipeline = run.record;
  const meanIv: Record<string, Interval> = {};
  const means = summary.means as Obj;
  for (const k of RAG_MEAN_KEYS) {
    const x =
      k === "cite_value_gap"
        ? meanGapInterval(
            parts.map((q) => ({ items: q.items, value: q.values.cite_value_gap as number | null })),
            means[k],
            stats,
          )
        : k === "retrieval_hit_rate"
          ? meanHitInterval(
              parts.map((q) => ({ hits: q.hits, value: q.values.retrieval_hit_rate as number | null })),
              means[k],
              stats,
            )
          : meanOverDatasetsInterval(
              parts.map((q) => ({ items: q.items, value: q.values[k] as number | null })),
              k,
              means[k],
              stats,
            );
    if (x) meanIv[`means.${k}`] = x;
  }
  const bmeans = (summary.baseline_means ?? {}) as Record<string, Obj>;
  for (const [name, byMetric] of baselineParts)
    for (const [k, list] of byMetric) {
      const x = meanOverDatasetsInterval(list, k, bmeans[name]?.[k], stats);
      if (x) meanIv[`baseline_means.${name}.${k}`] = x;
    }
  if (Object.keys(meanIv).length)
    summary.intervals = {
      ...intervalsMeta(stats, "dataset × episode (every dataset weighs the same)"),
      metrics: meanIv,
    };
  if (input.thresholds) applyThresholds(summary, results, input.thresholds);
  return summary;
}

function describeRun(r: RagRunRecord | null): string {
  if (!r) return "an unrecorded model and pipeline";
  return r.pipeline
    ? `${r.model} (retrieval pipeline ${JSON.stringify(r.pipeline)})`
    : `${r.model} (${r.adapter})`;
}

/** The reference's threshold pass: per ok dataset, every given minimum; status PASS/FAIL. */
function applyThresholds(summary: Obj, results: Obj[], t: RagThresholds): void {
  const given = THRESHOLD_CHECKS.filter(([flag]) => t[flag] !== undefined);
  if (!given.length) return;
  const failures: { id: string; reason: string }[] = [];
  for (const entry of results) {
    if (entry.status !== "ok") continue;
    for (const [flag, metric] of given) {
      const min = t[flag] as number;
      const v = num(entry[metric]);
      if (v === null || v < min)
        failures.push({ id: String(entry.id), reason: `${metric} < ${pyFloatRepr(min)}` });
    }
  }
  summary.thresholds = Object.fromEntries(given.map(([flag, metric]) => [metric, t[flag]]));
  summary.failures = failures;
  if (failures.length) {
    const counts = new Map<string, number>();
    for (const f of failures) counts.set(f.id, (counts.get(f.id) ?? 0) + 1);
    summary.top_failures = [...counts].sort((a, b) => b[1] - a[1]).map(([id, count]) => ({ id, count }));
  }
  summary.status = failures.length ? "FAIL" : "PASS";
}

/** Float-valued keys of the summary (written with `.0` when integral, as Python does). */
export const RAG_FLOAT_KEYS: ReadonlySet<string> = new Set([
  ...RAG_MEAN_KEYS,
  ...METRIC_KEYS,
  "wall_s",
  "wall_s_per_q",
  "tokens_per_q",
  "wall_s_total",
]);
