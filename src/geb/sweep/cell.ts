/**
 * One sweep cell: generate its dataset into `<out>/<cell>/data.jsonl`, answer it, grade it,
 * and write `results.json` in the reference sweep's payload layout. `results.json` is written
 * last and atomically: its presence is what marks a cell done for `--resume`.
 *
 * Everything a cell writes into scored artifacts is a function of the spec and the cell
 * (wall-clock time goes to `timing.json` unless `--timings` asks for it in the results), so
 * a resumed or sharded sweep reproduces an uninterrupted one byte for byte.
 */
import { mkdirSync, readdirSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { PyFloat, pyJsonDumps } from "../../core/pyjson.js";
import { makeBaseline } from "../baselines/baselines.js";
import { countTokens, generateDataset, validateConfig } from "../dataset/generate.js";
import { Grader, type Metrics, REFERENCE_RESULT_METRICS, RESULT_FLOAT_KEYS } from "../grade/grade.js";
import { AtomicWriter, writeTextAtomic } from "../io.js";
import { rowPieces, TextCache } from "../dataset/serialize.js";
import type { ReplyTally } from "../../core/engine/unparseable.js";
import type { RowStat } from "../summary/rowstats.js";
import { baselineRowStat, ROW_STATS_FILE } from "../summary/runs.js";
import { pyJsonLine } from "../dataset/serialize.js";
import { DEFAULT_GENERATE_CONFIG, type GenerateConfig } from "../dataset/types.js";
import type { Cell, SweepSpec } from "./grid.js";

export { RESULT_FLOAT_KEYS };

export interface CellOutcome {
  index: number;
  name: string;
  /** results.json text (indent 2, the reference's json.dumps layout). */
  text: string;
  /** Measured seconds (diagnostic only; never in scored files unless `timings`). */
  wall_s: number;
  /**
   * The per-row statistics just written to the cell's sidecar, handed to the assembly when
   * the cell ran in this thread (so summary.json does not re-read and re-parse them).
   * Worker threads drop them: cloning them across threads costs what the re-read does.
   */
  rowStats?: RowStat[];
  /** Model replies of the cell and how many broke the answer contract (model/pipeline cells). */
  replies?: ReplyTally;
}

export function generateConfigFor(spec: SweepSpec, cell: Cell): GenerateConfig {
  return {
    ...DEFAULT_GENERATE_CONFIG,
    seed: cell.seed,
    episodes: spec.episodes,
    steps: cell.steps,
    keys: spec.keys,
    queries: spec.queries,
    derivedQueryRate: spec.noDerivedQueries ? 0 : spec.derivedQueryRate,
    chapters: spec.chapters,
    distractorRate: cell.rates.distractor_rate,
    tailDistractorSteps: spec.tailDistractorSteps,
    clearRate: cell.rates.clear_rate,
    noteRate: cell.rates.note_rate,
    updateBurstRate: cell.rates.update_burst_rate,
    distractorProfile: cell.profile,
    stateMode: cell.stateMode,
    twins: spec.twins,
    requireCitations: spec.requireCitations ?? true,
    compat: spec.compat,
  };
}

/** Fail before any work if a cell's generator config is unsupported (e.g. profile × mode). */
export function validateCells(spec: SweepSpec, cells: readonly Cell[]): void {
  for (const c of cells) {
    try {
      validateConfig(generateConfigFor(spec, c));
    } catch (e) {
      if (e instanceof Error) e.message = `cell ${c.name}: ${e.message}`;
      throw e;
    }
  }
}

const f = (x: number): PyFloat => new PyFloat(x);

/**
 * The reference sweep's `config` block for one cell (its key order), plus our additions at the
 * end (none when both dialects are reference-0.1).
 */
export function cellConfigBlock(spec: SweepSpec, cell: Cell): Record<string, unknown> {
  const cfg: Record<string, unknown> = {
    seeds: spec.seeds,
    episodes: spec.episodes,
    steps: cell.steps,
    steps_list: spec.stepsListRaw,
    keys: spec.keys,
    queries: spec.queries,
    derived_query_rate: f(spec.noDerivedQueries ? 0 : spec.derivedQueryRate),
    chapters: spec.chapters,
    distractor_rate: f(cell.rates.distractor_rate),
    tail_distractor_steps: spec.tailDistractorSteps,
    clear_rate: f(cell.rates.clear_rate),
    note_rate: f(cell.rates.note_rate),
    update_burst_rate: f(cell.rates.update_burst_rate),
    require_citations: spec.requireCitations ?? true,
    twins: spec.twins,
    state_modes: spec.stateModesRaw,
    distractor_profiles: spec.distractorProfilesRaw,
    max_book_tokens: cell.maxBookTokens,
    max_book_tokens_list: spec.maxBookTokensListRaw,
    no_derived_queries: spec.noDerivedQueries,
    no_require_citations: null,
  };
  for (const knob of cell.sweptRates) cfg[`${knob}_list`] = spec.rateLists[knob];
  if (Object.keys(cell.pipeline).length > 0) cfg.pipeline = { ...cell.pipeline };
  // Both dialects at reference-0.1: the reference's block exactly (its sweep records neither
  // the dialects nor --max-support-k), so combined.json equals the reference's cell for cell.
  // sweep.json still pins the whole spec.
  if (spec.compat === "reference-0.1" && spec.metrics === "reference-0.1") return cfg;
  cfg.max_support_k = spec.maxSupportK;
  cfg.compat = spec.compat;
  cfg.metrics = spec.metrics;
  return cfg;
}

/** Metrics block: the reference's 14 keys in its order; the 1.0 dialect adds ours after them. */
export function metricsBlock(m: Metrics, dialect: SweepSpec["metrics"]): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const k of REFERENCE_RESULT_METRICS) out[k] = m[k];
  if (dialect !== "reference-0.1") {
    out.support_bloat = m.support_bloat;
    out.clean_acc = m.clean_acc;
    out.n = m.n;
    out.missing = m.missing;
  }
  return out;
}

