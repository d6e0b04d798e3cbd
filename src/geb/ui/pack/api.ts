/** File-level API of the authored pack (the CLI in ./cli.ts is a thin shell over these). */
import { writeTextAtomic } from "../../io.js";
import { buildPack, FAMILIES, type PackOptions } from "./index.js";
import { readUiFixture } from "../fixture.js";
import { uiRowsToJsonl } from "../generate.js";
import { type PackReport, packReport, packReportMarkdown } from "./report.js";

export function writePackFile(
  out: string,
  o: PackOptions,
): { rows: number; tasks: number; families: number } {
  const rows = buildPack(o);
  writeTextAtomic(out, uiRowsToJsonl(rows));
  return { rows: rows.length, tasks: new Set(rows.map((r) => r.task_id)).size, families: FAMILIES.length };
}

/** `geb ui pack-report`: the per-family table of every agent (markdown, or the JSON report). */
export async function packReportFile(
  fixture: string | undefined,
): Promise<{ report: PackReport; markdown: string }> {
  const rows = fixture === undefined ? buildPack() : (await readUiFixture(fixture)).rows;
  const report = packReport(rows);
  return { report, markdown: packReportMarkdown(report, rows) };
}
