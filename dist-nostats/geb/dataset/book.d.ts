/**
 * Episode-log and book artifacts: rendering, parsing and the structural book validator.
 *
 * Key grammars. The reference parses ledger and log lines with a generic key
 * (`[A-Za-z][A-Za-z0-9_.:-]*`, its baselines module, also used by its twin maker and grader)
 * but checks glossary lines with `tag\.\d{2}`, so its validator rejects the glossary of a book
 * with keys >= 100 (`- tag.100: ...`). `reference-0.1` reproduces exactly that; `1.0` reads
 * keys as `tag.` plus two or more digits everywhere, glossary included.
 */
import type { Compat, LedgerEntry } from "./types.js";
export type Dialect = Compat;
/** Python `str.splitlines()` for our texts (only `\n`/`\r\n` occur): no trailing empty line. */
export declare function splitLines(text: string): string[];
/**
 * The lines after the first line that is `header` (surrounding whitespace ignored), as
 * `splitLines` gives them; [] without such a line. Books put the ledger last, so finding the
 * header with `indexOf` and splitting only the tail skips splitting the chapters.
 */
export declare function linesAfterHeader(text: string, header: string): string[];
/**
 * Authoritative SET/CLEAR updates of an episode log (lines after `## Episode Log`); with
 * `notes`, NOTE ledger lines too (the reference's `parse_updates` returns them; its state
 * replay skips them, its grader uses them to know which uids exist).
 */
export declare function parseUpdates(document: string, dialect?: Dialect, opts?: {
    notes?: boolean;
}): LedgerEntry[];
/** SET/CLEAR entries of a book's `## State Ledger` section; NOTE lines (commentary) with `notes`. */
export declare function parseBookLedger(book: string, dialect?: Dialect, opts?: {
    notes?: boolean;
}): LedgerEntry[];
/** The book artifact: title, reading rules, glossary, chapters, state ledger (reference layout). */
export declare function renderBook(title: string, chapters: readonly string[], keys: readonly string[], ledger: readonly LedgerEntry[]): string;
export declare function ledgerLine(e: LedgerEntry): string;
export interface BookValidation {
    ok: boolean;
    errors: string[];
    /** 1-based line of the first error, when one applies. */
    line?: number;
}
/**
 * Structural validation of a book: title, `## Reading Rules`, `## Glossary (Tags)`, at least
 * one `## Chapter N`, then `## State Ledger` with ledger-grammar lines only. Chapters must not
 * leak the episode log (`## Episode Log` or raw `UPDATE` lines). Error codes and the order of
 * checks are the reference's (`validate_book_artifact`); the dialects differ only in the key
 * grammar (see the top of this file).
 */
export declare function validateBook(book: string, dialect?: Dialect): BookValidation;
