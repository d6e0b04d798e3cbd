import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  pyFixed
} from "./chunk-FEZSZ4TE.js";

// src/geb/sweep/thresholds.ts
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../core/errors.js";
function loadChecksConfig(file) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new InputError(`cannot read: ${e.code ?? e.message}`, {
      file
    });
  }
  return parseChecksConfig(text, file);
}
function parseChecksConfig(text, file) {
  let data;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new InputError(`invalid JSON: ${e.message}`, { file });
  }
  if (data === null || typeof data !== "object" || Array.isArray(data) || !("checks" in data))
    throw new InputError("config must be an object with a 'checks' list", { file });
  const checks = data.checks;
  if (!Array.isArray(checks)) throw new InputError("'checks' must be a list", { file, field: "checks" });
  checks.forEach((c, i) => {
    if (c === null || typeof c !== "object" || Array.isArray(c))
      throw new InputError("each check must be an object", { file, field: `checks[${i}]` });
    const metrics = c.metrics;
    if (metrics !== void 0 && !Array.isArray(metrics))
      throw new InputError("must be a list", { file, field: `checks[${i}].metrics` });
  });
  return data;
}
function getPath(data, path) {
  let cur = data;
  for (const part of path.split(".")) {
    if (cur === null || typeof cur !== "object" || Array.isArray(cur)) return null;
    cur = cur[part];
    if (cur === null || cur === void 0) return null;
  }
  return cur;
}
function asFloat(v) {
  if (v === null || v === void 0) return null;
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
function pyStr(v) {
  return JSON.stringify(v) ?? "";
}
function pyEquals(a, b) {
  const num = (x2) => typeof x2 === "boolean" ? x2 ? 1 : 0 : x2;
  const x = num(a);
  const y = num(b);
  if (typeof x === "number" || typeof y === "number") return x === y;
  if (Array.isArray(x) && Array.isArray(y))
    return x.length === y.length && x.every((v, i) => pyEquals(v, y[i]));
  if (x && y && typeof x === "object" && typeof y === "object" && !Array.isArray(x) && !Array.isArray(y)) {
    const kx = Object.keys(x);
    const ky = Object.keys(y);
    return kx.length === ky.length && kx.every(
      (k) => k in y && pyEquals(x[k], y[k])
    );
  }
  return x === y;
}
var isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
function conditionMet(summary, c) {
  const path = c.path;
  if (typeof path !== "string" || path.trim() === "") return false;
  const raw = getPath(summary, path);
  if (raw === null) return false;
  if ("equals" in c) return pyEquals(raw, c.equals);
  const value = asFloat(raw);
  if (value === null) return false;
  const min = c.min;
  const max = c.max;
  if (min !== null && min !== void 0 && value < (asFloat(min) ?? Number.NaN)) return false;
  if (max !== null && max !== void 0 && value > (asFloat(max) ?? Number.NaN)) return false;
  return true;
}
function skipMetric(summary, metric) {
  const s = metric.skip_if;
  if (Array.isArray(s)) return s.length > 0 && s.every((c) => isObj(c) && conditionMet(summary, c));
  if (isObj(s)) {
    if (Array.isArray(s.all)) return s.all.every((c) => isObj(c) && conditionMet(summary, c));
    if (Array.isArray(s.any)) return s.any.some((c) => isObj(c) && conditionMet(summary, c));
    return conditionMet(summary, s);
  }
  return false;
}
function pyBool(v) {
  if (v === null || v === void 0 || v === false || v === 0 || v === "") return false;
  if (Array.isArray(v)) return v.length > 0;
  if (isObj(v)) return Object.keys(v).length > 0;
  return true;
}
var MISSING_ALLOWED = "missing metric (allowed)";
function optionalAbsent(issues) {
  return issues.filter((i) => i.status === "skipped" && i.message === MISSING_ALLOWED).map((i) => `${i.check_id} ${i.metric_path}`);
}
function readSummaryFile(file) {
  if (!existsSync(file)) return void 0;
  try {
    return JSON.parse(readFileSync(file, "utf8").replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new InputError(`invalid JSON: ${e.message}`, { file });
  }
}
function evaluateChecks(config, opts) {
  const profile = opts.profile ?? "release";
  if (profile !== "release" && profile !== "fastlocal")
    throw new InputError(`unsupported threshold profile: ${profile}`, { field: "--profile" });
  const read = opts.readSummary ?? ((p) => readSummaryFile(join(opts.root, p)));
  const issues = [];
  let errorCount = 0;
  for (const check of config.checks) {
    const checkId = "id" in check ? String(check.id) : "unknown";
    const severity = String(check.severity ?? "error").toLowerCase();
    const requiredSummary = "required_summary" in check ? pyBool(check.required_summary) : true;
    const rel = String(check.summary_path ?? "");
    const where = join(opts.root, rel);
    const summary = read(rel);
    const push = (metric_path, status, message, value) => issues.push({ check_id: checkId, metric_path, status, message, severity, value });
    if (summary === void 0) {
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
    const metrics = Array.isArray(check.metrics) ? check.metrics : [];
    for (const metric of metrics) {
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
      const fmt = (x) => pyFixed(x, 4);
      if (min !== null && min !== void 0) {
        const m = asFloat(min) ?? Number.NaN;
        if (value < m) {
          push(metricPath, "fail", `${fmt(value)} < min ${fmt(m)}`, value);
          failed = true;
        }
      }
      if (max !== null && max !== void 0) {
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
var LABEL = {
  pass: "PASS",
  fail: "FAIL",
  missing: "MISSING",
  skipped: "SKIP",
  not_applicable: "N/A"
};
function formatIssuesLines(issues) {
  if (issues.length === 0) return "No checks configured.";
  return issues.map((i) => {
    const prefix = i.status === "fail" ? `FAIL(${i.severity})` : i.status === "missing" ? `MISSING(${i.severity})` : LABEL[i.status];
    return `[${prefix}] ${i.check_id} ${i.metric_path} - ${i.message}`;
  }).join("\n");
}
function formatIssuesTable(shown, format = "table", all = shown) {
  const totals = ["pass", "fail", "missing", "skipped", "not_applicable"].map((s) => `${LABEL[s].toLowerCase()} ${all.filter((i) => i.status === s).length}`).join(", ");
  const errors = all.filter(
    (i) => (i.status === "fail" || i.status === "missing") && i.severity === "error"
  ).length;
  const footer = `${all.length} results: ${totals}; ${errors} blocking (error severity) \u2192 ${errors ? "FAIL" : "PASS"}`;
  if (format === "lines") return `${formatIssuesLines(shown)}
${footer}`;
  if (shown.length === 0) return all.length === 0 ? "No checks configured." : `All checks passed.
${footer}`;
  const rows = [["status", "severity", "check", "metric", "detail"]];
  for (const i of shown) rows.push([LABEL[i.status], i.severity, i.check_id, i.metric_path, i.message]);
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r) => r.map((cell, c) => c === r.length - 1 ? cell : cell.padEnd(widths[c])).join("  ").trimEnd();
  return [line(rows[0]), line(widths.map((w) => "-".repeat(w))), ...rows.slice(1).map(line), footer].join(
    "\n"
  );
}

export {
  loadChecksConfig,
  parseChecksConfig,
  getPath,
  asFloat,
  optionalAbsent,
  evaluateChecks,
  formatIssuesLines,
  formatIssuesTable
};
