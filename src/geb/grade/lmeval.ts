/**
 * lm-evaluation-harness `samples_<task>_<time>.jsonl` rows as GEB predictions (`geb grade
 * --pred`, docs/integrations.md "lm-eval-harness"). A sample row is `{doc_id, doc, target,
 * arguments, resps, filtered_resps, …}`; its answer is the generated text after lm-eval's
 * filters (`filtered_resps[0]`, else `resps[0][0]`), graded like an `{id, output}` row with the
 * id of the dataset row it carries (`doc.id`).
 */
import { InputError } from "../../core/errors.js";

const isObj = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** Is this row an lm-eval sample (a `doc` object and responses, no top-level `id`)? */
export function isLmEvalSample(row: Record<string, unknown>): boolean {
  return row.id === undefined && isObj(row.doc) && ("filtered_resps" in row || "resps" in row);
}

/** The `{id, output}` prediction of an lm-eval sample row; errors name the field. */
export function lmEvalSamplePrediction(
  row: Record<string, unknown>,
  where: { file?: string; line?: number },
): { id: string; output: string } {
  const doc = row.doc as Record<string, unknown>;
  if (typeof doc.id !== "string" || doc.id === "")
    throw new InputError("lm-eval sample: doc.id must be the dataset row's id (a non-empty string)", {
      ...where,
      field: "doc.id",
    });
  // generate_until: filtered_resps = [text] (after the task's filters), resps = [[text]].
  const filtered = row.filtered_resps;
  let text: unknown;
  let field = "filtered_resps";
  if (filtered !== undefined) text = Array.isArray(filtered) ? filtered[0] : undefined;
  else {
    field = "resps";
    const r = row.resps;
    text = Array.isArray(r) ? (Array.isArray(r[0]) ? r[0][0] : r[0]) : undefined;
  }
  // A filter may wrap the text once more (a list per repeat).
  if (Array.isArray(text) && text.length === 1) text = text[0];
  if (typeof text !== "string")
    throw new InputError(`lm-eval sample: ${field} must hold the generated text (a string)`, {
      ...where,
      field,
    });
  return { id: doc.id, output: text };
}
