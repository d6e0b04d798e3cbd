/**
 * GEB programmatic API: generate, baseline, grade, run. File I/O lives here (and in io.ts);
 * generator, baselines and grader are pure. Every writer is atomic: on failure nothing is left.
 */
import { isLmEvalSample, lmEvalSamplePrediction } from "./grade/lmeval.js";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InputError } from "../core/errors.js";
import { roundHalfEven } from "../core/numeric.js";
import { PyFloat, pyJsonDumps, pyStrip } from "../core/pyjson.js";
import { pyJsonLoads } from "../core/pyjsonloads.js";
import type { IntervalsBlock } from "../core/stats/index.js";
import { type BaselineName, type BaselinePrediction, makeBaseline } from "./baselines/baselines.js";
import { validateBook } from "./dataset/book.js";
import { countTokens, generateDataset, validateConfig } from "./dataset/generate.js";
import {
  DEFAULT_GRADE_OPTIONS,
  type GradeOptions,
  Grader,
  type MetricDialect,
  type Metrics,
  type PredFields,
  predictionFields,
  REFERENCE_RESULT_METRICS,
  RESULT_FLOAT_KEYS,
  type RowResult,
} from "./grade/grade.js";
import { episodeCluster, GradeIntervals } from "./grade/intervals.js";
import { AtomicWriter, forEachLine, writeTextAtomic } from "./io.js";
import { EpisodeRowDecoder } from "./dataset/rowreader.js";
import { type GebRowRead, readRowChecked } from "./dataset/row-check.js";
import { pyJsonLine, RowEncoder, rowPieces, TextCache } from "./dataset/serialize.js";
import { type Compat, DEFAULT_GENERATE_CONFIG, type GenerateConfig, type Protocol } from "./dataset/types.js";

export type ProtocolChoice = Protocol | "both";

const dumpsLine = (v: unknown): string => `${pyJsonDumps(v, { ensureAscii: false })}\n`;

/**
 * An atomic writer for an output path, after checking the path can be a file: a directory, or
 * a parent that is a file, is a one-line InputError before anything is written.
 */
export function openOutput(
  file: string,
  opts: { background?: boolean; durable?: boolean } = {},
): AtomicWriter {
  try {
    if (statSync(file, { throwIfNoEntry: false })?.isDirectory())
      throw new InputError(`is a directory; give a file path such as ${join(file, "data.jsonl")}`, { file });
    return new AtomicWriter(file, opts);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === "string") throw new InputError(`cannot write the file (${code})`, { file });
    throw e;
  }
}

/** Run `fn` with an atomic writer; the file appears only if `fn` succeeds. */
function withWriter<T>(file: string, fn: (w: AtomicWriter) => T): T {
  const w = openOutput(file);
  try {
    const out = fn(w);
    w.commit();
    return out;
  } catch (e) {
    w.abort();
    throw e;
  }
}

function parseLineJson(bytes: Buffer, file: string, line: number, decoder?: EpisodeRowDecoder): unknown {
  try {
    return decoder ? decoder.decode(bytes) : JSON.parse(bytes.toString("utf8"));
  } catch (e) {
    throw new InputError(`invalid JSON: ${(e as Error).message}`, { file, line });
  }
}

/**
 * Stream dataset rows (validated; errors name file, line and field). Rows of one episode share
 * their document/book string objects, so downstream per-episode caches compare by pointer.
 */
export function forEachDataRow(file: string, onRow: (row: GebRowRead, line: number) => void): void {
  let lastDoc = "";
  let lastBook = "";
  let rows = 0;
  const decoder = new EpisodeRowDecoder();
  forEachLine(file, (bytes, line) => {
    const value = parseLineJson(bytes, file, line, decoder);
    if (value === null || typeof value !== "object" || Array.isArray(value))
      throw new InputError("row must be a JSON object", { file, line });
    const row = readRowChecked(value, { file, line });
    if (row.document === lastDoc) row.document = lastDoc;
    else lastDoc = row.document;
    if (row.book === lastBook) row.book = lastBook;
    else lastBook = row.book;
    rows++;
    onRow(row, line);
  });
  // A dataset without rows is a wrong input (an empty or truncated file): grading, answering
  // or scoring it would print n=0 (or a table of nulls) with exit 0. Callers that write run
  // inside their atomic writer, so nothing is left behind.
  if (rows === 0) throw new InputError("holds no data rows", { file });
}

