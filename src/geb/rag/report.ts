/**
 * report.md of a RAG benchmark summary: the reference's layout (render_rag_benchmark_report),
 * plus one section of ours at the end: the no-model baselines beside the model's means.
 */
import { roundHalfEven } from "../../core/numeric.js";
import { pyFloatRepr, pyStr } from "../../core/pyjson.js";
import { RAG_ANSWER_METRICS } from "./summary.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Python `f"{x:.{d}f}"`. */
export function pyFixedDigits(x: number, d: number): string {
  const s = roundHalfEven(x, d).toFixed(d);
  return (x < 0 || Object.is(x, -0)) && !s.startsWith("-") ? `-${s}` : s;
}
const rate = (v: unknown) => (typeof v === "number" ? pyFixedDigits(v, 4) : "n/a");
/** str() of a value the reference holds as a Python float (means, runtime, thresholds). */
const pyFloatStr = (v: unknown) => (typeof v === "number" ? pyFloatRepr(v) : pyStr(v ?? null));
/** Python `d.get(k, 'n/a')` formatted with str(). */
const get = (o: Obj, k: string) => (k in o ? pyFloatStr(o[k]) : "n/a");

const MEAN_LINES: readonly string[] = [
  ...RAG_ANSWER_METRICS,
  "cite_value_gap",
  "retrieval_hit_rate",
  "instruction_acc",
  "state_integrity_rate",
];

export function renderRagReport(summary: Obj): string {
  const L: string[] = ["# RAG Benchmark Report", ""];
  L.push(`Runs dir: ${pyStr(summary.runs_dir ?? null)}`);
  L.push(`Config: ${pyStr(summary.config_path ?? null)}`);
  L.push(`Generated: ${pyStr(summary.generated_at ?? null)}`);
  if (summary.status) L.push(`Status: ${pyStr(summary.status)}`);
  L.push("");
  const t = summary.thresholds;
  if (isObj(t) && Object.keys(t).length) {
    L.push("## Thresholds");
    for (const [k, v] of Object.entries(t)) L.push(`- ${k}: ${pyFloatStr(v)}`);
    L.push("", "## Contract");
    const bits: string[] = [];
    for (const k of ["value_acc", "exact_acc", "entailment", "answer_correct_given_selected", "cite_f1"])
      if (t[k] != null) bits.push(`${k} >= ${pyFloatStr(t[k])}`);
    if (bits.length) L.push(`PASS if all datasets meet: ${bits.join(", ")}.`, "FAIL otherwise.");
    L.push("");
  }
  const runtime = isObj(summary.runtime) ? summary.runtime : {};
  L.push("## Runtime");
  for (const k of ["wall_s_total", "wall_s_per_q", "tokens_per_q"]) L.push(`- ${k}: ${get(runtime, k)}`);
  L.push("", "## Means");
  const means = isObj(summary.means) ? summary.means : {};
  for (const k of MEAN_LINES) L.push(`- ${k}: ${get(means, k)}`);
  L.push("", "## Datasets");
  L.push(
    "| ID | Label | Failure mode | value_acc | exact_acc | entailment | answer_correct | cite_f1 | retrieval_hit | wall_s_per_q | tokens_per_q | Status |",
  );
  L.push("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  const results = Array.isArray(summary.results) ? summary.results.filter(isObj) : [];
  for (const e of results) {
    const cells = [
      pyStr(e.id ?? ""),
      pyStr(e.label ?? ""),
      pyStr(e.failure_mode ?? ""),
      ...[
        "value_acc",
        "exact_acc",
        "entailment",
        "answer_correct_given_selected",
        "cite_f1",
        "retrieval_hit_rate",
        "wall_s_per_q",
        "tokens_per_q",
      ].map((k) => rate(e[k])),
      pyStr(e.status ?? ""),
    ];
    L.push(`| ${cells.join(" | ")} |`);
  }
  L.push("");
  const warnings = results.flatMap((e) => {
    if (typeof e.cite_f1 !== "number" || typeof e.value_acc !== "number") return [];
    const gap = e.cite_f1 - e.value_acc;
    return e.cite_f1 >= 0.6 && gap >= 0.3 ? [{ id: e.id, cite: e.cite_f1, value: e.value_acc, gap }] : [];
  });
  if (warnings.length) {
    L.push("## Citation gap warnings", "Flagged when cite_f1 - value_acc >= 0.3 with cite_f1 >= 0.6.");
    for (const w of warnings)
      L.push(
        `- ${pyStr(w.id ?? "")}: cite_f1=${pyFixedDigits(w.cite, 3)}, value_acc=${pyFixedDigits(w.value, 3)}, gap=${pyFixedDigits(w.gap, 3)}`,
      );
    L.push("");
  }
  const missing = Array.isArray(summary.missing) ? summary.missing : [];
  if (missing.length) {
    L.push("## Missing results");
    for (const id of missing) L.push(`- ${pyStr(id)}`);
    L.push("");
  }
  const failures = Array.isArray(summary.failures) ? summary.failures.filter(isObj) : [];
  if (failures.length) {
    const top = Array.isArray(summary.top_failures) ? summary.top_failures.filter(isObj) : [];
    if (top.length) {
      L.push("## Top failing datasets");
      for (const e of top) L.push(`- ${pyStr(e.id ?? "")}: ${pyStr(e.count ?? 0)} failures`);
      L.push("");
    }
    L.push("## Threshold failures");
    for (const e of failures) L.push(`- ${pyStr(e.id ?? "")}: ${pyStr(e.reason ?? "")}`);
    L.push("");
  }
  // Ours: the no-model programs on the same rows (a model should clear them), every mean with
  // its 95 % interval (summary.intervals; every dataset weighs the same).
  const bm = summary.baseline_means;
  if (isObj(bm) && Object.keys(bm).length) {
    const ivs = isObj(summary.intervals) && isObj(summary.intervals.metrics) ? summary.intervals.metrics : {};
    const withIv = (v: unknown, path: string) => {
      const iv = ivs[path];
      return isObj(iv) && typeof iv.ci_low === "number" && typeof iv.ci_high === "number"
        ? `${rate(v)} [${rate(iv.ci_low)}, ${rate(iv.ci_high)}]`
        : rate(v);
    };
    const cols = ["value_acc", "exact_acc", "cite_f1", "entailment"];
    L.push("## No-model baselines (means over datasets, 95 % intervals)");
    L.push("| program | value_acc | exact_acc | cite_f1 | entailment |", "| --- | --- | --- | --- | --- |");
    L.push(`| model | ${cols.map((k) => withIv(means[k], `means.${k}`)).join(" | ")} |`);
    for (const [name, m] of Object.entries(bm))
      if (isObj(m))
        L.push(`| ${name} | ${cols.map((k) => withIv(m[k], `baseline_means.${name}.${k}`)).join(" | ")} |`);
    const rest = MEAN_LINES.filter((k) => !cols.includes(k) && typeof means[k] === "number");
    if (rest.length)
      L.push(
        "",
        `Other means of the model: ${rest.map((k) => `${k} ${withIv(means[k], `means.${k}`)}`).join(", ")}.`,
      );
    L.push("");
  }
  return L.join("\n");
}
