/**
 * `rag-drilldown` (the reference's `rag_failure_drilldown.py`): per question of a dataset, the
 * graded outcome of a prediction row and the reasons it failed. Grading is the reference's
 * (`reference-0.1` normalisation, citations, entailment from the episode log), through the
 * grader's own functions, so the drilldown and `geb grade --metrics reference-0.1` agree.
 */
import { PyFloat } from "../../core/pyjson.js";
import {
  impliedFromCitations,
  normSupportList,
  normValueReference,
  prf1,
  pyTruthy,
  uidIndex,
} from "../grade/grade.js";

type Row = Record<string, unknown>;

export interface DrilldownOptions {
  citations: "auto" | "on" | "off";
  supportMetric: "f1" | "exact";
  maxSupportK: number;
  entailmentCheck: boolean;
}

const supports = (o: Row, field: "support_ids" | "support_id"): string[] => normSupportList(o[field], true);

/** One drilldown row: the reference's fields, in its order. */
export function drilldownRow(row: Row, pred: Row, o: DrilldownOptions): Row {
  const gold = (row.gold ?? {}) as Row;
  const meta = (row.meta ?? {}) as Row;
  const pv = normValueReference(pred.value);
  const gv = normValueReference(gold.value);
  let predSupports = supports(pred, "support_ids");
  if (!predSupports.length) predSupports = supports(pred, "support_id");
  predSupports = predSupports.slice(0, o.maxSupportK);
  let goldSupports = supports(gold, "support_ids");
  if (!goldSupports.length) goldSupports = supports(gold, "support_id");
  const require =
    o.citations === "on" ? true : o.citations === "off" ? false : pyTruthy(meta.requires_citation);

  const valueOk = pv === gv;
  let citeOk = true;
  let entailsOk = true;
  let prf: { p: number; r: number; f1: number } | null = null;
  let bloat = false;
  let unknownSupport = false;
  if (require) {
    prf = prf1(predSupports, goldSupports, true);
    bloat = goldSupports.length > 0 && predSupports.length > goldSupports.length;
    const ps = new Set(predSupports);
    const gs = new Set(goldSupports);
    citeOk =
      o.supportMetric === "exact"
        ? ps.size === gs.size && [...gs].every((x) => ps.has(x))
        : [...gs].every((x) => ps.has(x));
    if (bloat) citeOk = false;
    if (o.entailmentCheck) {
      const index = uidIndex(String(row.document));
      const cited = predSupports.map((u) => index.get(u));
      if (cited.some((e) => e === undefined)) {
        entailsOk = false;
        unknownSupport = true;
      } else {
        const implied = impliedFromCitations(meta, cited as NonNullable<(typeof cited)[number]>[], true);
        entailsOk = normValueReference(implied) === pv;
      }
    }
  }
  const exactOk = valueOk && (require ? citeOk : true) && (require ? entailsOk : true);
  const reasons: string[] = [];
  if (!pyTruthy(pred)) reasons.push("missing_pred");
  if (!valueOk) reasons.push("value_mismatch");
  if (require && !citeOk) reasons.push("citation_mismatch");
  if (require && !entailsOk) reasons.push("entailment_fail");
  if (require && unknownSupport) reasons.push("unknown_support_id");
  if (require && bloat) reasons.push("support_bloat");
  const f = (x: number | undefined) => (x === undefined ? null : new PyFloat(x));
  const m = (k: string) => (k in meta ? meta[k] : null);
  return {
    id: row.id ?? null,
    question: row.question ?? null,
    key: m("key"),
    query_type: m("query_type"),
    derived_op: m("derived_op"),
    state_mode: m("state_mode"),
    gold_value: gv,
    pred_value: pv,
    gold_support_ids: goldSupports,
    pred_support_ids: predSupports,
    require_citations: require,
    value_ok: valueOk,
    cite_ok: require ? citeOk : null,
    entails_ok: require && o.entailmentCheck ? entailsOk : null,
    exact_ok: exactOk,
    citation_precision: f(prf?.p),
    citation_recall: f(prf?.r),
    citation_f1: f(prf?.f1),
    reasons,
    last_update_step: m("last_update_step"),
    tokens_since_update: m("tokens_since_update"),
    writes_to_key: m("writes_to_key"),
  };
}

/**
 * Drilldown rows for a dataset and predictions keyed by id (a later prediction with the same
 * id wins, as in the reference's dict): failures, plus passes when asked.
 */
export function drilldown(
  dataRows: readonly Row[],
  predRows: readonly Row[],
  o: DrilldownOptions & { includePasses: boolean },
): { rows: Row[]; passes: number; total: number } {
  const preds = new Map<unknown, Row>();
  for (const p of predRows) preds.set(keyOf(p.id), p);
  const rows: Row[] = [];
  let passes = 0;
  for (const r of dataRows) {
    const d = drilldownRow(r, preds.get(keyOf(r.id)) ?? {}, o);
    if (d.exact_ok) {
      passes++;
      if (o.includePasses) rows.push(d);
    } else rows.push(d);
  }
  return { rows, passes, total: dataRows.length };
}

/** A dict key as Python compares ids: 1 == 1.0, "1" ≠ 1; absent = None. */
function keyOf(id: unknown): unknown {
  if (id instanceof PyFloat) return id.value;
  if (typeof id === "bigint") return id;
  if (id === undefined) return null;
  return typeof id === "object" && id !== null ? JSON.stringify(id) : id;
}
