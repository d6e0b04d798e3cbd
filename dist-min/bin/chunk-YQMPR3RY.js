import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/core/journal.ts
import { open, readFile, truncate } from "node:fs/promises";
async function repairJournalTail(file) {
  let buf;
  try {
    buf = await readFile(file);
  } catch (e) {
    if (e.code === "ENOENT") return 0;
    throw e;
  }
  if (buf.length === 0 || buf[buf.length - 1] === 10) return 0;
  const start = buf.lastIndexOf(10) + 1;
  const tail = buf.subarray(start).toString("utf8");
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
    const fh = await open(file, "a");
    try {
      await fh.write("\n");
    } finally {
      await fh.close();
    }
    return 0;
  }
  await truncate(file, start);
  return buf.length - start;
}

export {
  repairJournalTail
};
