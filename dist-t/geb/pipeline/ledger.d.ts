export type LedgerOp = "SET" | "CLEAR" | "NOTE";
export interface Candidate {
    uid: string;
    step: number;
    /** The op a selector sees (after authority spoofing). */
    op: LedgerOp;
    key: string;
    value: string | null;
    /** Position in the book's ledger (0-based): the recency tie-break after `step`. */
    index: number;
    /** The op written in the book; metrics always use this one. */
    trueOp: LedgerOp;
    /** Set by the spoof stage: the presented op was flipped. */
    spoofed: boolean;
}
/**
 * All ledger entries of a book, in ledger order. Rows of one episode share their book, so
 * recent parses are memoised by book text (small LRU). Returned arrays are shared: never
 * mutate them (the pipeline copies what it changes).
 */
export declare function ledgerCandidates(book: string): readonly Candidate[];
/** Newer first: higher step, then later in the ledger. The one recency order used everywhere. */
export declare function newerFirst(a: Candidate, b: Candidate): number;
/** Ledger order (older first), the order retrieved candidates are presented in before `order`. */
export declare function ledgerOrder(a: Candidate, b: Candidate): number;
/** The text a lexical or dense retriever indexes for an entry (reference `_entry_text`). */
export declare function entryText(e: Candidate): string;
