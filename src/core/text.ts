/**
 * Strict UTF-8 text files for readers that must name the file and line of bad input
 * (`TextDecoder` with `fatal: true`; Node's `readFileSync(…, "utf8")` silently replaces bad bytes).
 */
import { readFileSync } from "node:fs";
import { InputError } from "./errors.js";

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
