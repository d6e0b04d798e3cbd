/**
 * Retrievers: rank ledger entries for a query. `key` ranks the asked key's entries by
 * recency; `bm25`, `tfidf` and `dense` score every entry against the question text. Equal
 * scores are broken toward the newer entry (higher step, then later ledger line), so a tie
 * never silently favours stale state; the reference dialect keeps the reference's stable
 * sort, which favours the oldest (pipeline config `retrieval_dialect`).
 *
 * The scoring is hand-written (a few lines each) because its exact arithmetic is part of the
 * benchmark's definition: BM25 k1=1.5 b=0.75 with the reference's idf, TF-IDF with smoothed
 * idf and cosine, both over the reference tokenizer.
 */
import { type Candidate } from "./ledger.js";
/** Reference `_tokenize`: lower-case, non-alphanumerics to spaces, split. */
export declare function tokenize(text: string): string[];
export declare function bm25Scores(entries: readonly Candidate[], query: string): Float64Array;
export declare function tfidfScores(entries: readonly Candidate[], query: string): Float64Array;
export declare function cosine(a: Float32Array, b: Float32Array): number;
/** Text → vector, synchronously (vectors of a remote embedder are fetched beforehand). */
export type EmbedLookup = (text: string) => Float32Array;
export declare function denseScores(entries: readonly Candidate[], query: string, embed: EmbedLookup): Float64Array;
export interface Ranking {
    /** Best first. */
    ranked: Candidate[];
    /** Score per entry of `ranked` (null for the key retriever, which only orders by recency). */
    scores: number[] | null;
}
/**
 * Rank candidates by score, ties toward the newer entry; `oldestTies` (the reference: a
 * stable descending sort of ledger-ordered entries) breaks them toward the older one.
 */
export declare function rankByScore(entries: readonly Candidate[], scores: Float64Array, oldestTies?: boolean): Ranking;
/**
 * The `key` retriever: the asked key's entries, newest first. Entries of one step keep the
 * later line first; `earlierLineTies` (the reference's stable sort by step) the earlier one.
 */
export declare function rankByKey(entries: readonly Candidate[], key: string, earlierLineTies?: boolean): Ranking;
