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
