/**
 * Dataset row decoding that parses each episode's text once.
 *
 * Every row of an episode repeats the same multi-kilobyte `document` and `book`; decoding and
 * JSON-parsing them per row is most of the cost of reading a dataset. For each line we find
 * the byte range of those two string values; when the bytes equal the previous row's, we
 * splice in a short placeholder, parse the small remainder, and reuse the decoded strings.
 * Any doubt (no match, odd layout, placeholder not where expected) falls back to a full parse,
 * so results never depend on the shortcut.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;

const PLACEHOLDER = "\u0000geb-cached-text\u0000";
const PLACEHOLDER_JSON = Buffer.from(JSON.stringify(PLACEHOLDER), "utf8");

/** [start, end) of the JSON string value following the first `"<key>":` in `buf`, quotes included. */
function stringValueRange(buf: Buffer, keyPattern: Buffer): [number, number] | null {
  const k = buf.indexOf(keyPattern);
  if (k < 0) return null;
  let i = k + keyPattern.length;
  while (i < buf.length && (buf[i] === 0x20 || buf[i] === 0x09)) i++;
  if (buf[i] !== COLON) return null;
  i++;
  while (i < buf.length && (buf[i] === 0x20 || buf[i] === 0x09)) i++;
  if (buf[i] !== QUOTE) return null;
  const start = i;
  let q = i + 1;
  for (;;) {
    q = buf.indexOf(QUOTE, q);
    if (q < 0) return null;
    let bs = 0;
    while (buf[q - 1 - bs] === BACKSLASH) bs++;
    if (bs % 2 === 0) return [start, q + 1];
    q++;
  }
}

interface Slot {
  pattern: Buffer;
  field: "document" | "book";
  bytes: Buffer | null;
  text: string;
}

export class EpisodeRowDecoder {
  private readonly slots: Slot[] = [
    { pattern: Buffer.from('"document"'), field: "document", bytes: null, text: "" },
    { pattern: Buffer.from('"book"'), field: "book", bytes: null, text: "" },
  ];

  /** Decode one JSONL line; throws SyntaxError (from JSON.parse) on invalid JSON. */
  decode(line: Buffer): unknown {
    const ranges: [number, number, Slot][] = [];
    for (const slot of this.slots) {
      const r = stringValueRange(line, slot.pattern);
      if (r) ranges.push([r[0], r[1], slot]);
    }
    const reusable = ranges.filter(
      ([s, e, slot]) =>
        slot.bytes !== null &&
        e - s === slot.bytes.length &&
        line.compare(slot.bytes, 0, slot.bytes.length, s, e) === 0,
    );
    if (reusable.length > 0) {
      reusable.sort((a, b) => a[0] - b[0]);
      if (reusable.length < 2 || reusable[0][1] <= reusable[1][0]) {
        const parts: Buffer[] = [];
        let at = 0;
        for (const [s, e] of reusable) {
          parts.push(line.subarray(at, s), PLACEHOLDER_JSON);
          at = e;
        }
        parts.push(line.subarray(at));
        const value = JSON.parse(Buffer.concat(parts).toString("utf8")) as Record<string, unknown>;
        if (
          value &&
          typeof value === "object" &&
          reusable.every(([, , slot]) => value[slot.field] === PLACEHOLDER)
        ) {
          for (const [, , slot] of reusable) value[slot.field] = slot.text;
          this.remember(value, ranges, line);
          return value;
        }
      }
    }
    const value = JSON.parse(line.toString("utf8"));
    this.remember(value, ranges, line);
    return value;
  }

  private remember(value: unknown, ranges: [number, number, Slot][], line: Buffer): void {
    if (!value || typeof value !== "object") return;
    for (const [s, e, slot] of ranges) {
      const text = (value as Record<string, unknown>)[slot.field];
      if (typeof text !== "string") continue;
      if (slot.text === text && slot.bytes) continue;
      // Trust the range only if it really encodes this field (the first match could be a
      // nested key); checked once per episode, on the full-parse row.
      const raw = line.subarray(s, e);
      if (JSON.parse(raw.toString("utf8")) !== text) {
        slot.bytes = null;
        continue;
      }
      slot.bytes = Buffer.from(raw);
      slot.text = text;
    }
  }
}
