/**
 * promptfoo assertion: a model's GoldEvidenceBench answer graded by oraclebench's grader,
 * in-process, with the default (1.0) grading settings of `geb grade`. The output is parsed as
 * `geb grade` parses an `output` field (an embedded JSON object `{value, support_ids}`). Pass =
 * exact (right value with right citations where the row requires them); `namedScores` carry
 * value_ok, exact and cite_f1 (citation F1; null rows count 0).
 *
 *   defaultTest: { assert: [{ type: javascript, value: file://gebGraded.mjs }] }
 */
import { DEFAULT_GRADE_OPTIONS, Grader, forEachDataRow, predictionFields } from "oraclebench/geb";

const datasets = new Map();
function rowsOf(file) {
  let rows = datasets.get(file);
  if (!rows) {
    rows = new Map();
    forEachDataRow(file, (r) => rows.set(r.id, r));
    datasets.set(file, rows);
  }
  return rows;
}

export default async function gebGraded(output, context) {
  const vars = context?.vars ?? {};
  const row = rowsOf(vars.data).get(String(vars.id));
  if (!row) return { pass: false, score: 0, reason: `row ${vars.id} is not in ${vars.data}` };
  const pred = predictionFields({ output: String(output ?? "") });
  const g = new Grader({ ...DEFAULT_GRADE_OPTIONS }).add(
    { id: row.id, document: row.document, gold: row.gold, meta: row.meta },
    pred,
  );
  return {
    pass: g.exact,
    score: g.exact ? 1 : 0,
    reason: g.missing ? "no answer in contract" : g.exact ? "exact" : g.value_ok ? "value right, citations not" : "wrong value",
    namedScores: { value_ok: g.value_ok ? 1 : 0, exact: g.exact ? 1 : 0, cite_f1: g.cite_f1 ?? 0 },
  };
}
