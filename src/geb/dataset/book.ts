/**
 * Episode-log and book artifacts: rendering, parsing and the structural book validator.
 *
 * Key grammars. The reference parses ledger and log lines with a generic key
 * (`[A-Za-z][A-Za-z0-9_.:-]*`, its baselines module, also used by its twin maker and grader)
 * but checks glossary lines with `tag\.\d{2}`, so its validator rejects the glossary of a book
 * with keys >= 100 (`- tag.100: ...`). `reference-0.1` reproduces exactly that; `1.0` reads
 * keys as `tag.` plus two or more digits everywhere, glossary included.
 */
import type { Compat, LedgerEntry } from "./types.js";

export type Dialect = Compat;

interface Grammar {
  logSet: RegExp;
  logClear: RegExp;
  logNote: RegExp;
  bookSet: RegExp;
  bookClear: RegExp;
  bookNote: RegExp;
  glossary: RegExp;
}

const ID = "U[A-F0-9]{6}";
function grammar(keyRe: string, glossaryKeyRe: string): Grammar {
  return {
    logSet: new RegExp(`^- \\[(${ID})\\] UPDATE step=(\\d+) SET (${keyRe}) = (.+)$`),
    logClear: new RegExp(`^- \\[(${ID})\\] UPDATE step=(\\d+) CLEAR (${keyRe})$`),
    logNote: new RegExp(`^- \\[(${ID})\\] UPDATE step=(\\d+) NOTE (${keyRe}) = (.+)$`),
    bookSet: new RegExp(`^- \\[(${ID})\\] step=(\\d+) SET (${keyRe}) = (.+)$`),
    bookClear: new RegExp(`^- \\[(${ID})\\] step=(\\d+) CLEAR (${keyRe})$`),
    // NOTE ledger lines are commentary: valid in a book, never state.
    bookNote: new RegExp(`^- \\[(${ID})\\] step=(\\d+) NOTE (${keyRe}) = (.+)$`),
    glossary: new RegExp(`^- (${glossaryKeyRe}): .+`),
  };
}
const GRAMMARS: Record<Dialect, Grammar> = {
  "reference-0.1": grammar("[A-Za-z][A-Za-z0-9_.:-]*", "tag\\.\\d{2}"),
  "1.0": grammar("tag\\.\\d+", "tag\\.\\d+"),
};

/** Python `str.splitlines()` for our texts (only `\n`/`\r\n` occur): no trailing empty line. */
export function splitLines(text: string): string[] {
  const lines = text.split("\n");
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  for (let i = 0; i < lines.length; i++) if (lines[i].endsWith("\r")) lines[i] = lines[i].slice(0, -1);
  return lines;
}

/**
 * The lines after the first line that is `header` (surrounding whitespace ignored), as
 * `splitLines` gives them; [] without such a line. Books put the ledger last, so finding the
 * header with `indexOf` and splitting only the tail skips splitting the chapters.
 */
export function linesAfterHeader(text: string, header: string): string[] {
  for (let at = text.indexOf(header); at >= 0; at = text.indexOf(header, at + 1)) {
    const start = text.lastIndexOf("\n", at - 1) + 1;
    let end = text.indexOf("\n", at);
    if (end < 0) end = text.length;
    if (text.slice(start, end).trim() === header) return splitLines(text.slice(end + 1));
  }
  return [];
}

const trim = (s: string): string => s.trim();

/**
 * The entry one ledger line states: `set` (`- [uid] … step=n SET key = value`), `clear` or,
 * when given, `note` (groups: uid, step, key, value), each grammar's own regex (book or episode
 * log, per dialect, and the reference's); null for any other line. `clean` strips the value
 * (String.trim here, Python's str.strip where the reference's parser is mirrored).
 */
export function ledgerLineEntry(
  line: string,
  set: RegExp,
  clear: RegExp,
  note: RegExp | null,
  clean: (value: string) => string,
): LedgerEntry | null {
  let m = set.exec(line);
  if (m) return { uid: m[1], step: Number(m[2]), op: "SET", key: m[3], value: clean(m[4]) };
  m = clear.exec(line);
  if (m) return { uid: m[1], step: Number(m[2]), op: "CLEAR", key: m[3], value: null };
  m = note?.exec(line) ?? null;
  return m ? { uid: m[1], step: Number(m[2]), op: "NOTE", key: m[3], value: clean(m[4]) } : null;
}

