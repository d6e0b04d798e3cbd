/**
 * The scorers' readers of the generators' `meta` fields, as the reference's Python reads
 * them (`int(meta.get(k, 0) or 0)`, `str(meta.get(k, ""))`).
 */
import { pyStrip } from "../../../core/pyjson.js";
import { isPyNumber, pyNumberValue, pyStrValue, pyTruthy } from "../py.js";

/** Python `int(meta.get(k, 0) or 0)` for the integer meta fields the generators write. */
export function metaInt(v: unknown): number {
  if (!pyTruthy(v)) return 0;
  if (isPyNumber(v)) return Math.trunc(pyNumberValue(v));
  const m = /^\s*([+-]?\d+)\s*$/.exec(String(v));
  return m ? Number(m[1]) : 0;
}

/** Python `str(meta.get(k, ""))`: "" when absent, "None" for null. */
export function metaStr(meta: Record<string, unknown>, k: string): string {
  return Object.hasOwn(meta, k) ? pyStrValue(meta[k]) : "";
}

/** The scorers' `str(meta.get(k, d)).strip().lower()`. */
export const metaLower = (meta: Record<string, unknown>, key: string, d = ""): string =>
  pyStrip(pyStrValue(Object.hasOwn(meta, key) ? meta[key] : d)).toLowerCase();
