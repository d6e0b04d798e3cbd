/**
 * Plain-text table for `--format table`: the column headers are the JSON keys (so the table
 * and `--format json` name things the same way), numbers right-aligned, null printed as "-".
 */
export declare function formatTable(rows: readonly object[], columns?: readonly string[]): string;