/** `notes`: NOTE ledger lines (commentary) too, besides the authoritative SET/CLEAR ones. */
export interface NotesOption {
  notes?: boolean;
}

/**
 * The ledger entries among `lines` (a section's, as `linesAfterHeader` gives them): lines
 * starting with "-" that `ledgerLineEntry` reads, up to the next `## ` heading when `section`.
 */
function sectionEntries(
  lines: readonly string[],
  set: RegExp,
  clear: RegExp,
  note: RegExp | null,
  section: boolean,
): LedgerEntry[] {
  const out: LedgerEntry[] = [];
  for (const line of lines) {
    if (section && line.startsWith("## ")) break;
    if (line.charCodeAt(0) !== 45 /* - */) continue;
    const e = ledgerLineEntry(line, set, clear, note, trim);
    if (e) out.push(e);
  }
  return out;
}

/**
 * Authoritative SET/CLEAR updates of an episode log (lines after `## Episode Log`); with
 * `notes`, NOTE ledger lines too (the reference's `parse_updates` returns them; its state
 * replay skips them, its grader uses them to know which uids exist).
 */
export function parseUpdates(document: string, dialect: Dialect = "1.0", opts: NotesOption = {}) {
  const g = GRAMMARS[dialect];
  const lines = linesAfterHeader(document, "## Episode Log");
  return sectionEntries(lines, g.logSet, g.logClear, opts.notes ? g.logNote : null, false);
}

/** SET/CLEAR entries of a book's `## State Ledger` section; NOTE lines (commentary) with `notes`. */
export function parseBookLedger(book: string, dialect: Dialect = "1.0", opts: NotesOption = {}) {
  const g = GRAMMARS[dialect];
  const lines = linesAfterHeader(book, "## State Ledger");
  return sectionEntries(lines, g.bookSet, g.bookClear, opts.notes ? g.bookNote : null, true);
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
  let tail = "## State Ledger\n".length + 1;
  for (const e of ledger) {
    const line = `${ledgerLine(e)}\n`;
    tail += line.length;
    parts.push(line);
  }
  parts.push("\n");
  const book = parts.join("");
  rememberRendered(book, book.length - tail, ledger);
  return book;
}

/**
 * The ledgers of the last few books rendered in this process, by book text, with the offset of
 * their `## State Ledger` line. A reader of a book this process just made (the sweep's row
 * statistics, via `ledgerCandidates`) takes the entries from here instead of parsing the book
 * again, after checking that parsing would give the same entries (`pipeline/ledger.ts`); a
 * sweep re-parsed every book for that, ~5 % of its CPU (issue 13). The entries are copied:
 * callers may reuse their objects.
 */
export interface RenderedLedger {
  /** Offset of the `## State Ledger` line in the book. */
  at: number;
  ledger: readonly LedgerEntry[];
}
const RENDERED = new Map<string, RenderedLedger>();
const RENDERED_SIZE = 4;
function rememberRendered(book: string, at: number, ledger: readonly LedgerEntry[]): void {
  if (RENDERED.size >= RENDERED_SIZE) RENDERED.delete(RENDERED.keys().next().value as string);
  RENDERED.set(book, {
    at,
    ledger: ledger.map((e) => ({ uid: e.uid, step: e.step, op: e.op, key: e.key, value: e.value })),
  });
}
/** The entries `renderBook` rendered into `book`, if it is one of the last few it made. */
export function renderedLedger(book: string): RenderedLedger | undefined {
  return RENDERED.get(book);
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
 * leak the episode log (`## Episode Log` or raw `UPDATE` lines). Error codes and the order of
 * checks are the reference's (`validate_book_artifact`); the dialects differ only in the key
 * grammar (see the top of this file).
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
    if (g.logSet.test(line) || g.logClear.test(line) || g.logNote.test(line)) {
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
    const ok = g.bookSet.test(line) || g.bookClear.test(line) || g.bookNote.test(line);
    if (!ok) {
      fail("invalid_ledger_line", i);
      break;
    }
  }
  return done();
}
