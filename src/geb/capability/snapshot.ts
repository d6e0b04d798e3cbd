/**
 * Capability snapshot (the reference's build_capability_snapshot.py): collects the statuses of
 * seven artifacts under a runs root into one flat `metrics` map plus per-source records.
 * oraclebench produces none of these artifacts (utility eval, UI notepad gate, codex next-step
 * report, RPA control, case pack, trust demo, drift holdout compare): each one absent is
 * recorded `present: false`, status `MISSING`, with the reference's failure or warning reason,
 * so a snapshot over our runs is FAIL (utility and notepad gate are failures), never PASS.
 * Present files (made by the reference) are read exactly as it reads them.
 */
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const scalar = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);

export interface CapabilitySnapshot {
  benchmark: "capability_snapshot";
  generated_at_utc: string | null;
  status: "PASS" | "WARN" | "FAIL";
  runs_root: string;
  failure_reasons: string[];
  warning_reasons: string[];
  metrics: Obj;
  sources: Obj;
}

/** Python float() of a JSON value (bool → 1/0, numeric strings); null when not a number. */
function asFloat(v: unknown): number | null {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number") return v;
  if (typeof v === "string" && /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(v)) return Number(v);
  return null;
}
function asBool(v: unknown): boolean | null {
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "string") {
    const s = v.trim().toLowerCase();
    if (["1", "true", "yes", "y"].includes(s)) return true;
    if (["0", "false", "no", "n"].includes(s)) return false;
  }
  return null;
}
/** Python `str(x or "UNKNOWN")` of a status field. */
const statusOf = (v: unknown, dflt = "UNKNOWN") =>
  v === null || v === undefined || v === "" || v === false || v === 0 ? dflt : String(v);
function flatten(prefix: string, o: Obj, out: Obj): void {
  for (const [k, v] of Object.entries(o)) if (scalar(v)) out[`${prefix}${k}`] = v;
}

function readJsonIfExists(path: string): [Obj | null, string | null] {
  if (!existsSync(path)) return [null, `missing: ${path}`];
  try {
    const v = JSON.parse(readFileSync(path, "utf8").replace(/^\uFEFF/, ""));
    if (!isObj(v)) return [null, `Expected JSON object at ${path}`];
    return [v, null];
  } catch (e) {
    return [null, (e as Error).message];
  }
}

