/**
 * Every run kind as run payloads with per-row statistics, so `geb summarize`, `collect`,
 * `compare`, `check-thresholds` and the report read them all the same way:
 *
 * - `geb model` / `geb pipeline grid` results (schema `oraclebench.geb.model-run/…`): as written;
 * - sweep trees (`geb sweep` or the reference's `sweep`): `combined.json`, or each cell's
 *   `results.json`;
 * - reference run folders (`results.json` / `combined.json` in the reference's payload layout).
 *
 * Reference-layout payloads carry no per-row statistics, so they are rebuilt the way the
 * reference's summary script does: the cell's `data.jsonl` and the `preds.jsonl` beside it are
 * graded again (the payload's own citation/support/k settings and metric dialect; reference
 * runs use reference-0.1). The payload's metrics stay as written; rows give recency, drift and
 * the decomposition. Where a reference payload has its own per-row retrieval stats
 * (`correct_included`, `correct_rank`, `dropped_correct`, `selected_uid`), they override ours.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { MAX_SUPPORT_K } from "../../core/cli.js";
import { InputError } from "../../core/errors.js";
import { readJsonFileSync } from "../../core/jsonl.js";
import { forEachDataRow, readPredictions } from "../api.js";
import { Grader, type MetricDialect, type Metrics, type PredFields, type RowResult } from "../grade/grade.js";
import { forEachLine } from "../io.js";
import type { GebAnswer } from "../model/run.js";
import type { ModelRunPayload } from "../pipeline/gebmodel.js";
import { MODEL_RUN_SCHEMA } from "../pipeline/run-schema.js";
import type { PipelineRow } from "../pipeline/select.js";
import type { GebRowRead } from "../dataset/schema.js";
import { countRows, decompositionLine, rates } from "./decomposition.js";
import { modelRowStat, type RowStat, rowStatProblem, withReferenceDiag } from "./rowstats.js";

export interface LoadedRun {
  payload: ModelRunPayload;
  /** The results file it came from. */
  file: string;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** The results files a path stands for (a file, a run dir, or a sweep tree). */
