/**
 * The per-row check of every GEB data row we read (baselines, grading, summaries), without zod.
 *
 * Why not `parseWith(GebRowReadSchema, …)`: this module is on the path of `geb sweep`, and
 * importing zod costs ~0.1 s of CPU at start-up (95 modules), about 5 % of a default sweep
 * (issue 13's CPU budget). The check below accepts exactly what `GebRowReadSchema`
 * (dataset/schema.ts) accepts and reports the schema's first issue with the same message and
 * field; tests/geb/row-check.test.ts compares the two on generated values.
 */
import { type ErrorLocation, InputError } from "../../core/errors.js";

/** A data row as read (the fields we use are checked; others pass through). */
export interface GebRowRead {
  id: string;
  episode_id?: string;
  schema_version?: string;
  document: string;
  book: string;
  question?: string;
  gold: { value?: unknown; support_id?: unknown; support_ids?: unknown };
  meta: Record<string, unknown>;
  [k: string]: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);
const optString = (v: unknown): boolean => v === undefined || typeof v === "string";

/** zod's name for a received value in "expected X, received Y". */
function received(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  // zod names the non-finite numbers themselves.
  if (typeof v === "number" && !Number.isFinite(v)) return String(v);
  if (v instanceof Date) return "Date";
  return typeof v;
}

/** The schema's first issue for a value the fast check rejected: [field, message]. */
function firstIssue(value: unknown): [string, string] {
  if (!isObject(value)) return ["", `Invalid input: expected object, received ${received(value)}`];
  const str = (k: string, optional: boolean): [string, string] | null => {
    const v = value[k];
    if (typeof v === "string" || (optional && v === undefined)) return null;
    return [k, `Invalid input: expected string, received ${received(v)}`];
  };
  const id = value.id;
  if (typeof id === "string" && id.length === 0)
    return ["id", "Too small: expected string to have >=1 characters"];
  return (
    str("id", false) ??
    str("episode_id", true) ??
    str("schema_version", true) ??
    str("document", false) ??
    str("book", false) ??
    str("question", true) ??
    (isObject(value.gold) ? null : (["gold", "expected an object"] as [string, string])) ??
    (isObject(value.meta) ? null : (["meta", "expected an object"] as [string, string])) ?? [
      "",
      "invalid row",
    ]
  );
}

/**
 * A row that passes is returned as it is (not copied: this runs for every row read); anything
 * else is an InputError with file, line and field.
 */
export function readRowChecked(value: unknown, where: ErrorLocation): GebRowRead {
  if (
    isObject(value) &&
    typeof value.id === "string" &&
    value.id.length > 0 &&
    optString(value.episode_id) &&
    optString(value.schema_version) &&
    typeof value.document === "string" &&
    typeof value.book === "string" &&
    optString(value.question) &&
    isObject(value.gold) &&
    isObject(value.meta)
  )
    return value as GebRowRead;
  const [field, message] = firstIssue(value);
  throw new InputError(message, {
    ...where,
    field: where.field ? `${where.field}${field ? `.${field}` : ""}` : field || undefined,
  });
}
