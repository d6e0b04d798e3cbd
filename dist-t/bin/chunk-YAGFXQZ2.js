import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  sha256Hex
} from "./chunk-OMQMJS7P.js";

// src/geb/summary/diagnosis.ts
import { readFileSync } from "node:fs";
import { InputError } from "../core/errors.js";
var DEFAULT_THRESHOLDS = Object.freeze({
  unsafe_commit_rate: 0.05,
  flip_rate: 0.1,
  gold_present_rate: 0.9,
  selection_rate_given_present: 0.9,
  authority_violation_rate: 0.01,
  answer_correct_given_selected: 0.9,
  drift_step_rate_max: 0.25,
  // Ours (not in the reference file): abstain calibration and instruction overrides.
  abstain_precision_min: 0.9,
  abstain_recall_min: 0.9,
  instr_override_rate_max: 0.1
});
var BOTTLENECKS = [
  "instability",
  "retrieval",
  "abstain",
  "authority",
  "selection",
  "instruction",
  "answering",
  "pass"
];
function loadThresholds(file) {
  const thresholds = { ...DEFAULT_THRESHOLDS };
  if (!file) return { thresholds, version: null };
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new InputError(
      `cannot read thresholds: ${e.code ?? e.message}`,
      { file }
    );
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new InputError(`invalid JSON: ${e.message}`, { file });
  }
  if (!data || typeof data !== "object" || Array.isArray(data))
    throw new InputError("thresholds must be a JSON object", { file });
  for (const [k, v] of Object.entries(data)) {
    if (typeof v !== "number" || !Number.isFinite(v))
      throw new InputError("threshold must be a number", { file, field: k });
    thresholds[k] = v;
  }
  return { thresholds, version: sha256Hex(text) };
}
function extractMetrics(s) {
  const r = s.retrieval;
  const o = s.overall;
  const flip = o.twin_flip_rate_mean ?? null;
  const cons = o.twin_consistency_mean ?? null;
  return {
    unsafe_commit_rate: r?.wrong_update_rate ?? null,
    flip_rate: flip,
    twin_flip_miss_rate: flip === null ? null : 1 - flip,
    twin_inconsistency_rate: cons === null ? null : 1 - cons,
    gold_present_rate: r?.gold_present_rate ?? null,
    selection_rate_given_present: r?.selection_rate ?? null,
    authority_violation_rate: r?.selected_note_rate ?? null,
    answer_correct_given_selected: r?.answer_acc_given_gold_selected ?? null,
    abstain_rate: r?.abstain_rate ?? null,
    abstain_precision: r?.abstain_precision ?? null,
    abstain_recall: r?.abstain_recall ?? null,
    instr_override_rate: o.instr_override_rate_mean ?? null,
    drift_step_rate: s.drift?.step_rate ?? null,
    value_acc: s.pooled.value_acc
  };
}
function classifyBottleneck(m, t) {
  const gt = (x, thr) => x !== null && x > thr;
  const lt = (x, thr) => x !== null && x < thr;
  if (gt(m.twin_flip_miss_rate, t.flip_rate) || gt(m.twin_inconsistency_rate, t.flip_rate))
    return "instability";
  if (lt(m.gold_present_rate, t.gold_present_rate)) return "retrieval";
  if (m.abstain_rate !== null && m.abstain_rate > 0 && (lt(m.abstain_precision, t.abstain_precision_min) || lt(m.abstain_recall, t.abstain_recall_min)))
    return "abstain";
  if (gt(m.authority_violation_rate, t.authority_violation_rate)) return "authority";
  if (lt(m.selection_rate_given_present, t.selection_rate_given_present) || gt(m.unsafe_commit_rate, t.unsafe_commit_rate))
    return "selection";
  if (gt(m.instr_override_rate, t.instr_override_rate_max)) return "instruction";
  if (lt(m.answer_correct_given_selected, t.answer_correct_given_selected)) return "answering";
  return "pass";
}
var rx = (title, rationale, effort, impact, next = []) => ({
  title,
  rationale,
  estimated_effort: effort,
  expected_impact: impact,
  next_steps: next
});
var LADDER = {
  instability: [
    rx(
      "Make answers follow the evidence across twins",
      "Twin pairs whose gold changed kept the same answer (or equal golds got different answers).",
      "M",
      "L"
    ),
    rx(
      "Pin sampling and seeds",
      "Rule out sampling noise before changing the system (--temperature 0, --seed, --trials).",
      "S",
      "M"
    )
  ],
  retrieval: [
    rx("Raise retrieval recall", "The gold line is missing from the candidates too often.", "M", "L", [
      "try --k 4/8",
      "try --retriever key or bm25"
    ]),
    rx(
      "Audit the misses",
      "Read rows with gold_present=false in retrieval_stats to see why the gold line ranks low.",
      "S",
      "M"
    )
  ],
  abstain: [
    rx(
      "Calibrate abstention",
      "Abstentions do not line up with missing evidence (precision or recall below threshold).",
      "M",
      "M",
      ["compare --abstain-policy oracle and observable"]
    ),
    rx(
      "Abstain only on observable evidence gaps",
      "An abstain rule must read the candidates, not the answer key.",
      "S",
      "M"
    )
  ],
  authority: [
    rx("Gate authority before selection", "NOTE (non-authoritative) lines are being selected.", "S", "L", [
      "--authority-filter",
      "or train the selector with authoritative labels"
    ]),
    rx(
      "Add spoofed-authority fixtures",
      "Measure spoof_accept_rate with --spoof-rate to see whether the gate holds when the op field lies.",
      "S",
      "M"
    )
  ],
  selection: [
    rx(
      "Improve the selector",
      "The gold line is among the candidates but not the one chosen (or a stale UPDATE wins).",
      "M",
      "L",
      ["--rerank prefer_update_latest or latest_step", "retrain the linear selector"]
    ),
    rx(
      "Remove order bias",
      "Check --order gold_first/gold_last: a position-dependent selector is not reading the evidence.",
      "S",
      "M"
    )
  ],
  instruction: [
    rx(
      "Harden against injected instructions",
      "Answers follow instruction lines that conflict with the ledger.",
      "M",
      "L"
    ),
    rx(
      "Answer from the ledger only",
      "Keep narrative and instruction lines out of the answer context.",
      "S",
      "M"
    )
  ],
  answering: [
    rx("Fix answer extraction", "The gold line was selected but the value came back wrong.", "M", "M", [
      "--copy-clamp",
      "--deterministic-answer as an upper bound"
    ]),
    rx(
      "Check the answer format",
      "Read invalid_reason in the results file: out-of-contract outputs are graded wrong.",
      "S",
      "M"
    )
  ],
  pass: [
    rx(
      "No bottleneck: harden the regime",
      "Every threshold passed; raise k, burst or note rates, or add spoofing to find the next wall.",
      "S",
      "M"
    ),
    rx("Rotate holdouts", "Try stale_tab_state / focus_drift profiles and counterfactual twins.", "M", "M")
  ]
};
function requiredInputs(m) {
  const out = [];
  if (m.gold_present_rate === null)
    out.push("run the retrieval pipeline (or a direct-query dataset) to measure gold_present_rate");
  if (m.flip_rate === null) out.push("generate with twins to measure twin_flip_rate");
  if (m.authority_violation_rate === null)
    out.push("emit selections (selected_note_rate) to check authority");
  if (m.answer_correct_given_selected === null)
    out.push("emit answers with citations to measure answer_correct_given_selected");
  return out;
}
var HOLDOUTS = /* @__PURE__ */ new Set(["stale_tab_state", "focus_drift"]);
function buildDiagnosis(s, opts = {}) {
  const t = { ...DEFAULT_THRESHOLDS, ...opts.thresholds };
  const m = extractMetrics(s);
  const b = classifyBottleneck(m, t);
  const holdouts = new Set(
    s.by_group.map((g) => String(g.distractor_profile)).filter((p) => HOLDOUTS.has(p))
  );
  const [first, second] = LADDER[b];
  return {
    schema_version: "1",
    run_dir: opts.runDir ?? null,
    thresholds_version: opts.thresholdsVersion ?? null,
    holdout_name: holdouts.size === 1 ? [...holdouts][0] : null,
    status: b === "pass" ? "PASS" : b === "instability" ? "UNSTABLE" : "FAIL",
    primary_bottleneck: b,
    supporting_metrics: m,
    thresholds: t,
    evidence_examples: opts.examples ?? [],
    prescription: first,
    second_best_prescription: second,
    required_inputs_next_run: requiredInputs(m)
  };
}
function formatDiagnosis(d) {
  return [
    `Diagnosis: ${d.status} - primary bottleneck = ${d.primary_bottleneck}`,
    `Top fix: ${d.prescription.title} (effort ${d.prescription.estimated_effort}, impact ${d.prescription.expected_impact})`,
    `Next: ${d.second_best_prescription.title} (effort ${d.second_best_prescription.estimated_effort}, impact ${d.second_best_prescription.expected_impact})`
  ];
}
function evidenceExamples(rows, max = 3) {
  const out = [];
  for (const r of rows) {
    if (out.length >= max) break;
    if (r.trial !== 0 || !r.eligible || !r.gold_present || r.value_ok) continue;
    out.push({
      query_id: r.id,
      step_index: r.q_index,
      why_type: r.selected_op === "NOTE" ? "authority" : r.selected_uid && r.selected_uid !== r.gold_uid ? "selection" : "answer",
      committed: r.pred_value,
      expected: r.gold_value,
      selected_uid: r.selected_uid,
      gold_uid: r.gold_uid
    });
  }
  return out;
}

export {
  DEFAULT_THRESHOLDS,
  BOTTLENECKS,
  loadThresholds,
  extractMetrics,
  classifyBottleneck,
  buildDiagnosis,
  formatDiagnosis,
  evidenceExamples
};
