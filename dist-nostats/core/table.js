/**
 * Plain-text table for `--format table`: the column headers are the JSON keys (so the table
 * and `--format json` name things the same way), numbers right-aligned, null printed as "-".
 */
export function formatTable(rows, columns) {
    const recs = rows;
    const cols = columns ?? [...new Set(recs.flatMap((r) => Object.keys(r)))];
    const cell = (v) => v === null || v === undefined ? "-" : typeof v === "object" ? JSON.stringify(v) : String(v);
    const body = recs.map((r) => cols.map((c) => cell(r[c])));
    const width = cols.map((c, i) => Math.max(c.length, ...body.map((b) => b[i].length)));
    const numeric = cols.map((c) => recs.length > 0 && recs.every((r) => r[c] == null || typeof r[c] === "number"));
    const line = (cells) => cells
        .map((x, i) => (numeric[i] ? x.padStart(width[i]) : x.padEnd(width[i])))
        .join("  ")
        .trimEnd();
    return `${[line(cols), ...body.map(line)].join("\n")}\n`;
}
//# sourceMappingURL=table.js.map