/** What reading a prediction file found besides the answers (reported, never silently dropped). */
export interface PredictionIntake {
  /** Non-blank lines read. */
  rows: number;
  /** Rows skipped because their `id` is missing, empty or not a string (reference-0.1 only). */
  no_id: number;
  /** Rows whose id an earlier row already used (the last answer for an id is graded). */
  duplicate_rows: number;
  /** Distinct ids that appear on more than one row. */
  duplicate_ids: number;
  /** Rows with an id but no answer (no value/support keys, no parsable output text). */
  no_answer: number;
}

export interface PredictionIndex {
  preds: Map<string, PredFields>;
  /** Every id seen on a row (answered or not), to report ids absent from the data. */
  ids: Set<string>;
  intake: PredictionIntake;
}

/**
 * Read predictions into an id → fields map, as the reference's `_pred_index` does: the last
 * row for an id that carries an answer wins. `dialect` 1.0 rejects rows without a string id
 * (the reference silently skips them; we count them) and decodes with `JSON.parse`;
 * reference-0.1 decodes like Python's `json.loads` so that `str()` of a float is exact.
 */
export function readPredictionIndex(file: string, dialect: MetricDialect = "1.0"): PredictionIndex {
  const strict = dialect === "1.0";
  const preds = new Map<string, PredFields>();
  const ids = new Set<string>();
  const repeated = new Set<string>();
  const intake: PredictionIntake = { rows: 0, no_id: 0, duplicate_rows: 0, duplicate_ids: 0, no_answer: 0 };
  forEachLine(file, (bytes, line) => {
    let value: unknown;
    if (strict) value = parseLineJson(bytes, file, line);
    else {
      // Python's json.loads, but only where it differs in a way str() can see (non-string
      // answer fields) or where JSON.parse refuses (NaN, Infinity): JSON.parse is much faster.
      // The reference strips each line with str.strip() (Unicode whitespace) before decoding.
      const text = pyStrip(bytes.toString("utf8"));
      if (text === "") return;
      try {
        value = JSON.parse(text);
        if (needsPythonDecode(value)) value = pyJsonLoads(text);
      } catch {
        try {
          value = pyJsonLoads(text);
        } catch (e) {
          throw new InputError(`invalid JSON: ${(e as Error).message}`, { file, line });
        }
      }
    }
    intake.rows++;
    if (value === null || typeof value !== "object" || Array.isArray(value) || value instanceof PyFloat)
      throw new InputError("prediction must be a JSON object", { file, line });
    let row = value as Record<string, unknown>;
    // lm-evaluation-harness `samples_*.jsonl` rows carry the dataset row in `doc` (grade/lmeval.ts).
    // (1.0 dialect only: the reference counts such rows as rows without an id.)
    if (strict && isLmEvalSample(row)) row = lmEvalSamplePrediction(row, { file, line });
    if (typeof row.id !== "string" || row.id === "") {
      if (strict) throw new InputError("missing or non-string id", { file, line, field: "id" });
      // A truthy non-string id is kept by the reference but can never match a data row.
      intake.no_id++;
      return;
    }
    if (
      strict &&
      row.support_ids !== undefined &&
      row.support_ids !== null &&
      !Array.isArray(row.support_ids) &&
      typeof row.support_ids !== "string"
    ) {
      throw new InputError("support_ids must be a list of ids, a string or null", {
        file,
        line,
        field: "support_ids",
      });
    }
    if (ids.has(row.id)) {
      intake.duplicate_rows++;
      repeated.add(row.id);
    } else ids.add(row.id);
    const fields = predictionFields(row, !strict);
    if (fields) preds.set(row.id, fields);
    else intake.no_answer++;
  });
  intake.duplicate_ids = repeated.size;
  return { preds, ids, intake };
}

