/**
 * Python-compatible JSON encoding (the `json` module's output, byte for byte).
 *
 * Hand-written because hashes in the official artifacts (instance ids, config_hash,
 * bundle hashes) are sha256 over Python's `json.dumps(..., sort_keys=True,
 * separators=(",", ":"))`, and Python differs from `JSON.stringify` in three ways that
 * change bytes: floats keep a `.0` (`1.0`), float exponents look like `1e-05`, and
 * `ensure_ascii` escapes everything outside printable ASCII (0x7f included).
 *
 * JS numbers do not know whether they were floats; callers mark floats either with
 * `PyFloat` or by key name (`floatKeys`), which is how the artifact schemas use it.
 */

/** A number that Python would hold as a `float` (so `1` is written `1.0`). */
export class PyFloat {
  constructor(readonly value: number) {}
}
export const pyFloat = (value: number): PyFloat => new PyFloat(value);

/** A Python tuple, for `pyRepr` (JSON writes it as a list, like Python). */
export class PyTuple {
  readonly items: readonly unknown[];
  constructor(items: readonly unknown[]) {
    this.items = items;
  }
}

export interface PyJsonOptions {
  /** Python `sort_keys`. Default false (insertion order). */
  sortKeys?: boolean;
  /** Python `indent` (spaces). Default: none (single line). */
  indent?: number;
  /** Python `separators`. Default: (", ", ": ") without indent, (",", ": ") with indent. */
  separators?: readonly [string, string];
  /** Python `ensure_ascii`. Default true. */
  ensureAscii?: boolean;
  /** Object keys whose numeric values are Python floats (written with `.0` when integral). */
  floatKeys?: ReadonlySet<string>;
}

/** Python `repr(float)`: shortest round-trip digits; scientific below 1e-4 or from 1e16. */
export function pyFloatRepr(x: number): string {
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
export function pyJsonString(s: string, ensureAscii = true): string {
  const base = JSON.stringify(s);
  if (!ensureAscii) return base;
  // JSON.stringify leaves 0x7f and everything non-ASCII; Python escapes them (lowercase hex,
  // UTF-16 code units, so astral characters become surrogate pairs just like Python).
  return base.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function intRepr(x: number): string {
  if (!Number.isFinite(x)) return pyFloatRepr(x);
  if (Number.isInteger(x)) {
    if (Object.is(x, -0)) return "0";
    if (Math.abs(x) < 1e21) return x.toFixed(0);
    return BigInt(x).toString();
  }
  return pyFloatRepr(x);
}

/** `json.dumps` with Python's exact output. */
export function pyJsonDumps(value: unknown, opts: PyJsonOptions = {}): string {
  const indent = opts.indent;
  const [itemSep, keySep] = opts.separators ?? (indent === undefined ? [", ", ": "] : [",", ": "]);
  const ensureAscii = opts.ensureAscii ?? true;
  const sortKeys = opts.sortKeys ?? false;
  const floatKeys = opts.floatKeys;

  const enc = (v: unknown, level: number, asFloat: boolean): string => {
    if (v === null || v === undefined) return "null";
    if (v === true) return "true";
    if (v === false) return "false";
    if (typeof v === "number") return asFloat ? pyFloatRepr(v) : intRepr(v);
    if (typeof v === "bigint") return v.toString();
    if (typeof v === "string") return pyJsonString(v, ensureAscii);
    if (v instanceof PyFloat) return pyFloatRepr(v.value);
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
          `${pyJsonString(k, ensureAscii)}${keySep}${enc((v as Record<string, unknown>)[k], level + 1, floatKeys?.has(k) ?? false)}`,
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

/** Canonical JSON for hashing: `json.dumps(v, sort_keys=True, separators=(",", ":"))`. */
export function canonicalJson(value: unknown, floatKeys?: ReadonlySet<string>): string {
  return pyJsonDumps(value, { sortKeys: true, separators: [",", ":"], floatKeys });
}

/** Python sorts str keys by code point; JS's default sort compares UTF-16 units. */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.codePointAt(i)!;
    const cb = b.codePointAt(i)!;
    if (ca !== cb) return ca - cb;
    if (ca > 0xffff) i++;
  }
  return a.length - b.length;
}

/**
 * Key order of an object decoded by `pyJsonLoads` when it differs from JS property order
 * (JS lists integer-like keys first; a Python dict keeps insertion order).
 */
export const PY_KEY_ORDER: unique symbol = Symbol.for("oraclebench.pyKeyOrder");

/** Keys of a decoded JSON object in Python dict order. */
export function pyKeys(o: object): string[] {
  const order = (o as { [PY_KEY_ORDER]?: string[] })[PY_KEY_ORDER];
  return order ?? Object.keys(o);
}

/**
 * Python `repr` of a JSON-shaped value: None/True/False, int (number or bigint), float
 * (`PyFloat`, or a non-integral number), str, list, tuple and dict (plain objects).
 */
export function pyRepr(v: unknown): string {
  if (v === null || v === undefined) return "None";
  if (v === true) return "True";
  if (v === false) return "False";
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number") return Number.isInteger(v) ? intRepr(v) : pyFloatStr(v);
  if (v instanceof PyFloat) return pyFloatStr(v.value);
  if (typeof v === "string") return pyStrRepr(v);
  if (v instanceof PyTuple) {
    const inner = v.items.map(pyRepr);
    return inner.length === 1 ? `(${inner[0]},)` : `(${inner.join(", ")})`;
  }
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(", ")}]`;
  if (typeof v === "object") {
    const o = v as Record<string, unknown>;
    return `{${pyKeys(o)
      .map((k) => `${pyStrRepr(k)}: ${pyRepr(o[k])}`)
      .join(", ")}}`;
  }
  throw new TypeError(`pyRepr: unsupported value ${String(v)}`);
}

/** Python `str()` of a JSON-shaped value: strings as they are, everything else its `repr`. */
export function pyStr(v: unknown): string {
  return typeof v === "string" ? v : pyRepr(v);
}

/** Python `repr(float)` / `str(float)` (`nan`, `inf`, `-inf` spelled as Python does). */
function pyFloatStr(x: number): string {
  const r = pyFloatRepr(x);
  return r === "NaN" ? "nan" : r === "Infinity" ? "inf" : r === "-Infinity" ? "-inf" : r;
}

// Python's str.isprintable() is false for these categories (the space is the one printable Zs).
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** Python `repr(str)`: quote choice and escapes as CPython (non-printables as \\x, \\u, \\U). */
export function pyStrRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (c !== 0x20 && NON_PRINTABLE.test(ch)) {
      const hex = c.toString(16);
      out +=
        c < 0x100
          ? `\\x${hex.padStart(2, "0")}`
          : c < 0x10000
            ? `\\u${hex.padStart(4, "0")}`
            : `\\U${hex.padStart(8, "0")}`;
    } else out += ch;
  }
  return out + quote;
}

/** Python `str.isspace()` for one UTF-16 unit (every Python whitespace character is in the BMP). */
export function isPySpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f);
  if (c < 0x85) return false;
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Python `str.strip()` (its whitespace set differs from `String.prototype.trim`). */
export function pyStrip(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isPySpace(s.charCodeAt(a))) a++;
  while (b > a && isPySpace(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

/** Python `str.splitlines()` (splits on \\r, \\v, \\f, \\x1c-\\x1e, \\x85, \\u2028, \\u2029 too). */
export function pySplitLines(s: string): string[] {
  const lines = s.split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/);
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}
