/**
 * Shared scorer pieces of the trap families. The reference's `score_<family>.py` scripts each
 * repeat `_norm`, `_support_set` and `_citation_prf`; here each exists once, in the variants
 * the scripts actually differ in (strings stripped, or stripped and lower-cased).
 */
import { pyJsonDumps, pyStrip } from "../../../core/pyjson.js";
import { isPyNumber, pyStrValue } from "../py.js";

/** The reference's `_norm` with strings stripped only (authority_under_interference). */
export function normStrip(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (isPyNumber(v)) return pyStrValue(v);
  if (typeof v === "string") return pyStrip(v);
  return pyJsonDumps(v, { sortKeys: true });
}

/** The reference's `_norm`: null → "null", bools, numbers as Python `str`, strings stripped + lower. */
export function normLower(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (isPyNumber(v)) return pyStrValue(v);
  // Python str.lower() and JS toLowerCase() agree on the ASCII the fixtures hold.
  if (typeof v === "string") return pyStrip(v).toLowerCase();
  return pyJsonDumps(v, { sortKeys: true });
}

/** The reference's `_support_set`: a list (nulls dropped) or one id, as Python `str`s. */
export function supportSet(v: unknown): Set<string> {
  if (Array.isArray(v)) return new Set(v.filter((x) => x !== null).map((x) => pyStrValue(x)));
  return v === null || v === undefined ? new Set() : new Set([pyStrValue(v)]);
}

/** The reference's `_citation_prf`: [precision, recall, F1]; an empty prediction of an empty gold is exact. */
export function citationPrf(pred: Set<string>, gold: Set<string>): [number, number, number] {
  let inter = 0;
  for (const x of pred) if (gold.has(x)) inter++;
  const p = pred.size ? inter / pred.size : gold.size === 0 ? 1 : 0;
  const r = gold.size ? inter / gold.size : 1;
  return [p, r, p > 0 && r > 0 ? (2 * p * r) / (p + r) : 0];
}

/**
 * Whether `answer` is one of `candidates` once both are normalised (`normLower` unless told):
 * the stale or decoy answers a generator rules out and a scorer then recognises. False when
 * `candidates` is not a list.
 */
export function isOneOf(
  candidates: unknown,
  answer: unknown,
  norm: (v: unknown) => string = normLower,
): boolean {
  if (!Array.isArray(candidates)) return false;
  const a = norm(answer);
  return candidates.some((c) => norm(c) === a);
}
