/**
 * Memory files: the JSONL reader (every entry type-checked, errors name file, line and field)
 * and the writers of the summary / details JSON in the reference's exact bytes.
 */
import { readFileSync } from "node:fs";
import { InputError } from "../../core/errors.js";
import { writeFileAtomic } from "../../core/jsonl.js";
import { pyJsonDumps, pyStrip } from "../../core/pyjson.js";
import { type MemoryEntry, parseMemoryEntry, SUMMARY_FLOAT_KEYS } from "./verify.js";

const decoder = new TextDecoder("utf-8", { fatal: true });

/** Read a UTF-8 text file (a BOM is dropped, as Python's `utf-8-sig`); errors name the file. */
export function readTextFile(file: string, what = "file"): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw new InputError(
      `cannot read ${what}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      {
        file,
      },
    );
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw new InputError(`${what} is not UTF-8 text`, { file, line: badUtf8Line(bytes) });
  }
}

/** The 1-based line (split at \n bytes) holding the first invalid UTF-8 sequence. */
function badUtf8Line(bytes: Buffer): number | undefined {
  let start = 0;
  for (let line = 1; start <= bytes.length; line++) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    try {
      decoder.decode(bytes.subarray(start, end));
    } catch {
      return line;
    }
    start = end + 1;
  }
  return undefined;
}

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
