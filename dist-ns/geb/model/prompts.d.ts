/**
 * GoldEvidenceBench closed-book ledger prompt family: the reference harness's four prompts
 * (citations / value-only, each with or without the query sandwich) as versioned templates,
 * plus the reference's row → prompt pipeline (ledger extraction with the
 * latest-authoritative filter, whitespace truncation, question normalisation).
 * Prompt wording is reproduced exactly because scores depend on it (verified in tests
 * against the reference texts).
 */
import { type PromptTemplate } from "../../core/engine/prompts/registry.js";
import type { ModelRequest, SamplingParams } from "../../core/engine/types.js";
import { pySplitLines, pyStrip } from "../../core/pyjson.js";
export declare const GEB_PROMPT_CITATIONS: PromptTemplate;
export declare const GEB_PROMPT_CITATIONS_SANDWICH: PromptTemplate;
export declare const GEB_PROMPT_VALUE_ONLY: PromptTemplate;
export declare const GEB_PROMPT_VALUE_ONLY_SANDWICH: PromptTemplate;
export declare function gebTemplate(requireCitations: boolean, querySandwich: boolean): PromptTemplate;
/** Stop sequences the reference sends to llama-server (keeps the model from echoing the prompt). */
export declare const GEB_STOP: string[];
/** Reference default completion budget (GOLDEVIDENCEBENCH_LLAMA_SERVER_MAX_TOKENS). */
export declare const GEB_MAX_OUTPUT_TOKENS = 64;
/** Reference default ledger budget (whitespace tokens). */
export declare const GEB_MAX_BOOK_TOKENS = 1600;
export declare const LEDGER_MARKER = "## State Ledger";
export interface LedgerEntry {
    uid: string;
    step: number;
    op: "SET" | "CLEAR" | "NOTE";
    key: string;
    value: string | null;
}
export { pySplitLines, pyStrip };
/**
 * Ledger entries of a book. The rows of one episode share one book (tens of KB), and each
 * row's prompt and answer check both need its ledger, with concurrent rows interleaved, so
 * recent parses are memoised (small LRU keyed by the book text). Returned arrays are shared:
 * do not mutate.
 */
export declare function parseBookLedger(book: string): readonly LedgerEntry[];
export type LedgerMode = "latest_authoritative" | "full";
/**
 * The ledger text the model sees. `latest_authoritative` (reference default) keeps, per key,
 * only the latest SET/CLEAR (NOTE lines dropped), restricted to the asked key when given;
 * `full` passes the ledger section through.
 */
export declare function extractLedger(book: string, key: string | null, mode?: LedgerMode): string;
/**
 * Keep the last `maxTokens` whitespace-separated words (the reference's fallback when no
 * tokenizer is attached, which is always the case for its server adapters).
 */
export declare function truncateWords(text: string, maxTokens: number): string;
/** The parts of a GEB row the prompt needs (the full row type lives in src/geb). */
export interface GebPromptRow {
    id: string;
    book?: string | null;
    artifact?: string | null;
    question: string;
    meta?: Record<string, unknown> | null;
}
export interface GebPromptOptions {
    /** Default when a row's meta has no requires_citation (reference default true). */
    requireCitations?: boolean;
    querySandwich?: boolean;
    maxBookTokens?: number;
    ledgerMode?: LedgerMode;
    /** Restrict the ledger to the asked key (reference LEDGER_KEY_ONLY, default true). */
    ledgerKeyOnly?: boolean;
}
export declare function rowRequiresCitations(row: GebPromptRow, dflt?: boolean): boolean;
export declare function ledgerKeyForRow(row: GebPromptRow, keyOnly?: boolean): string | null;
/** Persona-wrapped questions carry the real question after "[ORIGINAL QUESTION]". */
export declare function normalizePersonaQuestion(question: string): string;
export interface GebPrompt {
    template: PromptTemplate;
    templateRef: string;
    requireCitations: boolean;
    prompt: string;
    ledger: string;
    question: string;
}
/** Build the exact prompt the reference's closed-book adapters send for a row. */
export declare function buildGebPrompt(row: GebPromptRow, opts?: GebPromptOptions): GebPrompt;
/** Reference decoding defaults (greedy, seed 0, 64 tokens, the two stop strings). */
export declare function gebDefaultParams(): SamplingParams;
export declare function gebRequest(prompt: GebPrompt, params?: SamplingParams): ModelRequest;
