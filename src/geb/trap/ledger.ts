/**
 * The trap fixtures' "## State Ledger" section and the no-model baselines built on it.
 * Baselines see only what a model sees: the book and the question (never `meta` or `gold`).
 * - lookup: the latest SET/CLEAR of the key the question names → `{value, support_ids}`;
 * - fold: the ledger folded into a key → (value, uid) state, rendered by the family.
 */
import { pySplitLines, pyStrip } from "../../core/pyjson.js";
import type { TrapPrediction, TrapRow } from "./types.js";

export interface TrapLedgerEntry {
  uid: string;
  step: number;
  op: "SET" | "CLEAR" | "NOTE";
  key: string;
  value: string | null;
}

const LINE_RE = /^- \[(U[0-9A-F]{6})\] step=(\d+) (SET|CLEAR|NOTE) (\S+)(?: = (.*))?$/;

/** Entries of the book's `## State Ledger` section (up to the next `## ` heading). */
export function trapLedger(book: string): TrapLedgerEntry[] {
  const out: TrapLedgerEntry[] = [];
  let on = false;
  for (const line of pySplitLines(book)) {
    if (pyStrip(line) === "## State Ledger") {
      on = true;
      continue;
    }
    if (on && line.startsWith("## ")) break;
    if (!on) continue;
    const m = LINE_RE.exec(line);
    if (m)
      out.push({
        uid: m[1],
        step: Number(m[2]),
        op: m[3] as TrapLedgerEntry["op"],
        key: m[4],
        value: m[5] ?? null,
      });
  }
  return out;
}

// The key a question names, as the engine's key inference reads it (first match wins).
const KEY_PATTERNS = [
  /\b(tag\.\d{2})\b/,
  /`([A-Za-z][A-Za-z0-9_.:-]*)`/,
  /\bvalue (?:of|for)\s+`?([A-Za-z][A-Za-z0-9_.:-]*)`?\b/i,
  /\blatest\s+`?([A-Za-z][A-Za-z0-9_:-]*\.[A-Za-z0-9_.:-]+)`?\b/i,
];

/** The key the question text names, or null. */
export function questionKey(question: string): string | null {
  for (const p of KEY_PATTERNS) {
    const m = p.exec(question);
    if (m) return m[1];
  }
  return null;
}

/** Ledger fold: key → the latest SET (value) / CLEAR (null) and its uid. */
export function foldLedger(
  entries: readonly TrapLedgerEntry[],
): Map<string, { value: string | null; uid: string }> {
  const state = new Map<string, { value: string | null; uid: string }>();
  for (const e of entries) {
    if (e.op === "SET") state.set(e.key, { value: e.value, uid: e.uid });
    else if (e.op === "CLEAR") state.set(e.key, { value: null, uid: e.uid });
  }
  return state;
}

/** The lookup baseline: latest SET/CLEAR of the question's key (value null, no ids when absent). */
export function lookupPrediction(row: TrapRow): TrapPrediction {
  const key = questionKey(String(row.question ?? ""));
  let best: TrapLedgerEntry | null = null;
  for (const e of trapLedger(String(row.book ?? ""))) if (e.op !== "NOTE" && e.key === key) best = e;
  if (!best) return { id: row.id, value: null, support_ids: [] };
  return { id: row.id, value: best.op === "CLEAR" ? null : best.value, support_ids: [best.uid] };
}
