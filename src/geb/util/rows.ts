/**
 * Row utilities over JSONL text: `limit` (the reference's `limit_jsonl.py`) and `filter-ids`
 * (`filter_jsonl_by_ids.py`). Pure: text in, text out; ./api.ts reads and writes the files.
 */
import { InputError } from "../../core/errors.js";
import { pyJsonDumps, pySplitLines, pyStr, pyStrip } from "../../core/pyjson.js";
import { pyJsonLoads } from "../../core/pyjsonloads.js";

/** Lines as Python's text-mode iteration yields them (universal newlines), 1-based numbers. */
export function textLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** A JSONL line decoded as Python's `json.loads` (floats, key order and big ints kept). */
export function loadsLine(line: string, file: string, lineNo: number): unknown {
  try {
    return pyJsonLoads(line);
  } catch (e) {
    throw new InputError(`invalid JSON: ${(e as Error).message}`, { file, line: lineNo });
  }
}

/** Non-blank lines decoded, each required to be a JSON object (errors name file and line). */
export function objectRows(text: string, file: string): { line: number; row: Record<string, unknown> }[] {
  const out: { line: number; row: Record<string, unknown> }[] = [];
  textLines(text).forEach((raw, i) => {
    const s = pyStrip(raw);
    if (!s) return;
    const v = loadsLine(s, file, i + 1);
    if (v === null || typeof v !== "object" || Array.isArray(v))
      throw new InputError("a row must be a JSON object", { file, line: i + 1 });
    out.push({ line: i + 1, row: v as Record<string, unknown> });
  });
  return out;
}

/**
 * The first `maxRows` non-blank lines, stripped, newline-joined with a final newline (the
 * reference's bytes). Ours also checks each kept line is JSON (the reference copies any text).
 */
export function limitRows(text: string, maxRows: number, file: string): { text: string; rows: number } {
  if (!(maxRows > 0)) throw new InputError("--max-rows must be > 0");
  const kept: string[] = [];
  const lines = textLines(text);
  for (let i = 0; i < lines.length && kept.length < maxRows; i++) {
    const s = pyStrip(lines[i]);
    if (!s) continue;
    loadsLine(s, file, i + 1);
    kept.push(s);
  }
  return { text: `${kept.join("\n")}\n`, rows: kept.length };
}

/** Ids of an id file: one per line (Python `splitlines`), stripped, blanks skipped. */
export function parseIds(text: string): Set<string> {
  const ids = new Set<string>();
  for (const line of pySplitLines(text)) {
    const v = pyStrip(line);
    if (v) ids.add(v);
  }
  return ids;
}

/** A row's id as the reference compares it: `str(id).strip()`, "" when absent or null. */
export const rowId = (row: Record<string, unknown>): string =>
  row.id === undefined || row.id === null ? "" : pyStrip(pyStr(row.id));

/**
 * Keep (or with `invert` drop) the rows whose id is in `ids`; rows re-encoded as the
 * reference writes them (`json.dumps(row, ensure_ascii=True)`).
 */
export function filterRowsById(
  text: string,
  ids: ReadonlySet<string>,
  invert: boolean,
  file: string,
): { text: string; inRows: number; outRows: number } {
  const rows = objectRows(text, file);
  let out = "";
  let outRows = 0;
  for (const { row } of rows) {
    if (ids.has(rowId(row)) === invert) continue;
    out += `${pyJsonDumps(row)}\n`;
    outRows++;
  }
  return { text: out, inRows: rows.length, outRows };
}
