import type { PipelineConfig } from "./config.js";
import { type Candidate, type LedgerOp } from "./ledger.js";
import { type EmbedLookup } from "./retrieval.js";
/** The parts of a dataset row the pipeline reads. */
export interface PipelineRow {
    id: string;
    episode_id?: string;
    book?: string | null;
    question: string;
    gold: {
        value?: unknown;
        support_ids?: unknown;
        support_id?: unknown;
    };
    meta: Record<string, unknown> | object;
}
export interface SelectionTrace {
    id: string;
    key: string | null;
    /** Direct query with a key and a ledger: the pipeline selects; otherwise it passes the row on. */
    eligible: boolean;
    /** The authoritative gold UPDATE (the row's gold support id). */
    gold_uid: string | null;
    /** Newest ledger entry for the key of any op (the reference's `correct_uid`). */
    latest_entry_uid: string | null;
    latest_entry_op: LedgerOp | null;
    candidate_uids: string[];
    /** 1-based rank among the retriever's top-k (before drop); null when not retrieved. */
    gold_rank: number | null;
    latest_entry_rank: number | null;
    dropped_correct: boolean;
    /** Authoritative gold among the final candidates. */
    gold_present: boolean;
    latest_entry_present: boolean;
    abstained: boolean;
    order_applied: string | null;
    spoof_count: number;
    selected_uid: string | null;
    /** The selected entry's op as written in the book (not as presented). */
    selected_op: LedgerOp | null;
    /** null when spoofing is off. */
    selected_spoofed: boolean | null;
}
export interface Selection {
    trace: SelectionTrace;
    /** Final candidates in presented order (ops as presented). */
    candidates: Candidate[];
    /** The selector's pick (null: none made, e.g. rerank none with the answerer choosing). */
    chosen: Candidate | null;
}
export interface SelectorContext {
    config: PipelineConfig;
    /** Aligned linear weights (rerank linear). */
    linearWeights?: readonly number[];
    embed?: EmbedLookup;
}
export declare function rowKey(row: PipelineRow): string | null;
export declare function isDirect(row: PipelineRow): boolean;
export declare function goldUid(row: PipelineRow): string | null;
/**
 * The retrieval query: the question line itself. Rows append answer-format instructions
 * ("Return JSON with keys: value, support_ids. ..."), boilerplate that is the same for every
 * row and only adds noise to a similarity score; the reference queries with all of it.
 */
export declare function retrievalQuery(question: string): string;
/** Reranker pick over presented candidates (null only for an empty list). */
export declare function rerank(cands: readonly Candidate[], row: PipelineRow, key: string, ctx: SelectorContext): Candidate | null;
/**
 * Candidates for a row up to (not including) reranking: used by the pipeline and by
 * `geb selector export`, so training sees exactly what evaluation sees.
 */
export declare function candidatesFor(row: PipelineRow, ctx: SelectorContext): {
    trace: SelectionTrace;
    candidates: Candidate[];
};
/** Whether the pipeline abstains for this row (before any answering). */
export declare function shouldAbstain(trace: SelectionTrace, candidates: readonly Candidate[], c: PipelineConfig): boolean;
/** The full selection stage for one row. */
export declare function selectRow(row: PipelineRow, ctx: SelectorContext): Selection;
