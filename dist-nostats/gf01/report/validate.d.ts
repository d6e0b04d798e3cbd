import type { LoadedBundle } from "../artifacts/bundle.js";
import { type ManifestCoverage } from "../artifacts/manifest.js";
import { type RowIssue } from "../artifacts/run-record.js";
import type { Scorer } from "../artifacts/scorer.js";
import { type AtomBudgetRule, type CompiledInstance } from "../model/compile.js";
export interface RunValidateOptions {
    strict?: boolean;
    /** Official mode: strict + manifest required (+ bundle required: re-verification is part of "official" here). */
    official?: boolean;
    /** Raw manifest JSON (checked with the official rules). */
    manifest?: unknown;
    bundle?: LoadedBundle;
    score?: Scorer;
    /** Called for every row that passed all checks (report aggregates in the same pass). */
    onRow?: (row: Record<string, unknown>, line: number) => void;
    /** Max issues kept in the preview (counts are always exact). */
    previewLimit?: number;
    /**
     * Atom-budget rule for rows that do not record one (`atom_budget` absent): default
     * "diagnostic", the newest official semantics (the 0.1.0 fixture rows re-score identically
     * under it). Rows that record a rule are always re-scored under their own rule.
     */
    atomBudget?: AtomBudgetRule;
}
export interface ValidationOutcome {
    ok: boolean;
    /** JSON payload for stdout (official field names). */
    payload: Record<string, unknown>;
    issues: RowIssue[];
    rows: number;
    coverage?: ManifestCoverage;
}
/** Recompute one row against the bundle; returns the disagreements (empty = row verified). */
export declare function recomputeIssues(row: Record<string, unknown>, line: number, bundle: LoadedBundle, score: Scorer, compiled: Map<string, CompiledInstance>, manifestIndex?: Map<string, Record<string, unknown>>, defaultRule?: AtomBudgetRule): RowIssue[];
/** Validate a stream of `{line, value}` rows. Bad JSON throws (InputError from readJsonl). */
export declare function validateRows(rows: AsyncIterable<{
    line: number;
    value: unknown;
}> | Iterable<{
    line: number;
    value: unknown;
}>, opts?: RunValidateOptions): Promise<ValidationOutcome>;
/**
 * Internal consistency of one row, checkable without the bundle: flags that imply each other
 * (valid = suff ∧ min1, goal = suff), efficiency counts that follow from the certificate,
 * diagnostic fields that agree with diagnostic_status, no negative runtimes, and only scored
 * commit episodes (practice rollouts are never run rows).
 */
export declare function rowConsistencyIssues(row: Record<string, unknown>, line: number): RowIssue[];
