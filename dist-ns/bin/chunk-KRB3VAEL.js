import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/core/pyjson.ts
var PyFloat = class {
  constructor(value) {
    this.value = value;
  }
  value;
};
var pyFloat = (value) => new PyFloat(value);
var PyTuple = class {
  items;
  constructor(items) {
    this.items = items;
  }
};
function pyFloatRepr(x) {
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
var NEEDS_ESCAPE = /[^\x20\x21\x23-\x5b\x5d-\x7e]/;
function pyJsonString(s, ensureAscii = true) {
  if (!NEEDS_ESCAPE.test(s)) return `"${s}"`;
  const base = JSON.stringify(s);
  if (!ensureAscii) return base;
  return base.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
function intRepr(x) {
  if (!Number.isFinite(x)) return pyFloatRepr(x);
  if (Number.isInteger(x)) {
    if (Object.is(x, -0)) return "0";
    if (Math.abs(x) < 1e21) return x.toFixed(0);
    return BigInt(x).toString();
  }
  return pyFloatRepr(x);
}
function numberJson(x, asFloat) {
  if (asFloat) {
    const a = x < 0 ? -x : x;
    if (a >= 1e-4 && a < 1e16) return Number.isInteger(x) ? `${x}.0` : `${x}`;
    return pyFloatRepr(x);
  }
  if (Number.isSafeInteger(x)) return `${x}`;
  return intRepr(x);
}
var HIGH_UNIT = /[\ud800-\uffff]/;
var KEY_CACHE_MAX = 4096;
var FLUSH_AT = 8192;
var PyJsonEncoder = class {
  buf = "";
  // Finished pieces of the buffer, each flattened: a long-lived rope of millions of tiny
  // concatenations costs more in GC than the encoding itself.
  chunks = [];
  itemSep;
  keySep;
  indent;
  ensureAscii;
  sortKeys;
  floatKeys;
  pads = [];
  keys = /* @__PURE__ */ new Map();
  constructor(opts = {}) {
    this.indent = opts.indent;
    [this.itemSep, this.keySep] = opts.separators ?? (opts.indent === void 0 ? [", ", ": "] : [",", ": "]);
    this.ensureAscii = opts.ensureAscii ?? true;
    this.sortKeys = opts.sortKeys ?? false;
    this.floatKeys = opts.floatKeys;
  }
  /** `json.dumps(value)` with this encoder's options. */
  encode(value, level = 0, asFloat = false) {
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
  append(value, level = 0, asFloat = false) {
    this.enc(value, level, asFloat);
  }
  /** Append raw text (already-encoded JSON punctuation) to the buffer. */
  raw(text) {
    this.buf += text;
  }
  /** The buffered text (the buffer is emptied). */
  take() {
    let s = this.buf;
    if (this.chunks.length) {
      this.chunks.push(s);
      s = this.chunks.join("");
      this.chunks = [];
    }
    this.buf = "";
    return s;
  }
  flush() {
    const s = this.buf;
    s | 0;
    this.chunks.push(s);
    this.buf = "";
  }
  /** Characters buffered so far. */
  get length() {
    let n = this.buf.length;
    for (const c of this.chunks) n += c.length;
    return n;
  }
  /** Newline plus the indentation of `level` (only meaningful with an indent). */
  pad(level) {
    let p = this.pads[level];
    if (p === void 0) {
      p = `
${" ".repeat((this.indent ?? 0) * level)}`;
      this.pads[level] = p;
    }
    return p;
  }
  /** The encoded key plus separator, cached (bounded). */
  keyInfo(k) {
    let info = this.keys.get(k);
    if (info === void 0) {
      info = {
        head: pyJsonString(k, this.ensureAscii) + this.keySep,
        float: this.floatKeys?.has(k) ?? false,
        high: HIGH_UNIT.test(k)
      };
      if (this.keys.size < KEY_CACHE_MAX) this.keys.set(k, info);
    }
    return info;
  }
  enc(v, level, asFloat) {
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
    const indented = this.indent !== void 0;
    if (Array.isArray(v) || v instanceof PyTuple) {
      const arr = v instanceof PyTuple ? v.items : v;
      if (arr.length === 0) {
        this.buf += "[]";
        return;
      }
      const sep2 = indented ? this.itemSep + this.pad(level + 1) : this.itemSep;
      this.buf += indented ? `[${this.pad(level + 1)}` : "[";
      for (let i = 0; i < arr.length; i++) {
        if (i > 0) this.buf += sep2;
        this.enc(arr[i], level + 1, asFloat);
      }
      if (this.buf.length > FLUSH_AT) this.flush();
      this.buf += indented ? `${this.pad(level)}]` : "]";
      return;
    }
    const o = v;
    const all = Object.keys(o);
    let keys = all;
    let high = false;
    for (let i = 0; i < all.length; i++) {
      if (o[all[i]] === void 0) {
        keys = all.filter((k) => o[k] !== void 0);
        break;
      }
    }
    if (keys.length === 0) {
      this.buf += "{}";
      return;
    }
    if (this.sortKeys && keys.length > 1) {
      for (const k of keys) if (this.keyInfo(k).high) high = true;
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
};
var INDENTED_TOKENS = /("(?:[^"\\]|\\.)*")(:) |("(?:[^"\\]|\\.)*")|\n */g;
function canonicalFromIndented(text) {
  return text.replace(INDENTED_TOKENS, "$1$2$3");
}
function pyJsonDumps(value, opts = {}) {
  return new PyJsonEncoder(opts).encode(value);
}
function canonicalJson(value, floatKeys) {
  return canonicalEncoder(floatKeys).encode(value);
}
var canonicalEncoders = /* @__PURE__ */ new WeakMap();
var plainCanonical;
function canonicalEncoder(floatKeys) {
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
function compareCodePoints(a, b) {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.codePointAt(i);
    const cb = b.codePointAt(i);
    if (ca !== cb) return ca - cb;
    if (ca > 65535) i++;
  }
  return a.length - b.length;
}
var PY_KEY_ORDER = /* @__PURE__ */ Symbol.for("oraclebench.pyKeyOrder");
function pyKeys(o) {
  const order = o[PY_KEY_ORDER];
  return order ?? Object.keys(o);
}
function pyRepr(v) {
  if (v === null || v === void 0) return "None";
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
    const o = v;
    return `{${pyKeys(o).map((k) => `${pyStrRepr(k)}: ${pyRepr(o[k])}`).join(", ")}}`;
  }
  throw new TypeError(`pyRepr: unsupported value ${String(v)}`);
}
function pyStr(v) {
  return typeof v === "string" ? v : pyRepr(v);
}
function pyFloatStr(x) {
  const r = pyFloatRepr(x);
  return r === "NaN" ? "nan" : r === "Infinity" ? "inf" : r === "-Infinity" ? "-inf" : r;
}
var NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
function pyStrRepr(s) {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const c = ch.codePointAt(0);
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "	") out += "\\t";
    else if (c !== 32 && NON_PRINTABLE.test(ch)) {
      const hex = c.toString(16);
      out += c < 256 ? `\\x${hex.padStart(2, "0")}` : c < 65536 ? `\\u${hex.padStart(4, "0")}` : `\\U${hex.padStart(8, "0")}`;
    } else out += ch;
  }
  return out + quote;
}
function isPySpace(c) {
  if (c <= 32) return c === 32 || c >= 9 && c <= 13 || c >= 28 && c <= 31;
  if (c < 133) return false;
  return c === 133 || c === 160 || c === 5760 || c >= 8192 && c <= 8202 || c === 8232 || c === 8233 || c === 8239 || c === 8287 || c === 12288;
}
function pyStrip(s) {
  let a = 0;
  let b = s.length;
  while (a < b && isPySpace(s.charCodeAt(a))) a++;
  while (b > a && isPySpace(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}
function pySplitLines(s) {
  const lines = s.split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/);
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

export {
  PyFloat,
  pyFloat,
  PyTuple,
  pyFloatRepr,
  pyJsonString,
  PyJsonEncoder,
  canonicalFromIndented,
  pyJsonDumps,
  canonicalJson,
  canonicalEncoder,
  compareCodePoints,
  PY_KEY_ORDER,
  pyKeys,
  pyRepr,
  pyStr,
  pyStrRepr,
  isPySpace,
  pyStrip,
  pySplitLines
};
