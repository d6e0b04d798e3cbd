/**
 * Run artifacts on disk: results.json (the payload list), summary.json, summary.csv (one row
 * per run), decomposition.csv, diagnosis.json. Everything here is a pure function of the
 * payloads (and the thresholds file), so equal payloads give byte-identical files.
 */
import { join } from "node:path";
import { writeTextAtomic } from "../io.js";
import type { ModelRunPayload } from "../pipeline/gebmodel.js";
import { toCsv } from "./csv.js";
import { runIntervals } from "./intervals.js";
import {
  buildDiagnosis,
  type Diagnosis,
  evidenceExamples,
  formatDiagnosis,
  loadThresholds,
} from "./diagnosis.js";
import { readRunFile } from "./runs.js";
import { SUMMARY_METRICS, type SummarizeOptions, type Summary, summarizeRuns } from "./summarize.js";

/** The per-run table's metric columns: the summary's, less the instruction-conflict details. */
const METRIC_COLUMNS = SUMMARY_METRICS.filter(
  (k) => k !== "clean_acc" && k !== "instruction_gap" && k !== "instr_conflict_present_rate",
);

const DECOMP_COLUMNS = [
  "gold_present_rate",
  "selection_rate",
  "accuracy_when_gold_present",
  "answer_acc_given_gold_selected",
  "value_is_substring_of_selected_line_rate",
  "support_consistency_rate",
  "gold_support_selected_rate",
  "selector_pick_rate",
  "selected_note_rate",
  "wrong_update_rate",
  "selected_wrong_update_rate",
  "spoof_accept_rate",
  "spoof_accept_rate_non_gold",
  "gold_missing_rate",
  "abstain_rate",
  "abstain_precision",
  "abstain_recall",
  "correct_rank_mean",
  "gold_present_rate_latest_entry",
  "selection_rate_latest_entry",
  "accuracy_when_gold_present_latest_entry",
] as const;

const PIPELINE_COLUMNS = [
  "retriever",
  "k",
  "wrong_type",
  "order",
  "drop_prob",
  "authority_spoof_rate",
  "authority_filter",
  "rerank",
  "linear_model",
  "abstain_on_missing",
  "abstain_policy",
  "deterministic_answer",
  "copy_clamp",
  "pick_then_answer",
  "selector_only",
] as const;

/** One flat row per run (summary.csv, `geb collect`). */
export function flattenRun(p: ModelRunPayload, source?: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (source !== undefined) out.source = source;
  out.model = p.model;
  out.adapter = p.adapter;
  out.data_path = p.data.path;
  out.n = p.data.n;
  out.state_mode = p.state_mode;
  out.distractor_profile = p.distractor_profile;
  for (const [k, v] of Object.entries(p.labels ?? {})) out[`label_${k}`] = v;
  const pc = (p.config.pipeline ?? null) as Record<string, unknown> | null;
  for (const k of PIPELINE_COLUMNS) out[`retrieval_${k}`] = pc ? pc[k] : null;
  for (const k of METRIC_COLUMNS) out[k] = p.metrics[k];
  // Every metric's interval (clustered by episode; empty when the rows do not reproduce it).
  const iv = runIntervals(p);
  const bounds = (keys: readonly string[]) => {
    for (const k of keys) {
      out[`${k}_ci_low`] = iv[k]?.ci_low ?? null;
      out[`${k}_ci_high`] = iv[k]?.ci_high ?? null;
    }
  };
  bounds(METRIC_COLUMNS);
  for (const k of DECOMP_COLUMNS) out[k] = p.decomposition ? p.decomposition[k] : null;
  bounds(DECOMP_COLUMNS);
  out.decomposition_line = p.decomposition?.decomposition_line ?? null;
  const e = p.efficiency as Record<string, unknown>;
  out.tokens_per_q = e.tokens_per_q ?? null;
  out.wall_s = e.wall_s ?? null;
  out.errors = p.errors;
  return out;
}

export function runColumns(rows: readonly Record<string, unknown>[]): string[] {
  const fixed = ["source", "model", "adapter", "data_path", "n", "state_mode", "distractor_profile"];
  const labels = [
    ...new Set(rows.flatMap((r) => Object.keys(r).filter((k) => k.startsWith("label_")))),
  ].sort();
  const rest = [
    ...PIPELINE_COLUMNS.map((k) => `retrieval_${k}`),
    ...METRIC_COLUMNS,
    ...METRIC_COLUMNS.flatMap((k) => [`${k}_ci_low`, `${k}_ci_high`]),
    ...DECOMP_COLUMNS,
    ...DECOMP_COLUMNS.flatMap((k) => [`${k}_ci_low`, `${k}_ci_high`]),
    "decomposition_line",
    "tokens_per_q",
    "wall_s",
    "errors",
  ];
  return [...fixed.filter((c) => rows.some((r) => c in r)), ...labels, ...rest];
}

/**
 * Run payloads of one results file: `geb model` runs as written, reference-layout results
 * (sweep cells, combined.json, reference runs) with per-row statistics rebuilt (summary/runs).
 */
export function readPayloads(file: string): ModelRunPayload[] {
  return readRunFile(file).map((r) => r.payload);
}

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

export interface RunArtifacts {
  summary: Summary;
  diagnosis: Diagnosis;
}

export function writeRunArtifacts(
  dir: string,
  payloads: readonly ModelRunPayload[],
  opts: { thresholds?: string; results?: boolean } & SummarizeOptions = {},
): RunArtifacts {
  const summary = summarizeRuns(payloads, opts);
  const th = loadThresholds(opts.thresholds);
  const diagnosis = buildDiagnosis(summary, {
    thresholds: th.thresholds,
    thresholdsVersion: th.version,
    runDir: null,
    examples: evidenceExamples(payloads.flatMap((p) => p.retrieval_stats)),
  });
  if (opts.results !== false) writeTextAtomic(join(dir, "results.json"), json(payloads));
  writeTextAtomic(join(dir, "summary.json"), json(summary));
  const flat = payloads.map((p) => flattenRun(p));
  writeTextAtomic(join(dir, "summary.csv"), toCsv(flat, runColumns(flat)));
  if (summary.retrieval) {
    const d = payloads.filter((p) => p.decomposition).map((p) => flattenRun(p));
    writeTextAtomic(join(dir, "decomposition.csv"), toCsv(d, runColumns(d)));
  }
  writeTextAtomic(join(dir, "diagnosis.json"), json(diagnosis));
  return { summary, diagnosis };
}

export { formatDiagnosis };