const plainJson = (v: unknown): boolean => v === null || v === undefined || typeof v === "string";

/** True when an answer field holds a number, boolean, object or non-string list member. */
function needsPythonDecode(v: unknown): boolean {
  if (!v || typeof v !== "object" || Array.isArray(v)) return false;
  const row = v as Record<string, unknown>;
  if (!plainJson(row.value)) return true;
  for (const k of ["support_id", "support_ids"] as const) {
    const x = row[k];
    if (Array.isArray(x) ? !x.every(plainJson) : !plainJson(x)) return true;
  }
  return false;
}

/** `readPredictionIndex(...).preds` (kept for callers that only need the answers). */
export function readPredictions(file: string, strict = true): Map<string, PredFields> {
  return readPredictionIndex(file, strict ? "1.0" : "reference-0.1").preds;
}

// ---------------------------------------------------------------------------------------------
// generate

export interface GenerateResult {
  rows: number;
  episodes: number;
  out: string;
}

export function generateToFile(config: Partial<GenerateConfig>, out: string): GenerateResult {
  const cfg: GenerateConfig = { ...DEFAULT_GENERATE_CONFIG, ...config };
  validateConfig(cfg);
  let rows = 0;
  withWriter(out, (w) => {
    const cache = new TextCache();
    for (const episodeRows of generateDataset(cfg)) {
      for (const row of episodeRows) {
        for (const piece of rowPieces(row, cache)) w.write(piece);
        rows++;
      }
      cache.clear();
    }
  });
  return { rows, episodes: cfg.episodes, out };
}

/** Bytes per output chunk of `generateToFileAsync` (two chunks are alive at a time). */
const GENERATE_CHUNK = 1 << 20;

/**
 * `generateToFile` with the file write overlapped with generation (what the CLI uses): the
 * same bytes, written by the thread pool while the next rows are generated. Rows are encoded
 * straight into two fixed chunks (one filling while the other is written), so memory stays
 * flat and no per-row buffers are allocated; an episode's document and book are encoded once
 * and copied into each of its rows.
 */
export async function generateToFileAsync(
  config: Partial<GenerateConfig>,
  out: string,
  /** Chunk size in bytes (tests use small ones to cross every boundary case). */
  chunkBytes = GENERATE_CHUNK,
): Promise<GenerateResult> {
  const cfg: GenerateConfig = { ...DEFAULT_GENERATE_CONFIG, ...config };
  validateConfig(cfg);
  let rows = 0;
  // Not fsync'd: a dataset is hundreds of MB (fsync doubled `geb generate`'s run time), is
  // rebuilt from its seed, and nothing resumes from it; a kill still never tears it.
  const w = openOutput(out, { background: true, durable: false });
  let chunk = Buffer.allocUnsafe(chunkBytes);
  let spare = Buffer.allocUnsafe(chunkBytes);
  let len = 0;
  // Hand the filled chunk to the writer (it waits for the previous chunk's write first, so
  // the spare chunk is free to refill when this returns).
  const flush = async (): Promise<void> => {
    if (len === 0) return;
    w.write(chunk.subarray(0, len));
    await w.flushAsync();
    [chunk, spare] = [spare, chunk];
    len = 0;
  };
  try {
    // Every piece is copied into a chunk (or copied whole below) before the next row, so the
    // cache may reuse one arena for all episodes and the encoder one scratch buffer.
    const cache = new TextCache({ reuse: true });
    const encoder = new RowEncoder();
    for (const episodeRows of generateDataset(cfg)) {
      for (const row of episodeRows) {
        for (const piece of encoder.encode(row, cache)) {
          // A piece that cannot fit in an empty chunk is handed to the writer as a copy (the
          // write outlives the encoder's and the cache's buffers).
          if (len + piece.length > chunkBytes) await flush();
          if (piece.length > chunkBytes) {
            w.write(Buffer.from(piece));
            await w.flushAsync();
          } else len += piece.copy(chunk, len);
        }
        rows++;
      }
      cache.clear();
    }
    await flush();
    await w.commitAsync();
  } catch (e) {
    w.abort();
    throw e;
  }
  return { rows, episodes: cfg.episodes, out };
}

