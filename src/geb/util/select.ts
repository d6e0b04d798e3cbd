/**
 * Counterexample selection over failure drilldown rows (the reference's
 * `minimize_counterexample.py`, and `promote_failures_to_anchors.py`, which selects the same
 * way and exports the matching dataset rows): greedy set cover of `reason:<r>` / `key:<k>`
 * targets, ties to the cheapest row (question length, reason count, id), then the cheapest
 * leftovers up to the limit. Pure; Python's `str()`, `len()` and tuple order reproduced.
 */
import { compareCodePoints, PY_KEY_ORDER, pyKeys, pyStr, pyStrip } from "../../core/pyjson.js";
import { InputError } from "../../core/errors.js";
import { pyTruthy } from "../grade/grade.js";

export type CoverBy = "reason" | "key" | "both";
type Row = Record<string, unknown>;

/** The row's failure reasons (`str()` of each truthy entry), or `["unspecified_failure"]`. */
export function failureReasons(row: Row): string[] {
  const r = row.reasons;
  if (Array.isArray(r)) {
    const cleaned = r.filter(pyTruthy).map(pyStr);
    if (cleaned.length) return cleaned;
  }
  return ["unspecified_failure"];
}

function rowKey(row: Row): string | undefined {
  if (row.key === undefined || row.key === null) return undefined;
  return pyStrip(pyStr(row.key)) || undefined;
}

function targets(row: Row, cover: CoverBy): Set<string> {
  const t = new Set<string>();
  if (cover !== "key") for (const r of failureReasons(row)) t.add(`reason:${r}`);
  if (cover !== "reason") {
    const k = rowKey(row);
    if (k) t.add(`key:${k}`);
  }
  if (!t.size) t.add(pyTruthy(row.id) ? `id:${pyStr(row.id)}` : "id:unknown");
  return t;
}

/** Python `len(str)`: code points, not UTF-16 units. */
const pyLen = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

type Cost = [number, number, string];
const cost = (row: Row): Cost => [
  pyLen(pyTruthy(row.question) ? pyStr(row.question) : ""),
  failureReasons(row).length,
  pyTruthy(row.id) ? pyStr(row.id) : "",
];
const cmpCost = (a: Cost, b: Cost): number => a[0] - b[0] || a[1] - b[1] || compareCodePoints(a[2], b[2]);

/** Rows that failed (`exact_ok` falsy), unless passes are included. */
export const failuresOnly = (rows: Row[], includePasses: boolean): Row[] =>
  includePasses ? rows : rows.filter((r) => !pyTruthy(r.exact_ok));

/** Select at most `maxRows` rows; `covered` of `total` targets are hit by the selection's cover phase. */
export function selectCounterexamples(
  rows: readonly Row[],
  maxRows: number,
  cover: CoverBy,
): { rows: Row[]; covered: number; total: number } {
  if (maxRows <= 0 || rows.length === 0) return { rows: [], covered: 0, total: 0 };
  const sets = rows.map((r) => targets(r, cover));
  const costs = rows.map(cost);
  const all = new Set<string>();
  for (const s of sets) for (const t of s) all.add(t);
  const remaining = new Set(all);
  const chosen: number[] = [];
  const used = new Set<number>();
  while (remaining.size && chosen.length < maxRows) {
    let best = -1;
    let bestGain = -1;
    for (let i = 0; i < rows.length; i++) {
      if (used.has(i)) continue;
      let gain = 0;
      for (const t of sets[i]) if (remaining.has(t)) gain++;
      if (gain > bestGain || (gain === bestGain && cmpCost(costs[i], costs[best]) < 0)) {
        best = i;
        bestGain = gain;
      }
    }
    if (best < 0 || bestGain <= 0) break;
    used.add(best);
    chosen.push(best);
    for (const t of sets[best]) remaining.delete(t);
  }
  if (chosen.length < maxRows) {
    const leftovers = rows.map((_, i) => i).filter((i) => !used.has(i));
    leftovers.sort((a, b) => cmpCost(costs[a], costs[b]));
    for (const i of leftovers) {
      if (chosen.length >= maxRows) break;
      chosen.push(i);
    }
  }
  return { rows: chosen.map((i) => rows[i]), covered: all.size - remaining.size, total: all.size };
}

/** `{...o, [k]: v}` keeping Python dict order (an existing key keeps its place). */
export function pySet(o: Row, k: string, v: unknown): Row {
  const order = pyKeys(o);
  const out: Row = { ...o, [k]: v };
  const keys = order.includes(k) ? order : [...order, k];
  if (keys.join("\u0000") !== Object.keys(out).join("\u0000"))
    Object.defineProperty(out, PY_KEY_ORDER, { value: keys, enumerable: false });
  return out;
}

export interface PromoteOptions {
  /** `str(Path(drilldown))` of the reference: recorded in each row's meta. */
  drilldownLabel: string;
  family?: string;
}

/**
 * Dataset rows for the selected failures, with `meta.promoted_from`,
 * `meta.promoted_failure_reasons` (and `promoted_trap_family`); ids without a dataset row
 * are returned as `missing`.
 */
export function promoteAnchors(
  dataRows: readonly Row[],
  selected: readonly Row[],
  o: PromoteOptions,
): { rows: Row[]; missing: string[] } {
  const byId = new Map<string, Row>();
  for (const r of dataRows) if (pyTruthy(r.id)) byId.set(pyStr(r.id), r);
  const rows: Row[] = [];
  const missing: string[] = [];
  for (const f of selected) {
    if (f.id === undefined || f.id === null) continue;
    const src = byId.get(pyStr(f.id));
    if (!src) {
      missing.push(pyStr(f.id));
      continue;
    }
    const m0 = src.meta;
    // The reference's `dict(meta or {})`: a falsy meta starts empty; anything but an object is bad input.
    if (pyTruthy(m0) && (typeof m0 !== "object" || Array.isArray(m0)))
      throw new InputError(`must be an object (row ${pyStr(f.id)})`, { field: "meta" });
    let meta: Row = pyTruthy(m0) ? (m0 as Row) : {};
    meta = pySet(meta, "promoted_from", o.drilldownLabel);
    meta = pySet(meta, "promoted_failure_reasons", failureReasons(f));
    if (o.family) meta = pySet(meta, "promoted_trap_family", o.family);
    rows.push(pySet(src, "meta", meta));
  }
  return { rows, missing };
}

/** `--append`: existing rows then new ones, deduplicated by `str(id)` (a later row replaces, in place). */
export function mergeById(existing: readonly Row[], added: readonly Row[]): Row[] {
  const merged = new Map<string, Row>();
  for (const r of [...existing, ...added]) {
    if (r.id === undefined || r.id === null) continue;
    merged.set(pyStr(r.id), r);
  }
  return [...merged.values()];
}

/** Python `str(Path(p))` on POSIX: repeated slashes and `.` segments dropped, trailing slash removed. */
export function pyPathStr(p: string): string {
  if (p === "") return ".";
  const abs = p.startsWith("/");
  // POSIX keeps exactly two leading slashes; more collapse to one.
  const lead = abs ? (p.startsWith("//") && !p.startsWith("///") ? "//" : "/") : "";
  const parts = p.split("/").filter((s) => s !== "" && s !== ".");
  const body = parts.join("/");
  return lead + body || (abs ? lead : ".");
}
