/**
 * The original (slow, obviously-correct) Python-compatible JSON encoder, kept verbatim as the
 * test oracle for the fast encoder in src/core/pyjson.ts. Test-only: nothing in src imports it.
 */
import { compareCodePoints, type PyJsonOptions, PyFloat, PyTuple } from "../../src/core/pyjson.js";

/** Python `repr(float)`: shortest round-trip digits; scientific below 1e-4 or from 1e16. */
export function refPyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (x === Number.POSITIVE_INFINITY) return "Infinity";
  if (x === Number.NEGATIVE_INFINITY) return "-Infinity";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mant, expStr] = x.toExponential().split("e");
  const exp = Number(expStr);
  const neg = mant.startsWith("-");
  const digits = mant.replace("-", "").replace(".", "");
  const sign = neg ? "-" : "";
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exp).toString().padStart(2, "0");
    return `${sign}${m}e${exp < 0 ? "-" : "+"}${e}`;
  }
  if (exp < 0) return `${sign}0.${"0".repeat(-exp - 1)}${digits}`;
  if (digits.length <= exp + 1) return `${sign}${digits}${"0".repeat(exp + 1 - digits.length)}.0`;
  return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
}

/** Python `json` string encoding (with `ensure_ascii`). */
export function refPyJsonString(s: string, ensureAscii = true): string {
  const base = JSON.stringify(s);
  if (!ensureAscii) return base;
  // JSON.stringify leaves 0x7f and everything non-ASCII; Python escapes them (lowercase hex,
  // UTF-16 code units, so astral characters become surrogate pairs just like Python).
  return base.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function intRepr(x: number): string {
  if (!Number.isFinite(x)) return refPyFloatRepr(x);
  if (Number.isInteger(x)) {
    if (Object.is(x, -0)) return "0";
    if (Math.abs(x) < 1e21) return x.toFixed(0);
    return BigInt(x).toString();
  }
  return refPyFloatRepr(x);
}

/** `json.dumps` with Python's exact output. */
export function refPyJsonDumps(value: unknown, opts: PyJsonOptions = {}): string {
  const indent = opts.indent;
  const [itemSep, keySep] = opts.separators ?? (indent === undefined ? [", ", ": "] : [",", ": "]);
  const ensureAscii = opts.ensureAscii ?? true;
  const sortKeys = opts.sortKeys ?? false;
  const floatKeys = opts.floatKeys;

  const enc = (v: unknown, level: number, asFloat: boolean): string => {
    if (v === null || v === undefined) return "null";
    if (v === true) return "true";
    if (v === false) return "false";
    if (typeof v === "number") return asFloat ? refPyFloatRepr(v) : intRepr(v);
    if (typeof v === "bigint") return v.toString();
    if (typeof v === "string") return refPyJsonString(v, ensureAscii);
    if (v instanceof PyFloat) return refPyFloatRepr(v.value);
    let items: string[];
    let open: string;
    let close: string;
    if (Array.isArray(v) || v instanceof PyTuple) {
      const arr = v instanceof PyTuple ? v.items : v;
      if (arr.length === 0) return "[]";
      items = arr.map((x) => enc(x, level + 1, asFloat));
      open = "[";
      close = "]";
    } else if (typeof v === "object") {
      let keys = Object.keys(v as object).filter((k) => (v as Record<string, unknown>)[k] !== undefined);
      if (keys.length === 0) return "{}";
      if (sortKeys) keys = keys.sort(compareCodePoints);
      items = keys.map(
        (k) =>
          `${refPyJsonString(k, ensureAscii)}${keySep}${enc((v as Record<string, unknown>)[k], level + 1, floatKeys?.has(k) ?? false)}`,
      );
      open = "{";
      close = "}";
    } else {
      throw new TypeError(`Object of type ${typeof v} is not JSON serializable`);
    }
    if (indent === undefined) return open + items.join(itemSep) + close;
    const pad = `\n${" ".repeat(indent * (level + 1))}`;
    const padClose = `\n${" ".repeat(indent * level)}`;
    return open + pad + items.join(itemSep + pad) + padClose + close;
  };
  return enc(value, 0, false);
}
