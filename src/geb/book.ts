/**
 * Episode-log and book artifacts: rendering, parsing and the structural book validator.
 *
 * Two key grammars exist. The reference matches keys with `tag\.\d{2}`, so `tag.100` either
 * fails to parse (UPDATE lines need ` = ` right after two digits) or is read as `tag.10`
 * (prefix matches). `reference-0.1` keeps that grammar for parity; `1.0` accepts `tag\.\d+`.
 */
import type { Compat, LedgerEntry } from "./types.js";

export type Dialect = Compat;

interface Grammar {
  logSet: RegExp;
  logClear: RegExp;
  bookSet: RegExp;
  bookClear: RegExp;
  bookNote: RegExp;
  glossary: RegExp;
}

const ID = "U[A-F0-9]{6}";
function grammar(keyRe: string): Grammar {
  return {
    logSet: new RegExp(`^- \\[(${ID})\\] UPDATE step=(\\d+) SET (${keyRe}) = (.+)$`),
    logClear: new RegExp(`^- \\[(${ID})\\] UPDATE step=(\\d+) CLEAR (${keyRe})$`),
    bookSet: new RegExp(`^- \\[(${ID})\\] step=(\\d+) SET (${keyRe}) = (.+)$`),
    bookClear: new RegExp(`^- \\[(${ID})\\] step=(\\d+) CLEAR (${keyRe})$`),
    // The reference book validator rejects NOTE ledger lines although its own generator writes
    // them (kv_commentary); 1.0 accepts them as commentary.
    bookNote: new RegExp(`^- \\[(${ID})\\] step=(\\d+) NOTE (${keyRe}) = (.*)$`),
    glossary: new RegExp(`^- (${keyRe}): .+`),
  };
}
const GRAMMARS: Record<Dialect, Grammar> = {
  "reference-0.1": grammar("tag\\.\\d{2}"),
  "1.0": grammar("tag\\.\\d+"),
};

/** Python `str.splitlines()` for our texts (only `\n`/`\r\n` occur): no trailing empty line. */
export function splitLines(text: string): string[] {
  const lines = text.split("\n");
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  for (let i = 0; i < lines.length; i++) if (lines[i].endsWith("\r")) lines[i] = lines[i].slice(0, -1);
  return lines;
}

/** Authoritative SET/CLEAR updates of an episode log (lines after `## Episode Log`). */
export function parseUpdates(document: string, dialect: Dialect = "1.0"): LedgerEntry[] {
  const g = GRAMMARS[dialect];
  const out: LedgerEntry[] = [];
  let inLog = false;
  for (const line of splitLines(document)) {
    if (!inLog) {
      if (line.trim() === "## Episode Log") inLog = true;
      continue;
    }
    if (line.charCodeAt(0) !== 45 /* - */) continue;
    let m = g.logSet.exec(line);
    if (m) {
      out.push({ uid: m[1], step: Number(m[2]), op: "SET", key: m[3], value: m[4].trim() });
      continue;
    }
    m = g.logClear.exec(line);
    if (m) out.push({ uid: m[1], step: Number(m[2]), op: "CLEAR", key: m[3], value: null });
  }
  return out;
}

/** SET/CLEAR entries of a book's `## State Ledger` section (NOTE lines are commentary). */
export function parseBookLedger(book: string, dialect: Dialect = "1.0"): LedgerEntry[] {
  const g = GRAMMARS[dialect];
  const out: LedgerEntry[] = [];
  let inLedger = false;
  for (const line of splitLines(book)) {
    if (!inLedger) {
      if (line.trim() === "## State Ledger") inLedger = true;
      continue;
    }
    if (line.startsWith("## ")) break;
    if (line.charCodeAt(0) !== 45) continue;
    let m = g.bookSet.exec(line);
    if (m) {
      out.push({ uid: m[1], step: Number(m[2]), op: "SET", key: m[3], value: m[4].trim() });
      continue;
    }
    m = g.bookClear.exec(line);
    if (m) out.push({ uid: m[1], step: Number(m[2]), op: "CLEAR", key: m[3], value: null });
  }
  return out;
}

