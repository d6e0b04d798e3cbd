import type { Summary } from "../summary/summarize.js";
import { type PipelineConfig } from "./config.js";
import { type ModelRunPayload } from "./gebmodel.js";
export type GridAxis = [key: keyof PipelineConfig, values: unknown[]];
/** `key=v1,v2,…` → an axis (values checked against the key's type). */
export declare function parseAxis(spec: string): GridAxis;
export declare function gridCells(axes: readonly GridAxis[]): Record<string, unknown>[];
export declare function cellName(cell: Record<string, unknown>): string;
export interface GridCellResult {
    name: string;
    cell: Record<string, unknown>;
    payloads: ModelRunPayload[];
    summary: Summary;
}
export interface GridOptions {
    data: readonly string[];
    axes: readonly GridAxis[];
    /** Base flags applied to every cell (cell values override). */
    flags?: Partial<PipelineConfig>;
    configFile?: string | null;
    outDir?: string;
    thresholds?: string;
    env?: NodeJS.ProcessEnv;
    progress?: boolean;
}
export declare function runGrid(opts: GridOptions): Promise<GridCellResult[]>;
export declare const GRID_COLUMNS: readonly ["value_acc", "exact_acc", "gold_present_rate", "selection_rate", "selection_rate_latest_entry", "selected_note_rate", "wrong_update_rate", "spoof_accept_rate_non_gold", "abstain_rate", "abstain_precision", "abstain_recall"];
export declare function gridTable(cells: readonly GridCellResult[]): Record<string, unknown>[];
export declare function formatGrid(cells: readonly GridCellResult[]): string[];
