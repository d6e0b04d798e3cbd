import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  ROW_RATE_METRICS,
  runIntervals,
  summarizeRuns
} from "./chunk-627GTJUG.js";
import {
  buildDiagnosis,
  evidenceExamples,
  loadThresholds
} from "./chunk-YAGFXQZ2.js";
import {
  readRunFile
} from "./chunk-6Z5U26UB.js";
import {
  writeTextAtomic
} from "./chunk-Z5G6XQ3A.js";

// src/geb/summary/artifacts.ts
import { join } from "node:path";

// src/geb/summary/csv.ts
function csvCell(v) {
  if (v === null || v === void 0) return "";
  const s = typeof v === "object" ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}
function toCsv(rows, columns) {
  const cols = columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))].sort();
  const lines = [cols.map(csvCell).join(",")];
  for (const r of rows) lines.push(cols.map((c) => csvCell(r[c])).join(","));
  return `${lines.join("\r\n")}\r
`;
}

// src/geb/summary/artifacts.ts
var METRIC_COLUMNS = [
  "value_acc",
  "exact_acc",
  "cite_f1",
  "entailment",
  "twin_consistency",
  "twin_flip_rate",
  "instruction_acc",
  "instr_override_rate",
  "state_integrity_rate"
];
var DECOMP_COLUMNS = [
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
  "accuracy_when_gold_present_latest_entry"
];
var PIPELINE_COLUMNS = [
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
  "selector_only"
];
function flattenRun(p, source) {
  const out = {};
  if (source !== void 0) out.source = source;
  out.model = p.model;
  out.adapter = p.adapter;
  out.data_path = p.data.path;
  out.n = p.data.n;
  out.state_mode = p.state_mode;
  out.distractor_profile = p.distractor_profile;
  for (const [k, v] of Object.entries(p.labels ?? {})) out[`label_${k}`] = v;
  const pc = p.config.pipeline ?? null;
  for (const k of PIPELINE_COLUMNS) out[`retrieval_${k}`] = pc ? pc[k] : null;
  for (const k of METRIC_COLUMNS) out[k] = p.metrics[k];
  const iv = runIntervals(p);
  for (const k of ROW_RATE_METRICS) {
    out[`${k}_ci_low`] = iv[k]?.ci_low ?? null;
    out[`${k}_ci_high`] = iv[k]?.ci_high ?? null;
  }
  for (const k of DECOMP_COLUMNS) out[k] = p.decomposition ? p.decomposition[k] : null;
  out.decomposition_line = p.decomposition?.decomposition_line ?? null;
  const e = p.efficiency;
  out.tokens_per_q = e.tokens_per_q ?? null;
  out.wall_s = e.wall_s ?? null;
  out.errors = p.errors;
  return out;
}
function runColumns(rows) {
  const fixed = ["source", "model", "adapter", "data_path", "n", "state_mode", "distractor_profile"];
  const labels = [
    ...new Set(rows.flatMap((r) => Object.keys(r).filter((k) => k.startsWith("label_"))))
  ].sort();
  const rest = [
    ...PIPELINE_COLUMNS.map((k) => `retrieval_${k}`),
    ...METRIC_COLUMNS,
    ...ROW_RATE_METRICS.flatMap((k) => [`${k}_ci_low`, `${k}_ci_high`]),
    ...DECOMP_COLUMNS,
    "decomposition_line",
    "tokens_per_q",
    "wall_s",
    "errors"
  ];
  return [...fixed.filter((c) => rows.some((r) => c in r)), ...labels, ...rest];
}
function readPayloads(file) {
  return readRunFile(file).map((r) => r.payload);
}
var json = (v) => `${JSON.stringify(v, null, 2)}
`;
function writeRunArtifacts(dir, payloads, opts = {}) {
  const summary = summarizeRuns(payloads, opts);
  const th = loadThresholds(opts.thresholds);
  const diagnosis = buildDiagnosis(summary, {
    thresholds: th.thresholds,
    thresholdsVersion: th.version,
    runDir: null,
    examples: evidenceExamples(payloads.flatMap((p) => p.retrieval_stats))
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

export {
  toCsv,
  flattenRun,
  runColumns,
  readPayloads,
  writeRunArtifacts
};
