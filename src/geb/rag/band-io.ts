/** Reading a summary for `geb rag bands`: a file, or a run dir (summary_compact.json first, as the reference). */
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../../core/errors.js";
import { readJsonFileSync } from "../../core/jsonl.js";

export function loadBandSummary(path: string): { summary: Record<string, unknown>; source: string } {
  const isFile = existsSync(path) && statSync(path).isFile();
  const candidates = isFile ? [path] : [join(path, "summary_compact.json"), join(path, "summary.json")];
  for (const c of candidates) {
    if (!existsSync(c)) continue;
    const v = readJsonFileSync(c, "RAG summary");
    if (typeof v === "object" && v !== null && !Array.isArray(v))
      return { summary: v as Record<string, unknown>, source: c };
    // The reference skips a non-object candidate; a lone file that is not an object is an error.
    if (isFile) throw new InputError("a RAG summary must be a JSON object", { file: c });
  }
  throw new InputError(
    "no summary JSON here: expected a file or a run dir containing summary_compact.json or summary.json",
    { file: path },
  );
}
