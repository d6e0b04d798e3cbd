/**
 * Reading and validating UI fixtures (file I/O lives here, the rest of src/geb/ui is pure).
 * Every problem names file, line and field; `validateUiFixture` lists them all (for
 * `geb ui validate`), the readers stop at the first one (an InputError, exit 2).
 */
import { readFileSync } from "node:fs";
import { InputError, fieldPath } from "../../core/errors.js";
import { parseWith } from "../../core/schema.js";
import type { GateModel } from "./gate.js";
import {
  UiGateModelSchema,
  type UiObserved,
  UiObservedSchema,
  type UiRow,
  UiRowSchema,
  type UiSelection,
  UiSelectionSchema,
} from "./schema.js";
import { jsonLineValue } from "../../core/jsonl.js";

/**
 * The JSON rows of a JSONL file with their 1-based lines; blank lines skipped. A UTF-8 byte
 * order mark is accepted (the reference reads with `utf-8-sig`). UI files are small: read whole.
 */
export function* readUiJsonl<T = unknown>(
  file: string,
  parse?: (value: unknown, line: number) => T,
): Generator<{ line: number; value: T }> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new InputError(`cannot read file: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, { file });
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].endsWith("\r") ? lines[i].slice(0, -1) : lines[i];
    if (raw.trim() === "") continue;
    const value = jsonLineValue(raw, file, i + 1);
    try {
      yield { line: i + 1, value: parse ? parse(value, i + 1) : (value as T) };
    } catch (e) {
      if (e instanceof InputError) throw e.at({ file, line: i + 1 });
      throw e;
    }
  }
}

export interface UiIssue {
  file: string;
  /** 1-based JSONL line (absent for a whole-file problem: an empty fixture). */
  line?: number;
  /** Dotted field path (`candidates[1].bbox`), absent for whole-row problems. */
  field?: string;
  message: string;
}

export const formatIssue = (i: UiIssue): string =>
  `${i.file}${i.line ? `:${i.line}` : ""}: ${i.field ? `field ${i.field}: ` : ""}${i.message}`;

/** Every schema problem of one parsed row (empty when the row is valid). */
export function rowIssues(value: unknown, file: string, line: number): UiIssue[] {
  const r = UiRowSchema.safeParse(value);
  if (r.success) return [];
  return r.error.issues.map((iss) => ({
    file,
    line,
    field: fieldPath(iss.path) || undefined,
    message: iss.message,
  }));
}

export interface UiFixtureCheck {
  rows: number;
  issues: UiIssue[];
}

/**
 * Validate a fixture file: every row, every problem (a row id used twice is one too: scores
 * and observed files are joined by id). A line that is not JSON stops the check there.
 */
export async function validateUiFixture(file: string): Promise<UiFixtureCheck> {
  const issues: UiIssue[] = [];
  const ids = new Map<string, number>();
  let rows = 0;
  try {
    for (const { line, value } of readUiJsonl(file)) {
      rows++;
      const found = rowIssues(value, file, line);
      issues.push(...found);
      const id = (value as { id?: unknown } | null)?.id;
      if (typeof id === "string" && id.trim() !== "") {
        const first = ids.get(id);
        if (first !== undefined)
          issues.push({
            file,
            line,
            field: "id",
            message: `duplicate row id ${id} (first on line ${first})`,
          });
        else ids.set(id, line);
      }
    }
  } catch (e) {
    // A file that cannot be read (missing, a directory, unreadable) is not a fixture with
    // problems but a bad input: exit 2 on stderr, not a finding on stdout.
    if (!(e instanceof InputError) || e.line === undefined) throw e;
    issues.push({ file, line: e.line, field: e.field, message: e.reason });
  }
  if (rows === 0 && issues.length === 0) issues.push({ file, message: "fixture is empty" });
  return { rows, issues };
}

export interface UiFixture {
  file: string;
  rows: UiRow[];
  /** lines[i] is the JSONL line of rows[i]. */
  lines: number[];
}

/** Read a valid fixture; the first problem is an InputError naming file, line and field. */
export async function readUiFixture(file: string): Promise<UiFixture> {
  const check = await validateUiFixture(file);
  if (check.issues.length > 0) {
    const i = check.issues[0];
    const more = check.issues.length > 1 ? ` (and ${check.issues.length - 1} more: geb ui validate)` : "";
    throw new InputError(`${i.message}${more}`, { file, line: i.line || undefined, field: i.field });
  }
  const rows: UiRow[] = [];
  const lines: number[] = [];
  for (const { line, value } of readUiJsonl(file, (v) => parseWith(UiRowSchema, v))) {
    rows.push(value);
    lines.push(line);
  }
  return { file, rows, lines };
}

/** Observed-delta rows (`{id, observed_delta}` or `{id, candidate_id, observed_delta}`). */
export async function readUiObserved(file: string): Promise<UiObserved[]> {
  const out: UiObserved[] = [];
  for (const { value } of readUiJsonl(file, (v) => parseWith(UiObservedSchema, v))) out.push(value);
  return out;
}

/** Selection rows (`{id, value}` or `{id, candidate_id}`); an id given twice is an error. */
export async function readUiSelections(file: string): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  for (const { line, value } of readUiJsonl(file, (v) => parseWith(UiSelectionSchema, v))) {
    if (out.has(value.id))
      throw new InputError(`selection for row ${value.id} given twice`, { file, line, field: "id" });
    out.set(value.id, selectionOf(value));
  }
  return out;
}

/** A non-blank string is a selection (the reference's rule); anything else abstains. */
export function selectionOf(s: UiSelection): string | null {
  const v = s.value !== undefined ? s.value : s.candidate_id;
  return typeof v === "string" && v.trim() !== "" ? v : null;
}

/** A gate model file; problems name the file and field. */
export function readGateModel(file: string): GateModel {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(code ? `cannot read file: ${code}` : `invalid JSON: ${(e as Error).message}`, {
      file,
    });
  }
  const m = parseWith(UiGateModelSchema, value, { file });
  return {
    feature_names: m.feature_names,
    weights: m.weights,
    bias: m.bias,
    min_score: m.min_score,
    min_margin: m.min_margin,
  };
}
