/**
 * Use-case threshold gates in the reference's `configs/usecase_checks.json` format: checks
 * with a `summary_path`, a severity (error/warn), `required_summary`, and metrics with a
 * dotted `path`, `min` / `max`, `required` / `allow_missing`, `strict_optional_missing` and
 * `skip_if` (a condition, a list = all, or {all: […]} / {any: […]}); profiles `release`
 * (a missing metric fails) and `fastlocal` (missing is n/a). Semantics follow the reference
 * evaluator case for case; the evaluation itself is pure (summaries come in via a reader).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { InputError } from "../../core/errors.js";
import { parseWith } from "../../core/schema.js";
import { pyFixed } from "../api.js";

export type IssueStatus = "pass" | "fail" | "missing" | "skipped" | "not_applicable";

export interface Issue {
  check_id: string;
  metric_path: string;
  status: IssueStatus;
  message: string;
  severity: string;
  /** The value read (when there was one); not in the reference's JSON, shown in our table. */
  value?: number | null;
}

export interface ChecksConfig {
  checks: Record<string, unknown>[];
  [k: string]: unknown;
}

export type ThresholdProfile = "release" | "fastlocal";

/** Read a checks config (a UTF-8 BOM is allowed, as the reference reads `utf-8-sig`). */
export function loadChecksConfig(file: string): ChecksConfig {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new InputError(`cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, {
      file,
    });
  }
  return parseChecksConfig(text, file);
}

/** A threshold bound: a finite number (the reference raises on `float("x")`), or null for none. */
const shownValue = (v: unknown): string =>
  typeof v === "number" ? String(v) : (JSON.stringify(v) ?? String(v)).slice(0, 60);
const bound = z
  .number({ error: (iss) => `must be a finite number or null, got ${shownValue(iss.input)}` })
  .nullable()
  .optional();
const hasBound = (m: { min?: number | null; max?: number | null }) =>
  (m.min !== undefined && m.min !== null) || (m.max !== undefined && m.max !== null);

const conditionSchema = z.strictObject({
  path: z.string().min(1, "must be a non-empty dotted path"),
  equals: z.unknown().optional(),
  min: bound,
  max: bound,
});
const skipIfSchema = z.union([
  z.array(conditionSchema),
  z.strictObject({ all: z.array(conditionSchema) }),
  z.strictObject({ any: z.array(conditionSchema) }),
  conditionSchema,
]);

const metricSchema = z
  .strictObject({
    path: z.string().min(1, "must be a non-empty dotted path"),
    min: bound,
    max: bound,
    required: z.boolean().optional(),
    allow_missing: z.boolean().optional(),
    strict_optional_missing: z.boolean().optional(),
    skip_if: skipIfSchema.optional(),
  })
  .refine(hasBound, { message: "a gate needs a bound: give min and/or max (a number)" });

const checkSchema = z.strictObject({
  id: z.string().min(1),
  summary_path: z.string().min(1, "must name a summary file"),
  severity: z
    .string()
    .regex(/^(error|warn)$/i, 'must be "error" or "warn"')
    .optional(),
  required_summary: z.boolean().optional(),
  /** In the reference file (drift canary); not evaluated by the gate. */
  canary_min: bound,
  require_agent: z
    .array(z.string().min(1), { error: 'must be a non-empty list of agent kinds (e.g. ["policy", "model"])' })
    .min(1, 'must be a non-empty list of agent kinds (e.g. ["policy", "model"])')
    .optional(),
  metrics: z.array(metricSchema).optional(),
});

/**
 * The checks config schema: strict, unlike the reference (which ignores unknown keys), so a
 * misspelt `minimum` or an unreadable `"min": "x"` stops the gate (exit 2) instead of passing it.
 */
export const checksConfigSchema = z.strictObject({ checks: z.array(checkSchema) });

export function parseChecksConfig(text: string, file?: string): ChecksConfig {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new InputError(`invalid JSON: ${(e as Error).message}`, { file });
  }
  if (data === null || typeof data !== "object" || Array.isArray(data) || !("checks" in data))
    throw new InputError("config must be an object with a 'checks' list", { file });
  if (!Array.isArray((data as { checks: unknown }).checks))
    throw new InputError("'checks' must be a list", { file, field: "checks" });
  parseWith(checksConfigSchema, data, { file });
  // The checked value, not zod's output: the wall writer saves the config back key for key.
  return data as ChecksConfig;
}

/** The reference `_get_path`: dotted lookup through objects; null when any step is absent. */
export function getPath(data: unknown, path: string): unknown {
  let cur: unknown = data;
  for (const part of path.split(".")) {
    if (cur === null || typeof cur !== "object" || Array.isArray(cur)) return null;
    cur = (cur as Record<string, unknown>)[part];
    if (cur === null || cur === undefined) return null;
  }
  return cur;
}

/** Python `float(value)` as the reference's `_as_float` applies it (null when it would raise). */
export function asFloat(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number") return v;
  const s = (typeof v === "string" ? v : pyStr(v)).trim();
  const t = s.replaceAll("_", "");
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) && !/^_|_$|__/.test(s)) return Number(t);
  const lower = s.toLowerCase();
  if (/^[+-]?(inf|infinity)$/.test(lower)) return lower.startsWith("-") ? -Infinity : Infinity;
  if (/^[+-]?nan$/.test(lower)) return Number.NaN;
  return null;
}

function pyStr(v: unknown): string {
  // str() of a list/dict never parses as a float; any text that cannot parse will do.
  return JSON.stringify(v) ?? "";
}

/** Python `==` between JSON values (1 == 1.0 == True). */
function pyEquals(a: unknown, b: unknown): boolean {
  const num = (x: unknown) => (typeof x === "boolean" ? (x ? 1 : 0) : x);
  const x = num(a);
  const y = num(b);
  if (typeof x === "number" || typeof y === "number") return x === y;
  if (Array.isArray(x) && Array.isArray(y))
    return x.length === y.length && x.every((v, i) => pyEquals(v, y[i]));
  if (x && y && typeof x === "object" && typeof y === "object" && !Array.isArray(x) && !Array.isArray(y)) {
    const kx = Object.keys(x);
    const ky = Object.keys(y);
    return (
      kx.length === ky.length &&
      kx.every(
        (k) => k in y && pyEquals((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]),
      )
    );
  }
  return x === y;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

function conditionMet(summary: unknown, c: Record<string, unknown>): boolean {
  const path = c.path;
  if (typeof path !== "string" || path.trim() === "") return false;
  const raw = getPath(summary, path);
  if (raw === null) return false;
  if ("equals" in c) return pyEquals(raw, c.equals);
  const value = asFloat(raw);
  if (value === null) return false;
  const min = c.min;
  const max = c.max;
  if (min !== null && min !== undefined && value < (asFloat(min) ?? Number.NaN)) return false;
  if (max !== null && max !== undefined && value > (asFloat(max) ?? Number.NaN)) return false;
  return true;
}

function skipMetric(summary: unknown, metric: Record<string, unknown>): boolean {
  const s = metric.skip_if;
  if (Array.isArray(s)) return s.length > 0 && s.every((c) => isObj(c) && conditionMet(summary, c));
  if (isObj(s)) {
    if (Array.isArray(s.all)) return s.all.every((c) => isObj(c) && conditionMet(summary, c));
    if (Array.isArray(s.any)) return s.any.some((c) => isObj(c) && conditionMet(summary, c));
    return conditionMet(summary, s);
  }
  return false;
}

/** Python `bool(x)` of a JSON value. */
function pyBool(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === 0 || v === "") return false;
  if (Array.isArray(v)) return v.length > 0;
  if (isObj(v)) return Object.keys(v).length > 0;
  return true;
}

const MISSING_ALLOWED = "missing metric (allowed)";

/** `check metric` of every optional gate whose metric was absent (reported, never silent). */
export function optionalAbsent(issues: readonly Issue[]): string[] {
  return issues
    .filter((i) => i.status === "skipped" && i.message === MISSING_ALLOWED)
    .map((i) => `${i.check_id} ${i.metric_path}`);
}

/**
 * Ours, not the reference's: a check with `require_agent: [kinds]` is passed only by an
 * artifact whose `selector.kind` (geb ui score / geb ui model output) is one of them, and
 * never by one that read the answer key. A rejected artifact's metrics are not evaluated; the
 * check fails with a named reason (`answer_key_artifact`, `no_agent_provenance`,
 * `agent_not_allowed`). Without `require_agent` nothing changes.
 */
export function agentRejection(check: Record<string, unknown>, summary: unknown): string | null {
  const allowed = check.require_agent;
  if (!Array.isArray(allowed)) return null;
  const selector = isObj(summary) && isObj(summary.selector) ? summary.selector : null;
  const kind = selector?.kind;
  if (kind === "oracle")
    return `rejected: answer_key_artifact (selector.kind "oracle": the gold mode reads the answer key)`;
  if ((isObj(summary) && summary.leaky_answer_key_rules === true) || selector?.leaky === true)
    return "rejected: answer_key_artifact (a reference-0.1 policy run: its rules read the answer key)";
  if (typeof kind !== "string")
    return "rejected: no_agent_provenance (no selector.kind: not a geb ui score / geb ui model output)";
  if (!allowed.includes(kind))
    return `rejected: agent_not_allowed (selector.kind ${JSON.stringify(kind)}; allowed: ${allowed.join(", ")})`;
  return null;
}

export interface EvaluateOptions {
  root: string;
  profile?: ThresholdProfile;
  strictOptional?: boolean;
  /** Summary reader (default: JSON files under root); returns undefined when absent. */
  readSummary?: (summaryPath: string) => unknown | undefined;
}

function readSummaryFile(file: string): unknown | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8").replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new InputError(`invalid JSON: ${(e as Error).message}`, { file });
  }
}

export function evaluateChecks(
  config: ChecksConfig,
  opts: EvaluateOptions,
): { issues: Issue[]; errorCount: number } {
  const profile = opts.profile ?? "release";
  if (profile !== "release" && profile !== "fastlocal")
    throw new InputError(`unsupported threshold profile: ${profile}`, { field: "--profile" });
  const read = opts.readSummary ?? ((p: string) => readSummaryFile(join(opts.root, p)));
  const issues: Issue[] = [];
  let errorCount = 0;
  for (const check of config.checks) {
    const checkId = "id" in check ? String(check.id) : "unknown";
    const severity = String(check.severity ?? "error").toLowerCase();
    const requiredSummary = "required_summary" in check ? pyBool(check.required_summary) : true;
    const rel = String(check.summary_path ?? "");
    const where = join(opts.root, rel);
    const summary = read(rel);
    const push = (metric_path: string, status: IssueStatus, message: string, value?: number | null) =>
      issues.push({ check_id: checkId, metric_path, status, message, severity, value });
    if (summary === undefined) {
      if (!requiredSummary) {
        push("summary_path", "not_applicable", `optional summary missing at ${where}`);
        continue;
      }
      if (profile === "fastlocal" && severity !== "error") {
        push("summary_path", "not_applicable", `summary missing in fastlocal profile at ${where}`);
        continue;
      }
      push("summary_path", "missing", `missing summary.json at ${where}`);
      if (severity === "error") errorCount++;
      continue;
    }
    const rejected = agentRejection(check, summary);
    if (rejected !== null) {
      push("selector.kind", "fail", rejected);
      if (severity === "error") errorCount++;
      continue;
    }
    const metrics = Array.isArray(check.metrics) ? check.metrics : [];
    for (const metric of metrics as Record<string, unknown>[]) {
      const metricPath = String(metric.path ?? "");
      if (skipMetric(summary, metric)) {
        push(metricPath, "skipped", "skipped (condition met)");
        continue;
      }
      const allowMissing = pyBool(metric.allow_missing ?? false);
      let required = true;
      if ("required" in metric) required = pyBool(metric.required ?? true);
      else if ("allow_missing" in metric) required = !allowMissing;
      const strictOptionalMissing = pyBool(metric.strict_optional_missing ?? true);
      if (opts.strictOptional && !required && strictOptionalMissing) required = true;
      const value = metricPath ? asFloat(getPath(summary, metricPath)) : null;
      if (value === null) {
        if (!required) {
          push(metricPath, "skipped", MISSING_ALLOWED);
          continue;
        }
        if (profile === "fastlocal") {
          push(metricPath, "not_applicable", "optional metric missing (fastlocal profile)");
          continue;
        }
        push(metricPath, "missing", "missing metric");
        if (severity === "error") errorCount++;
        continue;
      }
      const min = metric.min;
      const max = metric.max;
      let failed = false;
      const fmt = (x: number) => pyFixed(x, 4);
      if (min !== null && min !== undefined) {
        const m = asFloat(min) ?? Number.NaN;
        if (value < m) {
          push(metricPath, "fail", `${fmt(value)} < min ${fmt(m)}`, value);
          failed = true;
        }
      }
      if (max !== null && max !== undefined) {
        const m = asFloat(max) ?? Number.NaN;
        if (value > m) {
          push(metricPath, "fail", `${fmt(value)} > max ${fmt(m)}`, value);
          failed = true;
        }
      }
      if (!failed) push(metricPath, "pass", fmt(value), value);
      if (failed && severity === "error") errorCount++;
    }
  }
  return { issues, errorCount };
}

const LABEL: Record<IssueStatus, string> = {
  pass: "PASS",
  fail: "FAIL",
  missing: "MISSING",
  skipped: "SKIP",
  not_applicable: "N/A",
};

/** The reference's `[PASS] id path - message` lines. */
export function formatIssuesLines(issues: readonly Issue[]): string {
  if (issues.length === 0) return "No checks configured.";
  return issues
    .map((i) => {
      const prefix =
        i.status === "fail"
          ? `FAIL(${i.severity})`
          : i.status === "missing"
            ? `MISSING(${i.severity})`
            : LABEL[i.status];
      return `[${prefix}] ${i.check_id} ${i.metric_path} - ${i.message}`;
    })
    .join("\n");
}

/** An aligned table (status, severity, check, metric, detail) and a totals line. */
export function formatIssuesTable(
  shown: readonly Issue[],
  format: "table" | "lines" = "table",
  all: readonly Issue[] = shown,
): string {
  const totals = (["pass", "fail", "missing", "skipped", "not_applicable"] as IssueStatus[])
    .map((s) => `${LABEL[s].toLowerCase()} ${all.filter((i) => i.status === s).length}`)
    .join(", ");
  const errors = all.filter(
    (i) => (i.status === "fail" || i.status === "missing") && i.severity === "error",
  ).length;
  const footer = `${all.length} results: ${totals}; ${errors} blocking (error severity) → ${errors ? "FAIL" : "PASS"}`;
  if (format === "lines") return `${formatIssuesLines(shown)}\n${footer}`;
  if (shown.length === 0) return all.length === 0 ? "No checks configured." : `All checks passed.\n${footer}`;
  const rows = [["status", "severity", "check", "metric", "detail"]];
  for (const i of shown) rows.push([LABEL[i.status], i.severity, i.check_id, i.metric_path, i.message]);
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]) =>
    r
      .map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c])))
      .join("  ")
      .trimEnd();
  return [line(rows[0]), line(widths.map((w) => "-".repeat(w))), ...rows.slice(1).map(line), footer].join(
    "\n",
  );
}