// ---------------------------------------------------------------------------------------------
// baselines

function predictRow(
  pred: ReturnType<typeof makeBaseline>,
  row: GebRowRead,
  protocol: Protocol,
): BaselinePrediction {
  // Closed book: the predictor is never handed the document.
  return pred.predict({
    id: row.id,
    meta: row.meta,
    text: protocol === "open_book" ? row.document : row.book,
  });
}

export function baselineToFile(opts: {
  data: string;
  baseline: BaselineName;
  protocol: Protocol;
  out: string;
  /** Ledger baseline semantics: 1.0 (default; agrees with gold) or reference-0.1 (the reference's). */
  dialect?: Compat;
}): { predictions: number } {
  const predictor = makeBaseline(opts.baseline, opts.protocol, opts.dialect ?? "1.0");
  let n = 0;
  withWriter(opts.out, (w) => {
    forEachDataRow(opts.data, (row) => {
      // A prediction holds strings, null and a list of strings: the row encoder writes them
      // as json.dumps(ensure_ascii=False) does, without the general encoder's per-value work.
      w.write(pyJsonLine(predictRow(predictor, row, opts.protocol)));
      n++;
    });
  });
  return { predictions: n };
}

// ---------------------------------------------------------------------------------------------
// grade

export interface GradeReport {
  metrics: Metrics;
  options: GradeOptions;
  /** Prediction-file findings; `unknown_ids`: ids no data row has (never graded). */
  intake: PredictionIntake & { unknown_ids: number; unknown_examples: string[] };
  /** Intervals on the per-row rates (metrics 1.0 only; docs/statistics.md). */
  intervals?: IntervalsBlock;
}

export function gradeFiles(opts: {
  data: string;
  pred: string;
  options?: Partial<GradeOptions>;
  rowResults?: string;
}): GradeReport {
  const options: GradeOptions = { ...DEFAULT_GRADE_OPTIONS, ...opts.options };
  const grader = new Grader(options);
  const { preds, ids, intake } = readPredictionIndex(opts.pred, options.metrics);
  const unmatched = new Set(ids);
  const intervals = options.metrics === "1.0" ? new GradeIntervals() : undefined;
  const go = (onResult: (r: RowResult) => void): void => {
    forEachDataRow(opts.data, (row) => {
      unmatched.delete(row.id);
      const r = grader.add(row, preds.get(row.id));
      intervals?.add(r, episodeCluster(row));
      onResult(r);
    });
  };
  if (opts.rowResults) withWriter(opts.rowResults, (w) => go((r) => w.write(dumpsLine(r))));
  else go(() => {});
  const metrics = grader.result();
  intervals?.addTwinPairs(grader.twinPairs());
  return {
    metrics,
    options,
    intake: { ...intake, unknown_ids: unmatched.size, unknown_examples: [...unmatched].slice(0, 3) },
    ...(intervals ? { intervals: intervals.finish(metrics) } : {}),
  };
}

/**
 * One stderr line about what a prediction file held besides answers for the data rows, or
 * null when there is nothing to say. `geb grade --strict` turns it into an error.
 */
