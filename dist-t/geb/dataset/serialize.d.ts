import type { GebRow } from "./types.js";
/** Caches the JSON encoding of the (few) distinct long strings of an episode. */
export declare class TextCache {
    private readonly map;
    get(s: string): Buffer;
    clear(): void;
}
/** The pieces of one JSONL line (strings and pre-encoded buffers), in order. */
export declare function rowPieces(row: GebRow, cache: TextCache): (string | Buffer)[];
/** One row as a JSONL line (for tests and small outputs). */
export declare function rowLine(row: GebRow): string;
/**
 * Python `json.dumps(v, ensure_ascii=False)` plus "\n" for any JSON value, through the row
 * encoder (fast for strings, integers, null, lists and plain objects; floats and other
 * shapes go through the general encoder). Used for prediction lines.
 */
export declare function pyJsonLine(v: unknown): string;
