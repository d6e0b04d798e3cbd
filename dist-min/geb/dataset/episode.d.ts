/** One episode under construction: its nouns, ids, values for decoys and question wording. */
import type { PyRandom } from "../../core/random.js";
import { type QuerySpec } from "./state.js";
import type { LedgerEntry, StateMode } from "./types.js";
export declare const makeKey: (i: number) => string;
export declare function makeUid(rng: PyRandom, used: Set<string>): string;
export declare function nearMissValue(value: string, rng: PyRandom): string;
export declare function noteCamouflageValue(key: string, value: string, step: number, rng: PyRandom, suite: boolean): string;
export declare function chapterBreaks(steps: number, chapters: number): Set<number>;
/** One query of an episode, before rendering. */
export interface QueryPlan extends QuerySpec {
    qIndex: number;
    hasInstruction: boolean;
    instructionValue: string | null;
    instructionVariant: string | null;
    /** Question text after `Question <qid>: `. */
    ask: string;
}
/** Where one SET lives in the rendered artifacts, and how its narrative line is worded. */
export interface SetSite {
    log: number;
    chapter: number;
    line: number;
    ledger: number;
    narrative: (key: string, value: string) => string;
}
export declare const reportedLine: (key: string, value: string) => string;
export declare const backgroundTabLine: (key: string, value: string) => string;
/** Structured episode: enough to render rows and, in 1.0, to rewrite a twin precisely. */
export interface Episode {
    episodeId: string;
    /** Title of the log header and the book (a 1.0 twin keeps its base's, so only the flip differs). */
    title: string;
    seed: number;
    keys: string[];
    logLines: string[];
    chapters: string[][];
    ledger: LedgerEntry[];
    /** SET uid → where its log line, narrative line and ledger entry are (1.0 twins). */
    setSites: Map<string, SetSite>;
    queries: QueryPlan[];
}
export declare function questionAsk(q: QuerySpec, mode: StateMode): string;
export declare const questionText: (qid: string, ask: string, requireCitations: boolean) => string;
export declare function newEpisode(seed: number, episodeId: string, keys: string[]): Episode;
