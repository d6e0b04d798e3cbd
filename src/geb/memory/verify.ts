/**
 * Cited-memory verification (the reference's `memory.py`, reason codes and summary shape kept,
 * its defects fixed; docs/geb/memory.md lists every difference).
 *
 * Pure: the cited files come in through a `CitedFiles` source (./source.ts reads them from
 * disk under a root; tests and the sensitivity generator use an in-memory one).
 */
import { InputError } from "../../core/errors.js";
import { compareCodePoints, isPySpace, pyStrip } from "../../core/pyjson.js";

/** A memory entry after its entry-level fields were type-checked (see `parseMemoryEntry`). */
export interface MemoryEntry {
  /** Stripped id; "" when absent, null or blank (reason `missing_id`). */
  id: string;
  used: boolean;
  /** Stripped claim; "" when absent, null or blank (reason `missing_claim_text`). */
  claimText: string;
  /** null: no confidence given. */
  confidence: number | null;
  /** `citations` as given (null/absent → []); each element is checked by the verifier. */
  citations: unknown[];
}

/** Per-entry result, the reference's shape and key order. */
export interface MemoryResult {
  id: string | null;
  used: boolean;
  ok: boolean;
  reasons: string[];
  tags: string[];
  citations_total: number;
  citations_ok: number;
}

/** Summary over used entries, the reference's shape and key order. */
export interface MemorySummary {
  memory_total: number;
  memory_used_count: number;
  memory_verified_count: number;
  memory_invalid_count: number;
  memory_use_rate: number;
  memory_verified_rate: number;
  memory_invalid_rate: number;
  /** = invalid count: what a memory gate would block (nothing is actually blocked). */
  actions_blocked_by_memory_gate: number;
  memory_tag_counts: Record<string, number>;
  memory_reason_counts: Record<string, number>;
}

/** Keys written as Python floats (`1.0`), so the summary file is byte-identical to the reference's. */
export const SUMMARY_FLOAT_KEYS: ReadonlySet<string> = new Set([
  "memory_use_rate",
  "memory_verified_rate",
  "memory_invalid_rate",
]);

/** What a cited path is, relative to the verification root. */
export type CitedPathStatus = "outside" | "missing" | "present";

/** Read access to the files citations point at; paths are the citations' `file_path` as given. */
export interface CitedFiles {
  /** `outside`: absolute, `..`-escaping or resolving (symlinks) outside the root. */
  status(filePath: string): CitedPathStatus;
  /** The file's lines (Python `splitlines`), or undefined when it cannot be read as UTF-8 text. */
  lines(filePath: string): readonly string[] | undefined;
}

/** Every tag the verifier emits. */
export const MEMORY_TAGS = [
  "contradicted_memory",
  "invalid_citation",
  "overconfident_memory",
  "stale_memory",
] as const;

/** The confidence from which a failed memory is also tagged `overconfident_memory`. */
export const OVERCONFIDENT_AT = 0.8;

/** Python `" ".join(s.strip().split()).lower()`: whitespace runs collapsed, lower-cased. */
export function normalizeText(s: string): string {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i <= s.length; i++) {
    const space = i === s.length || isPySpace(s.charCodeAt(i));
    if (space && start >= 0) {
      words.push(s.slice(start, i));
      start = -1;
    } else if (!space && start < 0) start = i;
  }
  return words.join(" ").toLowerCase();
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** A JSON integer (1 and 1.0 alike, as Python's `int()` of a whole float); never a bool or string. */
const isLineNumber = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);

/**
 * Type-check one entry's entry-level fields. A field of the wrong JSON type is an InputError
 * naming the field (the reference coerces: `"used": "false"` counted as used, `"confidence":
 * "0.9"` as 0.9); citation-level problems are reason codes, found by `verifyMemoryEntry`.
 */
export function parseMemoryEntry(value: unknown): MemoryEntry {
  if (!isObject(value)) throw new InputError("a memory entry must be a JSON object");
  const text = (field: string): string => {
    const v = value[field];
    if (v === undefined || v === null) return "";
    if (typeof v !== "string") throw new InputError(`must be a string, got ${jsonType(v)}`, { field });
    return pyStrip(v);
  };
  const id = text("id");
  const claimText = text("claim_text");
  const used = value.used ?? true;
  if (value.used === null || typeof used !== "boolean")
    throw new InputError(`must be true or false, got ${jsonType(value.used)}`, { field: "used" });
  let confidence: number | null = null;
  if (value.confidence !== undefined && value.confidence !== null) {
    const c = value.confidence;
    if (typeof c !== "number" || !(c >= 0 && c <= 1))
      throw new InputError(`must be a number in [0, 1], got ${JSON.stringify(c)}`, { field: "confidence" });
    confidence = c;
  }
  if (value.tags !== undefined && value.tags !== null) {
    if (!Array.isArray(value.tags)) throw new InputError("must be a list of strings", { field: "tags" });
    value.tags.forEach((t, i) => {
      if (typeof t !== "string") throw new InputError("must be a string", { field: `tags[${i}]` });
    });
  }
  if (value.created_at !== undefined && value.created_at !== null && typeof value.created_at !== "string")
    throw new InputError(`must be a string, got ${jsonType(value.created_at)}`, { field: "created_at" });
  const c = value.citations;
  if (c !== undefined && c !== null && !Array.isArray(c))
    throw new InputError(`must be a list of citations, got ${jsonType(c)}`, { field: "citations" });
  return { id, used, claimText, confidence, citations: (c as unknown[] | null | undefined) ?? [] };
}

