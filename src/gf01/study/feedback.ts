/**
 * P0 feedback CSV (DEC-101a/b): the template, a Python-`csv.DictReader`-compatible reader and
 * `p0-feedback-check`. Pure (text in, payload out); files are read in `files.ts`.
 *
 * Official rule (`gf01.p0_feedback_check.v1`): per clarity metric, the share of testers scoring
 * ≥ `min_score` must be ≥ `min_ratio`, and the blocker total must be 0. The official check has
 * no scale bound and passes the unedited template; `strict` (our default) adds: every score an
 * integer on the 1–5 Likert scale, blockers ≥ 0, and no row left as the template wrote it. Each
 * strict failure is named in `failure_reasons`.
 */
import { PyFloat } from "../../core/pyjson.js";

/** The template header (official column order). */
export const FEEDBACK_COLUMNS = [
  "tester_id",
  "date",
  "backend_used",
  "seed_list_run",
  "objective_clarity",
  "control_clarity",
  "action_effect_clarity",
  "visual_overload",
  "must_fix_blockers",
  "notes",
] as const;

export const TEMPLATE_DATE = "YYYY-MM-DD";
export const FEEDBACK_TEMPLATE_SCHEMA = "gf01.p0_feedback_template.v1";
export const FEEDBACK_CHECK_SCHEMA = "gf01.p0_feedback_check.v1";

/**
 * Template rows. The official template names backends `pygame` and `text`; ours are `text`
 * (`gf01 play` at a terminal) and `web` (`gf01 serve`, the browser game). The seeds are the
 * first three of the pack.
 */
export function feedbackTemplate(seeds: readonly number[] = [7000, 7001, 7002]): string {
  const list = seeds.slice(0, 3).join(";");
  return [
    FEEDBACK_COLUMNS.join(","),
    `tester_01,${TEMPLATE_DATE},text,${list},3,3,3,2,0,`,
    `tester_02,${TEMPLATE_DATE},web,${list},3,3,3,2,0,`,
  ]
    .map((l) => `${l}\n`)
    .join("");
}

export interface CsvTable {
  header: string[];
  /** Data rows as DictReader gives them: missing trailing fields are `undefined`. */
  rows: Record<string, string | undefined>[];
  /** 1-based line number (of the file) where each row starts. */
  lines: number[];
}

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/**
 * Parse CSV as Python's `csv` module with the default (excel) dialect: `,` separated, `"`
 * quoting with `""` escapes, CRLF/LF line ends, newlines allowed inside quotes. Rows with no
 * fields (blank lines) are skipped, as `DictReader` does.
 */
export function parseCsv(text: string): CsvTable {
  const records: { fields: string[]; line: number }[] = [];
  let i = 0;
  let line = 1;
  const n = text.length;
  const s = text.startsWith("\uFEFF") ? 1 : 0;
  i = s;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    let field = "";
    let quoted = false;
    let any = false;
    for (;;) {
      if (i >= n) {
        if (quoted) throw new CsvError("unexpected end of data inside a quoted field", start);
        if (any || field) fields.push(field);
        break;
      }
      const c = text[i];
      if (quoted) {
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else {
            quoted = false;
            i++;
          }
        } else {
          if (c === "\n") line++;
          field += c;
          i++;
        }
        continue;
      }
      if (c === '"' && field === "") {
        quoted = true;
        any = true;
        i++;
      } else if (c === ",") {
        fields.push(field);
        field = "";
        any = true;
        i++;
      } else if (c === "\r" || c === "\n") {
        if (c === "\r" && text[i + 1] === "\n") i++;
        i++;
        line++;
        if (any || field) fields.push(field);
        break;
      } else {
        field += c;
        any = true;
        i++;
      }
    }
    if (fields.length) records.push({ fields, line: start });
  }
  const header = records.shift()?.fields ?? [];
  const rows = records.map((r) => {
    const o: Record<string, string | undefined> = {};
    header.forEach((h, k) => {
      o[h] = r.fields[k];
    });
    return o;
  });
  return { header, rows, lines: records.map((r) => r.line) };
}

