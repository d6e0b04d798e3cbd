/**
 * The few Python semantics the reference scorers lean on, for values decoded with
 * `pyJsonLoads` (ints, `PyFloat`s, bigints, strings, lists, dicts, null).
 */
import { compareCodePoints, PyFloat, pyStr, pyStrip } from "../../core/pyjson.js";

/** Python truthiness of a JSON value. */
export function pyTruthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false) return false;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "bigint") return v !== 0n;
  if (v instanceof PyFloat) return v.value !== 0;
  if (typeof v === "string") return v.length > 0;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === "object") return Object.keys(v).length > 0;
  return true;
}

/** A plain JSON object (Python dict), not a list or PyFloat. */
export function isDict(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof PyFloat);
}

/** Python `isinstance(v, (int, float))` (bool included, as in Python). */
export function isPyNumber(v: unknown): boolean {
  return typeof v === "number" || typeof v === "bigint" || typeof v === "boolean" || v instanceof PyFloat;
}

/** Python `float(v)` for an int / float / bool value. */
export function pyNumberValue(v: unknown): number {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "bigint") return Number(v);
  if (v instanceof PyFloat) return v.value;
  return v as number;
}

const PY_FLOAT_RE =
  /^[+-]?(?:(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?|inf(?:inity)?|nan)$/i;

/** Python `float(text)`; null where Python raises ValueError. */
export function pyFloatFromString(text: string): number | null {
  const t = pyStrip(text);
  if (!PY_FLOAT_RE.test(t)) return null;
  const lower = t.toLowerCase().replace(/^[+]/, "");
  if (lower.endsWith("nan")) return Number.NaN;
  if (lower.endsWith("inf") || lower.endsWith("infinity"))
    return lower.startsWith("-") ? -Infinity : Infinity;
  return Number(t.replace(/_/g, ""));
}

/** Python `str(v)` of a decoded JSON value (None → "None"). */
export function pyStrValue(v: unknown): string {
  return pyStr(v === undefined ? null : v);
}

/** Python `dict.get(key)` on a decoded object (undefined → null). */
export function pyGet(o: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(o, key) ? o[key] : null;
}

/** Mean as the reference writes it: `sum(values) / len(values)` or 0.0. */
export function pyMean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let s = 0;
  for (const v of values) s += v;
  return s / values.length;
}

/** Python's `sorted()` order of strings (code points). */
export function pySortStrings(xs: Iterable<string>): string[] {
  return [...xs].sort(compareCodePoints);
}

/**
 * The scorers' prediction index (the reference's `{str(p["id"]): p for p in preds if isinstance(p, dict)}`
 * shape): dict predictions by `str(id)`, a later duplicate id winning; predictions without an id skipped.
 */
export function predictionsById(preds: readonly unknown[]): Map<string, Record<string, unknown>> {
  const byId = new Map<string, Record<string, unknown>>();
  for (const p of preds) {
    if (!isDict(p)) continue;
    const id = pyGet(p, "id");
    if (id !== null) byId.set(pyStrValue(id), p);
  }
  return byId;
}

/** Python `==` on decoded JSON values (1 == 1.0 == True; lists and dicts by content). */
export function pyEquals(a: unknown, b: unknown): boolean {
  if (isPyNumber(a) && isPyNumber(b)) return pyNumberValue(a) === pyNumberValue(b);
  if (a === null || b === null || typeof a === "string" || typeof b === "string") return a === b;
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => pyEquals(x, b[i]))
    );
  if (isDict(a) && isDict(b)) {
    const ka = Object.keys(a);
    return (
      ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && pyEquals(a[k], b[k]))
    );
  }
  return false;
}