export function envSnapshot(): Record<string, string | null> {
  return {
    GOLDEVIDENCEBENCH_MODEL: process.env.GOLDEVIDENCEBENCH_MODEL ?? null,
    GOLDEVIDENCEBENCH_REQUIRE_CITATIONS: process.env.GOLDEVIDENCEBENCH_REQUIRE_CITATIONS ?? null,
  };
}

export interface PayloadParts {
  baseline: string;
  n: number;
  metrics: Record<string, number | null>;
  metricsRaw: Record<string, number | null> | null;
  efficiency: Record<string, unknown>;
  artifactStats: unknown[];
  retrievalStats: unknown[];
  /** Model replies and out-of-contract ones (not in the payload; the sweep checks the share). */
  replies?: ReplyTally;
}

/** The reference sweep's per-cell payload, key for key. */
export function cellPayload(
  spec: SweepSpec,
  cell: Cell,
  outRoot: string,
  parts: PayloadParts,
): Record<string, unknown> {
  return {
    adapter_schema_version: "1.0",
    baseline: parts.baseline,
    protocol: "closed_book",
    seed: cell.seed,
    steps: cell.steps,
    state_mode: cell.stateMode,
    distractor_profile: cell.profile,
    data: { path: join(outRoot, cell.name, "data.jsonl"), n: parts.n },
    config: cellConfigBlock(spec, cell),
    env: envSnapshot(),
    metrics: parts.metrics,
    metrics_raw: parts.metricsRaw,
    efficiency: parts.efficiency,
    artifact_stats: parts.artifactStats,
    retrieval_stats: parts.retrievalStats,
  };
}

export function payloadText(payload: unknown): string {
  return pyJsonDumps(payload, { indent: 2, floatKeys: RESULT_FLOAT_KEYS });
}

/** Remove temp files a killed run left in a cell dir (atomic writers name them `*.tmp-<pid>`). */
export function prepareCellDir(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir)) if (/\.tmp-\d+$/.test(f)) unlinkSync(join(dir, f));
}