function resolveRunPath(raw: string, runsRoot: string): string {
  const n = raw
    .trim()
    .replace(/^["']+|["']+$/g, "")
    .replaceAll("\\\\", "\\");
  if (isAbsolute(n)) return n;
  const cands = [resolve(n), join(resolve(runsRoot), "..", n), join(runsRoot, n)];
  if (/^runs[\\/]/i.test(n)) cands.push(join(runsRoot, n.slice(5)));
  return cands.find((p) => existsSync(p)) ?? (cands[0] as string);
}

function resolvePointer(pointer: string, runsRoot: string): [string | null, string | null] {
  if (!existsSync(pointer)) return [null, `missing_pointer:${pointer}`];
  const text = readFileSync(pointer, "utf8")
    .replace(/^\uFEFF/, "")
    .trim();
  if (!text) return [null, "empty_pointer"];
  const p = resolveRunPath(text, runsRoot);
  return existsSync(p) ? [p, null] : [p, `target_missing:${p}`];
}

interface Acc {
  root: string;
  metrics: Obj;
  sources: Obj;
  failures: string[];
  warnings: string[];
}

/** A file source: record presence; `extract` fills metrics and returns the status. */
function fileSource(
  a: Acc,
  name: string,
  file: string,
  missingReason: string,
  severity: "failure" | "warning",
  extract: (p: Obj, m: Obj) => string,
): void {
  const path = join(a.root, file);
  const [payload, err] = readJsonIfExists(path);
  const source: Obj = { path, present: payload !== null, read_error: err, status: "MISSING" };
  a.metrics[`source.${name}.present`] = payload !== null;
  if (!payload) (severity === "failure" ? a.failures : a.warnings).push(missingReason);
  else source.status = extract(payload, a.metrics);
  a.sources[name] = source;
}

/** A pointer source (a .txt naming a run dir holding a summary JSON). */
function pointerSource(
  a: Acc,
  name: string,
  pointerFile: string,
  summaryFiles: string[],
  extract: (s: Obj, m: Obj) => string,
): void {
  const pointer = join(a.root, pointerFile);
  const [dir, err] = resolvePointer(pointer, a.root);
  const present = dir !== null && existsSync(dir);
  const source: Obj = { pointer_path: pointer, present, read_error: err, run_dir: dir, status: "MISSING" };
  a.metrics[`source.${name}.present`] = present;
  if (!present || !dir) {
    a.warnings.push(`missing_${name}_latest`);
    a.sources[name] = source;
    return;
  }
  let summary: Obj | null = null;
  for (const f of summaryFiles) {
    const p = join(dir, f);
    const [s, e] = readJsonIfExists(p);
    source.summary_path = p;
    source.read_error = e;
    summary = s;
    if (s) break;
  }
  if (!summary) a.warnings.push(`missing_${name}_summary`);
  else source.status = extract(summary, a.metrics);
  a.sources[name] = source;
}

function stepsRate(steps: unknown[], m: Obj, prefix: string): void {
  m[`${prefix}.step_count`] = steps.length;
}

/** Collect the snapshot of `runsRoot` (files only; nothing is run). */
export function buildCapabilitySnapshot(runsRoot: string, generatedAt: string | null): CapabilitySnapshot {
  const a: Acc = { root: runsRoot, metrics: {}, sources: {}, failures: [], warnings: [] };
  fileSource(
    a,
    "utility",
    "real_world_utility_eval_latest.json",
    "missing_real_world_utility_eval",
    "failure",
    (p, m) => {
      const status = statusOf(p.status);
      m["utility.status"] = status;
      m["utility.status_is_pass"] = status === "PASS";
      const tc = asFloat(p.task_count);
      if (tc !== null) m["utility.task_count"] = tc;
      for (const [k, pre] of [
        ["baseline", "baseline"],
        ["controlled", "controlled"],
        ["comparison", "comparison"],
        ["pass_inputs", "pass_inputs"],
        ["pass_checks", "checks"],
      ] as const) {
        const v = p[k];
        if (isObj(v)) flatten(`utility.${pre}.`, v, m);
      }
      if (status !== "PASS") a.failures.push(`real_world_utility_eval_status_${status}`);
      return status;
    },
  );
  fileSource(
    a,
    "ui_notepad",
    "ui_minipilot_notepad_gate.json",
    "missing_ui_minipilot_notepad_gate",
    "failure",
    (p, m) => {
      const rows = asFloat(p.rows);
      if (rows !== null) m["ui_notepad.rows"] = rows;
      if (isObj(p.metrics)) flatten("ui_notepad.metrics.", p.metrics, m);
      if (isObj(p.sequence_metrics)) flatten("ui_notepad.sequence.", p.sequence_metrics, m);
      return "OK";
    },
  );
  fileSource(
    a,
    "codex_next_step",
    "codex_next_step_report.json",
    "missing_codex_next_step_report",
    "warning",
    (p, m) => {
      const status = statusOf(p.status);
      m["codex_next_step.status"] = status;
      m["codex_next_step.status_is_pass"] = status === "PASS";
      if (Array.isArray(p.blockers)) m["codex_next_step.blocker_count"] = p.blockers.length;
      if (Array.isArray(p.next_actions)) m["codex_next_step.next_action_count"] = p.next_actions.length;
      if (isObj(p.foundation_statuses)) {
        let total = 0;
        let passed = 0;
        for (const info of Object.values(p.foundation_statuses)) {
          if (!isObj(info)) continue;
          total++;
          if (statusOf(info.status, "") === "PASS") passed++;
        }
        if (total > 0) m["codex_next_step.foundation_pass_rate"] = passed / total;
      }
      return status;
    },
  );
  fileSource(a, "rpa_control", "rpa_control_latest.json", "missing_rpa_control_latest", "warning", (p, m) => {
    const mode = statusOf(p.mode, "");
    const decision = statusOf(p.decision, "");
    m["rpa_control.mode"] = mode;
    m["rpa_control.mode_valid"] = ["reason", "plan", "act"].includes(mode);
    m["rpa_control.decision"] = decision;
    m["rpa_control.decision_not_defer"] = decision !== "defer";
    const conf = asFloat(p.confidence);
    const risk = asFloat(p.risk);
    if (conf !== null) m["rpa_control.confidence"] = conf;
    if (risk !== null) m["rpa_control.risk"] = risk;
    if (isObj(p.signals) && typeof p.signals.reliability_signal_status === "string")
      m["rpa_control.reliability_signal_status"] = p.signals.reliability_signal_status;
    return "OK";
  });
  pointerSource(a, "case_pack", "case_pack_latest.txt", ["case_pack_summary.json"], (s, m) => {
    const status = statusOf(s.status);
    m["case_pack.status"] = status;
    m["case_pack.status_is_pass"] = status === "PASS";
    if (Array.isArray(s.steps)) {
      stepsRate(s.steps, m, "case_pack");
      const req = s.steps.filter((x): x is Obj => isObj(x) && asBool(x.required) === true);
      if (req.length)
        m["case_pack.required_step_pass_rate"] =
          req.filter((x) => statusOf(x.status, "") === "PASS").length / req.length;
    }
    return status;
  });
  pointerSource(
    a,
    "trust_demo",
    "trust_demo_latest.txt",
    ["trust_demo_summary.json", "summary.json"],
    (s, m) => {
      const status = statusOf(s.status);
      m["trust_demo.status"] = status;
      m["trust_demo.status_is_pass"] = status === "PASS";
      if (Array.isArray(s.steps)) {
        stepsRate(s.steps, m, "trust_demo");
        m["trust_demo.steps_failed"] = s.steps.filter(
          (x) => isObj(x) && statusOf(x.status, "") !== "PASS",
        ).length;
      } else {
        const failed = asFloat(s.steps_failed);
        const total = asFloat(s.steps_total);
        if (total !== null) m["trust_demo.step_count"] = total;
        if (failed !== null) m["trust_demo.steps_failed"] = failed;
      }
      return status;
    },
  );
  drift(a);
  const status = a.failures.length ? "FAIL" : a.warnings.length ? "WARN" : "PASS";
  return {
    benchmark: "capability_snapshot",
    generated_at_utc: generatedAt,
    status,
    runs_root: runsRoot,
    failure_reasons: a.failures,
    warning_reasons: a.warnings,
    metrics: a.metrics,
    sources: a.sources,
  };
}

function drift(a: Acc): void {
  const direct = join(a.root, "drift_holdout_compare_latest.json");
  let payload: Obj | null = null;
  let resolved: string | null = null;
  let err: string | null = null;
  if (existsSync(direct)) {
    [payload, err] = readJsonIfExists(direct);
    resolved = direct;
  } else {
    const [target, perr] = resolvePointer(join(a.root, "latest_drift_holdout_compare"), a.root);
    if (target && existsSync(target)) {
      [payload, err] = readJsonIfExists(target);
      resolved = target;
    } else err = perr;
  }
  const source: Obj = {
    path: direct,
    present: payload !== null,
    read_error: err,
    resolved_path: resolved,
    status: "MISSING",
  };
  a.metrics["source.drift_baseline.present"] = payload !== null;
  if (!payload) {
    a.warnings.push("missing_drift_holdout_compare");
    a.sources.drift_baseline = source;
    return;
  }
  const m = a.metrics;
  const status = statusOf(payload.status);
  source.status = status;
  m["drift_baseline.status"] = status;
  m["drift_baseline.status_is_pass"] = status === "PASS";
  const improved = asBool(payload.improved);
  if (improved !== null) m["drift_baseline.improved"] = improved;
  const delta = asFloat(payload.delta);
  if (delta !== null) m["drift_baseline.delta"] = delta;
  if (typeof payload.holdout === "string") m["drift_baseline.holdout"] = payload.holdout;
  if (isObj(payload.baseline)) {
    const r = asFloat(payload.baseline.drift_step_rate);
    if (r !== null) m["drift_baseline.baseline_step_rate"] = r;
  }
  if (isObj(payload.fix)) {
    const r = asFloat(payload.fix.drift_step_rate);
    if (r !== null) m["drift_baseline.fix_step_rate"] = r;
  }
  a.sources.drift_baseline = source;
}
