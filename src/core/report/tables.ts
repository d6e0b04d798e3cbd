/**
 * Report tables and their CSV / JSON forms. Cells are JSON scalars; CSV quotes per RFC 4180
 * and writes null as an empty field, numbers in full precision (the page shows them rounded).
 */
import { roundHalfEven } from "../numeric.js";

export type Cell = string | number | boolean | null;

export interface Table {
  /** Stable id: file name of the CSV/JSON export and the page anchor. */
  id: string;
  title: string;
  caption?: string;
  columns: string[];
  rows: Cell[][];
}

function csvField(v: Cell): string {
  if (v === null) return "";
  const s = typeof v === "number" ? numberText(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** Shortest round-trip text for a number (JSON's), so CSV and JSON agree. */
function numberText(x: number): string {
  return Number.isFinite(x) ? JSON.stringify(x) : String(x);
}

export function tableCsv(t: Table): string {
  const lines = [t.columns.map(csvField).join(",")];
  for (const r of t.rows) lines.push(r.map(csvField).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** JSON: a list of row objects keyed by column. */
export function tableJson(t: Table): string {
  const objs = t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c, r[i] ?? null])));
  return `${JSON.stringify(objs, null, 2)}\n`;
}

/** How a cell reads on the page: numbers to 4 decimals (round half even), null as "–". */
export function displayCell(v: Cell, digits = 4): string {
  if (v === null) return "–";
  if (typeof v === "number")
    return Number.isInteger(v) ? String(v) : roundHalfEven(v, digits).toFixed(digits);
  return String(v);
}
