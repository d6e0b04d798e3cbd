/**
 * Model text → prediction row for families whose question asks for the GEB answer contract
 * (`{"value": …, "support_ids": [...]}`): the JSON object is the whole stripped text, else
 * the span from the first `{` to the last `}` (the reference adapters' extraction); its
 * `value` and `support_ids` are kept as decoded (Python types). Text with no such object
 * becomes `{value: <text>, raw_unparsed: true}`: the family's scorer decides (the text is
 * never a right answer by accident, as a null value would be for a CLEARed key), and the
 * framework counts such rows (`unparsed_outputs`) because some reference scorers count any
 * row with a `value` field as parsed. Nothing is filled in from the ledger: this is not the
 * reference's repair.
 */
import { replyObject } from "../../core/reply-object.js";
import { pyJsonLoads } from "../../core/pyjsonloads.js";
import { isDict } from "./py.js";
import type { TrapPrediction, TrapRow } from "./types.js";

/** The reply's JSON object, decoded as Python's json.loads (the reference's scripts). */
export function extractJsonObject(text: string): Record<string, unknown> | null {
  return replyObject(text, pyJsonLoads, isDict);
}

export function contractPrediction(row: TrapRow, text: string): TrapPrediction {
  const obj = extractJsonObject(text);
  if (obj && Object.hasOwn(obj, "value"))
    return {
      id: row.id,
      value: obj.value,
      support_ids: Object.hasOwn(obj, "support_ids") ? obj.support_ids : [],
    };
  return { id: row.id, value: text, support_ids: [], raw_unparsed: true };
}
