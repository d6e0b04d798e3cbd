/** CSV writing (RFC 4180 quoting), for summaries and collections; columns in a fixed order. */
export declare function csvCell(v: unknown): string;
export declare function toCsv(rows: readonly Record<string, unknown>[], columns?: readonly string[]): string;
