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
    [key: string]: unknown;
}
/** Checks every cell of a grid before anything is written (throws InputError). */
export type CellValidator = (spec: SweepSpec, cells: readonly Cell[]) => void;
export declare function registerCellRunner(kind: "model" | "pipeline", run: MainCellRunner, validate?: CellValidator): void;
/** Run the kind's validator, if it has one (the sweep calls this before writing any file). */
export declare function validateRunnerCells(kind: string, spec: SweepSpec, cells: readonly Cell[]): void;
export declare function cellRunnerFor(kind: string): MainCellRunner;
export declare function hasCellRunner(kind: string): boolean;
