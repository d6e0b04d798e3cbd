/**
 * The answer contract's measures (`{"value", "support_ids"}`): a row's value check and
 * citation precision / recall / F1 against gold's ids, and the means block the lookup
 * scorers report (value_acc — also written as exact_acc and entailment — cite P/R/F1,
 * parse_rate). Reference ports gather them in `ContractColumns` or `valueCitationRows`;
 * the 1.0 variants state them as `valueMeasures` for `scoreRows`.
 */
import { pyGet, pyMean, pySortStrings } from "../py.js";
import type { TrapPrediction, TrapRow } from "../types.js";
import { citationPrf, supportSet } from "./metrics.js";
import { type MeanSpec, profileMeasure, type RowOutcome, type ScoredRow, scoringRows } from "./score.js";

/** A row's value check (under the family's `_norm`) and citation precision / recall / F1. */
export interface ValueCitationRow extends ScoredRow {
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

/** The lookup scorers' means block over rows already checked by `valueCitationRows`. */
export function valueCitationMeans(scored: readonly ValueCitationRow[]): Record<string, number> {
  const cols = new ContractColumns();
  for (const s of scored) cols.add(s.valueOk, [s.citeP, s.citeR, s.citeF1], s.hasValue);
  return cols.means();
}

/** The means of a value answer with citations, in the order the 1.0 variants report them. */
export const VALUE_CITATION_MEANS: readonly MeanSpec[] = [
  "value_acc",
  "cite_p",
  "cite_r",
  "cite_f1",
  "parse_rate",
];

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

/**
 * A profiled value answer's outcome (the 1.0 variants' row scorer): its verdict `ok`, the
 * value measures with the profile's accuracy, then the family's own measures; diagnostics
 * naming the profile (under the meta field it came from), `value_ok` and `cite_f1`, then the
 * family's own.
 */
export function valueOutcome(
  ok: boolean,
  { pred, gold }: ScoredRow,
  [field, profile]: readonly [field: string, profile: string],
  own: { measures?: Record<string, number | boolean>; diag?: Record<string, unknown> } = {},
): RowOutcome {
  const measures = { ...valueMeasures(ok, pred, gold, profile), ...own.measures };
  return {
    correct: ok,
    measures,
    diag: { [field]: profile, value_ok: ok, cite_f1: measures.cite_f1, ...own.diag },
  };
}
