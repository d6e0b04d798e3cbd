/**
 * The scorers' accumulate-then-mean loop, once: each fixture row is matched with its
 * prediction (by the reference's `str(id)`), the family scores that one row into named
 * measures, and the split's means are the measures' means in the order the family lists
 * them. A family states only how one row is scored and which means it reports.
 */
import { isDict, predictionsById, pyGet, pyMean, pySortStrings, pyStrValue } from "../py.js";
import type { TrapPrediction, TrapRow, TrapScore } from "../types.js";
import { citationPrf, supportSet } from "./metrics.js";

/** One fixture row as a scorer reads it (a missing prediction, gold or meta reads as `{}`). */
export interface ScoredRow {
  row: TrapRow;
  /** The row's id as the reference's `str(row["id"])`. */
  id: string;
  pred: Record<string, unknown>;
  gold: Record<string, unknown>;
  meta: Record<string, unknown>;
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
  const byId = predictionsById(preds);
  const columns = new Map<string, number[]>();
  const failures = new Map<string, number>();
  const correct: boolean[] = [];
  const diags: Record<string, unknown>[] = [];
  for (const row of rows.filter((r) => isDict(r))) {
    const id = pyStrValue(pyGet(row, "id"));
    const pred = byId.get(id) ?? {};
    const gold = isDict(row.gold) ? row.gold : {};
    const meta = isDict(row.meta) ? row.meta : {};
    const out = scoreRow({ row, id, pred, gold, meta });
    for (const [name, v] of Object.entries(out.measures)) {
      const col = columns.get(name) ?? [];
      col.push(typeof v === "boolean" ? (v ? 1 : 0) : v);
      columns.set(name, col);
    }
    if (out.failureMode) failures.set(out.failureMode, (failures.get(out.failureMode) ?? 0) + 1);
    correct.push(out.correct);
    diags.push({ id, ...out.diag });
  }
  const reported: Record<string, number> = {};
  for (const m of means)
    if (typeof m === "string") reported[m] = pyMean(columns.get(m) ?? []);
    else reported[m.name] = (columns.get(m.countOf) ?? []).length;
  const failureCounts: Record<string, number> = {};
  for (const k of pySortStrings(failures.keys())) failureCounts[k] = failures.get(k) as number;
  return {
    rows_total: diags.length,
    rows_scored: diags.length,
    means: reported,
    failure_mode_counts: failureCounts,
    correct,
    rows: diags,
  };
}

/** The means of a value answer with citations, in the order the families report them. */
export const VALUE_CITATION_MEANS: readonly MeanSpec[] = [
  "value_acc",
  "cite_p",
  "cite_r",
  "cite_f1",
  "parse_rate",
];

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

/** The citation measures (`cite_p`, `cite_r`, `cite_f1`) of a prediction's support ids against the gold's. */
export function citationMeasures(
  pred: Record<string, unknown>,
  gold: Record<string, unknown>,
): { cite_p: number; cite_r: number; cite_f1: number } {
  const [p, r, f] = citationPrf(
    supportSet(pyGet(pred, "support_ids")),
    supportSet(pyGet(gold, "support_ids")),
  );
  return { cite_p: p, cite_r: r, cite_f1: f };
}

/** The prediction has a `value` and came from a JSON answer (not a model's raw text). */
export const answered = (pred: Record<string, unknown>): boolean =>
  Object.hasOwn(pred, "value") && !pred.raw_unparsed;

/**
 * The measures of a value answer: `value_acc` (the row's verdict), the citation measures,
 * `parse_rate`, and — given the row's profile — that profile's accuracy.
 */
export function valueMeasures(
  ok: boolean,
  pred: Record<string, unknown>,
  gold: Record<string, unknown>,
  profile?: string,
): Record<string, number | boolean> & { cite_f1: number } {
  return {
    value_acc: ok,
    ...citationMeasures(pred, gold),
    parse_rate: answered(pred),
    ...(profile === undefined ? {} : profileMeasure(profile, ok)),
  };
}
