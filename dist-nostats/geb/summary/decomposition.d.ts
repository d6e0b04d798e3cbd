/**
 * The decomposition gold present → selected → answered → correct, from per-row statistics.
 *
 * Defined against the row's authoritative gold UPDATE. The reference calls the newest ledger
 * entry of any op "correct" (a NOTE when one came later), so a selector that always picks
 * NOTEs scores selection 1.0 in kv_commentary; its variants are kept, suffixed
 * `_latest_entry`. Other fixes: `spoof_accept_rate_non_gold` counts each spoofed non-gold pick
 * once (the reference's summary never increments it, its per-run CSV counts it twice);
 * gold present and gold missing partition the rows (the reference counts a dropped gold in
 * both, so abstain denominators overlap).
 */
import type { RowStat } from "./rowstats.js";
export declare const DECOMPOSITION_COUNT_KEYS: readonly ["total", "gold_present", "gold_missing", "latest_entry_present", "value_ok_when_present", "value_ok_when_latest_entry_present", "selection_ok", "selection_latest_entry_ok", "gold_selected_value_ok", "substring_total", "substring_ok", "support_consistency_total", "support_consistency_ok", "gold_support_total", "gold_support_ok", "selected_total", "selected_note", "selected_non_gold", "selected_wrong_update", "selector_pick_total", "selector_pick_ok", "spoof_total", "spoof_accepted", "spoof_accepted_non_gold", "abstain_total", "abstain_on_missing", "rank_n", "rank_sum", "dropped"];
export type DecompositionCounts = Record<(typeof DECOMPOSITION_COUNT_KEYS)[number], number>;
export declare function emptyCounts(): DecompositionCounts;
export declare function addCounts(a: DecompositionCounts, b: DecompositionCounts): DecompositionCounts;
/** An abstention: the pipeline abstained, or the answer is empty (no value, no citation). */
export declare function isAbstain(r: RowStat): boolean;
export declare function countRows(rows: Iterable<RowStat>): DecompositionCounts;
export interface DecompositionRates {
    n: number;
    gold_present_rate: number | null;
    selection_rate: number | null;
    accuracy_when_gold_present: number | null;
    answer_acc_given_gold_selected: number | null;
    value_acc_when_gold_selected: number | null;
    value_is_substring_of_selected_line_rate: number | null;
    support_consistency_rate: number | null;
    gold_support_selected_rate: number | null;
    selector_pick_rate: number | null;
    selected_note_rate: number | null;
    wrong_update_rate: number | null;
    selected_wrong_update_rate: number | null;
    spoof_accept_rate: number | null;
    spoof_accept_rate_non_gold: number | null;
    gold_missing_rate: number | null;
    drop_rate: number | null;
    abstain_rate: number | null;
    abstain_precision: number | null;
    abstain_recall: number | null;
    correct_rank_mean: number | null;
    gold_present_rate_latest_entry: number | null;
    selection_rate_latest_entry: number | null;
    accuracy_when_gold_present_latest_entry: number | null;
}
export declare function rates(c: DecompositionCounts): DecompositionRates;
/** `gold_present -> selection -> accuracy_when_gold_present -> value_acc` (4 decimals). */
export declare function decompositionLine(r: DecompositionRates, valueAcc: number | null): string | null;
export interface BucketCounts {
    bucket: string;
    lo: number;
    n: number;
    value_ok: number;
    exact_ok: number;
}
export declare const DEFAULT_EDGES: {
    readonly tokens_since_update: readonly [200, 400, 800, 1600];
    readonly distractors_since_update: readonly [2, 4, 8, 16];
    readonly writes_to_key: readonly [1, 2, 4, 8];
};
export type RecencyField = keyof typeof DEFAULT_EDGES;
/**
 * Buckets in numeric order (the reference sorts the labels as strings). Labels are built once
 * per call, not per row: the sweep summary buckets every row of every cell three times.
 */
export declare function recencyBuckets(rows: Iterable<RowStat>, field: RecencyField, edges: readonly number[]): BucketCounts[];
export interface DriftCounts {
    steps_total: number;
    steps_drift: number;
    steps_persist: number;
    wrong_commit: number;
    episodes_total: number;
    episodes_drift: number;
}
export declare function driftCounts(rows: readonly RowStat[]): DriftCounts;
export declare function driftMetrics(d: DriftCounts): {
    step_rate: number | null;
    persistence_rate: number | null;
    wrong_commit_rate: number | null;
    run_rate: number | null;
    step_count: number;
    run_count: number;
};
