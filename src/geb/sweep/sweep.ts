/**
 * `geb sweep`: run every cell of a grid into `<out>/<cell>/`, in parallel, resumably, and
 * assemble `<out>/combined.json` (the reference's list of per-cell payloads, in grid order)
 * and `<out>/summary.json` once every cell of the grid is present.
 *
 * - Resume: a cell is done when its `results.json` exists (written last, atomically). A
 *   rerun of the same grid skips done cells; `sweep.json` pins the grid so a rerun with other
 *   flags into the same dir is refused (unless `overwrite`).
 * - Shards: `--shard i/n` runs every n-th cell. Shards may share one out dir (then the last
 *   to finish writes combined.json) or use their own, joined later by `mergeSweeps`.
 * - Parallelism: baseline cells in worker threads; model/pipeline cells in this thread,
 *   one after another, each using the engine's request concurrency.
 */
import { closeSync, cpSync, existsSync, fstatSync, openSync, readFileSync, readSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { RequestsFailedError, RunFailedError } from "../../core/engine/errors.js";
import { DEFAULT_MAX_UNPARSEABLE_SHARE, unparseableLine } from "../../core/engine/unparseable.js";
import { InputError } from "../../core/errors.js";
import { Progress } from "../../core/progress.js";
import { pyJsonDumps, pyJsonString } from "../../core/pyjson.js";
import { acquireLock, removeStaleTemps } from "../../core/lock.js";
import { writeTextAtomic } from "../io.js";
import { fromReferencePayload, ROW_STATS_FILE } from "../summary/runs.js";
import { digestRun, type RunDigest } from "../summary/digest.js";
import type { RowStat } from "../summary/rowstats.js";
import {
  type CellOutcome,
  finishCell,
  generateConfigFor,
  prepareCellDir,
  runBaselineCell,
  validateCells,
} from "./cell.js";
import { type Cell, expandGrid, type SweepSpec, shardCells, specHash } from "./grid.js";
import { cellRunnerFor, type SweepRuntime, validateRunnerCells } from "./runners.js";
import { summaryText, sweepRunsSummary, writeSweepDiagnosis } from "./summary.js";
import type { WorkerJob } from "./worker.js";

export const MANIFEST = "sweep.json";
export const MANIFEST_SCHEMA = "oraclebench.geb.sweep/1";

export interface SweepOptions {
  spec: SweepSpec;
  /** Output dir as given; results name data files relative to it, as the reference does. */
  out: string;
  shard?: [number, number] | null;
  /** Worker threads for baseline cells (default: `defaultJobs`; 1 = run inline). */
  jobs?: number;
  /** Discard an existing sweep in `out` (any grid) and run again. */
  overwrite?: boolean;
  /** Also write the combined list here (the reference's `--results-json`). */
  resultsJson?: string | null;
  progress?: boolean;
  runtime?: SweepRuntime;
  log?: (line: string) => void;
  /** Called once every check has passed, right before the first file is written (the CLI's config.json). */
  beforeWrite?: () => Promise<void> | void;
}

export interface SweepResult {
  cells: number;
  ran: number;
  skipped: number;
  /** Every cell of the grid is present in `out`, so combined.json and summary.json exist. */
  complete: boolean;
  combined: string | null;
  summary: string | null;
}

interface Manifest {
  schema: string;
  spec_hash: string;
  out: string;
  spec: SweepSpec;
  cells: string[];
}

function manifestText(spec: SweepSpec, out: string, cells: readonly Cell[]): string {
  const m: Manifest = {
    schema: MANIFEST_SCHEMA,
    spec_hash: specHash(spec),
    out,
    spec,
    cells: cells.map((c) => c.name),
  };
  return `${pyJsonDumps(m, { indent: 2, ensureAscii: false })}\n`;
}

export function readManifest(dir: string): Manifest | null {
  const file = join(dir, MANIFEST);
  if (!existsSync(file)) return null;
  let m: unknown;
  try {
    m = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new InputError(`invalid JSON: ${(e as Error).message}`, { file });
  }
  const mm = m as Partial<Manifest>;
  if (!mm || mm.schema !== MANIFEST_SCHEMA || typeof mm.spec_hash !== "string" || !mm.spec)
    throw new InputError(`not a sweep manifest (schema ${MANIFEST_SCHEMA})`, { file, field: "schema" });
  return mm as Manifest;
}

/** Python `json.dumps(list_of_payloads, indent=2)` from the payloads' own indent-2 texts. */
export function combinedText(texts: readonly string[]): string {
  if (texts.length === 0) return "[]";
  // Nesting one level deeper only indents every line by two spaces; reusing the exact texts
  // keeps every number as the cell wrote it (no float/int guessing on a re-parse).
  const items = texts.map((t) => t.replace(/^/gm, "  "));
  return `[\n${items.join(",\n")}\n]`;
}

/** Line files a cell may write beside results.json: each must hold exactly the cell's rows. */
const CELL_LINE_FILES = ["data.jsonl", "preds.jsonl", ROW_STATS_FILE] as const;

/**
 * A cell is done when its results.json (written last) is whole, a JSON object naming its row
 * count (`data.n`), and every line file a baseline cell wrote beside it holds exactly that many
 * whole lines. No cell file is fsync'd (cell.ts): after a power loss any of them may be
 * missing, empty or cut (a kill cannot do that: the page cache survives it), and every such
 * cell fails this check and is run again. Reads the cell's files: called for cells found on
 * disk (resume, merge), not for cells this process just wrote.
 */
function cellDone(out: string, c: Cell): boolean {
  const dir = join(out, c.name);
  let n: unknown;
  try {
    const p = JSON.parse(readFileSync(join(dir, "results.json"), "utf8"));
    n = p?.data?.n;
  } catch {
    return false; // missing, or torn by a power loss
  }
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0) return false;
  // Baseline cells write one line per row in each file; model and pipeline cells write no
  // row stats, and their preds may hold several trials per row: whole lines suffice there.
  const baseline = existsSync(join(dir, ROW_STATS_FILE));
  for (const f of CELL_LINE_FILES) {
    const file = join(dir, f);
    if (!existsSync(file)) continue;
    const lines = wholeLines(file);
    if (lines === null || (baseline ? lines !== n : lines === 0 && n > 0)) return false;
  }
  return true;
}

