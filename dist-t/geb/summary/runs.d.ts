import { type PredFields, type RowResult } from "../grade/grade.js";
import type { ModelRunPayload } from "../pipeline/gebmodel.js";
import type { GebRowRead } from "../dataset/schema.js";
import { type RowStat } from "./rowstats.js";
export interface LoadedRun {
    payload: ModelRunPayload;
    /** The results file it came from. */
    file: string;
}
/** The results files a path stands for (a file, a run dir, or a sweep tree). */
export declare function runFiles(path: string): string[];
/** Sidecar a sweep cell writes beside its data: its per-row statistics, one JSON per line. */
export declare const ROW_STATS_FILE = "row_stats.jsonl";
/** A row's statistics from its grade and the prediction (baseline cells, regraded runs). */
export declare function baselineRowStat(row: Pick<GebRowRead, "id"> & object, g: RowResult, pred: PredFields | undefined): RowStat;
/**
 * A reference-layout payload (sweep cell, reference run) with per-row statistics: a pipeline
 * cell's own, a sweep cell's sidecar, or rebuilt by regrading its data and predictions.
 */
export declare function fromReferencePayload(p: Record<string, unknown>, file: string, field?: string, 
/** The rows of the payload's sidecar, already in memory (a sweep cell run in this process). */
knownRows?: RowStat[]): ModelRunPayload;
/** Runs of one results file (a list of payloads or one payload, of any kind). */
export declare function readRunFile(file: string): LoadedRun[];
/** Every run under the given paths (files, run dirs, sweep trees), in order; at least one. */
export declare function loadRuns(paths: readonly string[]): LoadedRun[];
