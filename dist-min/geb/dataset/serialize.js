/**
 * Rows to JSONL exactly as the reference writes them: Python `json.dumps(row,
 * ensure_ascii=False)` (", " and ": " separators, insertion key order) plus "\n".
 *
 * A row's document and book are the same strings for every row of its episode, so they are
 * encoded to UTF-8 JSON once per episode and spliced in as bytes.
 */
import { pyJsonDumps, pyJsonString } from "../../core/pyjson.js";
/**
 * `json.dumps(v, ensure_ascii=False)` for the shapes rows hold (strings, integers, booleans,
 * null, arrays, plain objects); anything else (floats) goes through the general encoder.
 * A hot path: it runs for every row's gold and meta.
 */
function dumps(v) {
    if (v === null || v === undefined)
        return "null";
    switch (typeof v) {
        case "string":
            return JSON.stringify(v);
        case "boolean":
            return v ? "true" : "false";
        case "number":
            return Number.isSafeInteger(v) ? String(v) : pyJsonDumps(v, { ensureAscii: false });
        case "object": {
            if (Array.isArray(v)) {
                if (v.length === 0)
                    return "[]";
                let out = "[";
                for (let i = 0; i < v.length; i++)
                    out += (i ? ", " : "") + dumps(v[i]);
                return `${out}]`;
            }
            if (Object.getPrototypeOf(v) !== Object.prototype)
                return pyJsonDumps(v, { ensureAscii: false });
            let out = "{";
            let first = true;
            for (const k in v) {
                const x = v[k];
                if (x === undefined)
                    continue;
                out += `${first ? "" : ", "}${JSON.stringify(k)}: ${dumps(x)}`;
                first = false;
            }
            return `${out}}`;
        }
        default:
            return pyJsonDumps(v, { ensureAscii: false });
    }
}
/** Caches the JSON encoding of the (few) distinct long strings of an episode. */
export class TextCache {
    map = new Map();
    get(s) {
        let b = this.map.get(s);
        if (!b) {
            b = Buffer.from(pyJsonString(s, false), "utf8");
            this.map.set(s, b);
        }
        return b;
    }
    clear() {
        this.map.clear();
    }
}
/** The pieces of one JSONL line (strings and pre-encoded buffers), in order. */
export function rowPieces(row, cache) {
    const out = [];
    let text = "{";
    let first = true;
    for (const [k, v] of Object.entries(row)) {
        if (v === undefined)
            continue;
        text += `${first ? "" : ", "}${JSON.stringify(k)}: `;
        first = false;
        if ((k === "document" || k === "book") && typeof v === "string") {
            out.push(text, cache.get(v));
            text = "";
        }
        else {
            text += dumps(v);
        }
    }
    out.push(`${text}}\n`);
    return out;
}
/** One row as a JSONL line (for tests and small outputs). */
export function rowLine(row) {
    return `${dumps(row)}\n`;
}
/**
 * Python `json.dumps(v, ensure_ascii=False)` plus "\n" for any JSON value, through the row
 * encoder (fast for strings, integers, null, lists and plain objects; floats and other
 * shapes go through the general encoder). Used for prediction lines.
 */
export function pyJsonLine(v) {
    return `${dumps(v)}\n`;
}
//# sourceMappingURL=serialize.js.map