/**
 * The reference's lenient JSON extraction from a model's reply, shared by GEB's answer parsers
 * (grade, model runs, trap families): each decodes in its own dialect (JSON.parse, or Python's
 * json.loads for the reference's byte-for-byte paths) and says what counts as an object.
 */
import { pyStrip } from "./pyjson.js";

/**
 * The whole reply (stripped as Python's str.strip) if it decodes to an object, else the span
 * from its first "{" to its last "}" (prose around the object); null when neither does.
 */
export function replyObject(
  text: string,
  decode: (s: string) => unknown,
  isObject: (v: unknown) => boolean,
): Record<string, unknown> | null {
  const t = pyStrip(text);
  const asObject = (s: string): Record<string, unknown> | null => {
    try {
      const v = decode(s);
      return isObject(v) ? (v as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
  const whole = asObject(t);
  if (whole) return whole;
  const start = t.indexOf("{");
  const end = t.lastIndexOf("}");
  return start >= 0 && start < end ? asObject(t.slice(start, end + 1)) : null;
}
