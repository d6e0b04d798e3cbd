import { InputError } from "./errors.js";
export interface JsonlRow<T = unknown> {
    /** 1-based line number in the file. */
    line: number;
    value: T;
}
/**
 * Stream a JSONL file row by row (memory stays flat whatever the file size). Blank lines
 * are skipped; a line that is not JSON raises an InputError naming file and line.
 */
export declare function readJsonl<T = unknown>(file: string, parse?: (value: unknown, line: number) => T): AsyncGenerator<JsonlRow<T>>;
/** Read a whole JSONL file into memory (for small files; prefer `readJsonl` for big ones). */
export declare function readJsonlAll<T = unknown>(file: string, parse?: (value: unknown, line: number) => T): Promise<T[]>;
/** Read and parse a JSON file; parse errors name the file. */
export declare function readJsonFile(file: string): Promise<unknown>;
/**
 * Read and parse a JSON file synchronously (config files, small artifacts). A UTF-8 BOM is
 * ignored; errors name the file, and `what` says what the file was for.
 */
export declare function readJsonFileSync(file: string, what?: string): unknown;
/** Reason an output path cannot be written as a file, or undefined when it can be tried. */
export declare function outputPathProblem(file: string): Promise<string | undefined>;
/**
 * Fail early (before any work) when `file` cannot be an output file: an InputError naming it.
 * The writers check again; this only spares the user a long run that ends in that error.
 */
export declare function checkOutputPath(file: string): Promise<void>;
/** The filesystem error of writing `file` as an InputError naming it (bad --out, not a bug). */
export declare function writeError(file: string, e: unknown): InputError;
/**
 * Write a file atomically (temp file + rename) so a failure never leaves a partial artifact.
 * On any failure the temp file is removed and the error is an InputError naming `file`.
 */
export declare function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void>;
/**
 * Append-only JSONL writer: each row is one `write` of a full line, fsync'd on close. Rows
 * are not fsync'd one by one: a killed process loses nothing already written (the kernel
 * holds it), and what a power loss may cut is a tail that resume (keyed rows, torn last line
 * repaired) simply redoes.
 */
export declare class JsonlAppender {
    private readonly fh;
    private constructor();
    static open(file: string): Promise<JsonlAppender>;
    append(line: string): Promise<void>;
    close(): Promise<void>;
}
/**
 * Group commit over a JsonlAppender: lines pushed while a write is in flight go out together
 * in the next single write. With many writers finishing at once (a server with hundreds of
 * players) the disk, not the CPU, is the bottleneck, and one write per line would queue every
 * request behind all the others. Lines stay whole and in push order; `push` resolves once its
 * line is written, so a caller may wait for durability or not.
 */
export declare class GroupAppender {
    private readonly out;
    private pending;
    private waiters;
    private flushing;
    constructor(out: JsonlAppender);
    push(line: string): Promise<void>;
    private flush;
    close(): Promise<void>;
}