export function runFiles(path: string): string[] {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(path, { throwIfNoEntry: false });
  } catch (e) {
    // ELOOP, EACCES, ENOTDIR…: an input error naming the path, not an errno escaping.
    throw new InputError(`cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, {
      file: path,
    });
  }
  if (!st) throw new InputError("no such file or directory", { file: path });
  if (st.isFile()) return [path];
  for (const name of ["combined.json", "results.json"]) {
    const f = join(path, name);
    if (existsSync(f)) return [f];
  }
  // A sweep tree without combined.json yet (a shard, an interrupted run): its finished cells.
  const cells = readdirSync(path)
    .sort()
    .map((n) => join(path, n, "results.json"))
    .filter((f) => existsSync(f));
  if (cells.length === 0)
    throw new InputError("holds no combined.json, results.json or cell results (not a run)", { file: path });
  return cells;
}

/**
 * Where a results file's `data.path` is, `base` being the results file's folder: the reference
 * records the path relative to where the sweep ran, so try it as written, then beside this
 * folder and its parent, then the cell folder by name. undefined when none exists.
 */
export function locateDataFile(given: string, base: string): string | undefined {
  const candidates = [
    isAbsolute(given) ? given : resolve(given),
    join(base, given),
    join(dirname(base), given),
    join(base, basename(dirname(given)), basename(given)),
    join(base, basename(given)),
  ];
  return candidates.find((c) => existsSync(c));
}

function sweepCellDataFile(p: Record<string, unknown>, file: string, field: string): string {
  const data = p.data;
  if (!isObj(data) || typeof data.path !== "string")
    throw new InputError("missing data.path", { file, field: `${field}.data.path` });
  const given = data.path;
  const base = dirname(file);
  const hit = locateDataFile(given, base);
  if (!hit)
    throw new InputError(`data file ${given} not found (looked beside ${base} too)`, {
      file,
      field: `${field}.data.path`,
    });
  return hit;
}

const num = (v: unknown, d: number): number => (typeof v === "number" && Number.isFinite(v) ? v : d);

/** Cited ids as the grader reads them: `support_ids`, else `support_id` (trimmed, non-empty). */
function supportIds(p: { support_id?: unknown; support_ids?: unknown } | undefined): string[] {
  if (!p) return [];
  const ids = idList(p.support_ids);
  return ids.length > 0 ? ids : idList(p.support_id);
}

// One loop, no intermediate arrays: runs for every row of every sweep cell.
function idList(v: unknown): string[] {
  const out: string[] = [];
  if (v === null || v === undefined) return out;
  const items = Array.isArray(v) ? v : [v];
  for (const x of items) {
    const s = (typeof x === "string" ? x : typeof x === "number" ? String(x) : "").trim();
    if (s !== "") out.push(s);
  }
  return out;
}

/** Sidecar a sweep cell writes beside its data: its per-row statistics, one JSON per line. */
export const ROW_STATS_FILE = "row_stats.jsonl";

/** Our own per-row statistics (a pipeline cell's `retrieval_stats`), not the reference's. */
const isOurRowStats = (v: unknown): v is RowStat[] =>
  Array.isArray(v) && v.length > 0 && isObj(v[0]) && "stage" in v[0] && "gold_present" in v[0];

/** Sidecars up to this size are read whole (one read, one split); larger ones line by line. */
const WHOLE_READ_MAX = 64 << 20;

/**
 * A row-stats sidecar's rows, or null when a line does not parse. Lines as `forEachLine`
 * gives them (leading BOM dropped, blank lines skipped); small files are read in one go,
 * since the line reader's chunk buffer cost more than the parse for a cell's few rows.
 */
function readRowStats(file: string): RowStat[] | null {
  const rows: RowStat[] = [];
  if (statSync(file).size <= WHOLE_READ_MAX) {
    let text = readFileSync(file, "utf8");
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    for (const line of text.split("\n")) {
      if (/^[ \t\r]*$/.test(line)) continue;
      try {
        const r = JSON.parse(line);
        // Our own sidecar, but still a file: a row that is not a RowStat makes it unusable.
        if (rowStatProblem(r)) return null;
        rows.push(r as RowStat);
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
      else rows.push(r as RowStat);
    } catch {
      ok = false;
    }
  });
  return ok ? rows : null;
}

/** Row stats of a payload: its own, the cell's sidecar, or regraded from data + preds. */
function payloadRows(
  p: Record<string, unknown>,
  file: string,
  field: string,
  known?: RowStat[],
): { rows: RowStat[]; dataFile: string; regraded: Metrics | null } {
  const dataFile = sweepCellDataFile(p, file, field);
  if (isOurRowStats(p.retrieval_stats)) {
    checkRowStats(p.retrieval_stats, file, `${field}.retrieval_stats`);
    return { rows: p.retrieval_stats, dataFile, regraded: null };
  }
  if (known && isObj(p.data) && known.length === p.data.n) return { rows: known, dataFile, regraded: null };
  const sidecar = join(dirname(dataFile), ROW_STATS_FILE);
  if (existsSync(sidecar)) {
    // Written before results.json but not atomically with it: a sidecar that does not parse
    // or does not cover the run's rows is ignored and the rows are regraded.
    const rows = readRowStats(sidecar);
    const ok = rows !== null;
    const n = isObj(p.data) ? p.data.n : undefined;
    if (ok && rows.length === n) return { rows, dataFile, regraded: null };
  }
  const predsFile = join(dirname(dataFile), "preds.jsonl");
  if (!existsSync(predsFile))
    throw new InputError(`no preds.jsonl beside ${dataFile} (needed for per-row statistics)`, {
      file,
      field: `${field}.data.path`,
    });
  const cfg = isObj(p.config) ? p.config : {};
  const dialect: MetricDialect = cfg.metrics === "1.0" ? "1.0" : "reference-0.1";
  const grader = new Grader({
    citations: cfg.require_citations === false ? "off" : "auto",
    supportMetric: cfg.support_metric === "exact" ? "exact" : "f1",
    maxSupportK: num(cfg.max_support_k, 3),
    entailmentCheck: cfg.entailment_check !== false,
    metrics: dialect,
  });
  const preds = readPredictions(predsFile, false);
  const refStats = new Map<string, Record<string, unknown>>();
  if (Array.isArray(p.retrieval_stats))
    for (const s of p.retrieval_stats) if (isObj(s) && typeof s.id === "string") refStats.set(s.id, s);
  const rows: RowStat[] = [];
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
        pipeline_abstained: ref.abstained === true,
      });
    rows.push(stat);
  });
  return { rows, dataFile, regraded: grader.result() };
}

/** A row's statistics from its grade and the prediction (baseline cells, regraded runs). */
export function baselineRowStat(
  row: Pick<GebRowRead, "id"> & object,
  g: RowResult,
  pred: PredFields | undefined,
): RowStat {
  // Row stats read only the cited ids of an answer (pred_value comes from the grade), so
  // the value is not normalised again here.
  const ans: GebAnswer | undefined = pred ? { value: null, support_ids: supportIds(pred) } : undefined;
  return modelRowStat(row as unknown as PipelineRow & { episode_id?: string }, 0, g, ans);
}

/**
 * A reference-layout payload (sweep cell, reference run) with per-row statistics: a pipeline
 * cell's own, a sweep cell's sidecar, or rebuilt by regrading its data and predictions.
 */
export function fromReferencePayload(
  p: Record<string, unknown>,
  file: string,
  field = "[0]",
  /** The rows of the payload's sidecar, already in memory (a sweep cell run in this process). */
  knownRows?: RowStat[],
): ModelRunPayload {
  if (!isObj(p.metrics)) throw new InputError("missing metrics", { file, field: `${field}.metrics` });
  const cfg = isObj(p.config) ? p.config : {};
  const { rows, dataFile, regraded } = payloadRows(p, file, field, knownRows);
  const metrics = { ...(regraded ?? { n: rows.length }), ...(p.metrics as Partial<Metrics>) } as Metrics;
  const counts = countRows(rows);
  const r = rates(counts);
  const model =
    typeof p.baseline === "string" ? p.baseline : typeof p.adapter === "string" ? p.adapter : "unknown";
  const labels: ModelRunPayload["labels"] = {};
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
    env: isObj(p.env) ? (p.env as Record<string, string | null>) : {},
    metrics,
    // The reference writes both; a reference run folder without them has unprocessed metrics.
    metrics_raw: isObj(p.metrics_raw) ? (p.metrics_raw as unknown as Metrics) : { ...metrics },
    artifact_stats: Array.isArray(p.artifact_stats) ? p.artifact_stats : [],
    efficiency: isObj(p.efficiency) ? p.efficiency : {},
    decomposition:
      counts.total > 0 ? { ...r, decomposition_line: decompositionLine(r, metrics.value_acc) } : null,
    errors: 0,
    retrieval_stats: rows,
  };
}

/** Rows of a results file are input: each is checked before a statistic reads it. */
function checkRowStats(rows: readonly unknown[], file: string, field: string): void {
  rows.forEach((r, i) => {
    const bad = rowStatProblem(r);
    if (bad)
      throw new InputError(`must be ${bad.expected}`, {
        file,
        field: `${field}[${i}]${bad.field ? `.${bad.field}` : ""}`,
      });
  });
}

function checkModelPayload(o: Record<string, unknown>, file: string, field: string): ModelRunPayload {
  if (!Array.isArray(o.retrieval_stats))
    throw new InputError("missing per-row statistics", { file, field: `${field}.retrieval_stats` });
  checkRowStats(o.retrieval_stats, file, `${field}.retrieval_stats`);
  if (!isObj(o.metrics)) throw new InputError("missing metrics", { file, field: `${field}.metrics` });
  return o as unknown as ModelRunPayload;
}

/**
 * The config values a regrade reads are input too: `max_support_k` of 0, -1, 2.5 or 1e18
 * would reach the grader (an internal error) or slice nothing.
 */
function checkRunConfig(p: Record<string, unknown>, file: string, field: string): void {
  const k = isObj(p.config) ? p.config.max_support_k : undefined;
  if (k === undefined || k === null) return;
  if (!(typeof k === "number" && Number.isSafeInteger(k) && k >= 1 && k <= MAX_SUPPORT_K))
    throw new InputError(`must be an integer in [1, ${MAX_SUPPORT_K}], got ${JSON.stringify(k)}`, {
      file,
      field: `${field}.config.max_support_k`,
    });
}

/** Runs of one results file (a list of payloads or one payload, of any kind). */
export function readRunFile(file: string): LoadedRun[] {
  const value: unknown = readJsonFileSync(file);
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0) throw new InputError("holds no runs (an empty list)", { file });
  return list.map((p, i) => {
    const field = `[${i}]`;
    if (!isObj(p)) throw new InputError("a run must be a JSON object", { file, field });
    checkRunConfig(p, file, field);
    if (p.schema === MODEL_RUN_SCHEMA) return { payload: checkModelPayload(p, file, field), file };
    if (typeof p.schema === "string")
      throw new InputError(`unknown run schema "${p.schema}" (expected ${MODEL_RUN_SCHEMA})`, {
        file,
        field: `${field}.schema`,
      });
    if (isObj(p.metrics) && isObj(p.data)) return { payload: fromReferencePayload(p, file, field), file };
    throw new InputError(
      "not a run payload (neither a geb model run nor a reference/sweep result with metrics and data)",
      { file, field },
    );
  });
}

/** Every run under the given paths (files, run dirs, sweep trees), in order; at least one. */
export function loadRuns(paths: readonly string[]): LoadedRun[] {
  if (paths.length === 0) throw new InputError("no runs given", { field: "--in" });
  return paths.flatMap((p) => runFiles(p).flatMap(readRunFile));
}