export function intakeWarning(intake: GradeReport["intake"]): string | null {
  // No prediction at all is a wrong input (an empty or truncated file), not a model that
  // answered nothing: the table of zeros it grades to must not pass silently.
  if (intake.rows === 0) return "holds no prediction rows (every data row is graded as unanswered)";
  const parts: string[] = [];
  if (intake.unknown_ids > 0)
    parts.push(
      `${intake.unknown_ids} prediction id(s) not in the data (e.g. ${intake.unknown_examples.map((x) => JSON.stringify(x)).join(", ")})`,
    );
  if (intake.duplicate_rows > 0)
    parts.push(
      `${intake.duplicate_rows} row(s) repeat an earlier id (${intake.duplicate_ids} id(s); the last answer is graded)`,
    );
  if (intake.no_id > 0) parts.push(`${intake.no_id} row(s) without a string id skipped`);
  if (intake.no_answer > 0) parts.push(`${intake.no_answer} row(s) with an id but no answer`);
  return parts.length ? parts.join("; ") : null;
}

// ---------------------------------------------------------------------------------------------
// run (baseline + grade)

export interface Efficiency {
  tokens: number;
  tokens_per_q: number;
  passes: number;
  wall_s: number;
  wall_s_per_q: number;
}

export interface RunPayload {
  adapter_schema_version: "1.0";
  baseline: BaselineName;
  protocol: Protocol;
  data: { path: string; n: number };
  config: Record<string, unknown>;
  env: Record<string, string | null>;
  metrics: Record<string, number | null>;
  efficiency: Efficiency;
  artifact_stats: unknown[];
  /** Intervals on the per-row rates (metrics 1.0 only; docs/statistics.md). */
  intervals?: IntervalsBlock;
}

export interface RunOptions {
  data: string;
  baseline: BaselineName;
  protocol: ProtocolChoice;
  options?: Partial<GradeOptions>;
  /** Predictions JSONL; with `both`, ".jsonl" becomes ".<protocol>.jsonl" as in the reference. */
  out?: string;
  resultsJson?: string;
  /** Ledger baseline semantics; default: the metric dialect (`--metrics reference-0.1` = the reference's numbers). */
  baselineDialect?: Compat;
}

/** Metrics as written to results JSON: the reference's keys (reference-0.1) or all of ours (1.0). */
export function metricsForJson(m: Metrics, dialect: GradeOptions["metrics"]): Record<string, number | null> {
  if (dialect === "reference-0.1") return Object.fromEntries(REFERENCE_RESULT_METRICS.map((k) => [k, m[k]]));
  return { ...m };
}

export function resultsJsonText(payloads: readonly RunPayload[]): string {
  return pyJsonDumps(payloads, { indent: 2, floatKeys: RESULT_FLOAT_KEYS });
}

export interface RunLaneReport {
  protocol: Protocol;
  metrics: Metrics;
  efficiency: Efficiency;
  intervals?: IntervalsBlock;
}

