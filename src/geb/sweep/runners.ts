/**
 * Cell runners that answer a generated dataset in the main thread (model calls are I/O bound,
 * so the engine's own concurrency does the parallel work). Baseline cells do not come here:
 * they are CPU work and run in worker threads (./worker.ts).
 *
 * Extension point: the GEB retrieval/selection pipeline registers `"pipeline"` with
 * `registerCellRunner`; until then a grid that needs it fails up front with a clear message.
 */
import { InputError } from "../../core/errors.js";
import type { PayloadParts } from "./cell.js";
import type { Cell, SweepSpec } from "./grid.js";

export interface MainCellContext {
  spec: SweepSpec;
  cell: Cell;
  /** The cell's run dir; `data.jsonl` is already written there. */
  dir: string;
  dataPath: string;
  /** Write predictions here ({id, value, support_ids} per line), as the reference sweep does. */
  predsPath: string;
  /** Options that do not change answers (endpoints, concurrency, cache dir), from the CLI. */
  runtime: SweepRuntime;
}

export type MainCellRunner = (ctx: MainCellContext) => Promise<PayloadParts>;

/** Non-hashed run options handed to main-thread runners. */
export interface SweepRuntime {
  /** For `model` / `pipeline` cells: the parsed engine flags (see core/engine/cli.ts). */
  engine?: unknown;
  /** GEB prompt options for model cells. */
  gebPrompt?: unknown;
  /** `--max-unparseable-share` for model cells (default 0.5; see core/engine/unparseable.ts). */
  maxUnparseableShare?: number;
  /** Run these cells elsewhere (`--queue`) and report each, in order; replaces running them here. */
  remoteCells?: (
    spec: SweepSpec,
    out: string,
    cells: readonly Cell[],
    onDone: (o: import("./cell.js").CellOutcome) => void,
    tick: (n: number) => void,
  ) => Promise<void>;
  [key: string]: unknown;
}

/** Checks every cell of a grid before anything is written (throws InputError). */
export type CellValidator = (spec: SweepSpec, cells: readonly Cell[]) => void;

const runners = new Map<string, MainCellRunner>();
const validators = new Map<string, CellValidator>();

export function registerCellRunner(
  kind: "model" | "pipeline",
  run: MainCellRunner,
  validate?: CellValidator,
): void {
  runners.set(kind, run);
  if (validate) validators.set(kind, validate);
}

/** Run the kind's validator, if it has one (the sweep calls this before writing any file). */
export function validateRunnerCells(kind: string, spec: SweepSpec, cells: readonly Cell[]): void {
  validators.get(kind)?.(spec, cells);
}

export function cellRunnerFor(kind: string): MainCellRunner {
  const r = runners.get(kind);
  if (!r) {
    throw new InputError(
      kind === "pipeline"
        ? "pipeline cells need the GEB retrieval/selection pipeline, which is not registered in this build (registerCellRunner('pipeline', …))"
        : `no cell runner registered for "${kind}"`,
      { field: kind === "pipeline" ? "pipeline grid" : "--model" },
    );
  }
  return r;
}

export function hasCellRunner(kind: string): boolean {
  return runners.has(kind);
}