/** Newline count of a file whose last byte is a newline (or empty); null when cut mid-line. */
function wholeLines(file: string): number | null {
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return 0;
    const buf = Buffer.allocUnsafe(Math.min(size, 1 << 20));
    let lines = 0;
    let last = 0;
    for (let pos = 0; pos < size; ) {
      const got = readSync(fd, buf, 0, buf.length, pos);
      if (got <= 0) return null;
      const view = got === buf.length ? buf : buf.subarray(0, got);
      for (let i = view.indexOf(0x0a); i >= 0; i = view.indexOf(0x0a, i + 1)) lines++;
      last = view[got - 1];
      pos += got;
    }
    return last === 0x0a ? lines : null;
  } finally {
    closeSync(fd);
  }
}

/**
 * The worker entry. Built code (.js) runs it directly. From TypeScript sources (tsx, vitest)
 * a worker does not inherit the parent's loader, so a small bootstrap registers tsx first.
 */
function workerEntry(): URL {
  if (!import.meta.url.endsWith(".ts")) return new URL("./worker.js", import.meta.url);
  const api = createRequire(import.meta.url)
    .resolve("tsx/esm/api")
    .replace(/\.cjs$/, ".mjs");
  const target = new URL("./worker.ts", import.meta.url).href;
  const boot = `import { register } from ${JSON.stringify(pathToFileURL(api).href)}; register(); await import(${JSON.stringify(target)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

/** Run baseline cells on a pool of worker threads; `onDone` fires in completion order. */
async function runInWorkers(
  jobs: number,
  spec: SweepSpec,
  out: string,
  cells: readonly Cell[],
  onDone: (o: CellOutcome) => void,
): Promise<void> {
  if (jobs <= 1 || cells.length <= 1) {
    for (const c of cells) onDone(runBaselineCell(spec, c, out));
    return;
  }
  const url = workerEntry();
  let next = 0;
  let failure: Error | null = null;
  const workers: Worker[] = [];
  const lanes = Array.from({ length: Math.min(jobs, cells.length) }, () => {
    const w = new Worker(url);
    workers.push(w);
    return new Promise<void>((resolveLane) => {
      const feed = () => {
        if (failure || next >= cells.length) {
          resolveLane();
          return;
        }
        const job: WorkerJob = { spec, cell: cells[next++], outRoot: out };
        w.postMessage(job);
      };
      w.on(
        "message",
        (msg: { ok: boolean; outcome?: CellOutcome; error?: { message: string; input: boolean } }) => {
          if (msg.ok && msg.outcome) onDone(msg.outcome);
          else if (!failure) {
            const m = msg.error?.message ?? "worker failed";
            failure = msg.error?.input ? new InputError(m) : new Error(m);
          }
          feed();
        },
      );
      w.on("error", (e) => {
        failure ??= e;
        resolveLane();
      });
      feed();
    });
  });
  try {
    await Promise.all(lanes);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  if (failure) throw failure;
}

/**
 * Model and pipeline cells, one after another. A cell whose requests failed (after their
 * retries) is not graded and not written (no results.json: a rerun runs it again, retrying only
 * the failed requests); the other cells still run, and the failures come back for the caller.
 * A run stopped on a permanent failure (RunStoppedError) stops the sweep at once.
 */
async function runOnMainThread(
  spec: SweepSpec,
  out: string,
  cells: readonly Cell[],
  runtime: SweepRuntime,
  onDone: (o: CellOutcome) => void,
): Promise<RequestsFailedError[]> {
  const failed: RequestsFailedError[] = [];
  for (const cell of cells) {
    let o: CellOutcome;
    try {
      o = await runMainThreadCell(spec, out, cell, runtime);
    } catch (e) {
      if (!(e instanceof RequestsFailedError)) throw e;
      failed.push(new RequestsFailedError(e.failed, e.total, e.first, `cell ${cell.name}`));
      continue;
    }
    onDone(o);
  }
  return failed;
}

/**
 * The one line for a sweep whose cells had failed requests (thrown after the other cells ran):
 * those cells are not graded, combined.json and summary.json are not written, exit 1.
 */
export function sweepFailure(failed: readonly RequestsFailedError[], cells: number): RunFailedError {
  const requests = failed.reduce((a, f) => a + f.failed, 0);
  return new RunFailedError(
    `sweep: ${failed.length} of ${cells} cells had failed requests (${requests} in all; first: ${failed[0].message}); those cells are not graded, no combined.json — rerun the same command: finished cells are kept and only the failed requests are retried`,
  );
}

/** One model or pipeline cell in this thread (also what a queue worker runs for a pipeline cell). */
export async function runMainThreadCell(
  spec: SweepSpec,
  out: string,
  cell: Cell,
  runtime: SweepRuntime,
): Promise<CellOutcome> {
  const run = cellRunnerFor(spec.runner.kind);
  // Model and pipeline cells only: a baseline sweep does not load the whole API.
  const { generateToFile } = await import("../api.js");
  const start = performance.now();
  const dir = join(out, cell.name);
  prepareCellDir(dir);
  const dataPath = join(dir, "data.jsonl");
  generateToFile(generateConfigFor(spec, cell), dataPath);
  const parts = await run({ spec, cell, dir, dataPath, predsPath: join(dir, "preds.jsonl"), runtime });
  return finishCell(spec, cell, out, parts, (performance.now() - start) / 1000);
}

/** Measured single-thread cost of one generated row-step (episode × step × query), seconds. */
const ROW_STEP_S = 8e-6;
/** CPU a worker thread spends starting (loading the sweep modules) before its first cell. */
const WORKER_START_S = 0.3;

/**
 * Worker threads for baseline cells when `--jobs` is not given: never slower than one
 * thread. With two cores or fewer the main thread and the OS already use the second core,
 * and workers only add start-up and message CPU (the default sweep took 8.1 s with 2 workers
 * and 4.6 s with --jobs 1 here), so 1. Otherwise one worker per 2× start-up cost of
 * estimated work, at most cores − 1 and the number of cells.
 */
export function defaultJobs(spec: SweepSpec, cells: number, cores: number): number {
  if (cores <= 2 || cells <= 1) return 1;
  const work = cells * spec.episodes * spec.steps * spec.queries * ROW_STEP_S;
  return Math.max(1, Math.min(cores - 1, cells, Math.floor(work / (2 * WORKER_START_S))));
}

/**
 * Write combined.json + summary.json if every grid cell has results; returns their paths.
 * `ran`: outcomes of cells run in this process (their results text and row stats are used
 * as they are instead of being read back; the files hold the same bytes).
 */
export function assemble(
  out: string,
  cells: readonly Cell[],
  resultsJson?: string | null,
  ran?: ReadonlyMap<string, CellOutcome>,
  /** Cells already folded for the summary (digested as they finished). */
  digested?: ReadonlyMap<string, RunDigest>,
): { combined: string; summary: string } | null {
  // Cells run in this process were just written whole; only those found on disk are checked.
  if (!cells.every((c) => ran?.has(c.name) || cellDone(out, c))) return null;
  const texts = cells.map(
    (c) => ran?.get(c.name)?.text ?? readFileSync(join(out, c.name, "results.json"), "utf8"),
  );
  const combined = combinedText(texts);
  const combinedPath = join(out, "combined.json");
  writeTextAtomic(combinedPath, combined);
  if (resultsJson && resolve(resultsJson) !== resolve(combinedPath)) writeTextAtomic(resultsJson, combined);
  const summaryPath = join(out, "summary.json");
  const payloads = texts.map((t) => JSON.parse(t) as Record<string, unknown>);
  // One cell's per-row statistics in memory at a time: each is folded, then dropped.
  const runs = payloads.map(
    (p, i) =>
      digested?.get(cells[i].name) ?? cellDigest(out, cells[i].name, p, ran?.get(cells[i].name)?.rowStats),
  );
  const runsSummary = sweepRunsSummary(runs);
  writeTextAtomic(summaryPath, summaryText(payloads, runsSummary, runs));
  writeSweepDiagnosis(out, runs, runsSummary);
  return { combined: combinedPath, summary: summaryPath };
}

/** A cell's run (its payload and per-row statistics: given, its sidecar, or regraded), folded. */
function cellDigest(
  out: string,
  name: string,
  payload: Record<string, unknown>,
  rowStats: RowStat[] | undefined,
): RunDigest {
  return digestRun(fromReferencePayload(payload, join(out, name, "results.json"), "[0]", rowStats));
}

export async function runSweep(opts: SweepOptions): Promise<SweepResult> {
  const { spec, out } = opts;
  const grid = expandGrid(spec);
  // Everything that can be checked is checked before the first file is written, so a
  // failed attempt leaves nothing behind (no sweep.json forcing --overwrite on the retry).
  validateCells(spec, grid);
  if (spec.runner.kind !== "baseline") {
    cellRunnerFor(spec.runner.kind);
    validateRunnerCells(spec.runner.kind, spec, grid);
  }
  const mine = shardCells(grid, opts.shard ?? null);
  // One run at a time per out dir (per shard: shards may share one), and what a killed run's
  // atomic writers left there (`config.json.tmp-<pid>`) is removed before anything is written.
  const [si, sn] = opts.shard ?? [1, 1];
  const lock = await acquireLock(sn > 1 ? `${out}.shard-${si}-of-${sn}` : out);
  try {
    removeStaleTemps(out);
    return await runSweepCells(opts, grid, mine);
  } finally {
    lock.release();
  }
}

async function runSweepCells(opts: SweepOptions, grid: Cell[], mine: Cell[]): Promise<SweepResult> {
  const { spec, out } = opts;
  const log = opts.log ?? (() => {});
  const existing = readManifest(out);
  if (existing && existing.spec_hash !== specHash(spec)) {
    if (!opts.overwrite)
      throw new InputError(
        "holds a different sweep (other flags); use another --out, or --overwrite to discard it",
        { file: join(out, MANIFEST) },
      );
  }
  await opts.beforeWrite?.();
  if (opts.overwrite) {
    const old = existing ? existing.cells : [];
    for (const name of new Set([...old, ...grid.map((c) => c.name)]))
      rmSync(join(out, name), { recursive: true, force: true });
    for (const f of ["combined.json", "summary.json", MANIFEST]) rmSync(join(out, f), { force: true });
  }
  writeTextAtomic(join(out, MANIFEST), manifestText(spec, out, grid));

  const pending = mine.filter((c) => !cellDone(out, c));
  const skipped = mine.length - pending.length;
  if (skipped > 0) log(`resuming: ${skipped} of ${mine.length} cells already done`);
  const bar = new Progress(mine.length, "sweep", process.stderr, opts.progress === false ? false : undefined);
  bar.tick(skipped);
  const ran = new Map<string, CellOutcome>();
  // An unsharded sweep folds each cell run here as it finishes and drops its rows, so memory
  // stays one cell's rows however large the grid (a shard may never assemble: it keeps them).
  const digested = new Map<string, RunDigest>();
  const foldNow = mine.length === grid.length;
  let failed: RequestsFailedError[] = [];
  const onDone = (o: CellOutcome) => {
    if (foldNow && o.rowStats) {
      digested.set(o.name, cellDigest(out, o.name, JSON.parse(o.text), o.rowStats));
      o.rowStats = undefined;
    }
    ran.set(o.name, o);
    bar.tick();
  };
  try {
    // --queue: whole cells run on distributed workers (src/geb/queue/sweep-cells.ts).
    // Progress ticks as the workers' results arrive; the cells are written in order at the end.
    if (opts.runtime?.remoteCells)
      await opts.runtime.remoteCells(
        spec,
        out,
        pending,
        (o) => ran.set(o.name, o),
        (n) => bar.tick(n),
      );
    else if (spec.runner.kind === "baseline") {
      const jobs = opts.jobs ?? defaultJobs(spec, pending.length, availableParallelism());
      await runInWorkers(jobs, spec, out, pending, onDone);
    } else {
      failed = await runOnMainThread(spec, out, pending, opts.runtime ?? {}, onDone);
    }
  } finally {
    bar.finish();
  }
  if (failed.length > 0) throw sweepFailure(failed, mine.length);
  const done = assemble(out, grid, opts.resultsJson, ran, digested);
  // Model cells whose replies were mostly out of contract: graded and written (they are the
  // model's answers), but the sweep is not a result unless the user accepts the share.
  if (spec.runner.kind !== "baseline") {
    const tally = { replies: 0, unparseable: 0 };
    for (const o of ran.values()) {
      tally.replies += o.replies?.replies ?? 0;
      tally.unparseable += o.replies?.unparseable ?? 0;
    }
    const line = unparseableLine(
      "sweep",
      tally,
      opts.runtime?.maxUnparseableShare ?? DEFAULT_MAX_UNPARSEABLE_SHARE,
    );
    if (line) throw new RunFailedError(line);
  }
  return {
    cells: mine.length,
    ran: pending.length,
    skipped,
    complete: done !== null,
    combined: done?.combined ?? null,
    summary: done?.summary ?? null,
  };
}

/**
 * Join shard outputs into `out`: every input must hold the same grid; each cell is taken from
 * the first input that has it. Result paths are rewritten to point into `out`.
 */
export function mergeSweeps(inputs: readonly string[], out: string): SweepResult {
  if (inputs.length === 0) throw new InputError("nothing to merge", { field: "inputs" });
  const manifests = inputs.map((d) => {
    const m = readManifest(d);
    if (!m) throw new InputError(`no ${MANIFEST} (not a sweep dir)`, { file: d });
    return m;
  });
  const first = manifests[0];
  manifests.forEach((m, i) => {
    if (m.spec_hash !== first.spec_hash)
      throw new InputError(
        `holds a different grid than ${inputs[0]} (spec hash ${m.spec_hash} ≠ ${first.spec_hash})`,
        {
          file: join(inputs[i], MANIFEST),
        },
      );
  });
  const target = readManifest(out);
  if (target && target.spec_hash !== first.spec_hash)
    throw new InputError("holds a different sweep", { file: join(out, MANIFEST) });
  const grid = expandGrid(first.spec);
  writeTextAtomic(join(out, MANIFEST), manifestText(first.spec, out, grid));
  let copied = 0;
  const missing: string[] = [];
  for (const cell of grid) {
    if (cellDone(out, cell)) continue;
    const k = inputs.findIndex((d) => cellDone(d, cell));
    if (k < 0) {
      missing.push(cell.name);
      continue;
    }
    const src = join(inputs[k], cell.name);
    const dst = join(out, cell.name);
    rmSync(dst, { recursive: true, force: true });
    cpSync(src, dst, { recursive: true });
    const oldPath = join(manifests[k].out, cell.name, "data.jsonl");
    const newPath = join(out, cell.name, "data.jsonl");
    if (oldPath !== newPath) {
      const file = join(dst, "results.json");
      const text = readFileSync(file, "utf8");
      const needle = `"path": ${pyJsonString(oldPath)}`;
      if (!text.includes(needle))
        throw new InputError(`data.path is not ${oldPath}`, { file, field: "data.path" });
      writeTextAtomic(file, text.replace(needle, `"path": ${pyJsonString(newPath)}`));
    }
    copied++;
  }
  if (missing.length > 0)
    throw new InputError(
      `${missing.length} of ${grid.length} cells are in none of the inputs (first: ${missing.slice(0, 3).join(", ")})`,
    );
  const done = assemble(out, grid);
  return {
    cells: grid.length,
    ran: 0,
    skipped: grid.length - copied,
    complete: done !== null,
    combined: done?.combined ?? null,
    summary: done?.summary ?? null,
  };
}
