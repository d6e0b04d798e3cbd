/** Rendering an episode into rows: document, book, questions and per-row metadata (recency). */
import { type Dialect } from "./book.js";
import { type LedgerState } from "./state.js";
import type { GebRow, GenerateConfig } from "./types.js";
import { type Episode } from "./episode.js";
interface KeyStats {
    last_update_step: number;
    tokens_since_update: number;
    distractors_since_update: number;
    writes_to_key: number;
    instruction_nearby: boolean;
}
/**
 * `_compute_recency_stats`: per key, recency of its last authoritative update in the log.
 * Two linear passes instead of the reference's scan of the log tail per key.
 */
export declare function recencyStats(logLines: readonly string[], keys: readonly string[], dialect: Dialect, 
/**
 * The document (`renderDocument(logLines)`), if the caller has it: one whitespace test for
 * all lines, trusted only when the trailing trim removed nothing (it holds every line whole).
 */
document?: string): Map<string, KeyStats>;
export declare const joinChapters: (chapters: readonly (readonly string[])[]) => string[];
export declare function renderDocument(logLines: readonly string[]): string;
/** Rows of one (base) episode. */
export declare function episodeRows(ep: Episode, final: LedgerState, cfg: GenerateConfig): GebRow[];
export {};
