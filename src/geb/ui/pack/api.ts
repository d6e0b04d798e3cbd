/** File-level API of the authored pack (the CLI in ./cli.ts is a thin shell over these). */
import { writeTextAtomic } from "../../io.js";
import { buildPack, FAMILIES, type PackOptions } from "./index.js";
import { uiRowsToJsonl } from "../generate.js";

export function writePackFile(
  out: string,
  o: PackOptions,
): { rows: number; tasks: number; families: number } {
  const rows = buildPack(o);
  writeTextAtomic(out, uiRowsToJsonl(rows));
  return { rows: rows.length, tasks: new Set(rows.map((r) => r.task_id)).size, families: FAMILIES.length };
}
