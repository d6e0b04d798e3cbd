/**
 * The reference scorers' common loop: read each dict row with its prediction (by `str(id)`),
 * gold and meta; check value and citation; gather per-row values in columns; take the means;
 * tally failure modes. A family's scorer is then its metrics over these pieces.
 */
import { isDict, pyGet, pyMean, pySortStrings, pyStrValue, predictionsById } from "../py.js";
import type { TrapPrediction, TrapRow, TrapScore } from "../types.js";
import { citationPrf, supportSet } from "./metrics.js";

/** One data row as a scorer reads it: `str(id)`, the prediction of that id (`{}` when none), gold and meta (`{}` unless dicts). */
export interface ScoringRow {
  rid: string;
  row: Record<string, unknown>;
  pred: Record<string, unknown>;
  gold: Record<string, unknown>;
  meta: Record<string, unknown>;
}

/** The scorers' opening: the dict rows in order, each with its prediction, gold and meta. */
export function scoringRows(rows: readonly TrapRow[], preds: readonly TrapPrediction[]): ScoringRow[] {
  const byId = predictionsById(preds);
  return rows
    .filter((r) => isDict(r))
    .map((row) => {
      const rid = pyStrValue(pyGet(row, "id"));
      const g = pyGet(row, "gold");
      const m = pyGet(row, "meta");
      return { rid, row, pred: byId.get(rid) ?? {}, gold: isDict(g) ? g : {}, meta: isDict(m) ? m : {} };
    });
}

/** A row's value check (under the family's `_norm`) and citation precision / recall / F1. */
export interface ValueCitationRow extends ScoringRow {
  valueOk: boolean;
  goldIds: Set<string>;
  predIds: Set<string>;
  citeP: number;
  citeR: number;
  citeF1: number;
  /** The prediction has a `value` field (the reference's parse flag). */
  hasValue: boolean;
}

export function valueCitationRows(
  rows: readonly TrapRow[],
  preds: readonly TrapPrediction[],
  norm: (v: unknown) => string,
): ValueCitationRow[] {
  return scoringRows(rows, preds).map((s) => {
    const goldIds = supportSet(pyGet(s.gold, "support_ids"));
    const predIds = supportSet(pyGet(s.pred, "support_ids"));
    const [citeP, citeR, citeF1] = citationPrf(predIds, goldIds);
    return {
      ...s,
      valueOk: norm(pyGet(s.gold, "value")) === norm(pyGet(s.pred, "value")),
      goldIds,
      predIds,
      citeP,
      citeR,
      citeF1,
      hasValue: Object.hasOwn(s.pred, "value"),
    };
  });
}

/** The reference's gold-versus-prediction diagnostic fields of a row (support ids sorted). */
export const answerDiag = (s: ValueCitationRow): Record<string, unknown> => ({
  gold_value: pyGet(s.gold, "value"),
  pred_value: pyGet(s.pred, "value"),
  gold_support_ids: pySortStrings(s.goldIds),
  pred_support_ids: pySortStrings(s.predIds),
});

/**
 * The lookup scorers' means block: value accuracy (also written as `exact_acc` and
 * `entailment`), citation precision / recall / F1 and the parse rate.
 */
export function valueCitationMeans(scored: readonly ValueCitationRow[]): Record<string, number> {
  const mean = (f: (s: ValueCitationRow) => number | boolean) => pyMean(scored.map((s) => Number(f(s))));
  const v = mean((s) => s.valueOk);
  return {
    value_acc: v,
    exact_acc: v,
    entailment: v,
    cite_p: mean((s) => s.citeP),
    cite_r: mean((s) => s.citeR),
    cite_f1: mean((s) => s.citeF1),
    parse_rate: mean((s) => s.hasValue),
  };
}

/** A split's score: every scored row is one diagnostic row and one `correct` entry. */
export function trapScore(
  means: Record<string, number>,
  correct: boolean[],
  rows: Record<string, unknown>[],
  failures: Record<string, number> = {},
): TrapScore {
  return {
    rows_total: rows.length,
    rows_scored: rows.length,
    means,
    failure_mode_counts: failures,
    correct,
    rows,
  };
}

/**
 * The scorers' accumulate-then-mean loop: each row adds its values to named columns (a value
 * left undefined: the row does not count in that column, as the reference's conditional
 * `append`s), and the means are taken per column in row order, as Python sums them.
 */
export class Columns<K extends string = string> {
  private readonly cols = new Map<K, number[]>();

  /** Add one row's values (booleans as 1 / 0). */
  add(values: Partial<Record<K, number | boolean>>): void {
    for (const [k, v] of Object.entries(values) as [K, number | boolean | undefined][]) {
      if (v === undefined) continue;
      const col = this.cols.get(k) ?? [];
      col.push(typeof v === "boolean" ? (v ? 1 : 0) : v);
      this.cols.set(k, col);
    }
  }
  /** The columns some row added to, in first-seen order. */
  names(): K[] {
    return [...this.cols.keys()];
  }
  values(name: K): number[] {
    return this.cols.get(name) ?? [];
  }
  count(name: K): number {
    return this.values(name).length;
  }
  sum(name: K): number {
    let s = 0;
    for (const v of this.values(name)) s += v;
    return s;
  }
  /** The reference's `mean(col)`, or `empty` when no row counted (`mean(x) if x else d`). */
  mean(name: K, empty = 0): number {
    const v = this.values(name);
    return v.length ? pyMean(v) : empty;
  }
}

/** A failure-mode tally, written out as the reference does: keys sorted. */
export class FailureCounts {
  private readonly counts = new Map<string, number>();
  add(id: string | null): void {
    if (id !== null) this.counts.set(id, (this.counts.get(id) ?? 0) + 1);
  }
  sorted(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const k of pySortStrings(this.counts.keys())) out[k] = this.counts.get(k) as number;
    return out;
  }
}

/**
 * The first failure mode whose condition holds, for a row that is not correct (null when it
 * is): the reference's `None if ok else "a" if c1 else "b" if c2 else … else "z"`.
 */
export function firstFailure(
  ok: boolean,
  modes: readonly (readonly [when: unknown, id: string])[],
  otherwise: string,
): string | null {
  if (ok) return null;
  for (const [when, id] of modes) if (when) return id;
  return otherwise;
}

/** F1 of a precision and a recall (0 unless both are positive). */
export const f1Of = (p: number, r: number): number => (p > 0 && r > 0 ? (2 * p * r) / (p + r) : 0);
