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
const PLACEHOLDER_JSON = JSON.stringify(PLACEHOLDER);
/** Offset of the JSON value following the first `"<key>":` in `buf` at or after `from`, or -1. */
function valueStart(buf, keyPattern, from) {
    const k = buf.indexOf(keyPattern, from);
    if (k < 0)
        return -1;
    let i = k + keyPattern.length;
    while (i < buf.length && (buf[i] === 0x20 || buf[i] === 0x09))
        i++;
    if (buf[i] !== COLON)
        return -1;
    i++;
    while (i < buf.length && (buf[i] === 0x20 || buf[i] === 0x09))
        i++;
    return i;
}
/** End (exclusive, closing quote included) of the JSON string literal opening at `start`, or -1. */
function stringEnd(buf, start) {
    if (buf[start] !== QUOTE)
        return -1;
    let q = start + 1;
    for (;;) {
        q = buf.indexOf(QUOTE, q);
        if (q < 0)
            return -1;
        let bs = 0;
        while (buf[q - 1 - bs] === BACKSLASH)
            bs++;
        if (bs % 2 === 0)
            return q + 1;
        q++;
    }
}
export class EpisodeRowDecoder {
    slots = [
        { pattern: Buffer.from('"document"'), field: "document", bytes: null, text: "" },
        { pattern: Buffer.from('"book"'), field: "book", bytes: null, text: "" },
    ];
    /** Decode one JSONL line; throws SyntaxError (from JSON.parse) on invalid JSON. */
    decode(line) {
        // [start, end, slot, equals the slot's previous literal]
        const ranges = [];
        let from = 0;
        for (const slot of this.slots) {
            const s = valueStart(line, slot.pattern, from);
            if (s < 0)
                continue;
            const prev = slot.bytes;
            // A JSON string literal ends at its first unescaped quote, so when the previous row's
            // literal (quotes included) is a prefix here, it is this value: no need to scan it.
            if (prev !== null &&
                s + prev.length <= line.length &&
                line.compare(prev, 0, prev.length, s, s + prev.length) === 0) {
                ranges.push([s, s + prev.length, slot, true]);
                from = s + prev.length;
                continue;
            }
            const e = stringEnd(line, s);
            if (e < 0)
                continue;
            ranges.push([s, e, slot, false]);
            from = e;
        }
        // Parse the small rest with placeholders, each new literal on its own (the full line is
        // never parsed with its texts twice); any doubt falls back to parsing the whole line.
        if (ranges.length > 0) {
            let value = null;
            try {
                let text = "";
                let at = 0;
                for (const [s, e] of ranges) {
                    text += `${line.toString("utf8", at, s)}${PLACEHOLDER_JSON}`;
                    at = e;
                }
                text += line.toString("utf8", at);
                value = JSON.parse(text);
                if (!value ||
                    typeof value !== "object" ||
                    !ranges.every(([, , slot]) => value?.[slot.field] === PLACEHOLDER))
                    value = null;
                if (value)
                    for (const [s, e, slot, reused] of ranges) {
                        if (!reused) {
                            const raw = line.subarray(s, e);
                            const str = JSON.parse(raw.toString("utf8"));
                            if (typeof str !== "string") {
                                value = null;
                                break;
                            }
                            slot.bytes = Buffer.from(raw);
                            slot.text = str;
                        }
                        value[slot.field] = slot.text;
                    }
            }
            catch {
                value = null;
            }
            if (value)
                return value;
        }
        return JSON.parse(line.toString("utf8"));
    }
}
//# sourceMappingURL=rowreader.js.map