/**
 * Append-only JSONL journals (run rows, step logs) that a run resumes from. A writer killed
 * mid-append (SIGKILL between two `write`s of one batch, a crash, a full disk) can leave a
 * torn last line; `repairJournalTail` makes the file safe to read and append to again.
 */
import { open, readFile, truncate } from "node:fs/promises";
/**
 * Cut a torn last line (no newline and not JSON) off `file`; give a complete last row that
 * lacks its newline one, so the next append starts a new line. A missing file is left alone.
 * Returns the number of bytes cut. Only the last line is judged: a bad line elsewhere is
 * still reported by the reader, naming its line.
 */
export async function repairJournalTail(file) {
    let buf;
    try {
        buf = await readFile(file);
    }
    catch (e) {
        if (e.code === "ENOENT")
            return 0;
        throw e;
    }
    if (buf.length === 0 || buf[buf.length - 1] === 10)
        return 0;
    const start = buf.lastIndexOf(10) + 1;
    const tail = buf.subarray(start).toString("utf8");
    let complete = tail.trim() === "";
    if (!complete) {
        try {
            JSON.parse(tail);
            complete = true;
        }
        catch {
            complete = false;
        }
    }
    if (complete) {
        const fh = await open(file, "a");
        try {
            await fh.write("\n");
        }
        finally {
            await fh.close();
        }
        return 0;
    }
    await truncate(file, start);
    return buf.length - start;
}
//# sourceMappingURL=journal.js.map