export function runBaseline(opts: RunOptions): { payloads: RunPayload[]; reports: RunLaneReport[] } {
  const options: GradeOptions = { ...DEFAULT_GRADE_OPTIONS, ...opts.options };
  const protocols: Protocol[] = opts.protocol === "both" ? ["open_book", "closed_book"] : [opts.protocol];
  const start = performance.now();
  const lanes = protocols.map((protocol) => ({
    protocol,
    predictor: makeBaseline(opts.baseline, protocol, opts.baselineDialect ?? options.metrics),
    grader: new Grader(options),
    intervals: options.metrics === "1.0" ? new GradeIntervals() : undefined,
    tokens: 0,
    lastText: null as string | null,
    lastTokens: 0,
    out: opts.out
      ? opts.protocol === "both"
        ? opts.out.replaceAll(".jsonl", `.${protocol}.jsonl`)
        : opts.out
      : null,
    writer: null as AtomicWriter | null,
  }));
  let n = 0;
  try {
    for (const lane of lanes) if (lane.out) lane.writer = new AtomicWriter(lane.out);
    forEachDataRow(opts.data, (row) => {
      n++;
      for (const lane of lanes) {
        const text = lane.protocol === "open_book" ? row.document : row.book;
        if (text !== lane.lastText) {
          lane.lastText = text;
          lane.lastTokens = countTokens(text);
        }
        lane.tokens += lane.lastTokens;
        const pred = predictRow(lane.predictor, row, lane.protocol);
        const r = lane.grader.add(row, pred);
        lane.intervals?.add(r, episodeCluster(row));
        lane.writer?.write(dumpsLine(pred));
      }
    });
    for (const lane of lanes) lane.writer?.commit();
  } catch (e) {
    for (const lane of lanes) lane.writer?.abort();
    throw e;
  }
  const wall = (performance.now() - start) / 1000;
  const env = {
    GOLDEVIDENCEBENCH_MODEL: process.env.GOLDEVIDENCEBENCH_MODEL ?? null,
    GOLDEVIDENCEBENCH_REQUIRE_CITATIONS: process.env.GOLDEVIDENCEBENCH_REQUIRE_CITATIONS ?? null,
  };
  const reports: RunLaneReport[] = [];
  const payloads = lanes.map((lane): RunPayload => {
    const metrics = lane.grader.result();
    const efficiency: Efficiency = {
      tokens: lane.tokens,
      tokens_per_q: n ? lane.tokens / n : 0,
      passes: 1,
      wall_s: wall,
      wall_s_per_q: n ? wall / n : 0,
    };
    lane.intervals?.addTwinPairs(lane.grader.twinPairs());
    const intervals = lane.intervals?.finish(metrics);
    reports.push({ protocol: lane.protocol, metrics, efficiency, ...(intervals ? { intervals } : {}) });
    const config: Record<string, unknown> = {
      citations: options.citations,
      support_metric: options.supportMetric,
      max_support_k: options.maxSupportK,
      entailment_check: options.entailmentCheck,
    };
    if (options.metrics !== "reference-0.1") config.metrics = options.metrics;
    return {
      adapter_schema_version: "1.0",
      baseline: opts.baseline,
      protocol: lane.protocol,
      data: { path: opts.data, n },
      config,
      env,
      metrics: metricsForJson(metrics, options.metrics),
      // wall_s covers reading, predicting and grading (all lanes share one pass).
      efficiency,
      artifact_stats: [],
      ...(intervals ? { intervals } : {}),
    };
  });
  if (opts.resultsJson) writeTextAtomic(opts.resultsJson, resultsJsonText(payloads));
  return { payloads, reports };
}

/**
 * Python `f"{x:.{d}f}"`: round half even on the exact binary value (`toFixed` rounds ties
 * up), and a negative number that rounds to zero keeps its sign (`-0.000`), as in Python.
 */
export function pyFixed(x: number, d: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  const s = roundHalfEven(x, d).toFixed(d);
  return (x < 0 || Object.is(x, -0)) && !s.startsWith("-") ? `-${s}` : s;
}

/**
 * The reference's one-line report (`_print_report`). Under `reference-0.1` it is the
 * reference's line exactly; 1.0 appends `missing=<n>` when predictions are missing.
 */
