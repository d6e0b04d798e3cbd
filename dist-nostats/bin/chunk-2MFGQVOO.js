import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/core/table.ts
function formatTable(rows, columns) {
  const recs = rows;
  const cols = columns ?? [...new Set(recs.flatMap((r) => Object.keys(r)))];
  const cell = (v) => v === null || v === void 0 ? "-" : typeof v === "object" ? JSON.stringify(v) : String(v);
  const body = recs.map((r) => cols.map((c) => cell(r[c])));
  const width = cols.map((c, i) => Math.max(c.length, ...body.map((b) => b[i].length)));
  const numeric = cols.map(
    (c) => recs.length > 0 && recs.every((r) => r[c] == null || typeof r[c] === "number")
  );
  const line = (cells) => cells.map((x, i) => numeric[i] ? x.padStart(width[i]) : x.padEnd(width[i])).join("  ").trimEnd();
  return `${[line(cols), ...body.map(line)].join("\n")}
`;
}

export {
  formatTable
};
