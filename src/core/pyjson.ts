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

// Printable ASCII except `"` and `\\`: such strings are written as they are (the common case).
const NEEDS_ESCAPE = /[^\x20\x21\x23-\x5b\x5d-\x7e]/;

/** Python `json` string encoding (with `ensure_ascii`). */
export function pyJsonString(s: string, ensureAscii = true): string {
  if (!NEEDS_ESCAPE.test(s)) return `"${s}"`;
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

/** A number as JSON: Python int spelling (`intRepr`) with a fast path for safe integers. */
function numberJson(x: number, asFloat: boolean): string {
  if (asFloat) {
    // Python and JS print the same shortest digits without an exponent in [1e-4, 1e16)
    // (JS switches to exponents only below 1e-6 and from 1e21); Python adds ".0" to integrals.
    const a = x < 0 ? -x : x;
    if (a >= 1e-4 && a < 1e16) return Number.isInteger(x) ? `${x}.0` : `${x}`;
    return pyFloatRepr(x);
  }
  // `${x}` prints safe integers exactly and -0 as "0", like `toFixed(0)` (beyond 2^53 it
  // would print the shortest digits, not the exact integer Python prints).
  if (Number.isSafeInteger(x)) return `${x}`;
  return intRepr(x);
}

/** What an encoder knows about one object key: its encoded form and whether it is a float key. */
interface KeyInfo {
  /** The encoded key followed by the key separator. */
  head: string;
  float: boolean;
  /** The key has a UTF-16 unit ≥ 0xD800, where code-point order can differ from unit order. */
  high: boolean;
}

const HIGH_UNIT = /[\ud800-\uffff]/;
/** Most distinct keys an encoder remembers (artifact keys repeat; free-form maps may not). */
const KEY_CACHE_MAX = 4096;
/** Buffer size (UTF-16 units) at which the buffer is flattened into a finished chunk. */
const FLUSH_AT = 8192;

/**
 * A reusable `json.dumps` encoder for one set of options: it appends into one string buffer
 * (no per-container arrays or joins), writes printable-ASCII strings without a regex replace,
 * keeps indent strings per level and remembers each key's encoding and sort facts. Output is
 * byte-identical to the original encoder (property test in tests/core/pyjson-fast.test.ts).
 * Use `pyJsonDumps` for one value; keep an encoder to write many values (streaming writers
 * call `append` then `take`).
 */
export class PyJsonEncoder {
  private buf = "";
  // Finished pieces of the buffer, each flattened: a long-lived rope of millions of tiny
  // concatenations costs more in GC than the encoding itself.
  private chunks: string[] = [];
  private readonly itemSep: string;
  private readonly keySep: string;
  private readonly indent: number | undefined;
  private readonly ensureAscii: boolean;
  private readonly sortKeys: boolean;
  private readonly floatKeys: ReadonlySet<string> | undefined;
  private readonly pads: string[] = [];
  private readonly keys = new Map<string, KeyInfo>();

  constructor(opts: PyJsonOptions = {}) {
    this.indent = opts.indent;
    [this.itemSep, this.keySep] = opts.separators ?? (opts.indent === undefined ? [", ", ": "] : [",", ": "]);
    this.ensureAscii = opts.ensureAscii ?? true;
    this.sortKeys = opts.sortKeys ?? false;
    this.floatKeys = opts.floatKeys;
  }

  /** `json.dumps(value)` with this encoder's options. */
  encode(value: unknown, level = 0, asFloat = false): string {
    // Independent of anything appended so far, and nothing left behind when it throws.
    const saved = this.buf;
    const savedChunks = this.chunks;
    this.buf = "";
    this.chunks = [];
    try {
      this.enc(value, level, asFloat);
      return this.take();
    } finally {
      this.buf = saved;
      this.chunks = savedChunks;
    }
  }

  /** Encode `value` as if nested `level` deep (indentation) onto the internal buffer. */
  append(value: unknown, level = 0, asFloat = false): void {
    this.enc(value, level, asFloat);
  }

  /** Append raw text (already-encoded JSON punctuation) to the buffer. */
  raw(text: string): void {
    this.buf += text;
  }

  /** The buffered text (the buffer is emptied). */
  take(): string {
    let s = this.buf;
    if (this.chunks.length) {
      this.chunks.push(s);
      s = this.chunks.join("");
      this.chunks = [];
    }
    this.buf = "";
    return s;
  }

  private flush(): void {
    const s = this.buf;
    // ToNumber flattens the rope (V8); the result is irrelevant.
    (s as unknown as number) | 0;
    this.chunks.push(s);
    this.buf = "";
  }

  /** Characters buffered so far. */
  get length(): number {
    let n = this.buf.length;
    for (const c of this.chunks) n += c.length;
    return n;
  }

  /** Newline plus the indentation of `level` (only meaningful with an indent). */
  pad(level: number): string {
    let p = this.pads[level];
    if (p === undefined) {
      p = `\n${" ".repeat((this.indent ?? 0) * level)}`;
      this.pads[level] = p;
    }
    return p;
  }

  /** The encoded key plus separator, cached (bounded). */
  keyInfo(k: string): KeyInfo {
    let info = this.keys.get(k);
    if (info === undefined) {
      info = {
        head: pyJsonString(k, this.ensureAscii) + this.keySep,
        float: this.floatKeys?.has(k) ?? false,
        high: HIGH_UNIT.test(k),
      };
      if (this.keys.size < KEY_CACHE_MAX) this.keys.set(k, info);
    }
    return info;
  }

  private enc(v: unknown, level: number, asFloat: boolean): void {
    switch (typeof v) {
      case "string":
        this.buf += pyJsonString(v, this.ensureAscii);
        return;
      case "number":
        this.buf += numberJson(v, asFloat);
        return;
      case "boolean":
        this.buf += v ? "true" : "false";
        return;
      case "undefined":
        this.buf += "null";
        return;
      case "bigint":
        this.buf += v.toString();
        return;
      case "object":
        break;
      default:
        throw new TypeError(`Object of type ${typeof v} is not JSON serializable`);
    }
    if (v === null) {
      this.buf += "null";
      return;
    }
    if (v instanceof PyFloat) {
      this.buf += numberJson(v.value, true);
      return;
    }
    const indented = this.indent !== undefined;
    if (Array.isArray(v) || v instanceof PyTuple) {
      const arr: readonly unknown[] = v instanceof PyTuple ? v.items : v;
      if (arr.length === 0) {
        this.buf += "[]";
        return;
      }
      const sep = indented ? this.itemSep + this.pad(level + 1) : this.itemSep;
      this.buf += indented ? `[${this.pad(level + 1)}` : "[";
      for (let i = 0; i < arr.length; i++) {
        if (i > 0) this.buf += sep;
        this.enc(arr[i], level + 1, asFloat);
      }
      if (this.buf.length > FLUSH_AT) this.flush();
      this.buf += indented ? `${this.pad(level)}]` : "]";
      return;
    }
    const o = v as Record<string, unknown>;
    // Python dict order when `pyJsonLoads` recorded one (JS lists integer-like keys first).
    const all = pyKeys(o);
    let keys = all;
    let high = false;
    for (let i = 0; i < all.length; i++) {
      if (o[all[i]] === undefined) {
        keys = all.filter((k) => o[k] !== undefined);
        break;
      }
    }
    if (keys.length === 0) {
      this.buf += "{}";
      return;
    }
    if (this.sortKeys && keys.length > 1) {
      for (const k of keys) if (this.keyInfo(k).high) high = true;
      // Without surrogate/high units, UTF-16 order (the native sort) is code-point order.
      if (high) keys.sort(compareCodePoints);
      else keys.sort();
    }
    const sep = indented ? this.itemSep + this.pad(level + 1) : this.itemSep;
    this.buf += indented ? `{${this.pad(level + 1)}` : "{";
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const info = this.keyInfo(k);
      if (i > 0) this.buf += sep;
      this.buf += info.head;
      this.enc(o[k], level + 1, info.float);
    }
    if (this.buf.length > FLUSH_AT) this.flush();
    this.buf += indented ? `${this.pad(level)}}` : "}";
  }
}