export function formatReport(
  m: Metrics,
  prefix = "",
  eff?: Efficiency,
  dialect: MetricDialect = "1.0",
): string {
  const f = (x: number | null): string => (x === null ? "null" : pyFixed(x, 3));
  let s = `${prefix}n=${m.n} value_acc=${f(m.value_acc)} exact_acc=${f(m.exact_acc)}`;
  if (m.cite_f1 !== null) s += ` cite_f1=${f(m.cite_f1)} cite_p=${f(m.cite_p)} cite_r=${f(m.cite_r)}`;
  if (m.support_bloat !== null) s += ` support_bloat=${f(m.support_bloat)}`;
  if (m.entailment !== null) s += ` entailment=${f(m.entailment)}`;
  if (m.twin_consistency !== null) s += ` twin_consistency=${f(m.twin_consistency)}`;
  if (m.twin_flip_rate !== null) s += ` twin_flip_rate=${f(m.twin_flip_rate)}`;
  if (m.instruction_acc !== null) s += ` instr_acc=${f(m.instruction_acc)}`;
  if (m.instruction_gap !== null) s += ` instr_gap=${f(m.instruction_gap)}`;
  if (m.instr_override_rate !== null) s += ` instr_override=${f(m.instr_override_rate)}`;
  if (m.instr_conflict_present_rate !== null) s += ` instr_conflict=${f(m.instr_conflict_present_rate)}`;
  if (m.instr_conflict_present_count !== null) s += ` instr_conflict_n=${m.instr_conflict_present_count}`;
  if (m.state_integrity_rate !== null) s += ` state_integrity=${f(m.state_integrity_rate)}`;
  if (m.missing > 0 && dialect === "1.0") s += ` missing=${m.missing}`;
  if (eff)
    s += ` tokens=${eff.tokens} (~${pyFixed(eff.tokens_per_q, 1)}/q) passes=${eff.passes} wall_s=${pyFixed(eff.wall_s, 2)}`;
  return s;
}

// ---------------------------------------------------------------------------------------------
// book validation

export interface BookValidationReport {
  checked: number;
  invalid: { line: number; id: string; errors: string[]; bookLine?: number }[];
}

/** Validate each distinct book of a dataset (rows of an episode share one). */
export function validateBooks(data: string, dialect: Compat = "1.0"): BookValidationReport {
  const report: BookValidationReport = { checked: 0, invalid: [] };
  let last: string | null = null;
  let lastResult: ReturnType<typeof validateBook> | null = null;
  forEachDataRow(data, (row, line) => {
    if (row.book !== last) {
      last = row.book;
      lastResult = validateBook(row.book, dialect);
    }
    report.checked++;
    if (lastResult && !lastResult.ok)
      report.invalid.push({ line, id: row.id, errors: lastResult.errors, bookLine: lastResult.line });
  });
  return report;
}

// ---------------------------------------------------------------------------------------------
// demo (`npm start`)

/**
 * Generate a small default dataset (2 episodes + twins), run both baselines on both protocols
 * and print the metric table. Returns the per-lane reports.
 */
export function runDemo(
  opts: { dir?: string; log?: (line: string) => void; episodes?: number } = {},
): RunLaneReport[] {
  const log = opts.log ?? ((s: string) => console.log(s));
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), "geb-demo-"));
  const data = join(dir, "geb-demo.jsonl");
  const episodes = opts.episodes ?? 2;
  const gen = generateToFile({ episodes }, data);
  log(
    `GoldEvidenceBench demo: ${gen.rows} rows (${episodes} episodes + twins; profile ${DEFAULT_GENERATE_CONFIG.distractorProfile}, mode ${DEFAULT_GENERATE_CONFIG.stateMode}) in ${data}`,
  );
  const cols = [
    "baseline",
    "protocol",
    "value_acc",
    "exact_acc",
    "cite_f1",
    "entailment",
    "twin_cons",
    "twin_flip",
    "instr_acc",
    "state_integ",
    "tokens/q",
  ];
  const rows: string[][] = [];
  const all: RunLaneReport[] = [];
  for (const baseline of ["naive", "ledger"] as const) {
    const { reports } = runBaseline({ data, baseline, protocol: "both" });
    for (const r of reports) {
      all.push(r);
      const f = (x: number | null): string => (x === null ? "-" : pyFixed(x, 3));
      const m = r.metrics;
      rows.push([
        baseline,
        r.protocol,
        f(m.value_acc),
        f(m.exact_acc),
        f(m.cite_f1),
        f(m.entailment),
        f(m.twin_consistency),
        f(m.twin_flip_rate),
        f(m.instruction_acc),
        f(m.state_integrity_rate),
        pyFixed(r.efficiency.tokens_per_q, 1),
      ]);
    }
  }
  const widths = cols.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]): string =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  log(line(cols));
  for (const r of rows) log(line(r));
  return all;
}
