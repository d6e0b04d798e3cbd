/**
 * Append-only JSONL journals (run rows, step logs) that a run resumes from. A writer killed
 * mid-append (SIGKILL between two `write`s of one batch, a crash, a full disk) can leave a
 * torn last line; `repairJournalTail` makes the file safe to read and append to again.
 */
import { open, truncate } from "node:fs/promises";
import { InputError } from "./errors.js";
import { type JsonlRow, readJsonl } from "./jsonl.js";

/** A filesystem error on a journal as an InputError naming it (a bad path, not a bug). */
function readError(file: string, e: unknown): unknown {
  const code = (e as NodeJS.ErrnoException).code;
  if (!code || e instanceof InputError) return e;
  return new InputError(
    code === "EISDIR" ? "is a directory, expected a journal file" : `cannot read journal: ${code}`,
    { file },
  );
}

/**
 * The one journal reader of every resumable run (engine results, gf01 run rows, step logs):
 * repair a torn last line (`repairJournalTail`), then check every row with `check` (the same
 * checks `validate` makes: a resume keeps only rows validate would accept). Any other damage
 * (a line that is not JSON, a row `check` rejects) stops the run: an InputError naming file,
 * line and field. A missing file has no rows. `check` may keep state (duplicates).
 */
export async function readJournal<T>(
  file: string,
  check: (value: unknown, line: number) => T,
): Promise<JsonlRow<T>[]> {
  try {
    await repairJournalTail(file);
  } catch (e) {
    throw readError(file, e);
  }
  const out: JsonlRow<T>[] = [];
  try {
    for await (const row of readJsonl(file, check)) out.push(row);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return out;
    if (e instanceof InputError && e.reason === "cannot read file: ENOENT") return out;
    throw readError(file, e);
  }
  return out;
}

/**
 * Cut a torn last line (no newline and not JSON) off `file`; give a complete last row that
 * lacks its newline one, so the next append starts a new line. A missing file is left alone.
 * Returns the number of bytes cut. Only the last line is judged: a bad line elsewhere is
 * still reported by the reader, naming its line.
 */
export async function repairJournalTail(file: string): Promise<number> {
  let fh: import("node:fs/promises").FileHandle;
  try {
    fh = await open(file, "r");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw e;
  }
  let start: number;
  let tail: string;
  let cut: number;
  try {
    const size = (await fh.stat()).size;
    if (size === 0) return 0;
    const last = Buffer.alloc(1);
    await fh.read(last, 0, 1, size - 1);
    if (last[0] === 10) return 0;
    // Only the last line is read (back from the end, 64 KiB at a time), not the whole journal.
    const buf = Buffer.alloc(65536);
    start = size;
    while (start > 0) {
      const from = Math.max(0, start - buf.length);
      const { bytesRead } = await fh.read(buf, 0, start - from, from);
      const i = buf.subarray(0, bytesRead).lastIndexOf(10);
      start = i >= 0 ? from + i + 1 : from;
      if (i >= 0) break;
    }
    const tailBuf = Buffer.alloc(size - start);
    await fh.read(tailBuf, 0, tailBuf.length, start);
    tail = tailBuf.toString("utf8");
    cut = tailBuf.length;
  } finally {
    await fh.close();
  }
  let complete = tail.trim() === "";
  if (!complete) {
    try {
      JSON.parse(tail);
      complete = true;
    } catch {
      complete = false;
    }
  }
  if (complete) {
    const out = await open(file, "a");
    try {
      await out.write("\n");
    } finally {
      await out.close();
    }
    return 0;
  }
  await truncate(file, start);
  return cut;
}
