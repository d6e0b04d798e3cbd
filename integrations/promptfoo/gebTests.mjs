/**
 * promptfoo test generator: one test per row of a GoldEvidenceBench dataset (`geb generate`),
 * vars `{data, id, book, question}` for a prompt such as
 *   "{{book}}\n\n{{question}}\nAnswer as JSON {\"value\": ..., \"support_ids\": [...]}."
 * and graded by gebGraded.mjs. The dataset is `config.data` or GEB_DATA. File order.
 */
import { forEachDataRow } from "oraclebench/geb";

export default async function gebTests(config = {}) {
  const data = config?.data ?? process.env.GEB_DATA;
  if (!data) throw new Error("gebTests: give config.data or GEB_DATA (a dataset file)");
  const tests = [];
  forEachDataRow(data, (row) => {
    tests.push({
      description: `GEB ${row.id}`,
      vars: { data, id: row.id, book: row.book ?? row.document, question: row.question ?? "" },
    });
  });
  return tests;
}