// Tokens of indented output: a string followed by the key separator, any other string, or a
// newline+indent run (a raw newline never occurs inside a JSON string). Strings are matched
// whole so their content is never touched; "$1$2$3" keeps a key with ":" and drops the rest.
const INDENTED_TOKENS = /("(?:[^"\\]|\\.)*")(:) |("(?:[^"\\]|\\.)*")|\n */g;

/**
 * The canonical form (`sort_keys`, separators `(",", ":")`) of text written by an encoder with
 * `indent`, `sortKeys`, `ensureAscii` and the default separators, without encoding the value
 * again: the newline+indent runs and the space after each key separator go (same keys, order
 * and scalars). Property-tested against `canonicalJson` (tests/core/pyjson-fast.test.ts).
 */
export function canonicalFromIndented(text: string): string {
  return text.replace(INDENTED_TOKENS, "$1$2$3");
}

/** `json.dumps` with Python's exact output. */
export function pyJsonDumps(value: unknown, opts: PyJsonOptions = {}): string {
  return new PyJsonEncoder(opts).encode(value);
}

/** Canonical JSON for hashing: `json.dumps(v, sort_keys=True, separators=(",", ":"))`. */
export function canonicalJson(value: unknown, floatKeys?: ReadonlySet<string>): string {
  return canonicalEncoder(floatKeys).encode(value);
}

// One canonical encoder per float-key set, so hashing many values reuses the key cache.
const canonicalEncoders = new WeakMap<ReadonlySet<string>, PyJsonEncoder>();
let plainCanonical: PyJsonEncoder | undefined;

/** The shared canonical (sorted, compact) encoder for a float-key set. */
export function canonicalEncoder(floatKeys?: ReadonlySet<string>): PyJsonEncoder {
  const make = () => new PyJsonEncoder({ sortKeys: true, separators: [",", ":"], floatKeys });
  if (!floatKeys) {
    plainCanonical ??= make();
    return plainCanonical;
  }
  let e = canonicalEncoders.get(floatKeys);
  if (!e) {
    e = make();
    canonicalEncoders.set(floatKeys, e);
  }
  return e;
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

/** Python `int(v)` for JSON values; undefined where Python raises. */
export function pyInt(v: unknown): number | undefined {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number") return Number.isFinite(v) ? Math.trunc(v) : undefined;
  if (typeof v === "string" && /^\s*[+-]?\d+\s*$/.test(v)) return Number.parseInt(v, 10);
  return undefined;
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