function jsonType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object") return "an object";
  return `${typeof v} ${JSON.stringify(v)}`;
}

/** The first failure of one citation as [reason, tag], or undefined when it supports the claim. */
function citationFailure(
  citation: unknown,
  claimText: string,
  files: CitedFiles,
): [string, string] | undefined {
  const bad = (reason: string): [string, string] => [reason, "invalid_citation"];
  if (!isObject(citation)) return bad("invalid_citation_type");
  // Absent means "repo" (the reference's default); null is not a type.
  const type = citation.type === undefined ? "repo" : citation.type;
  if (typeof type !== "string") return bad("invalid_citation_type");
  const ctype = pyStrip(type).toLowerCase();
  if (ctype !== "repo") return bad(`unsupported_citation_type:${ctype}`);
  const filePath = citation.file_path;
  if (typeof filePath !== "string" || pyStrip(filePath) === "") return bad("missing_file_path");
  const status = files.status(filePath);
  if (status === "outside") return bad("path_outside_root");
  if (status === "missing") return bad(`missing_file:${filePath}`);
  const { line_start: start, line_end: end } = citation;
  if (!isLineNumber(start) || !isLineNumber(end)) return bad("invalid_line_range");
  const snippet = citation.snippet;
  if (typeof snippet !== "string" || pyStrip(snippet) === "") return bad("missing_snippet");
  const lines = files.lines(filePath);
  if (lines === undefined) return bad(`unreadable_file:${filePath}`);
  // Out of range is reported, never clamped (the reference cut line_end to the file's length).
  if (start < 1 || end < start || end > lines.length) return bad("line_range_out_of_bounds");
  const excerpt = normalizeText(lines.slice(start - 1, end).join("\n"));
  const snip = normalizeText(snippet);
  if (!excerpt.includes(snip)) return ["snippet_mismatch", "stale_memory"];
  if (claimText && !snip.includes(normalizeText(claimText))) return ["claim_mismatch", "contradicted_memory"];
  return undefined;
}

const sortedUnique = (xs: string[]): string[] => [...new Set(xs)].sort(compareCodePoints);

/** Verify one entry: every citation must support the claim. */
export function verifyMemoryEntry(entry: MemoryEntry, files: CitedFiles): MemoryResult {
  const reasons: string[] = [];
  const tags: string[] = [];
  const fail = (reason: string, tag = "invalid_citation") => {
    reasons.push(reason);
    tags.push(tag);
  };
  if (!entry.id) fail("missing_id");
  if (!entry.claimText) fail("missing_claim_text");
  let citationsOk = 0;
  if (entry.citations.length === 0) fail("no_citations");
  for (const c of entry.citations) {
    const failure = citationFailure(c, entry.claimText, files);
    if (failure) fail(...failure);
    else citationsOk++;
  }
  const ok = reasons.length === 0;
  if (!ok && entry.confidence !== null && entry.confidence >= OVERCONFIDENT_AT)
    tags.push("overconfident_memory");
  return {
    id: entry.id || null,
    used: entry.used,
    ok,
    reasons: sortedUnique(reasons),
    tags: sortedUnique(tags),
    citations_total: entry.citations.length,
    citations_ok: citationsOk,
  };
}

function sortedCounts(counts: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...counts].sort(([a], [b]) => compareCodePoints(a, b)));
}

/** The summary over used entries (unused ones count only in `memory_total`). */
export function summarizeMemory(results: readonly MemoryResult[]): MemorySummary {
  const used = results.filter((r) => r.used);
  const verified = used.filter((r) => r.ok).length;
  const invalid = used.length - verified;
  const tagCounts = new Map<string, number>();
  const reasonCounts = new Map<string, number>();
  for (const r of used) {
    for (const t of r.tags) tagCounts.set(t, (tagCounts.get(t) ?? 0) + 1);
    for (const x of r.reasons) reasonCounts.set(x, (reasonCounts.get(x) ?? 0) + 1);
  }
  const rate = (n: number, d: number) => (d ? n / d : 0);
  return {
    memory_total: results.length,
    memory_used_count: used.length,
    memory_verified_count: verified,
    memory_invalid_count: invalid,
    memory_use_rate: rate(used.length, results.length),
    memory_verified_rate: rate(verified, used.length),
    memory_invalid_rate: rate(invalid, used.length),
    actions_blocked_by_memory_gate: invalid,
    memory_tag_counts: sortedCounts(tagCounts),
    memory_reason_counts: sortedCounts(reasonCounts),
  };
}

/** Verify entries and summarize them. */
export function verifyMemories(
  entries: readonly MemoryEntry[],
  files: CitedFiles,
): { results: MemoryResult[]; summary: MemorySummary } {
  const results = entries.map((e) => verifyMemoryEntry(e, files));
  return { results, summary: summarizeMemory(results) };
}
