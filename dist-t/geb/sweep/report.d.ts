import { type ReportDoc } from "../../core/report/html.js";
type Obj = Record<string, unknown>;
interface Run {
    name: string;
    dir: string;
    payloads: Obj[];
    summary: Obj | null;
}
export interface CellRow {
    run: string;
    cell: string;
    baseline: string;
    seed: number | null;
    state_mode: string;
    distractor_profile: string;
    steps: number | null;
    max_book_tokens: number | null;
    k: number | null;
    rerank: string | null;
    order: string | null;
    authority_filter: string | null;
    drop_prob: number | null;
    note_rate: number | null;
    update_burst_rate: number | null;
    value_acc: number | null;
    exact_acc: number | null;
    cite_f1: number | null;
    entailment: number | null;
    instr_override_rate: number | null;
    instr_conflict_present_rate: number | null;
    state_integrity_rate: number | null;
    instruction_gap: number | null;
    tokens_per_q: number | null;
    /** `value [95% CI]` clustered by episode (docs/statistics.md); null when the run has none. */
    value_acc_ci: string | null;
    exact_acc_ci: string | null;
}
/**
 * Every run under `root` (itself included), sorted: dirs holding a combined.json (sweep trees,
 * reference sweeps) and `geb model` / pipeline-grid run dirs (results.json of model runs).
 */
export declare function findRuns(root: string): Run[];
export declare function cellRows(runs: readonly Run[]): CellRow[];
export interface GebReportOptions {
    dir: string;
    out?: string;
    png?: boolean;
    chromium?: string;
    wallMetric?: string;
    wallThreshold?: number | null;
}
/** The report document (pure given the runs); exported for tests and other front ends. */
export declare function gebReportDoc(root: string, opts?: GebReportOptions): ReportDoc;
export declare function writeGebReport(opts: GebReportOptions): Promise<{
    html: string;
    charts: number;
    tables: number;
    pngs: number;
}>;
export {};
