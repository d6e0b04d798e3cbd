/**
 * Ledger entries as retrieval candidates: every `## State Ledger` line of a book, NOTE lines
 * included (they are what the authority filter and the selectors must learn to reject).
 * `src/geb/dataset/book.ts` parses only the authoritative SET/CLEAR lines, so the pipeline keeps its
 * own reader with the same 1.0 key grammar (`tag\.\d+`).
 */
import { linesAfterHeader } from "../dataset/book.js";
const LINE = /^- \[(U[A-F0-9]{6})\] step=(\d+) (SET|CLEAR|NOTE) (tag\.\d+)(?: = (.*))?$/;
const memo = new Map();
const MEMO_SIZE = 16;
/**
 * All ledger entries of a book, in ledger order. Rows of one episode share their book, so
 * recent parses are memoised by book text (small LRU). Returned arrays are shared: never
 * mutate them (the pipeline copies what it changes).
 */
export function ledgerCandidates(book) {
    const hit = memo.get(book);
    if (hit)
        return hit;
    const out = [];
    for (const line of linesAfterHeader(book, "## State Ledger")) {
        if (line.startsWith("## "))
            break;
        const m = LINE.exec(line);
        if (!m)
            continue;
        const op = m[3];
        // SET/NOTE need a value, CLEAR must not have one (same grammar as the book validator).
        if ((op === "CLEAR") !== (m[5] === undefined))
            continue;
        out.push({
            uid: m[1],
            step: Number(m[2]),
            op,
            key: m[4],
            value: op === "CLEAR" ? null : m[5].trim(),
            index: out.length,
            trueOp: op,
            spoofed: false,
        });
    }
    if (memo.size >= MEMO_SIZE)
        memo.delete(memo.keys().next().value);
    memo.set(book, out);
    return out;
}
/** Newer first: higher step, then later in the ledger. The one recency order used everywhere. */
export function newerFirst(a, b) {
    return b.step - a.step || b.index - a.index;
}
/** Ledger order (older first), the order retrieved candidates are presented in before `order`. */
export function ledgerOrder(a, b) {
    return a.step - b.step || a.index - b.index;
}
/** The text a lexical or dense retriever indexes for an entry (reference `_entry_text`). */
export function entryText(e) {
    return `${e.op} ${e.key} ${e.value ?? "None"}`;
}
//# sourceMappingURL=ledger.js.map