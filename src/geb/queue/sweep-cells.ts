/**
 * `geb sweep --queue` (and `run-preset`, `wall-search`) for sweeps whose cells make no model
 * request: baseline cells and pipeline cells without an answerer model. Their work is CPU
 * (generate, answer, grade), so the unit of distribution is the whole cell: one job per cell,
 * payload `{spec, cell, env}` (everything the cell's files depend on, with the environment
 * variables results.json records; the job id is its hash).
 *
 * A worker runs the cell with the same code as a local sweep into a private temporary folder
 * and returns every file of the cell folder (gzip, base64). The coordinator writes them into
 * `<out>/<cell>/` in the sweep's order, `results.json` last (it marks the cell done), with the
 * one path a cell records (`data.path`) rewritten to the coordinator's folder, as
 * `geb sweep-merge` does for shards. Hence the files of a single-process sweep.
 *
 * Model and pipeline cells *with* a model are not jobs: their cells run on the coordinator
 * one after another and each model request is a job (src/core/engine/queue.ts).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { type RunJobsOptions, runJobs } from "../../core/queue/coordinator.js";
import { QueueUnavailableError, SINK_KEY } from "../../core/queue/redis.js";
import type { QueueUrl } from "../../core/queue/url.js";
import { pyJsonString } from "../../core/pyjson.js";
import { writeTextAtomic } from "../io.js";
import type { CellOutcome } from "../sweep/cell.js";
import type { Cell, SweepSpec } from "../sweep/grid.js";

export const SWEEP_CELL_JOB = "geb.sweep-cell";

export interface SweepCellJobData {
  spec: SweepSpec;
  cell: Cell;
  /** The coordinator's `env` block of results.json (recorded there; the worker's may differ). */
  env: Record<string, string | null>;
}

export interface SweepCellJobResult {
  /** The cell's data.jsonl path where the worker ran it (rewritten in results.json). */
  dataPath: string;
  /** Every file of the cell folder: name → gzip, base64. */
  files: Record<string, string>;
  wall_s: number;
}

const RESULTS = "results.json";

/** The sweep runtime's `remoteCells` for `--queue`. */
export function queuedCells(
  url: QueueUrl,
  o: Pick<RunJobsOptions, "log"> = {},
): (
  spec: SweepSpec,
  out: string,
  cells: readonly Cell[],
  onDone: (o: CellOutcome) => void,
  tick: (n: number) => void,
) => Promise<void> {
  return async (spec, out, cells, onDone, tick) => {
    if (cells.length === 0) return;
    const env = (await import("../sweep/cell.js")).envSnapshot();
    const r = await runJobs<SweepCellJobResult>(
      url,
      SWEEP_CELL_JOB,
      cells.map((cell): SweepCellJobData => ({ spec, cell, env })),
      { onReused: tick, onDone: tick, log: o.log ?? ((line) => process.stderr.write(`geb: ${line}\n`)) },
    );
    for (const [k, cell] of cells.entries()) {
      const outcome = r.outcomes[k];
      if (!outcome?.ok)
        // As a local cell that throws: the sweep stops; cells written so far stay done.
        throw new QueueUnavailableError(
          `cell ${cell.name}: queue job failed: ${(outcome?.ok === false ? outcome.error : "no outcome").replace(/\s+/g, " ").slice(0, 300)}`,
        );
      onDone(writeCell(out, cell, outcome.id, outcome.result));
    }
  };
}

/** Write a worker's cell files into `<out>/<cell>/` (results.json last); the cell's outcome. */
function writeCell(out: string, cell: Cell, id: string, v: SweepCellJobResult): CellOutcome {
  const bad = (why: string) => new QueueUnavailableError(`result ${id} in ${SINK_KEY} ${why}`);
  if (
    !(v && typeof v === "object" && typeof v.dataPath === "string" && v.files && typeof v.files === "object")
  )
    throw bad("is not a sweep cell (dataPath, files)");
  const texts = new Map<string, string>();
  for (const [name, b64] of Object.entries(v.files)) {
    if (typeof b64 !== "string" || !/^[\w.-]+$/.test(name) || name.startsWith("."))
      throw bad(`has a bad file entry ${JSON.stringify(name)}`);
    try {
      texts.set(name, gunzipSync(Buffer.from(b64, "base64")).toString("utf8"));
    } catch {
      throw bad(`has a file ${name} that is not gzip`);
    }
  }
  const results = texts.get(RESULTS);
  if (results === undefined) throw bad(`has no ${RESULTS}`);
  const needle = `"path": ${pyJsonString(v.dataPath)}`;
  if (!results.includes(needle)) throw bad(`has a ${RESULTS} whose data.path is not ${v.dataPath}`);
  const text = results.replace(needle, `"path": ${pyJsonString(join(out, cell.name, "data.jsonl"))}`);
  const dir = join(out, cell.name);
  for (const [name, t] of texts)
    if (name !== RESULTS) writeTextAtomic(join(dir, name), t, { durable: false });
  writeTextAtomic(join(dir, RESULTS), text, { durable: false });
  return { index: cell.index, name: cell.name, text, wall_s: typeof v.wall_s === "number" ? v.wall_s : 0 };
}

// ---------------------------------------------------------------------------------------------
// worker side

/** Run one cell (in a worker's sandboxed process) into a temporary folder; return its files. */
export async function sweepCellJob(data: unknown): Promise<SweepCellJobResult> {
  const d = data as SweepCellJobData;
  if (!(d && typeof d === "object" && d.spec && d.cell && typeof d.cell.name === "string" && d.env))
    throw new Error("geb.sweep-cell job: payload needs spec, cell and env");
  const { spec, cell } = d;
  if (spec.runner.kind === "model" || (spec.runner.kind === "pipeline" && spec.runner.model))
    throw new Error(
      "geb.sweep-cell job: cells with a model run on the coordinator (their requests are jobs)",
    );
  const root = mkdtempSync(join(tmpdir(), "oraclebench-cell-"));
  // The coordinator's values of the variables a cell records, for this job only.
  const saved = Object.keys(d.env ?? {}).map((k) => [k, process.env[k]] as const);
  const setEnv = (pairs: readonly (readonly [string, string | null | undefined])[]) => {
    for (const [k, v] of pairs)
      if (v == null) delete process.env[k];
      else process.env[k] = v;
  };
  setEnv(Object.entries(d.env ?? {}));
  try {
    let outcome: CellOutcome;
    if (spec.runner.kind === "baseline") {
      const { runBaselineCell } = await import("../sweep/cell.js");
      outcome = runBaselineCell(spec, cell, root);
    } else {
      await import("../sweep/pipeline-cell.js");
      const { runMainThreadCell } = await import("../sweep/sweep.js");
      outcome = await runMainThreadCell(spec, root, cell, {});
    }
    const dir = join(root, cell.name);
    const files: Record<string, string> = {};
    for (const name of readdirSync(dir).sort())
      files[name] = gzipSync(readFileSync(join(dir, name))).toString("base64");
    return { dataPath: join(root, cell.name, "data.jsonl"), files, wall_s: outcome.wall_s };
  } finally {
    setEnv(saved);
    rmSync(root, { recursive: true, force: true });
  }
}
