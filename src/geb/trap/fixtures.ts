/**
 * Trap fixture files: serialisation exactly as the reference writes them
 * (`json.dumps(row, ensure_ascii=False)` per line) and a validating reader.
 */
import { pyJsonDumps } from "../../core/pyjson.js";

/** JSONL text of rows, byte-identical to the reference's `write_jsonl`. */
export function serializeTrapRows(rows: readonly unknown[]): string {
  let out = "";
  for (const r of rows) out += `${pyJsonDumps(r, { ensureAscii: false })}\n`;
  return out;
}
