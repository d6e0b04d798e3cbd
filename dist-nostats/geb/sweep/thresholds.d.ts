export type IssueStatus = "pass" | "fail" | "missing" | "skipped" | "not_applicable";
export interface Issue {
    check_id: string;
    metric_path: string;
    status: IssueStatus;
    message: string;
    severity: string;
    /** The value read (when there was one); not in the reference's JSON, shown in our table. */
    value?: number | null;
}
export interface ChecksConfig {
    checks: Record<string, unknown>[];
    [k: string]: unknown;
}
export type ThresholdProfile = "release" | "fastlocal";
/** Read a checks config (a UTF-8 BOM is allowed, as the reference reads `utf-8-sig`). */
export declare function loadChecksConfig(file: string): ChecksConfig;
export declare function parseChecksConfig(text: string, file?: string): ChecksConfig;
/** The reference `_get_path`: dotted lookup through objects; null when any step is absent. */
export declare function getPath(data: unknown, path: string): unknown;
/** Python `float(value)` as the reference's `_as_float` applies it (null when it would raise). */
export declare function asFloat(v: unknown): number | null;
/** `check metric` of every optional gate whose metric was absent (reported, never silent). */
export declare function optionalAbsent(issues: readonly Issue[]): string[];
export interface EvaluateOptions {
    root: string;
    profile?: ThresholdProfile;
    strictOptional?: boolean;
    /** Summary reader (default: JSON files under root); returns undefined when absent. */
    readSummary?: (summaryPath: string) => unknown | undefined;
}
export declare function evaluateChecks(config: ChecksConfig, opts: EvaluateOptions): {
    issues: Issue[];
    errorCount: number;
};
/** The reference's `[PASS] id path - message` lines. */
export declare function formatIssuesLines(issues: readonly Issue[]): string;
/** An aligned table (status, severity, check, metric, detail) and a totals line. */
export declare function formatIssuesTable(shown: readonly Issue[], format?: "table" | "lines", all?: readonly Issue[]): string;
