/**
 * Rows to JSONL exactly as the reference writes them: Python `json.dumps(row,
 * ensure_ascii=False)` (", " and ": " separators, insertion key order) plus "\n".
 *
 * A row's document and book are the same strings for every row of its episode, so they are
 * encoded to UTF-8 JSON once per episode and spliced in as bytes.
 */
import { pyJsonDumps, pyJsonString } from "../../core/pyjson.js";
import type { GebRow } from "./types.js";

/**
 * `json.dumps(v, ensure_ascii=False)` for the shapes rows hold (strings, integers, booleans,
 * null, arrays, plain objects); anything else (floats) goes through the general encoder.
 * A hot path: it runs for every row's gold and meta.
 */
function dumps(v: unknown): string {
  if (v === null || v === undefined) return "null";
  switch (typeof v) {
    case "string":
      return JSON.stringify(v);
    case "boolean":
      return v ? "true" : "false";
    case "number":
      return Number.isSafeInteger(v) ? String(v) : pyJsonDumps(v, { ensureAscii: false });
    case "object": {
      if (Array.isArray(v)) {
        if (v.length === 0) return "[]";
        let out = "[";
        for (let i = 0; i < v.length; i++) out += (i ? ", " : "") + dumps(v[i]);
        return `${out}]`;
      }
      if (Object.getPrototypeOf(v) !== Object.prototype) return pyJsonDumps(v, { ensureAscii: false });
      let out = "{";
      let first = true;
      for (const k in v) {
        const x = (v as Record<string, unknown>)[k];
        if (x === undefined) continue;
        out += `${first ? "" : ", "}${JSON.stringify(k)}: ${dumps(x)}`;
        first = false;
      }
      return `${out}}`;
    }
    default:
      return pyJsonDumps(v, { ensureAscii: false });
  }
}

/**
 * Caches the JSON encoding of the (few) distinct long strings of an episode.
 *
 * `reuse: true` (for a caller that copies every piece before the next `clear()`, such as the
 * generator's chunk writer): encodings go into one arena kept across episodes, so an episode
 * allocates no new buffers (each ~60 KB buffer was external memory that only a full GC frees,
 * ~10 MiB of peak RSS over a 200-episode run). Without it, buffers stay valid forever.
 */
export class TextCache {
  private readonly map = new Map<string, Buffer>();
  private arena: Buffer | null;
  private used = 0;
  constructor(opts: { reuse?: boolean } = {}) {
    this.arena = opts.reuse ? Buffer.allocUnsafeSlow(1 << 16) : null;
  }
  get(s: string): Buffer {
    let b = this.map.get(s);
    if (!b) {
      const json = pyJsonString(s, false);
      if (this.arena) {
        // UTF-8 needs at most 3 bytes per UTF-16 unit.
        const need = this.used + json.length * 3;
        if (need > this.arena.length) {
          // Earlier buffers of this episode keep the old arena alive until clear().
          this.arena = Buffer.allocUnsafeSlow(Math.max(need, this.arena.length * 2));
          this.used = 0;
        }
        const n = this.arena.write(json, this.used, "utf8");
        b = this.arena.subarray(this.used, this.used + n);
        this.used += n;
      } else {
        b = Buffer.from(json, "utf8");
      }
      this.map.set(s, b);
    }
    return b;
  }
  clear(): void {
    this.map.clear();
    this.used = 0;
  }
}

/** The pieces of one JSONL line (strings and pre-encoded buffers), in order. */
export function rowPieces(row: GebRow, cache: TextCache): (string | Buffer)[] {
  const out: (string | Buffer)[] = [];
  let text = "{";
  let first = true;
  for (const [k, v] of Object.entries(row)) {
    if (v === undefined) continue;
    text += `${first ? "" : ", "}${JSON.stringify(k)}: `;
    first = false;
    if ((k === "document" || k === "book") && typeof v === "string") {
      out.push(text, cache.get(v));
      text = "";
    } else {
      text += dumps(v);
    }
  }
  out.push(`${text}}\n`);
  return out;
}

/** One row as a JSONL line (for tests and small outputs). */
export function rowLine(row: GebRow): string {
  return `${dumps(row)}\n`;
}

/**
 * Python `json.dumps(v, ensure_ascii=False)` plus "\n" for any JSON value, through the row
 * encoder (fast for strings, integers, null, lists and plain objects; floats and other
 * shapes go through the general encoder). Used for prediction lines.
 */
export function pyJsonLine(v: unknown): string {
  return `${dumps(v)}\n`;
}