/** Write results.json (last, atomically) and timing.json; returns the outcome. */
export function finishCell(
  spec: SweepSpec,
  cell: Cell,
  outRoot: string,
  parts: PayloadParts,
  wall: number,
): CellOutcome {
  const dir = join(outRoot, cell.name);
  const n = parts.n;
  if (spec.timings) {
    parts.efficiency.wall_s = wall;
    parts.efficiency.wall_s_per_q = n ? wall / n : 0;
  }
  const text = payloadText(cellPayload(spec, cell, outRoot, parts));
  writeTextAtomic(
    join(dir, "timing.json"),
    `${pyJsonDumps({ wall_s: wall, wall_s_per_q: n ? wall / n : 0 }, { indent: 2, floatKeys: RESULT_FLOAT_KEYS })}\n`,
    { durable: false },
  );
  // Not fsync'd: one fsync per cell cost ~12 % of a default sweep's CPU (profiled). A resume
  // instead checks every file of a cell it finds (cellDone in sweep.ts) and runs a cell a
  // power loss left torn again.
  writeTextAtomic(join(dir, "results.json"), text, { durable: false });
  return {
    index: cell.index,
    name: cell.name,
    text,
    wall_s: wall,
    ...(parts.replies ? { replies: parts.replies } : {}),
  };
}

/**
 * A baseline cell (ledger or naive, closed book), as the reference sweep runs without
 * --adapter. One pass: each generated episode is written to data.jsonl, answered and graded
 * from memory (the same rows the file holds), so the cell never re-reads its own dataset.
 * `geb run` on the written data.jsonl gives the same predictions and metrics (tested).
 */
export function runBaselineCell(spec: SweepSpec, cell: Cell, outRoot: string): CellOutcome {
  if (spec.runner.kind !== "baseline") throw new Error("runBaselineCell needs a baseline runner");
  const start = performance.now();
  const dir = join(outRoot, cell.name);
  prepareCellDir(dir);
  const cfg = generateConfigFor(spec, cell);
  validateConfig(cfg);
  const requireCitations = spec.requireCitations ?? true;
  // The ledger baseline follows the metric dialect, as `geb run` does (reference-0.1: its defects).
  const predictor = makeBaseline(spec.runner.baseline, "closed_book", spec.metrics);
  const grader = new Grader({
    citations: requireCitations ? "auto" : "off",
    supportMetric: "f1",
    maxSupportK: spec.maxSupportK,
    entailmentCheck: true,
    metrics: spec.metrics,
  });
  const data = new AtomicWriter(join(dir, "data.jsonl"), { durable: false });
  const preds = new AtomicWriter(join(dir, "preds.jsonl"), { durable: false });
  // Per-row statistics for the sweep summary (recency, drift, decomposition), so assembling
  // it never re-reads and regrades the cells' datasets.
  const stats = new AtomicWriter(join(dir, ROW_STATS_FILE), { durable: false });
  let tokens = 0;
  const rowStats: RowStat[] = [];
  try {
    const cache = new TextCache();
    for (const episode of generateDataset(cfg)) {
      let lastBook: string | null = null;
      let lastTokens = 0;
      for (const row of episode) {
        for (const piece of rowPieces(row, cache)) data.write(piece);
        // Closed book: the predictor is handed the book only, never the document.
        const pred = predictor.predict({ id: row.id, meta: row.meta, text: row.book });
        const g = grader.add(row, pred);
        const stat = baselineRowStat(row, g, pred);
        rowStats.push(stat);
        stats.write(`${JSON.stringify(stat)}\n`);
        // Python json.dumps(pred, ensure_ascii=False): the row encoder (strings, ids, null).
        preds.write(pyJsonLine(pred));
        if (row.book !== lastBook) {
          lastBook = row.book;
          lastTokens = countTokens(row.book);
        }
        tokens += lastTokens;
      }
      cache.clear();
    }
    data.commit();
    preds.commit();
    stats.commit();
  } catch (e) {
    data.abort();
    preds.abort();
    stats.abort();
    throw e;
  }
  const m = grader.result();
  const n = m.n;
  const wall = (performance.now() - start) / 1000;
  const outcome = finishCell(
    spec,
    cell,
    outRoot,
    {
      baseline: spec.runner.baseline,
      n,
      metrics: metricsBlock(m, spec.metrics),
      metricsRaw: null,
      efficiency: {
        tokens,
        tokens_per_q: n ? tokens / n : 0,
        passes: 1,
        wall_s: null,
        wall_s_per_q: null,
      },
      artifactStats: [],
      retrievalStats: [],
    },
    wall,
  );
  outcome.rowStats = rowStats;
  return outcome;
}
