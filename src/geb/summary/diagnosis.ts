/**
 * Diagnosis: name the primary bottleneck of a run from its summary, with the reference's
 * threshold file format (`configs/diagnosis_thresholds.json`; missing keys defaulted, unknown
 * ones an error: the reference ignores them). Checked in pipeline order, so the first failing
 * stage is the one to fix: instability → retrieval → abstain → authority → selection →
 * instruction → answering.
 *
 * Fixed relative to the reference: it flags "instability" when `twin_flip_rate` is *high*,
 * but a high flip rate means answers follow the counterfactual change (good); here the
 * failure is the share of twin pairs that did *not* flip when gold did (1 − flip rate) or
 * that are inconsistent. Authority is checked before selection, because NOTE picks are
 * selection misses whose cause is authority.
 */
import { readFileSync } from "node:fs";
import { InputError } from "../../core/errors.js";
import { sha256Hex } from "../../core/hash.js";
import { suggestKey } from "../../core/suggest.js";
import type { Interval, IntervalsBlock } from "../../core/stats/schema.js";
import type { Summary } from "./summarize.js";

// Read off the rows by the run digest too (./digest.ts, below this module): it lives with the row metrics.
export { evidenceExamples } from "./row-metrics.js";

export const DEFAULT_THRESHOLDS: Readonly<Record<string, number>> = Object.freeze({
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
  instr_override_rate_max: 0.1,
});

export const BOTTLENECKS = [
  "instability",
  "retrieval",
  "abstain",
  "authority",
  "selection",
  "instruction",
  "answering",
  "pass",
] as const;
export type Bottleneck = (typeof BOTTLENECKS)[number];

