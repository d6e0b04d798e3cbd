/**
 * The errors sidecar of a runs file (`<runs>.errors.jsonl`, gf01.play_error.v1): episodes
 * whose agent or endpoint failed. They are never rows and never scored; `report` counts and
 * shows them so a run with failures cannot pass for a complete one.
 */
import { existsSync } from "node:fs";
import { InputError } from "../../core/errors.js";
import { readJsonl } from "../../core/jsonl.js";
import { fieldPath } from "../../core/errors.js";
import { playErrorSchema } from "../play/runner.js";
import type { EpisodeErrors } from "./report.js";

/** Counts of `<runs>.errors.jsonl` by kind, or undefined when there is no such file. */
export async function readEpisodeErrors(runsFile: string): Promise<EpisodeErrors | undefined> {
  const file = `${runsFile}.errors.jsonl`;
  if (!existsSync(file)) return undefined;
  const by: Record<string, number> = {};
  let count = 0;
  for await (const { value, line } of readJsonl(file)) {
    const r = playErrorSchema.safeParse(value);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new InputError(`not a ${"gf01.play_error.v1"} record: ${issue.message}`, {
        file,
        line,
        field: fieldPath(issue.path),
      });
    }
    count++;
    by[r.data.kind] = (by[r.data.kind] ?? 0) + 1;
  }
  const by_kind: Record<string, number> = {};
  for (const k of Object.keys(by).sort()) by_kind[k] = by[k];
  return { count, by_kind, errors_jsonl: file };
}
