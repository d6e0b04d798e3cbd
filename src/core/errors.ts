/**
 * The one error type for bad input. It names where the problem is (file, line, field) so a
 * user can fix their file; CLIs print `message` and exit 2 instead of a stack trace.
 */
export interface ErrorLocation {
  file?: string;
  /** 1-based line number (JSONL rows, HOA lines). */
  line?: number;
  /** Dotted path of the offending field, e.g. `instances[2].base_trace[0].in1`. */
  field?: string;
  /**
   * Keep line breaks in the reason (a usage listing). Otherwise control characters are
   * escaped: a message is one stderr line, and bytes from a hostile file (a newline inside a
   * JSON parse error's snippet, an ANSI escape) cannot forge lines or recolour the terminal.
   */
  multiline?: boolean;
}

/** `s` with C0 control characters (but tab) and DEL escaped, `\n` → `\\n`. */
export function oneLine(s: string): string {
  return s.replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, (c) =>
    c === "\n" ? "\\n" : c === "\r" ? "\\r" : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

export class InputError extends Error {
  readonly file?: string;
  readonly line?: number;
  readonly field?: string;
  /** The reason without the location prefix (stable text for tests and reason codes). */
  readonly reason: string;

  constructor(reason: string, where: ErrorLocation = {}) {
    if (!where.multiline) reason = oneLine(reason);
    super(formatLocation(where) + reason);
    this.name = "InputError";
    this.reason = reason;
    this.file = where.file;
    this.line = where.line;
    this.field = where.field;
  }

  /** The same error with more location filled in (inner code knows the field, outer code the file). */
  at(where: ErrorLocation): InputError {
    return new InputError(this.reason, {
      // An escaped reason has no line breaks left: only a multiline one still does.
      multiline: this.reason.includes("\n"),
      file: this.file ?? where.file,
      line: this.line ?? where.line,
      field: joinField(where.field, this.field),
    });
  }
}

function joinField(outer?: string, inner?: string): string | undefined {
  if (!outer) return inner;
  if (!inner) return outer;
  return inner.startsWith("[") ? outer + inner : `${outer}.${inner}`;
}

function formatLocation(where: ErrorLocation): string {
  const parts: string[] = [];
  // Lines are 1-based: a line 0 (a whole-file problem) prints no `:0:`.
  const line = where.line !== undefined && where.line > 0 ? where.line : undefined;
  if (where.file) parts.push(line !== undefined ? `${where.file}:${line}` : where.file);
  else if (line !== undefined) parts.push(`line ${line}`);
  if (where.field) parts.push(`field ${where.field}`);
  return parts.length ? `${oneLine(parts.join(": "))}: ` : "";
}

/** Format a zod issue path as a dotted field (`a.b[3].c`). */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}
