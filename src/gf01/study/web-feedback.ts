/**
 * Study mode of the browser game (`gf01 serve --study <pack-dir>`): the pure half. The
 * feedback form's fields, validation of a submitted form, and the CSV row it becomes — the
 * same columns as the P0 feedback template (`feedback.ts`), so `gf01 p0-feedback-check` and
 * `gf01 p0-gate` read the server's `feedback.csv` unchanged. No I/O here; the server side is
 * `src/gf01/server/study.ts`.
 */
import { createHash } from "node:crypto";
import { FEEDBACK_COLUMNS, parseCsv } from "./feedback.js";

/** Study participant ids: the play API's pseudonymous player-id grammar (docs/human-data.md). */
export const PARTICIPANT_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** The Likert (integer 1–5) questions of the form, in template column order, with their wording. */
export const LIKERT_QUESTIONS = [
  {
    field: "objective_clarity",
    question: "How clear was the goal of each game?",
    low: "not clear at all",
    high: "completely clear",
  },
  {
    field: "control_clarity",
    question: "How clear was how to change the inputs?",
    low: "not clear at all",
    high: "completely clear",
  },
  {
    field: "action_effect_clarity",
    question: "How clear was what your changes did to the outputs?",
    low: "not clear at all",
    high: "completely clear",
  },
  {
    field: "visual_overload",
    question: "How overloaded did the screen feel?",
    low: "calm",
    high: "overwhelming",
  },
] as const;

export const MAX_BLOCKERS = 99;
export const MAX_NOTES_CHARS = 2000;

/** The default consent text (replace it with your own approved text: `--study-consent FILE`). */
export const DEFAULT_CONSENT_TEXT = `This is an internal pilot (P0) of the GF-01 game, run to find out whether the game is clear enough for a wider study.

What you will do: play a few short games in this browser, then answer six questions about how clear the game was. It takes about 15 minutes.

What is recorded: every move you make in each game, your scores, your answers, and the pseudonymous participant id in your study link. No name, e-mail address or other identifying information is asked for; please do not type any into the notes field.

Your participation is voluntary. You may stop at any time by closing this page; ask the study organiser to withdraw your data, quoting your participant id.

Select "I agree" to start, or "I do not agree" to leave without playing.`;

export const MAX_CONSENT_CHARS = 16 * 1024;

/** sha256 hex of the consent text: what a participant agreed to, recorded with their consent. */
export const consentHash = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

export interface StudyFeedback {
  objective_clarity: number;
  control_clarity: number;
  action_effect_clarity: number;
  visual_overload: number;
  must_fix_blockers: number;
  notes: string;
}

const FIELDS = new Set([...LIKERT_QUESTIONS.map((q) => q.field), "must_fix_blockers", "notes"]);
// C0 controls and DEL, except tab and newlines (notes may span lines; the CSV quotes them).
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A submitted form → the feedback, or the first problem (field named) as a message. */
export function validateFeedback(
  body: unknown,
): { ok: true; value: StudyFeedback } | { ok: false; field: string; message: string } {
  if (!body || typeof body !== "object" || Array.isArray(body))
    return { ok: false, field: "body", message: "the feedback must be a JSON object" };
  const b = body as Record<string, unknown>;
  for (const k of Object.keys(b))
    if (!FIELDS.has(k)) return { ok: false, field: k, message: `unknown field ${JSON.stringify(k)}` };
  const v: Record<string, number | string> = {};
  for (const q of LIKERT_QUESTIONS) {
    const x = b[q.field];
    if (!Number.isInteger(x) || (x as number) < 1 || (x as number) > 5)
      return { ok: false, field: q.field, message: `${q.field} must be an integer from 1 to 5` };
    v[q.field] = x as number;
  }
  const m = b.must_fix_blockers;
  if (!Number.isInteger(m) || (m as number) < 0 || (m as number) > MAX_BLOCKERS)
    return {
      ok: false,
      field: "must_fix_blockers",
      message: `must_fix_blockers must be an integer from 0 to ${MAX_BLOCKERS}`,
    };
  v.must_fix_blockers = m as number;
  const notes = b.notes ?? "";
  if (typeof notes !== "string") return { ok: false, field: "notes", message: "notes must be a string" };
  if (notes.length > MAX_NOTES_CHARS)
    return { ok: false, field: "notes", message: `notes must be at most ${MAX_NOTES_CHARS} characters` };
  if (CONTROL.test(notes)) return { ok: false, field: "notes", message: "notes contain control characters" };
  v.notes = notes.trim();
  return { ok: true, value: v as unknown as StudyFeedback };
}

/** One CSV field, quoted as Python's `csv` writer does (minimal quoting). */
export function csvField(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * Free text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) is
 * stored with a leading `'` (the OWASP CSV-injection rule): the file is opened by people.
 */
export const defuseFormula = (s: string): string => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

export const FEEDBACK_HEADER = `${FEEDBACK_COLUMNS.join(",")}\n`;

/** The template-shaped row of one participant's feedback (`backend_used` = `web`). */
export function feedbackRow(
  participant: string,
  dateIso: string,
  seeds: readonly number[],
  f: StudyFeedback,
): string {
  const cells = [
    participant,
    dateIso,
    "web",
    seeds.join(";"),
    String(f.objective_clarity),
    String(f.control_clarity),
    String(f.action_effect_clarity),
    String(f.visual_overload),
    String(f.must_fix_blockers),
    defuseFormula(f.notes),
  ];
  return `${cells.map(csvField).join(",")}\n`;
}

/** Participants already in a study `feedback.csv` (header checked); throws a message on a bad file. */
export function participantsInFeedback(text: string): {
  participants: string[];
  line?: number;
  error?: string;
} {
  const t = parseCsv(text);
  if (t.header.join(",") !== FEEDBACK_COLUMNS.join(","))
    return { participants: [], line: 1, error: `header must be ${FEEDBACK_COLUMNS.join(",")}` };
  const out: string[] = [];
  for (let i = 0; i < t.rows.length; i++) {
    const id = t.rows[i].tester_id ?? "";
    if (!PARTICIPANT_ID.test(id))
      return {
        participants: [],
        line: t.lines[i],
        error: `tester_id ${JSON.stringify(id)} is not a participant id`,
      };
    if (out.includes(id))
      return { participants: [], line: t.lines[i], error: `tester_id ${id} has a second row` };
    out.push(id);
  }
  return { participants: out };
}
