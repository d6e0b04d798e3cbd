/** CSV writing (RFC 4180 quoting), for summaries and collections; columns in a fixed order. */
export function csvCell(v) {
    if (v === null || v === undefined)
        return "";
    const s = typeof v === "object" ? JSON.stringify(v) : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}
export function toCsv(rows, columns) {
    const cols = columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))].sort();
    const lines = [cols.map(csvCell).join(",")];
    for (const r of rows)
        lines.push(cols.map((c) => csvCell(r[c])).join(","));
    return `${lines.join("\r\n")}\r\n`;
}
//# sourceMappingURL=csv.js.map