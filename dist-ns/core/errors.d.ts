/**
 * The one error type for bad input. It names where the problem is (file, line, field) so a
 * user can fix their file; CLIs print `message` and exit 2 instead of a stack trace.
 */
export interface ErrorLocation {
    file?: string;
    /** 1-based line number (JSONL rows, HOA lines). */
    line?: number;
    /** Dotted path of the offending field, e.g. `instances[2].base_trace[0].in1`. */
    field?: string;
    /**
     * Keep line breaks in the reason (a usage listing). Otherwise control characters are
     * escaped: a message is one stderr line, and bytes from a hostile file (a newline inside a
     * JSON parse error's snippet, an ANSI escape) cannot forge lines or recolour the terminal.
     */
    multiline?: boolean;
}
/** `s` with C0 control characters (but tab) and DEL escaped, `\n` → `\\n`. */
export declare function oneLine(s: string): string;
export declare class InputError extends Error {
    readonly file?: string;
    readonly line?: number;
    readonly field?: string;
    /** The reason without the location prefix (stable text for tests and reason codes). */
    readonly reason: string;
    constructor(reason: string, where?: ErrorLocation);
    /** The same error with more location filled in (inner code knows the field, outer code the file). */
    at(where: ErrorLocation): InputError;
}
/** Format a zod issue path as a dotted field (`a.b[3].c`). */
export declare function fieldPath(path: readonly PropertyKey[]): string;