/** The book artifact: title, reading rules, glossary, chapters, state ledger (reference layout). */
export function renderBook(
  title: string,
  chapters: readonly string[],
  keys: readonly string[],
  ledger: readonly LedgerEntry[],
): string {
  const parts: string[] = [
    `# ${title}\n`,
    "## Reading Rules\n",
    "- The STATE LEDGER is authoritative for current state.\n",
    "- Only SET/CLEAR lines update state; NOTE lines are commentary.\n",
    "- Chapter narrative may contain errors or distractors.\n",
    "- Support IDs (e.g., [U0007]) refer to ledger entries.\n",
    "\n",
    "## Glossary (Tags)\n",
  ];
  // Python sorted() on ASCII keys: plain code-unit order.
  for (const k of [...keys].sort()) parts.push(`- ${k}: Synthetic tag ${k} used for state-tracking.\n`);
  parts.push("\n");
  chapters.forEach((ch, i) => {
    parts.push(`## Chapter ${i + 1}\n`, `${ch.trimEnd()}\n\n`);
  });
  parts.push("## State Ledger\n");
  for (const e of ledger) parts.push(`${ledgerLine(e)}\n`);
  parts.push("\n");
  return parts.join("");
}

export function ledgerLine(e: LedgerEntry): string {
  if (e.op === "CLEAR") return `- [${e.uid}] step=${e.step} CLEAR ${e.key}`;
  return `- [${e.uid}] step=${e.step} ${e.op} ${e.key} = ${e.value}`;
}

export interface BookValidation {
  ok: boolean;
  errors: string[];
  /** 1-based line of the first error, when one applies. */
  line?: number;
}

/**
 * Structural validation of a book: title, `## Reading Rules`, `## Glossary (Tags)`, at least
 * one `## Chapter N`, then `## State Ledger` with ledger-grammar lines only. Chapters must not
 * leak the episode log (`## Episode Log` or raw `UPDATE` lines). Error codes are the reference's.
 */
export function validateBook(book: string, dialect: Dialect = "1.0"): BookValidation {
  const g = GRAMMARS[dialect];
  const lines = splitLines(book);
  const errors: string[] = [];
  let errLine: number | undefined;
  const fail = (code: string, at: number): void => {
    errors.push(code);
    errLine ??= Math.min(at, lines.length) + 1;
  };
  const done = (): BookValidation => ({
    ok: errors.length === 0,
    errors,
    ...(errLine !== undefined ? { line: errLine } : {}),
  });
  const skipBlank = (i: number): number => {
    while (i < lines.length && lines[i].trim() === "") i++;
    return i;
  };
  let i = skipBlank(0);
  if (i >= lines.length || !/^# .+/.test(lines[i])) {
    fail("missing_or_invalid_title", i);
    return done();
  }
  i = skipBlank(i + 1);
  if (i >= lines.length || lines[i].trim() !== "## Reading Rules") {
    fail("missing_reading_rules", i);
    return done();
  }
  for (i++; i < lines.length && !lines[i].startsWith("## "); i++) {
    if (lines[i].trim() && !/^- .+/.test(lines[i])) {
      fail("invalid_reading_rule", i);
      break;
    }
  }
  i = skipBlank(i);
  if (i >= lines.length || lines[i].trim() !== "## Glossary (Tags)") {
    fail("missing_glossary", i);
    return done();
  }
  for (i++; i < lines.length && !lines[i].startsWith("## "); i++) {
    if (lines[i].trim() && !g.glossary.test(lines[i])) {
      fail("invalid_glossary_line", i);
      break;
    }
  }
  i = skipBlank(i);
  let sawChapter = false;
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === "## State Ledger") break;
    if (/^## Chapter \d+$/.test(line)) {
      sawChapter = true;
      continue;
    }
    if (line.trim() === "## Episode Log") {
      fail("episode_log_leak", i);
      break;
    }
    if (g.logSet.test(line) || g.logClear.test(line)) {
      fail("update_line_leak", i);
      break;
    }
  }
  if (!sawChapter) fail("missing_chapters", i);
  i = skipBlank(i);
  if (i >= lines.length || lines[i].trim() !== "## State Ledger") {
    fail("missing_state_ledger", i);
    return done();
  }
  for (i++; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === "") continue;
    if (line.startsWith("## ")) {
      fail("unexpected_section_after_ledger", i);
      break;
    }
    const ok = g.bookSet.test(line) || g.bookClear.test(line) || (dialect === "1.0" && g.bookNote.test(line));
    if (!ok) {
      fail("invalid_ledger_line", i);
      break;
    }
  }
  return done();
}
