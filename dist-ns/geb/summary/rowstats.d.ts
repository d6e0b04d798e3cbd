/**
 * Per-row statistics of a run: what was asked, what came back, and (for pipeline runs) what
 * the selection stage did. Every summary number (decomposition, recency buckets, drift) is
 * computed from these rows alone, so `geb summarize` needs nothing but the results JSON.
 */
import type { RowResult } from "../grade/grade.js";
import type { GebAnswer } from "../model/index.js";
import { type LedgerOp } from "../pipeline/ledger.js";
import type { RowPipelineOutcome } from "../pipeline/run.js";
import { type PipelineRow } from "../pipeline/select.js";
export interface RowStat {
    id: string;
    trial: number;
    episode_id: string | null;
    q_index: number | null;
    key: string | null;
    query_type: string | null;
    has_instruction: boolean;
    tokens_since_update: number | null;
    distractors_since_update: number | null;
    writes_to_key: number | null;
    gold_value: string | null;
    pred_value: string | null;
    pred_support_ids: string[];
    /** No answer in contract (missing, invalid or failed request): graded wrong. */
    missing: boolean;
    value_ok: boolean;
    exact_ok: boolean;
    /** `pipeline`: selection traced. `model`: a plain model; its citation is its selection. */
    stage: "pipeline" | "model";
    /** Counted in the decomposition (direct query with a key and a ledger). */
    eligible: boolean;
    source: string | null;
    gold_uid: string | null;
    /** Value of the gold ledger line (null for CLEAR or no gold). */
    gold_entry_value: string | null;
    latest_entry_uid: string | null;
    latest_entry_op: LedgerOp | null;
    candidate_uids: string[] | null;
    gold_rank: number | null;
    latest_entry_rank: number | null;
    dropped_correct: boolean;
    gold_present: boolean;
    latest_entry_present: boolean;
    /** The pipeline abstained (no answer attempted). */
    pipeline_abstained: boolean;
    order: string | null;
    spoof_enabled: boolean;
    spoof_count: number;
    selected_uid: string | null;
    selected_op: LedgerOp | null;
    selected_spoofed: boolean | null;
    pick_uid: string | null;
    copy_clamped: boolean | null;
    /**
     * The reference's per-row diagnostic keys, so its own scripts (summarize_results.py, drift)
     * read our runs: `correct_included` = gold_present, `correct_uid` = gold_uid (the
     * authoritative line; the reference's retriever names the newest entry), `correct_rank` =
     * gold_rank, `abstained` = pipeline_abstained, `gold_missing` = eligible and not present.
     */
    correct_included: boolean;
    correct_uid: string | null;
    correct_rank: number | null;
    abstained: boolean;
    gold_missing: boolean;
}
type CoreStat = Omit<RowStat, "correct_included" | "correct_uid" | "correct_rank" | "abstained" | "gold_missing">;
/**
 * Adds the reference's diagnostic keys (derived; never set independently) to a fresh stat,
 * in place: a second 45-key object spread per row cost more than the rest of the row.
 */
export declare function withReferenceDiag(s: CoreStat): RowStat;
export declare function pipelineRowStat(row: PipelineRow & {
    episode_id?: string;
}, trial: number, g: RowResult, ans: GebAnswer | undefined, o: RowPipelineOutcome, spoofEnabled: boolean): RowStat;
/**
 * A plain model's row: it read the ledger view itself, so gold counts as present whenever
 * the row has a gold line, and its first citation is its selection.
 */
export declare function modelRowStat(row: PipelineRow & {
    episode_id?: string;
}, trial: number, g: RowResult, ans: GebAnswer | undefined): RowStat;
/**
 * The first field of `v` that is not a RowStat's (`{ field, expected }`), or undefined when `v`
 * is a whole RowStat. Rows read back from a file are checked before any statistic uses them.
 */
export declare function rowStatProblem(v: unknown): {
    field: string;
    expected: string;
} | undefined;
export {};
