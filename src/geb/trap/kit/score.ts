/**
 * The scorers' accumulate-then-mean loop, once: each fixture dict row is matched with its
 * prediction (by the reference's `str(id)`, a later duplicate winning), its gold and meta
 * (`{}` unless dicts); the row's values go into named columns; the split's means are the
 * columns' means; failures are tallied (tally.ts); the result is one `TrapScore` shape.
 * A 1.0 variant states only how one row is scored and which means it reports (`scoreRows`);
 * a reference port whose scorer keeps the reference's own loop uses the pieces
 * (`scoringRows`, `Columns`, `scoreResult`). The answer contract's measures: value-citation.ts.
 */
import { isDict, pyGet, pyMean, pyStrValue, predictionsById } from "../py.js";
import type { TrapPrediction, TrapRow, TrapScore } from "../types.js";
import { Tally } from "./tally.js";

/** Python `x if isinstance(x, dict) else {}`. */
export const dictOr = (v: unknown): Record<string, unknown> => (isDict(v) ? v : {});

/** One fixture row as a scorer reads it. */
export interface ScoredRow {
  row: TrapRow & Record<string, unknown>;
  /** The row's id as the reference's `str(row["id"])`. */
  rid: string;
  /** The prediction with that id (a later duplicate wins), `{}` when there is none. */
  pred: Record<string, unknown>;
  gold: Record<string, unknown>;
  meta: Record<string, unknown>;
}

/** The dict rows of a split in data order, each with its prediction, gold and meta (the scorers' main loop). */
export function scoringRows(rows: readonly TrapRow[], preds: readonly TrapPrediction[]): ScoredRow[] {
  const byId = predictionsById(preds);
  return rows
    .filter((r) => isDict(r))
    .map((row) => {
      const rid = pyStrValue(pyGet(row, "id"));
      return {
        row,
        rid,
        pred: byId.get(rid) ?? {},
        gold: dictOr(pyGet(row, "gold")),
        meta: dictOr(pyGet(row, "meta")),
      };
    });
}

/**
 * Per-row values gathered in named columns (a value left undefined: the row does not count in
 * that column, as the reference's conditional `append`s), the means taken per column in row
 * order, as Python sums them.
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

/**
 * A scorer's result. `rowsTotal` defaults to the rows scored (scorers that skip nothing);
 * `failures` defaults to none; `clusters` only for families whose rows are grouped (attacks
 * of one base case).
 */
export function scoreResult(r: {
  rowsTotal?: number;
  means: Record<string, number>;
  failures?: Tally | Record<string, number>;
  correct: boolean[];
  clusters?: string[];
  rows: Record<string, unknown>[];
}): TrapScore {
  return {
    rows_total: r.rowsTotal ?? r.rows.length,
    rows_scored: r.rows.length,
    means: r.means,
    failure_mode_counts: r.failures instanceof Tally ? r.failures.sorted() : (r.failures ?? {}),
    correct: r.correct,
    ...(r.clusters ? { clusters: r.clusters } : {}),
    rows: r.rows,
  };
}

/** What one row contributes to its split's score. */
export interface RowOutcome {
  /** The accuracy metric's verdict on this row (`TrapScore.correct`). */
  correct: boolean;
  /**
   * Measure → this row's value (true/false count 1/0). A measure left out was not taken on
   * this row, so its mean is over the rows that have it (e.g. a per-profile accuracy).
   */
  measures: Record<string, number | boolean>;
  /** The row's diagnostics (rows-out), after its `id`. */
  diag: Record<string, unknown>;
  /** Why the row failed, counted in `failure_mode_counts` (null or absent: not counted). */
  failureMode?: string | null;
}

/** A reported mean: the mean of the measure of that name, or how many rows have measure `countOf`. */
export type MeanSpec = string | { name: string; countOf: string };

/** Every row of a split through `scoreRow`, then the listed means (in that order). */
export function scoreRows(
  rows: readonly TrapRow[],
  preds: readonly TrapPrediction[],
  scoreRow: (r: ScoredRow) => RowOutcome,
  means: readonly MeanSpec[],
): TrapScore {
  const columns = new Columns();
  const failures = new Tally();
  const correct: boolean[] = [];
  const diags: Record<string, unknown>[] = [];
  for (const r of scoringRows(rows, preds)) {
    const out = scoreRow(r);
    columns.add(out.measures);
    failures.add(out.failureMode || null);
    correct.push(out.correct);
    diags.push({ id: r.rid, ...out.diag });
  }
  const reported: Record<string, number> = {};
  for (const m of means)
    if (typeof m === "string") reported[m] = columns.mean(m);
    else reported[m.name] = columns.count(m.countOf);
  return scoreResult({ means: reported, failures, correct, rows: diags });
}

/** The accuracy of each profile (`<profile>_acc`), each followed by its row count (`<profile>_count`) if asked. */
export function profileMeans(profiles: readonly string[], opts: { counts?: boolean } = {}): MeanSpec[] {
  return profiles.flatMap((p) =>
    opts.counts ? [`${p}_acc`, { name: `${p}_count`, countOf: `${p}_acc` }] : [`${p}_acc`],
  );
}

/** The measure `profileMeans` reads: this row's verdict under its profile's accuracy. */
export const profileMeasure = (profile: string, ok: boolean): Record<string, boolean> => ({
  [`${profile}_acc`]: ok,
});

/** F1 of a precision and a recall (0 unless both are positive). */
export const f1Of = (p: number, r: number): number => (p > 0 && r > 0 ? (2 * p * r) / (p + r) : 0);
