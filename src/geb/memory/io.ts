/**
 * Memory files: the JSONL reader (every entry type-checked, errors name file, line and field)
 * and the writers of the summary / details JSON in the reference's exact bytes.
 */
import { InputError } from "../../core/errors.js";
import { writeFileAtomic } from "../../core/jsonl.js";
import { pyJsonDumps, pyStrip } from "../../core/pyjson.js";
import { type MemoryEntry, parseMemoryEntry, SUMMARY_FLOAT_KEYS } from "./verify.js";

// The UTF-8 text reader is shared (src/core/text.ts); re-exported for existing importers.
import { readTextFile } from "../../core/text.js";

export { readTextFile };

/**
 * Non-blank lines of a JSONL text as [1-based line, parsed value]. Lines split like Python's
 * text-mode iteration (\n, \r\n, \r) and are stripped with Python's whitespace set, as the
 * reference's `read_jsonl`; a line that is not JSON is an InputError naming file and line.
 */
export function jsonlValues(
  text: string,
  file: string,
  parse: (line: string) => unknown = JSON.parse,
): [number, unknown][] {
  const out: [number, unknown][] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = pyStrip(raw);
    if (!line) return;
    try {
      out.push([i + 1, parse(line)]);
    } catch (e) {
      throw new InputError(`invalid JSON: ${(e as Error).message}`, { file, line: i + 1 });
    }
  });
  return out;
}

/** Read a memory JSONL file; a badly typed entry field is an InputError naming file, line and field. */
export function readMemoryFile(file: string): MemoryEntry[] {
  return jsonlValues(readTextFile(file, "memory file"), file).map(([line, v]) => {
    try {
      return parseMemoryEntry(v);
    } catch (e) {
      if (e instanceof InputError) throw e.at({ file, line });
      throw e;
    }
  });
}

/** `json.dumps(summary, indent=2)` of the reference (rates written as floats). */
export function summaryJson(summary: unknown): string {
  return pyJsonDumps(summary, { indent: 2, floatKeys: SUMMARY_FLOAT_KEYS });
}

/** Write JSON text atomically (no trailing newline, as the reference's `write_text`). */
export async function writeJsonText(file: string, text: string): Promise<void> {
  await writeFileAtomic(file, text);
}