export interface FeedbackCheckOptions {
  minScore?: number;
  minRatio?: number;
  /** Likert 1–5, integer blockers ≥ 0, template rows rejected (default true). */
  strict?: boolean;
}

type Payload = Record<string, unknown>;

const PY_INT = /^[+-]?\d+$/;
/** Python `int(str(v).strip())`; undefined where Python raises ValueError. */
function pyIntText(v: string | undefined): number | undefined {
  const t = (v ?? "").trim().replace(/_/g, "");
  return PY_INT.test(t) ? Number.parseInt(t, 10) : undefined;
}

/** Missing-file / schema / empty errors shared with the session check (official error types). */
export function feedbackTableError(table: CsvTable, required: readonly string[]): Payload | undefined {
  const cols = new Set(table.header);
  const missing = required.filter((c) => !cols.has(c)).sort();
  if (missing.length)
    return {
      status: "error",
      error_type: "feedback_schema_error",
      message: `feedback CSV missing required columns: ${missing.join(", ")}`,
    };
  if (!table.rows.length)
    return { status: "error", error_type: "empty_feedback", message: "feedback CSV contains no rows" };
  return undefined;
}

/**
 * A check stopped by feedback rows it cannot read (the feedback and the session checks): the
 * rows named in the payload (with the reasons so far, for a strict run) and in the one-line error.
 */
export function badRowsResult(o: {
  errorType: string;
  message: string;
  badRows: readonly (string | number)[];
  failureReasons?: string[];
  error: string;
}): { ok: false; payload: Payload; error: string } {
  const payload: Payload = {
    status: "error",
    error_type: o.errorType,
    message: o.message,
    bad_rows: o.badRows,
  };
  if (o.failureReasons) payload.failure_reasons = o.failureReasons;
  return { ok: false, payload, error: o.error };
}

/** Rows still as the template wrote them (the placeholder date, or a template row verbatim). */
export function templateRows(table: CsvTable): { tester_id: string; line: number; reason: string }[] {
  const template = parseCsv(feedbackTemplate()).rows;
  const out: { tester_id: string; line: number; reason: string }[] = [];
  table.rows.forEach((r, idx) => {
    const tester = (r.tester_id ?? "").trim() || `row-${idx + 1}`;
    if ((r.date ?? "").trim() === TEMPLATE_DATE)
      out.push({
        tester_id: tester,
        line: table.lines[idx],
        reason: "date is the template placeholder YYYY-MM-DD",
      });
    else if (/^tester_\d\d$/.test((r.tester_id ?? "").trim()) && template.some((t) => sameScores(t, r)))
      out.push({
        tester_id: tester,
        line: table.lines[idx],
        reason: "tester id and scores are the template's",
      });
  });
  return out;
}

/** The columns a tester fills in about the game (after who, when and what was run). */
const SCORE_FIELDS = FEEDBACK_COLUMNS.slice(FEEDBACK_COLUMNS.indexOf("objective_clarity"));
const sameScores = (a: Record<string, string | undefined>, b: Record<string, string | undefined>): boolean =>
  SCORE_FIELDS.every((f) => (a[f] ?? "").trim() === (b[f] ?? "").trim());

const LIKERT = ["objective_clarity", "control_clarity", "action_effect_clarity", "visual_overload"] as const;

