/**
 * Python `json.loads`, keeping what `JSON.parse` loses: whether a number was a float
 * (`7.0` → `PyFloat(7)`, so Python `str()` gives "7.0"), integers beyond 2^53 (bigint), the
 * `NaN` / `Infinity` / `-Infinity` literals Python accepts, and dict key order when JS would
 * reorder integer-like keys (recorded under `PY_KEY_ORDER`). Used where a reference harness
 * turns decoded values into text with `str()` (GEB's `reference-0.1` grading); elsewhere
 * `JSON.parse` is the right tool (strict JSON, faster).
 */
import { PY_KEY_ORDER, PyFloat } from "./pyjson.js";

/** Like Python's `JSONDecodeError`: a message and the character offset. */
export class PyJsonDecodeError extends SyntaxError {
  constructor(
    msg: string,
    readonly pos: number,
  ) {
    super(`${msg} (char ${pos})`);
  }
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const NUMBER_RE = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;
// Canonical array-index keys are the ones JS enumerates first.
const INDEX_KEY = /^(?:0|[1-9][0-9]{0,9})$/;

/** Python `json.loads(text)` (whole text: one value, surrounding JSON whitespace only). */
export function pyJsonLoads(text: string): unknown {
  let i = 0;
  const n = text.length;
  const ws = (): void => {
    while (i < n && WS.has(text.charCodeAt(i))) i++;
  };
  const fail = (msg: string): never => {
    throw new PyJsonDecodeError(msg, i);
  };
  /**
   * After an object's or array's member: true at its `close` character, false at a ","
   * (another member follows); anything else fails at that character, as Python's decoder.
   */
  const closedAfterMember = (close: number): boolean => {
    ws();
    const d = text.charCodeAt(i);
    i++;
    if (d === close) return true;
    if (d !== 0x2c) {
      i--;
      fail("Expecting ',' delimiter");
    }
    return false;
  };

  const str = (): string => {
    // text[i] is the opening quote. Find the closing one, then let JSON.parse decode the
    // escapes: its rules (no raw control characters, the same escape set) are Python's.
    let j = i + 1;
    for (;;) {
      const q = text.indexOf('"', j);
      if (q < 0) return fail("Unterminated string starting at");
      let bs = 0;
      while (text.charCodeAt(q - 1 - bs) === 0x5c) bs++;
      if (bs % 2 === 0) {
        let s: string;
        try {
          s = JSON.parse(text.slice(i, q + 1)) as string;
        } catch {
          return fail("Invalid string");
        }
        i = q + 1;
        return s;
      }
      j = q + 1;
    }
  };

  const value = (depth: number): unknown => {
    if (depth > 1000) fail("too deeply nested");
    ws();
    const c = text.charCodeAt(i);
    if (c === 0x22) return str();
    if (c === 0x7b) {
      i++;
      const out: Record<string, unknown> = {};
      const order: string[] = [];
      let reordered = false;
      ws();
      if (text.charCodeAt(i) === 0x7d) {
        i++;
        return out;
      }
      for (;;) {
        ws();
        if (text.charCodeAt(i) !== 0x22) fail("Expecting property name enclosed in double quotes");
        const k = str();
        ws();
        if (text.charCodeAt(i) !== 0x3a) fail("Expecting ':' delimiter");
        i++;
        const v = value(depth + 1);
        if (!Object.hasOwn(out, k)) {
          order.push(k);
          if (INDEX_KEY.test(k)) reordered = true;
        }
        // defineProperty: a "__proto__" key is data, as in JSON.parse.
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
        if (closedAfterMember(0x7d)) break;
      }
      if (reordered) Object.defineProperty(out, PY_KEY_ORDER, { value: order, enumerable: false });
      return out;
    }
    if (c === 0x5b) {
      i++;
      const out: unknown[] = [];
      ws();
      if (text.charCodeAt(i) === 0x5d) {
        i++;
        return out;
      }
      for (;;) {
        out.push(value(depth + 1));
        if (closedAfterMember(0x5d)) break;
      }
      return out;
    }
    const lit = (word: string, v: unknown): unknown => {
      if (!text.startsWith(word, i)) return fail("Expecting value");
      i += word.length;
      return v;
    };
    if (c === 0x6e) return lit("null", null);
    if (c === 0x74) return lit("true", true);
    if (c === 0x66) return lit("false", false);
    if (c === 0x4e) return lit("NaN", new PyFloat(Number.NaN));
    if (c === 0x49) return lit("Infinity", new PyFloat(Number.POSITIVE_INFINITY));
    if (c === 0x2d && text.charCodeAt(i + 1) === 0x49)
      return lit("-Infinity", new PyFloat(Number.NEGATIVE_INFINITY));
    NUMBER_RE.lastIndex = i;
    const m = NUMBER_RE.exec(text);
    if (!m) return fail("Expecting value");
    i += m[0].length;
    if (m[1] !== undefined || m[2] !== undefined) return new PyFloat(Number(m[0]));
    const x = Number(m[0]);
    return Number.isSafeInteger(x) ? (Object.is(x, -0) ? 0 : x) : BigInt(m[0]);
  };

  const v = value(0);
  ws();
  if (i !== n) fail("Extra data");
  return v;
}
