/**
 * The grader: every metric of the GoldEvidenceBench README, row by row (streaming).
 *
 * Two metric dialects:
 * - `1.0` (default) fixes the reference's definitions (docs/geb/differences.md): a missing
 *   prediction is missing and wrong everywhere (never "entailed", never twin-consistent); an
 *   empty gold support set cited with an empty prediction is a perfect citation; values are
 *   compared after JSON-typed normalisation instead of Python `str()`.
 * - `reference-0.1` reproduces the reference's `grade_rows` exactly, including those defects
 *   (checked case by case on the shared parity corpus: tests/geb/parity/grades.test.ts).
 * Both read the word `null` as a null answer and treat a cited NOTE as a known ledger entry
 * that sets nothing.
 */
import { pyStr as corePyStr } from "../../core/pyjson.js";
import type { LedgerEntry } from "../dataset/types.js";
export declare const METRIC_DIALECTS: readonly ["1.0", "reference-0.1"];
export type MetricDialect = (typeof METRIC_DIALECTS)[number];
export interface GradeOptions {
    citations: "auto" | "on" | "off";
    supportMetric: "f1" | "exact";
    maxSupportK: number;
    entailmentCheck: boolean;
    metrics: MetricDialect;
}
export declare const DEFAULT_GRADE_OPTIONS: Readonly<GradeOptions>;
/** What the grader needs of a dataset row. */
export interface GradeRow {
    id: string;
    document: string;
    gold: {
        value?: unknown;
        support_id?: unknown;
        support_ids?: unknown;
    };
    meta: object;
}
/** A prediction after intake (`value` / `support_id` / `support_ids` as given). */
export interface PredFields {
    value?: unknown;
    support_id?: unknown;
    support_ids?: unknown;
}
/** Python truthiness of a JSON value (`PyFloat` and bigint from `pyJsonLoads` included). */
export declare function pyTruthy(v: unknown): boolean;
/** Python `str()` of a decoded JSON value (exact when decoded by `pyJsonLoads`). */
export declare const pyStr: typeof corePyStr;
/**
 * Reference `_norm_value`: strings stripped (Python whitespace), empty or `null` (any case)
 * → None; other values through Python `str()`, stripped, empty → None.
 */
export declare function normValueReference(v: unknown): string | null;
/**
 * 1.0 normalisation by JSON type: strings stripped, empty or the word `null` (any case, as
 * JSON-mode models quote it) → null; numbers as JSON writes them (`3` and `"3"` agree, as a
 * counter answer should); booleans `true`/`false`; arrays joined with "," after normalising
 * members (so `["a","b"]` answers "a,b"); objects as canonical JSON.
 */
export declare function normValue(v: unknown): string | null;
/**
 * Every ledger entry of an episode log (lines after `## Episode Log`), NOTEs included: a
 * NOTE is a real entry a model may cite (it is not authoritative, so entailment ignores its
 * value). Lines are split as Python's `splitlines()` does.
 */
export declare function logEntries(document: string): LedgerEntry[];
/** Per-row outcome (the `grade --row-results` file). */
export interface RowResult {
    id: string;
    missing: boolean;
    value_ok: boolean;
    requires_citation: boolean;
    cite_p: number | null;
    cite_r: number | null;
    cite_f1: number | null;
    cite_ok: boolean | null;
    support_bloat: boolean | null;
    entailed: boolean | null;
    exact: boolean;
    has_instruction: boolean;
    pred_value: string | null;
    gold_value: string | null;
}
export interface Metrics {
    n: number;
    missing: number;
    value_acc: number | null;
    /** Value accuracy on rows whose gold support ids are all among the first k cited. */
    answer_correct_given_selected: number | null;
    exact_acc: number | null;
    cite_f1: number | null;
    cite_p: number | null;
    cite_r: number | null;
    support_bloat: number | null;
    entailment: number | null;
    twin_consistency: number | null;
    twin_flip_rate: number | null;
    instruction_acc: number | null;
    clean_acc: number | null;
    instruction_gap: number | null;
    instr_override_rate: number | null;
    instr_conflict_present_rate: number | null;
    instr_conflict_present_count: number | null;
    state_integrity_rate: number | null;
}
/** Every rate metric of `Metrics` (Python floats in results JSON); counts are excluded. */
export declare const RATE_METRICS: readonly ["value_acc", "answer_correct_given_selected", "exact_acc", "cite_f1", "cite_p", "cite_r", "support_bloat", "entailment", "twin_consistency", "twin_flip_rate", "instruction_acc", "clean_acc", "instruction_gap", "instr_override_rate", "instr_conflict_present_rate", "state_integrity_rate"];
/** Keys whose numbers are Python floats in results JSON (so 1 prints as 1.0, as the reference). */
export declare const RESULT_FLOAT_KEYS: ReadonlySet<string>;
/** Metric keys the reference writes into results JSON, in its order. */
export declare const REFERENCE_RESULT_METRICS: readonly ["value_acc", "exact_acc", "cite_f1", "cite_p", "cite_r", "entailment", "twin_consistency", "twin_flip_rate", "instruction_acc", "instruction_gap", "instr_override_rate", "instr_conflict_present_rate", "instr_conflict_present_count", "state_integrity_rate"];
/** Streaming grader: `add` each data row with its prediction (or undefined), then `result()`. */
export declare class Grader {
    private readonly opts;
    private readonly ref;
    private n;
    private missing;
    private valueOk;
    private citeP;
    private citeR;
    private citeF1;
    private citeTotal;
    private bloatTotal;
    private bloatCount;
    private entailTotal;
    private entailOk;
    private exactOk;
    private instrTotal;
    private instrOk;
    private cleanTotal;
    private cleanOk;
    private selectedTotal;
    private selectedOk;
    /** Instruction rows whose injected value and gold are both defined (reference denominator). */
    private bothDefined;
    private conflictCount;
    private overrideCount;
    private integrityOk;
    private readonly twins;
    private lastDoc;
    private lastUids;
    constructor(opts?: GradeOptions);
    private uidsOf;
    add(row: GradeRow, pred: PredFields | undefined): RowResult;
    /**
     * Every (twin_group, q_index) pair of exactly two rows, in first-seen order: whether it is
     * consistent ("gold equal" ⇔ "predictions equal") and, when the gold differs, whether the
     * prediction flipped (`flipped` null otherwise). The twin metrics are rates over these; the
     * intervals (grade/intervals.ts) resample them by twin group.
     */
    twinPairs(): {
        group: string;
        consistent: boolean;
        flipped: boolean | null;
    }[];
    private twinMetrics;
    result(): Metrics;
}
/**
 * Reference `parse_model_json_answer`: the whole text as a JSON object, else the span from the
 * first "{" to the last "}"; anything else is an empty answer. `python` decodes as Python's
 * `json.loads` does (floats stay floats, `NaN` is accepted), for `reference-0.1`.
 */
export declare function parseJsonAnswer(text: string, python?: boolean): Record<string, unknown>;
/**
 * Prediction intake (`_pred_index`): rows with `value` / `support_id` / `support_ids` are taken
 * as they are; otherwise the first truthy of `output`, `text`, `completion` is parsed for an
 * embedded JSON answer when it is a string. Returns undefined for a row that carries no answer
 * at all (it then replaces nothing: an earlier row with the same id stands).
 */
export declare function predictionFields(row: Record<string, unknown>, python?: boolean): PredFields | undefined;
