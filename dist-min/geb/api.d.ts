import type { IntervalsBlock } from "../core/stats/index.js";
import { type BaselineName } from "./baselines/baselines.js";
import { type GradeOptions, type MetricDialect, type Metrics, type PredFields } from "./grade/grade.js";
import { AtomicWriter } from "./io.js";
import { type GebRowRead } from "./dataset/schema.js";
import { type Compat, type GenerateConfig, type Protocol } from "./dataset/types.js";
export type ProtocolChoice = Protocol | "both";
/**
 * An atomic writer for an output path, after checking the path can be a file: a directory, or
 * a parent that is a file, is a one-line InputError before anything is written.
 */
export declare function openOutput(file: string, opts?: {
    background?: boolean;
    durable?: boolean;
}): AtomicWriter;
/**
 * Stream dataset rows (validated; errors name file, line and field). Rows of one episode share
 * their document/book string objects, so downstream per-episode caches compare by pointer.
 */
export declare function forEachDataRow(file: string, onRow: (row: GebRowRead, line: number) => void): void;
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
export declare function readPredictionIndex(file: string, dialect?: MetricDialect): PredictionIndex;
/** `readPredictionIndex(...).preds` (kept for callers that only need the answers). */
export declare function readPredictions(file: string, strict?: boolean): Map<string, PredFields>;
export interface GenerateResult {
    rows: number;
    episodes: number;
    out: string;
}
export declare function generateToFile(config: Partial<GenerateConfig>, out: string): GenerateResult;
/**
 * `generateToFile` with the file write overlapped with generation (what the CLI uses): the
 * same bytes, written by the thread pool while the next rows are generated. Rows are encoded
 * straight into two fixed chunks (one filling while the other is written), so memory stays
 * flat and no per-row buffers are allocated; an episode's document and book are encoded once
 * and copied into each of its rows.
 */
export declare function generateToFileAsync(config: Partial<GenerateConfig>, out: string, 
/** Chunk size in bytes (tests use small ones to cross every boundary case). */
chunkBytes?: number): Promise<GenerateResult>;
export declare function baselineToFile(opts: {
    data: string;
    baseline: BaselineName;
    protocol: Protocol;
    out: string;
    /** Ledger baseline semantics: 1.0 (default; agrees with gold) or reference-0.1 (the reference's). */
    dialect?: Compat;
}): {
    predictions: number;
};
export interface GradeReport {
    metrics: Metrics;
    options: GradeOptions;
    /** Prediction-file findings; `unknown_ids`: ids no data row has (never graded). */
    intake: PredictionIntake & {
        unknown_ids: number;
        unknown_examples: string[];
    };
    /** Intervals on the per-row rates (metrics 1.0 only; docs/statistics.md). */
    intervals?: IntervalsBlock;
}
export declare function gradeFiles(opts: {
    data: string;
    pred: string;
    options?: Partial<GradeOptions>;
    rowResults?: string;
}): GradeReport;
/**
 * One stderr line about what a prediction file held besides answers for the data rows, or
 * null when there is nothing to say. `geb grade --strict` turns it into an error.
 */
export declare function intakeWarning(intake: GradeReport["intake"]): string | null;
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
    data: {
        path: string;
        n: number;
    };
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
export declare function metricsForJson(m: Metrics, dialect: GradeOptions["metrics"]): Record<string, number | null>;
export declare function resultsJsonText(payloads: readonly RunPayload[]): string;
export interface RunLaneReport {
    protocol: Protocol;
    metrics: Metrics;
    efficiency: Efficiency;
    intervals?: IntervalsBlock;
}
export declare function runBaseline(opts: RunOptions): {
    payloads: RunPayload[];
    reports: RunLaneReport[];
};
/**
 * Python `f"{x:.{d}f}"`: round half even on the exact binary value (`toFixed` rounds ties
 * up), and a negative number that rounds to zero keeps its sign (`-0.000`), as in Python.
 */
export declare function pyFixed(x: number, d: number): string;
/**
 * The reference's one-line report (`_print_report`). Under `reference-0.1` it is the
 * reference's line exactly; 1.0 appends `missing=<n>` when predictions are missing.
 */
export declare function formatReport(m: Metrics, prefix?: string, eff?: Efficiency, dialect?: MetricDialect): string;
export interface BookValidationReport {
    checked: number;
    invalid: {
        line: number;
        id: string;
        errors: string[];
        bookLine?: number;
    }[];
}
/** Validate each distinct book of a dataset (rows of an episode share one). */
export declare function validateBooks(data: string, dialect?: Compat): BookValidationReport;
/**
 * Generate a small default dataset (2 episodes + twins), run both baselines on both protocols
 * and print the metric table. Returns the per-lane reports.
 */
export declare function runDemo(opts?: {
    dir?: string;
    log?: (line: string) => void;
    episodes?: number;
}): RunLaneReport[];
