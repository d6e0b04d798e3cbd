import type { ModelRunPayload } from "../pipeline/gebmodel.js";
import { type Diagnosis, formatDiagnosis } from "./diagnosis.js";
import { type SummarizeOptions, type Summary } from "./summarize.js";
/** One flat row per run (summary.csv, `geb collect`). */
export declare function flattenRun(p: ModelRunPayload, source?: string): Record<string, unknown>;
export declare function runColumns(rows: readonly Record<string, unknown>[]): string[];
/**
 * Run payloads of one results file: `geb model` runs as written, reference-layout results
 * (sweep cells, combined.json, reference runs) with per-row statistics rebuilt (summary/runs).
 */
export declare function readPayloads(file: string): ModelRunPayload[];
export interface RunArtifacts {
    summary: Summary;
    diagnosis: Diagnosis;
}
export declare function writeRunArtifacts(dir: string, payloads: readonly ModelRunPayload[], opts?: {
    thresholds?: string;
    results?: boolean;
} & SummarizeOptions): RunArtifacts;
export { formatDiagnosis };