// Printable ASCII except `"` and `\`: such strings are their own JSON body, byte for byte.
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * `rowPieces` as bytes, with no per-row strings: the row's own fields are encoded straight
 * into a scratch buffer (key prefixes are cached bytes, plain ASCII strings are written as
 * they are), its document and book are the cache's bytes. `encode` returns the pieces, valid
 * until the next `encode` call (the caller copies them out first): for the generator's chunk
 * writer, where a string per row field was ~30 % of everything a run allocated. Same bytes
 * as `rowPieces` (tests/geb/dataset/row-encoder.test.ts).
 */
export class RowEncoder {
  private scratch = Buffer.allocUnsafeSlow(1 << 14);
  private len = 0;
  private readonly heads = new Map<string, Buffer>();
  private readonly pieces: Buffer[] = [];
  /** Where the scratch text not yet handed out as a piece starts. */
  private mark = 0;

  encode(row: GebRow, cache: TextCache): readonly Buffer[] {
    this.len = 0;
    this.mark = 0;
    this.pieces.length = 0;
    // Pieces are views of the scratch buffer: it must not move while one row is encoded, so
    // a row that could outgrow it is encoded again after growing it.
    for (;;) {
      try {
        this.byte(0x7b); // {
        let first = true;
        for (const k in row) {
          const v = (row as unknown as Record<string, unknown>)[k];
          if (v === undefined) continue;
          if (!first) this.sep();
          first = false;
          this.head(k);
          if ((k === "document" || k === "book") && typeof v === "string") this.cut(cache.get(v));
          else this.value(v);
        }
        this.byte(0x7d); // }
        this.byte(0x0a);
        this.cut(null);
        return this.pieces;
      } catch (e) {
        if (e !== GROW) throw e;
        this.scratch = Buffer.allocUnsafeSlow(this.scratch.length * 2);
        this.len = 0;
        this.mark = 0;
        this.pieces.length = 0;
      }
    }
  }

  /** Hand out the scratch text so far, then `b` (when given). */
  private cut(b: Buffer | null): void {
    if (this.len > this.mark) this.pieces.push(this.scratch.subarray(this.mark, this.len));
    this.mark = this.len;
    if (b) this.pieces.push(b);
  }

  private room(n: number): void {
    if (this.len + n > this.scratch.length) throw GROW;
  }

  private byte(c: number): void {
    this.room(1);
    this.scratch[this.len++] = c;
  }

  private sep(): void {
    this.room(2);
    this.scratch[this.len++] = 0x2c; // ,
    this.scratch[this.len++] = 0x20;
  }

  private bytes(b: Buffer): void {
    this.room(b.length);
    this.len += b.copy(this.scratch, this.len);
  }

  /** `"key": ` */
  private head(k: string): void {
    let h = this.heads.get(k);
    if (!h) {
      h = Buffer.from(`${JSON.stringify(k)}: `, "utf8");
      this.heads.set(k, h);
    }
    this.bytes(h);
  }

  private text(s: string): void {
    // UTF-8 needs at most 3 bytes per UTF-16 unit.
    this.room(s.length * 3);
    this.len += this.scratch.write(s, this.len, "utf8");
  }

  private value(v: unknown): void {
    if (v === null) {
      this.text("null");
      return;
    }
    switch (typeof v) {
      case "string":
        if (PLAIN_ASCII.test(v)) {
          this.room(v.length + 2);
          this.scratch[this.len++] = 0x22;
          this.len += this.scratch.write(v, this.len, "latin1");
          this.scratch[this.len++] = 0x22;
          return;
        }
        this.text(JSON.stringify(v));
        return;
      case "boolean":
        this.text(v ? "true" : "false");
        return;
      case "number":
        if (Number.isSafeInteger(v)) {
          this.text(String(v));
          return;
        }
        break;
      case "object":
        if (Array.isArray(v)) {
          this.byte(0x5b); // [
          for (let i = 0; i < v.length; i++) {
            if (i) this.sep();
            this.value(v[i]);
          }
          this.byte(0x5d);
          return;
        }
        if (Object.getPrototypeOf(v) === Object.prototype) {
          this.byte(0x7b);
          let first = true;
          for (const k in v) {
            const x = (v as Record<string, unknown>)[k];
            if (x === undefined) continue;
            if (!first) this.sep();
            first = false;
            this.head(k);
            this.value(x);
          }
          this.byte(0x7d);
          return;
        }
        break;
    }
    // Floats, undefined in a list, anything else: the general row encoder.
    this.text(dumps(v));
  }
}

/** Thrown inside `RowEncoder.encode` when the scratch buffer is full (it grows and retries). */
const GROW = new Error("row encoder: scratch full");
