import { type Metrics, RESULT_FLOAT_KEYS } from "../grade/grade.js";
import type { RowStat } from "../summary/rowstats.js";
import { type GenerateConfig } from "../dataset/types.js";
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
}
export declare function generateConfigFor(spec: SweepSpec, cell: Cell): GenerateConfig;
/** Fail before any work if a cell's generator config is unsupported (e.g. profile × mode). */
export declare function validateCells(spec: SweepSpec, cells: readonly Cell[]): void;
/**
 * The reference sweep's `config` block for one cell (its key order), plus our additions at the
 * end (none when both dialects are reference-0.1).
 */
export declare function cellConfigBlock(spec: SweepSpec, cell: Cell): Record<string, unknown>;
/** Metrics block: the reference's 14 keys in its order; the 1.0 dialect adds ours after them. */
export declare function metricsBlock(m: Metrics, dialect: SweepSpec["metrics"]): Record<string, number | null>;
export declare function envSnapshot(): Record<string, string | null>;
export interface PayloadParts {
    baseline: string;
    n: number;
    metrics: Record<string, number | null>;
    metricsRaw: Record<string, number | null> | null;
    efficiency: Record<string, unknown>;
    artifactStats: unknown[];
    retrievalStats: unknown[];
}
/** The reference sweep's per-cell payload, key for key. */
export declare function cellPayload(spec: SweepSpec, cell: Cell, outRoot: string, parts: PayloadParts): Record<string, unknown>;
export declare function payloadText(payload: unknown): string;
/** Remove temp files a killed run left in a cell dir (atomic writers name them `*.tmp-<pid>`). */
export declare function prepareCellDir(dir: string): void;
/** Write results.json (last, atomically) and timing.json; returns the outcome. */
export declare function finishCell(spec: SweepSpec, cell: Cell, outRoot: string, parts: PayloadParts, wall: number): CellOutcome;
/**
 * A baseline cell (ledger or naive, closed book), as the reference sweep runs without
 * --adapter. One pass: each generated episode is written to data.jsonl, answered and graded
 * from memory (the same rows the file holds), so the cell never re-reads its own dataset.
 * `geb run` on the written data.jsonl gives the same predictions and metrics (tested).
 */
export declare function runBaselineCell(spec: SweepSpec, cell: Cell, outRoot: string): CellOutcome;
