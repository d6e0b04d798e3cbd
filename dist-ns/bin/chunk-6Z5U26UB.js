import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  countRows,
  decompositionLine,
  modelRowStat,
  rates,
  rowStatProblem,
  withReferenceDiag
} from "./chunk-7TOWR5KS.js";
import {
  MODEL_RUN_SCHEMA
} from "./chunk-AQ3C7YHI.js";
import {
  Grader,
  forEachDataRow,
  readPredictions
} from "./chunk-FEZSZ4TE.js";
import {
  forEachLine
} from "./chunk-Z5G6XQ3A.js";
import {
  readJsonFileSync
} from "./chunk-QYZGEUIB.js";

// src/geb/summary/runs.ts
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { InputError } from "../core/errors.js";
var isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
function runFiles(path) {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) throw new InputError("no such file or directory", { file: path });
  if (st.isFile()) return [path];
  for (const name of ["combined.json", "results.json"]) {
    const f = join(path, name);
    if (existsSync(f)) return [f];
  }
  const cells = readdirSync(path).sort().map((n) => join(path, n, "results.json")).filter((f) => existsSync(f));
  if (cells.length === 0)
    throw new InputError("holds no combined.json, results.json or cell results (not a run)", { file: path });
  return cells;
}
function sweepCellDataFile(p, file, field) {
  const data = p.data;
  if (!isObj(data) || typeof data.path !== "string")
    throw new InputError("missing data.path", { file, field: `${field}.data.path` });
  const given = data.path;
  const base = dirname(file);
  const candidates = [
    isAbsolute(given) ? given : resolve(given),
    join(base, given),
    join(dirname(base), given),
    join(base, basename(dirname(given)), basename(given)),
    join(base, basename(given))
  ];
  const hit = candidates.find((c) => existsSync(c));
  if (!hit)
    throw new InputError(`data file ${given} not found (looked beside ${base} too)`, {
      file,
      field: `${field}.data.path`
    });
  return hit;
}
var num = (v, d) => typeof v === "number" && Number.isFinite(v) ? v : d;
function supportIds(p) {
  if (!p) return [];
  const ids = idList(p.support_ids);
  return ids.length > 0 ? ids : idList(p.support_id);
}
function idList(v) {
  const out = [];
  if (v === null || v === void 0) return out;
  const items = Array.isArray(v) ? v : [v];
  for (const x of items) {
    const s = (typeof x === "string" ? x : typeof x === "number" ? String(x) : "").trim();
    if (s !== "") out.push(s);
  }
  return out;
}
var ROW_STATS_FILE = "row_stats.jsonl";
var isOurRowStats = (v) => Array.isArray(v) && v.length > 0 && isObj(v[0]) && "stage" in v[0] && "gold_present" in v[0];
var WHOLE_READ_MAX = 64 << 20;
function readRowStats(file) {
  const rows = [];
  if (statSync(file).size <= WHOLE_READ_MAX) {
    let text = readFileSync(file, "utf8");
    if (text.charCodeAt(0) === 65279) text = text.slice(1);
    for (const line of text.split("\n")) {
      if (/^[ \t\r]*$/.test(line)) continue;
      try {
        const r = JSON.parse(line);
        if (rowStatProblem(r)) return null;
        rows.push(r);
      } catch {
        return null;
      }
    }
    return rows;
  }
  let ok = true;
  forEachLine(file, (bytes) => {
    if (!ok) return;
    try {
      const r = JSON.parse(bytes.toString("utf8"));
      if (rowStatProblem(r)) ok = false;
      else rows.push(r);
    } catch {
      ok = false;
    }
  });
  return ok ? rows : null;
}
function payloadRows(p, file, field, known) {
  const dataFile = sweepCellDataFile(p, file, field);
  if (isOurRowStats(p.retrieval_stats)) {
    checkRowStats(p.retrieval_stats, file, `${field}.retrieval_stats`);
    return { rows: p.retrieval_stats, dataFile, regraded: null };
  }
  if (known && isObj(p.data) && known.length === p.data.n) return { rows: known, dataFile, regraded: null };
  const sidecar = join(dirname(dataFile), ROW_STATS_FILE);
  if (existsSync(sidecar)) {
    const rows2 = readRowStats(sidecar);
    const ok = rows2 !== null;
    const n = isObj(p.data) ? p.data.n : void 0;
    if (ok && rows2.length === n) return { rows: rows2, dataFile, regraded: null };
  }
  const predsFile = join(dirname(dataFile), "preds.jsonl");
  if (!existsSync(predsFile))
    throw new InputError(`no preds.jsonl beside ${dataFile} (needed for per-row statistics)`, {
      file,
      field: `${field}.data.path`
    });
  const cfg = isObj(p.config) ? p.config : {};
  const dialect = cfg.metrics === "1.0" ? "1.0" : "reference-0.1";
  const grader = new Grader({
    citations: cfg.require_citations === false ? "off" : "auto",
    supportMetric: cfg.support_metric === "exact" ? "exact" : "f1",
    maxSupportK: num(cfg.max_support_k, 3),
    entailmentCheck: cfg.entailment_check !== false,
    metrics: dialect
  });
  const preds = readPredictions(predsFile, false);
  const refStats = /* @__PURE__ */ new Map();
  if (Array.isArray(p.retrieval_stats)) {
    for (const s of p.retrieval_stats) if (isObj(s) && typeof s.id === "string") refStats.set(s.id, s);
  }
  const rows = [];
  forEachDataRow(dataFile, (row) => {
    const pred = preds.get(row.id);
    let stat = baselineRowStat(row, grader.add(row, pred), pred);
    const ref = refStats.get(row.id);
    if (ref)
      stat = withReferenceDiag({
        ...stat,
        stage: "pipeline",
        gold_present: stat.eligible && ref.correct_included === true,
        dropped_correct: ref.dropped_correct === true,
        gold_rank: typeof ref.correct_rank === "number" ? ref.correct_rank : null,
        selected_uid: typeof ref.selected_uid === "string" ? ref.selected_uid : stat.selected_uid,
        pipeline_abstained: ref.abstained === true
      });
    rows.push(stat);
  });
  return { rows, dataFile, regraded: grader.result() };
}
function baselineRowStat(row, g, pred) {
  const ans = pred ? { value: null, support_ids: supportIds(pred) } : void 0;
  return modelRowStat(row, 0, g, ans);
}
function fromReferencePayload(p, file, field = "[0]", knownRows) {
  if (!isObj(p.metrics)) throw new InputError("missing metrics", { file, field: `${field}.metrics` });
  const cfg = isObj(p.config) ? p.config : {};
  const { rows, dataFile, regraded } = payloadRows(p, file, field, knownRows);
  const metrics = { ...regraded ?? { n: rows.length }, ...p.metrics };
  const counts = countRows(rows);
  const r = rates(counts);
  const model = typeof p.baseline === "string" ? p.baseline : typeof p.adapter === "string" ? p.adapter : "unknown";
  const labels = {};
  if (typeof p.seed === "number") labels.seed = p.seed;
  if (typeof p.steps === "number") labels.steps = p.steps;
  return {
    adapter_schema_version: "1.0",
    schema: MODEL_RUN_SCHEMA,
    model,
    adapter: "reference",
    protocol: "closed_book",
    data: { path: dataFile, n: rows.length },
    state_mode: typeof p.state_mode === "string" ? p.state_mode : null,
    distractor_profile: typeof p.distractor_profile === "string" ? p.distractor_profile : null,
    labels,
    config: cfg,
    env: isObj(p.env) ? p.env : {},
    metrics,
    // The reference writes both; a reference run folder without them has unprocessed metrics.
    metrics_raw: isObj(p.metrics_raw) ? p.metrics_raw : { ...metrics },
    artifact_stats: Array.isArray(p.artifact_stats) ? p.artifact_stats : [],
    efficiency: isObj(p.efficiency) ? p.efficiency : {},
    decomposition: counts.total > 0 ? { ...r, decomposition_line: decompositionLine(r, metrics.value_acc) } : null,
    errors: 0,
    retrieval_stats: rows
  };
}
function checkRowStats(rows, file, field) {
  rows.forEach((r, i) => {
    const bad = rowStatProblem(r);
    if (bad)
      throw new InputError(`must be ${bad.expected}`, {
        file,
        field: `${field}[${i}]${bad.field ? `.${bad.field}` : ""}`
      });
  });
}
function checkModelPayload(o, file, field) {
  if (!Array.isArray(o.retrieval_stats))
    throw new InputError("missing per-row statistics", { file, field: `${field}.retrieval_stats` });
  checkRowStats(o.retrieval_stats, file, `${field}.retrieval_stats`);
  if (!isObj(o.metrics)) throw new InputError("missing metrics", { file, field: `${field}.metrics` });
  return o;
}
function readRunFile(file) {
  const value = readJsonFileSync(file);
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0) throw new InputError("holds no runs (an empty list)", { file });
  return list.map((p, i) => {
    const field = `[${i}]`;
    if (!isObj(p)) throw new InputError("a run must be a JSON object", { file, field });
    if (p.schema === MODEL_RUN_SCHEMA) return { payload: checkModelPayload(p, file, field), file };
    if (typeof p.schema === "string")
      throw new InputError(`unknown run schema "${p.schema}" (expected ${MODEL_RUN_SCHEMA})`, {
        file,
        field: `${field}.schema`
      });
    if (isObj(p.metrics) && isObj(p.data)) return { payload: fromReferencePayload(p, file, field), file };
    throw new InputError(
      "not a run payload (neither a geb model run nor a reference/sweep result with metrics and data)",
      { file, field }
    );
  });
}
function loadRuns(paths) {
  if (paths.length === 0) throw new InputError("no runs given", { field: "--in" });
  return paths.flatMap((p) => runFiles(p).flatMap(readRunFile));
}

export {
  runFiles,
  ROW_STATS_FILE,
  baselineRowStat,
  fromReferencePayload,
  readRunFile,
  loadRuns
};
