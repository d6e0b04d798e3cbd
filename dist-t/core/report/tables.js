/**
 * Report tables and their CSV / JSON forms. Cells are JSON scalars; CSV quotes per RFC 4180
 * and writes null as an empty field, numbers in full precision (the page shows them rounded).
 */
import { roundHalfEven } from "../numeric.js";
function csvField(v) {
    if (v === null)
        return "";
    const s = typeof v === "number" ? numberText(v) : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}
/** Shortest round-trip text for a number (JSON's), so CSV and JSON agree. */
function numberText(x) {
    return Number.isFinite(x) ? JSON.stringify(x) : String(x);
}
export function tableCsv(t) {
    const lines = [t.columns.map(csvField).join(",")];
    for (const r of t.rows)
        lines.push(r.map(csvField).join(","));
    return `${lines.join("\r\n")}\r\n`;
}
/** JSON: a list of row objects keyed by column. */
export function tableJson(t) {
    const objs = t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c, r[i] ?? null])));
    return `${JSON.stringify(objs, null, 2)}\n`;
}
/** How a cell reads on the page: numbers to 4 decimals (round half even), null as "–". */
export function displayCell(v, digits = 4) {
    if (v === null)
        return "–";
    if (typeof v === "number")
        return Number.isInteger(v) ? String(v) : roundHalfEven(v, digits).toFixed(digits);
    return String(v);
}
//# sourceMappingURL=tables.js.map