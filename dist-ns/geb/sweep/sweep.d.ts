import { type CellOutcome } from "./cell.js";
import { type Cell, type SweepSpec } from "./grid.js";
import { type SweepRuntime } from "./runners.js";
export declare const MANIFEST = "sweep.json";
export declare const MANIFEST_SCHEMA = "oraclebench.geb.sweep/1";
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
export declare function readManifest(dir: string): Manifest | null;
/** Python `json.dumps(list_of_payloads, indent=2)` from the payloads' own indent-2 texts. */
export declare function combinedText(texts: readonly string[]): string;
/**
 * Worker threads for baseline cells when `--jobs` is not given: never slower than one
 * thread. With two cores or fewer the main thread and the OS already use the second core,
 * and workers only add start-up and message CPU (the default sweep took 8.1 s with 2 workers
 * and 4.6 s with --jobs 1 here), so 1. Otherwise one worker per 2× start-up cost of
 * estimated work, at most cores − 1 and the number of cells.
 */
export declare function defaultJobs(spec: SweepSpec, cells: number, cores: number): number;
/**
 * Write combined.json + summary.json if every grid cell has results; returns their paths.
 * `ran`: outcomes of cells run in this process (their results text and row stats are used
 * as they are instead of being read back; the files hold the same bytes).
 */
export declare function assemble(out: string, cells: readonly Cell[], resultsJson?: string | null, ran?: ReadonlyMap<string, CellOutcome>): {
    combined: string;
    summary: string;
} | null;
export declare function runSweep(opts: SweepOptions): Promise<SweepResult>;
/**
 * Join shard outputs into `out`: every input must hold the same grid; each cell is taken from
 * the first input that has it. Result paths are rewritten to point into `out`.
 */
export declare function mergeSweeps(inputs: readonly string[], out: string): SweepResult;
export {};