/** `p0-feedback-check` on a parsed CSV (`path` is echoed as `feedback_path`). */
export function feedbackCheck(
  table: CsvTable,
  path: string,
  opts: FeedbackCheckOptions = {},
): { ok: boolean; payload: Payload; error?: string } {
  const minScore = opts.minScore ?? 3;
  const minRatio = opts.minRatio ?? 0.8;
  const strict = opts.strict ?? true;
  const tableErr = feedbackTableError(table, [
    "tester_id",
    "objective_clarity",
    "control_clarity",
    "action_effect_clarity",
    "must_fix_blockers",
  ]);
  if (tableErr) return { ok: false, payload: tableErr, error: `${path}: ${tableErr.message}` };

  const reasons: string[] = [];
  if (strict) {
    for (const t of templateRows(table))
      reasons.push(`feedback_template_unedited: ${t.tester_id} (line ${t.line}): ${t.reason}`);
    table.rows.forEach((r, idx) => {
      const tester = (r.tester_id ?? "").trim() || `row-${idx + 1}`;
      for (const f of LIKERT) {
        if (f === "visual_overload" && !table.header.includes(f)) continue;
        const v = pyIntText(r[f]);
        if (v === undefined || v < 1 || v > 5)
          reasons.push(
            `likert_out_of_range: ${tester} (line ${table.lines[idx]}) ${f}=${JSON.stringify(r[f] ?? "")} (integer 1–5 required)`,
          );
      }
      const b = pyIntText(r.must_fix_blockers);
      if (b !== undefined && b < 0)
        reasons.push(`negative_blockers: ${tester} (line ${table.lines[idx]}) must_fix_blockers=${b}`);
    });
  }

  const bad: string[] = [];
  const testers: string[] = [];
  let objective = 0;
  let control = 0;
  let effect = 0;
  let blockers = 0;
  table.rows.forEach((r, idx) => {
    const tester = (r.tester_id ?? "").trim() || `row-${idx + 1}`;
    testers.push(tester);
    const o = pyIntText(r.objective_clarity);
    const c = pyIntText(r.control_clarity);
    const a = pyIntText(r.action_effect_clarity);
    const m = pyIntText(r.must_fix_blockers);
    if (o === undefined || c === undefined || a === undefined || m === undefined) {
      bad.push(tester);
      return;
    }
    if (o >= minScore) objective++;
    if (c >= minScore) control++;
    if (a >= minScore) effect++;
    blockers += Math.max(0, m);
  });
  if (bad.length)
    return badRowsResult({
      errorType: "feedback_value_error",
      message: "non-integer clarity/blocker fields in rows",
      badRows: bad,
      failureReasons: strict ? [...reasons, ...bad.map((t) => `non_integer_field: ${t}`)] : undefined,
      error: `${path}: non-integer clarity/blocker fields in rows ${bad.join(", ")}`,
    });
  const n = table.rows.length;
  const ratios = [objective / n, control / n, effect / n];
  const thresholdsMet = blockers === 0 && ratios.every((x) => x >= minRatio);
  if (!thresholdsMet)
    reasons.push(
      `feedback_thresholds_not_met: ratios ${ratios.map((x) => x.toFixed(3)).join("/")} (need ≥ ${minRatio} at score ≥ ${minScore}), blockers ${blockers} (need 0)`,
    );
  const passed = reasons.length === 0;
  const payload: Payload = {
    status: passed ? "ok" : "error",
    schema_version: FEEDBACK_CHECK_SCHEMA,
    feedback_path: path,
    tester_count: n,
    testers,
    thresholds: { min_score: minScore, min_ratio: pyFloatMark(minRatio), must_fix_total_required: 0 },
    metrics: {
      objective_ratio_ge_min_score: pyFloatMark(ratios[0]),
      control_ratio_ge_min_score: pyFloatMark(ratios[1]),
      action_effect_ratio_ge_min_score: pyFloatMark(ratios[2]),
      must_fix_total: blockers,
    },
    passed,
  };
  if (!passed)
    // The first failure names the error (strict failures come before the official thresholds).
    payload.error_type = strictErrorType(reasons[0]);
  if (strict) {
    payload.strict = true;
    payload.failure_reasons = reasons;
  }
  return { ok: passed, payload, error: passed ? undefined : `${path}: ${reasons[0]}` };
}

/** The error type of the first strict failure (`feedback_template_unedited`, `likert_out_of_range`, …). */
const strictErrorType = (reason: string): string => reason.slice(0, reason.indexOf(":"));

/** Python float in the output (official `objective_ok / n` and `float(args.min_ratio)`). */
const pyFloatMark = (x: number): PyFloat => new PyFloat(x);
