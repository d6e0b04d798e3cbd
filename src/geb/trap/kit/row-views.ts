/**
 * The reference scorers' accumulate-then-mean plumbing: walk the fixture rows with each
 * one's prediction, count failure modes, and return a `TrapScore` in one shape. The
 * per-row judgement and the means are the family's; this is only the loop around them.
 */
import { isDict, pyGet, pyMean, pySortStrings, pyStrValue, predictionsById } from "../py.js";
import type { TrapPrediction, TrapRow, TrapScore } from "../types.js";

/** Python `x if isinstance(x, dict) else {}`. */
export const dictOr = (v: unknown): Record<string, unknown> => (isDict(v) ? v : {});

/** A fixture row as the reference scorers read it. */
export interface RowView {
  row: TrapRow;
  /** `str(row["id"])`. */
  rid: string;
  /** The prediction with that id (a later duplicate wins), `{}` when there is none. */
  pred: Record<string, unknown>;
  gold: Record<string, unknown>;
  meta: Record<string, unknown>;
}

/** The dict rows of a split with their predictions, in data order (the scorers' main loop). */
export function* rowViews(rows: readonly TrapRow[], preds: readonly TrapPrediction[]): Generator<RowView> {
  const byId = predictionsById(preds);
  for (const row of rows) {
    if (!isDict(row)) continue;
    const rid = pyStrValue(pyGet(row, "id"));
    yield {
      row,
      rid,
      pred: byId.get(rid) ?? {},
      gold: dictOr(pyGet(row, "gold")),
      meta: dictOr(pyGet(row, "meta")),
    };
  }
}

/** Failure-mode (or any) tallies. */
export class Tally {
  readonly counts = new Map<string, number>();
  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  /** The counts in Python's `sorted()` key order (the reference's `failure_mode_counts`). */
  sorted(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const k of pySortStrings(this.counts.keys())) out[k] = this.get(k);
    return out;
  }
}

/**
 * A scorer's result. `rowsTotal` defaults to the rows scored (scorers that skip nothing);
 * `clusters` only for families whose rows are grouped (attacks of one base case).
 */
export function scoreResult(r: {
  rowsTotal?: number;
  means: Record<string, number>;
  failures: Tally | Record<string, number>;
  correct: boolean[];
  clusters?: string[];
  rows: Record<string, unknown>[];
}): TrapScore {
  return {
    rows_total: r.rowsTotal ?? r.rows.length,
    rows_scored: r.rows.length,
    means: r.means,
    failure_mode_counts: r.failures instanceof Tally ? r.failures.sorted() : r.failures,
    correct: r.correct,
    ...(r.clusters ? { clusters: r.clusters } : {}),
    rows: r.rows,
  };
}

/**
 * The answer-contract scorers' common columns, one entry per scored row: value correct,
 * citation precision / recall / F1 against gold's ids, and whether the answer had a value.
 */
export class ContractColumns {
  readonly value: number[] = [];
  readonly cp: number[] = [];
  readonly cr: number[] = [];
  readonly cf: number[] = [];
  readonly parse: number[] = [];

  add(ok: boolean, [p, r, f]: readonly [number, number, number], parsed: boolean): void {
    this.value.push(ok ? 1 : 0);
    this.cp.push(p);
    this.cr.push(r);
    this.cf.push(f);
    this.parse.push(parsed ? 1 : 0);
  }

  /** value_acc (also as exact_acc and entailment, the reference's copies), cite P/R/F1, parse_rate. */
  means(): Record<string, number> {
    const v = pyMean(this.value);
    return {
      value_acc: v,
      exact_acc: v,
      entailment: v,
      cite_p: pyMean(this.cp),
      cite_r: pyMean(this.cr),
      cite_f1: pyMean(this.cf),
      parse_rate: pyMean(this.parse),
    };
  }
}
