import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/geb/dataset/book.ts
var ID = "U[A-F0-9]{6}";
function grammar(keyRe, glossaryKeyRe) {
  return {
    logSet: new RegExp(`^- \\[(${ID})\\] UPDATE step=(\\d+) SET (${keyRe}) = (.+)$`),
    logClear: new RegExp(`^- \\[(${ID})\\] UPDATE step=(\\d+) CLEAR (${keyRe})$`),
    logNote: new RegExp(`^- \\[(${ID})\\] UPDATE step=(\\d+) NOTE (${keyRe}) = (.+)$`),
    bookSet: new RegExp(`^- \\[(${ID})\\] step=(\\d+) SET (${keyRe}) = (.+)$`),
    bookClear: new RegExp(`^- \\[(${ID})\\] step=(\\d+) CLEAR (${keyRe})$`),
    // NOTE ledger lines are commentary: valid in a book, never state.
    bookNote: new RegExp(`^- \\[(${ID})\\] step=(\\d+) NOTE (${keyRe}) = (.+)$`),
    glossary: new RegExp(`^- (${glossaryKeyRe}): .+`)
  };
}
var GRAMMARS = {
  "reference-0.1": grammar("[A-Za-z][A-Za-z0-9_.:-]*", "tag\\.\\d{2}"),
  "1.0": grammar("tag\\.\\d+", "tag\\.\\d+")
};
function splitLines(text) {
  const lines = text.split("\n");
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  for (let i = 0; i < lines.length; i++) if (lines[i].endsWith("\r")) lines[i] = lines[i].slice(0, -1);
  return lines;
}
function linesAfterHeader(text, header) {
  for (let at = text.indexOf(header); at >= 0; at = text.indexOf(header, at + 1)) {
    const start = text.lastIndexOf("\n", at - 1) + 1;
    let end = text.indexOf("\n", at);
    if (end < 0) end = text.length;
    if (text.slice(start, end).trim() === header) return splitLines(text.slice(end + 1));
  }
  return [];
}
function parseUpdates(document, dialect = "1.0", opts = {}) {
  const g = GRAMMARS[dialect];
  const out = [];
  let inLog = false;
  for (const line of splitLines(document)) {
    if (!inLog) {
      if (line.trim() === "## Episode Log") inLog = true;
      continue;
    }
    if (line.charCodeAt(0) !== 45) continue;
    let m = g.logSet.exec(line);
    if (m) {
      out.push({ uid: m[1], step: Number(m[2]), op: "SET", key: m[3], value: m[4].trim() });
      continue;
    }
    m = g.logClear.exec(line);
    if (m) {
      out.push({ uid: m[1], step: Number(m[2]), op: "CLEAR", key: m[3], value: null });
      continue;
    }
    if (opts.notes) {
      m = g.logNote.exec(line);
      if (m) out.push({ uid: m[1], step: Number(m[2]), op: "NOTE", key: m[3], value: m[4].trim() });
    }
  }
  return out;
}
function parseBookLedger(book, dialect = "1.0", opts = {}) {
  const g = GRAMMARS[dialect];
  const out = [];
  for (const line of linesAfterHeader(book, "## State Ledger")) {
    if (line.startsWith("## ")) break;
    if (line.charCodeAt(0) !== 45) continue;
    let m = g.bookSet.exec(line);
    if (m) {
      out.push({ uid: m[1], step: Number(m[2]), op: "SET", key: m[3], value: m[4].trim() });
      continue;
    }
    m = g.bookClear.exec(line);
    if (m) {
      out.push({ uid: m[1], step: Number(m[2]), op: "CLEAR", key: m[3], value: null });
      continue;
    }
    if (opts.notes) {
      m = g.bookNote.exec(line);
      if (m) out.push({ uid: m[1], step: Number(m[2]), op: "NOTE", key: m[3], value: m[4].trim() });
    }
  }
  return out;
}
function renderBook(title, chapters, keys, ledger) {
  const parts = [
    `# ${title}
`,
    "## Reading Rules\n",
    "- The STATE LEDGER is authoritative for current state.\n",
    "- Only SET/CLEAR lines update state; NOTE lines are commentary.\n",
    "- Chapter narrative may contain errors or distractors.\n",
    "- Support IDs (e.g., [U0007]) refer to ledger entries.\n",
    "\n",
    "## Glossary (Tags)\n"
  ];
  for (const k of [...keys].sort()) parts.push(`- ${k}: Synthetic tag ${k} used for state-tracking.
`);
  parts.push("\n");
  chapters.forEach((ch, i) => {
    parts.push(`## Chapter ${i + 1}
`, `${ch.trimEnd()}

`);
  });
  parts.push("## State Ledger\n");
  for (const e of ledger) parts.push(`${ledgerLine(e)}
`);
  parts.push("\n");
  return parts.join("");
}
function ledgerLine(e) {
  if (e.op === "CLEAR") return `- [${e.uid}] step=${e.step} CLEAR ${e.key}`;
  return `- [${e.uid}] step=${e.step} ${e.op} ${e.key} = ${e.value}`;
}
function validateBook(book, dialect = "1.0") {
  const g = GRAMMARS[dialect];
  const lines = splitLines(book);
  const errors = [];
  let errLine;
  const fail = (code, at) => {
    errors.push(code);
    errLine ??= Math.min(at, lines.length) + 1;
  };
  const done = () => ({
    ok: errors.length === 0,
    errors,
    ...errLine !== void 0 ? { line: errLine } : {}
  });
  const skipBlank = (i2) => {
    while (i2 < lines.length && lines[i2].trim() === "") i2++;
    return i2;
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

export {
  splitLines,
  linesAfterHeader,
  parseUpdates,
  parseBookLedger,
  renderBook,
  validateBook
};
