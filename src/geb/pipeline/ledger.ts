/**
 * Ledger entries as retrieval candidates: every `## State Ledger` line of a book, NOTE lines
 * included (they are what the authority filter and the selectors must learn to reject).
 * `src/geb/dataset/book.ts` parses only the authoritative SET/CLEAR lines, so the pipeline keeps its
 * own reader with the same 1.0 key grammar (`tag\.\d+`).
 */
import { linesAfterHeader, renderedLedger } from "../dataset/book.js";

export type LedgerOp = "SET" | "CLEAR" | "NOTE";

export interface Candidate {
  uid: string;
  step: number;
  /** The op a selector sees (after authority spoofing). */
  op: LedgerOp;
  key: string;
  value: string | null;
  /** Position in the book's ledger (0-based): the recency tie-break after `step`. */
  index: number;
  /** The op written in the book; metrics always use this one. */
  trueOp: LedgerOp;
  /** Set by the spoof stage: the presented op was flipped. */
  spoofed: boolean;
}

const LINE = /^- \[(U[A-F0-9]{6})\] step=(\d+) (SET|CLEAR|NOTE) (tag\.\d+)(?: = (.*))?$/;

const memo = new Map<string, readonly Candidate[]>();
const MEMO_SIZE = 16;

/**
 * All ledger entries of a book, in ledger order. Rows of one episode share their book, so
 * recent parses are memoised by book text (small LRU). Returned arrays are shared: never
 * mutate them (the pipeline copies what it changes).
 */
export function ledgerCandidates(book: string): readonly Candidate[] {
  const hit = memo.get(book);
  if (hit) return hit;
  const out = renderedCandidates(book) ?? parseLedgerCandidates(book);
  if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value as string);
  memo.set(book, out);
  return out;
}

/** Parse a book's ledger lines (what `ledgerCandidates` gives for any book). */
export function parseLedgerCandidates(book: string): Candidate[] {
  const out: Candidate[] = [];
  for (const line of linesAfterHeader(book, "## State Ledger")) {
    if (line.startsWith("## ")) break;
    const m = LINE.exec(line);
    if (!m) continue;
    const op = m[3] as LedgerOp;
    // SET/NOTE need a value, CLEAR must not have one (same grammar as the book validator).
    if ((op === "CLEAR") !== (m[5] === undefined)) continue;
    out.push({
      uid: m[1],
      step: Number(m[2]),
      op,
      key: m[4],
      value: op === "CLEAR" ? null : (m[5] as string).trim(),
      index: out.length,
      trueOp: op,
      spoofed: false,
    });
  }
  return out;
}

const UID = /^U[A-F0-9]{6}$/;
const KEY = /^tag\.\d+$/;
/** Characters that would end or break a ledger line for the parser above. */
const BREAKS = /[\n\r\u2028\u2029]/;

/**
 * The entries of a book this process rendered (dataset/book.ts), when parsing it would give
 * exactly them: the first `## State Ledger` is the rendered one, and every entry renders to a
 * line the parser reads back unchanged (uid and key grammar, no line breaks, value already
 * trimmed). Otherwise null, and the book is parsed. Tested against the parser over the
 * generator's configurations.
 */
export function renderedCandidates(book: string): Candidate[] | null {
  const r = renderedLedger(book);
  if (!r || book.indexOf("## State Ledger") !== r.at) return null;
  const out: Candidate[] = [];
  for (const e of r.ledger) {
    if (!Number.isSafeInteger(e.step) || e.step < 0 || !UID.test(e.uid) || !KEY.test(e.key)) return null;
    if (
      e.op === "CLEAR"
        ? e.value !== null
        : e.value === null || BREAKS.test(e.value) || e.value.trim() !== e.value
    )
      return null;
    out.push({
      uid: e.uid,
      step: e.step,
      op: e.op,
      key: e.key,
      value: e.value,
      index: out.length,
      trueOp: e.op,
      spoofed: false,
    });
  }
  return out;
}

/** Newer first: higher step, then later in the ledger. The one recency order used everywhere. */
export function newerFirst(a: Candidate, b: Candidate): number {
  return b.step - a.step || b.index - a.index;
}

/** Ledger order (older first), the order retrieved candidates are presented in before `order`. */
export function ledgerOrder(a: Candidate, b: Candidate): number {
  return a.step - b.step || a.index - b.index;
}

/** The text a lexical or dense retriever indexes for an entry (reference `_entry_text`). */
export function entryText(e: Candidate): string {
  return `${e.op} ${e.key} ${e.value ?? "None"}`;
}
