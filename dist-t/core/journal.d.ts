/**
 * Cut a torn last line (no newline and not JSON) off `file`; give a complete last row that
 * lacks its newline one, so the next append starts a new line. A missing file is left alone.
 * Returns the number of bytes cut. Only the last line is judged: a bad line elsewhere is
 * still reported by the reader, naming its line.
 */
export declare function repairJournalTail(file: string): Promise<number>;