export function loadThresholds(file?: string | null): {
  thresholds: Record<string, number>;
  version: string | null;
} {
  const thresholds: Record<string, number> = { ...DEFAULT_THRESHOLDS };
  if (!file) return { thresholds, version: null };
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new InputError(
      `cannot read thresholds: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      { file },
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new InputError(`invalid JSON: ${(e as Error).message}`, { file });
  }
  if (!data || typeof data !== "object" || Array.isArray(data))
    throw new InputError("thresholds must be a JSON object", { file });
  // Unknown keys are an error (the reference ignores them): a misspelt threshold would
  // otherwise leave its default in force while the user believes it changed.
  const known = Object.keys(DEFAULT_THRESHOLDS);
  for (const [k, v] of Object.entries(data)) {
    if (!known.includes(k)) {
      const hint = suggestKey(k, known);
      throw new InputError(
        `unknown threshold${hint ? ` (did you mean ${JSON.stringify(hint)}?)` : `; known: ${known.join(", ")}`}`,
        { file, field: k },
      );
    }
    if (typeof v !== "number" || !Number.isFinite(v))
      throw new InputError(`threshold must be a finite number, got ${JSON.stringify(v) ?? String(v)}`, {
        file,
        field: k,
      });
    thresholds[k] = v;
  }
  return { thresholds, version: sha256Hex(text) };
}

export type SupportingMetrics = Record<string, number | null>;

export function extractMetrics(s: Summary): SupportingMetrics {
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
    value_acc: s.pooled.value_acc,
  };
}

export function classifyBottleneck(m: SupportingMetrics, t: Record<string, number>): Bottleneck {
  const gt = (x: number | null, thr: number) => x !== null && x > thr;
  const lt = (x: number | null, thr: number) => x !== null && x < thr;
  if (gt(m.twin_flip_miss_rate, t.flip_rate) || gt(m.twin_inconsistency_rate, t.flip_rate))
    return "instability";
  if (lt(m.gold_present_rate, t.gold_present_rate)) return "retrieval";
  if (
    m.abstain_rate !== null &&
    m.abstain_rate > 0 &&
    (lt(m.abstain_precision, t.abstain_precision_min) || lt(m.abstain_recall, t.abstain_recall_min))
  )
    return "abstain";
  if (gt(m.authority_violation_rate, t.authority_violation_rate)) return "authority";
  if (
    lt(m.selection_rate_given_present, t.selection_rate_given_present) ||
    gt(m.unsafe_commit_rate, t.unsafe_commit_rate)
  )
    return "selection";
  if (gt(m.instr_override_rate, t.instr_override_rate_max)) return "instruction";
  if (lt(m.answer_correct_given_selected, t.answer_correct_given_selected)) return "answering";
  return "pass";
}

interface Prescription {
  title: string;
  rationale: string;
  estimated_effort: "S" | "M" | "L";
  expected_impact: "S" | "M" | "L";
  next_steps: string[];
}
const rx = (
  title: string,
  rationale: string,
  effort: Prescription["estimated_effort"],
  impact: Prescription["expected_impact"],
  next: string[] = [],
): Prescription => ({
  title,
  rationale,
  estimated_effort: effort,
  expected_impact: impact,
  next_steps: next,
});

const LADDER: Record<Bottleneck, [Prescription, Prescription]> = {
  instability: [
    rx(
      "Make answers follow the evidence across twins",
      "Twin pairs whose gold changed kept the same answer (or equal golds got different answers).",
      "M",
      "L",
    ),
    rx(
      "Pin sampling and seeds",
      "Rule out sampling noise before changing the system (--temperature 0, --seed, --trials).",
      "S",
      "M",
    ),
  ],
  retrieval: [
    rx("Raise retrieval recall", "The gold line is missing from the candidates too often.", "M", "L", [
      "try --k 4/8",
      "try --retriever key or bm25",
    ]),
    rx(
      "Audit the misses",
      "Read rows with gold_present=false in retrieval_stats to see why the gold line ranks low.",
      "S",
      "M",
    ),
  ],
  abstain: [
    rx(
      "Calibrate abstention",
      "Abstentions do not line up with missing evidence (precision or recall below threshold).",
      "M",
      "M",
      ["compare --abstain-policy oracle and observable"],
    ),
    rx(
      "Abstain only on observable evidence gaps",
      "An abstain rule must read the candidates, not the answer key.",
      "S",
      "M",
    ),
  ],
  authority: [
    rx("Gate authority before selection", "NOTE (non-authoritative) lines are being selected.", "S", "L", [
      "--authority-filter",
      "or train the selector with authoritative labels",
    ]),
    rx(
      "Add spoofed-authority fixtures",
      "Measure spoof_accept_rate with --spoof-rate to see whether the gate holds when the op field lies.",
      "S",
      "M",
    ),
  ],
  selection: [
    rx(
      "Improve the selector",
      "The gold line is among the candidates but not the one chosen (or a stale UPDATE wins).",
      "M",
      "L",
      ["--rerank prefer_update_latest or latest_step", "retrain the linear selector"],
    ),
    rx(
      "Remove order bias",
      "Check --order gold_first/gold_last: a position-dependent selector is not reading the evidence.",
      "S",
      "M",
    ),
  ],
  instruction: [
    rx(
      "Harden against injected instructions",
      "Answers follow instruction lines that conflict with the ledger.",
      "M",
      "L",
    ),
    rx(
      "Answer from the ledger only",
      "Keep narrative and instruction lines out of the answer context.",
      "S",
      "M",
    ),
  ],
  answering: [
    rx("Fix answer extraction", "The gold line was selected but the value came back wrong.", "M", "M", [
      "--copy-clamp",
      "--deterministic-answer as an upper bound",
    ]),
    rx(
      "Check the answer format",
      "Read invalid_reason in the results file: out-of-contract outputs are graded wrong.",
      "S",
      "M",
    ),
  ],
  pass: [
    rx(
      "No bottleneck: harden the regime",
      "Every threshold passed; raise k, burst or note rates, or add spoofing to find the next wall.",
      "S",
      "M",
    ),
    rx("Rotate holdouts", "Try stale_tab_state / focus_drift profiles and counterfactual twins.", "M", "M"),
  ],
};

function requiredInputs(m: SupportingMetrics): string[] {
  const out: string[] = [];
  if (m.gold_present_rate === null)
    out.push("run the retrieval pipeline (or a direct-query dataset) to measure gold_present_rate");
  if (m.flip_rate === null) out.push("generate with twins to measure twin_flip_rate");
  if (m.authority_violation_rate === null)
    out.push("emit selections (selected_note_rate) to check authority");
  if (m.answer_correct_given_selected === null)
    out.push("emit answers with citations to measure answer_correct_given_selected");
  return out;
}

export interface Diagnosis {
  schema_version: "1";
  run_dir: string | null;
  thresholds_version: string | null;
  holdout_name: string | null;
  status: "PASS" | "FAIL" | "UNSTABLE";
  primary_bottleneck: Bottleneck | "answering";
  supporting_metrics: SupportingMetrics;
  thresholds: Record<string, number>;
  evidence_examples: Record<string, unknown>[];
  prescription: Prescription;
  second_best_prescription: Prescription;
  required_inputs_next_run: string[];
  /**
   * `supporting_metrics` with their intervals (docs/statistics.md), from the summary's own
   * `intervals` block (a `1 − x` metric takes the complement's interval, bounds swapped). A
   * metric without a reproducing interval in the summary has no entry. Not a reference key.
   */
  intervals?: IntervalsBlock;
}

/** Where each supporting metric's interval lives in the summary, and whether it is `1 − that`. */
const SUPPORTING_SOURCES: Record<string, [path: string, complement: boolean]> = {
  unsafe_commit_rate: ["retrieval.wrong_update_rate", false],
  flip_rate: ["overall.twin_flip_rate_mean", false],
  twin_flip_miss_rate: ["overall.twin_flip_rate_mean", true],
  twin_inconsistency_rate: ["overall.twin_consistency_mean", true],
  gold_present_rate: ["retrieval.gold_present_rate", false],
  selection_rate_given_present: ["retrieval.selection_rate", false],
  authority_violation_rate: ["retrieval.selected_note_rate", false],
  answer_correct_given_selected: ["retrieval.answer_acc_given_gold_selected", false],
  abstain_rate: ["retrieval.abstain_rate", false],
  abstain_precision: ["retrieval.abstain_precision", false],
  abstain_recall: ["retrieval.abstain_recall", false],
  instr_override_rate: ["overall.instr_override_rate_mean", false],
  drift_step_rate: ["drift.step_rate", false],
  value_acc: ["value_acc", false],
};

function supportingIntervals(s: Summary, m: SupportingMetrics): IntervalsBlock | undefined {
  if (!s.intervals) return undefined;
  const out: Record<string, Interval> = {};
  for (const [k, [path, complement]] of Object.entries(SUPPORTING_SOURCES)) {
    const iv = s.intervals.metrics[path];
    const v = m[k];
    if (
      !iv ||
      iv.value === null ||
      iv.ci_low === null ||
      iv.ci_high === null ||
      v === null ||
      v === undefined
    )
      continue;
    const c = complement
      ? { ...iv, value: 1 - iv.value, ci_low: 1 - iv.ci_high, ci_high: 1 - iv.ci_low }
      : iv;
    if (Math.abs((c.value as number) - v) <= 1e-9) out[k] = { ...c, value: v };
  }
  const { metrics: _m, ...meta } = s.intervals;
  return { ...meta, metrics: out };
}

const HOLDOUTS = new Set(["stale_tab_state", "focus_drift"]);

export function buildDiagnosis(
  s: Summary,
  opts: {
    thresholds?: Record<string, number>;
    thresholdsVersion?: string | null;
    runDir?: string | null;
    examples?: Record<string, unknown>[];
  } = {},
): Diagnosis {
  const t = { ...DEFAULT_THRESHOLDS, ...opts.thresholds };
  const m = extractMetrics(s);
  const iv = supportingIntervals(s, m);
  const b = classifyBottleneck(m, t);
  const holdouts = new Set(
    s.by_group.map((g) => String(g.distractor_profile)).filter((p) => HOLDOUTS.has(p)),
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
    required_inputs_next_run: requiredInputs(m),
    ...(iv ? { intervals: iv } : {}),
  };
}

export function formatDiagnosis(d: Diagnosis): string[] {
  return [
    `Diagnosis: ${d.status} - primary bottleneck = ${d.primary_bottleneck}`,
    `Top fix: ${d.prescription.title} (effort ${d.prescription.estimated_effort}, impact ${d.prescription.expected_impact})`,
    `Next: ${d.second_best_prescription.title} (effort ${d.second_best_prescription.estimated_effort}, impact ${d.second_best_prescription.expected_impact})`,
  ];
}
