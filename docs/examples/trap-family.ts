/**
 * meter_sum_example (a 1.0 variant, not registered): the example family of
 * docs/task-family.md. Each row's State Ledger re-SETs a few `meter.<name>` readings; the
 * question asks for the sum of two meters' current readings. The sum is never written, so
 * the lookup (the latest entry of the one key the question names first) and the fold (the
 * same over the folded ledger) answer one reading, not the sum; the oracle folds the ledger
 * and adds. tests/geb/trap/example-family.test.ts runs it through the framework and the
 * conformance suite, and checks that the page shows this file as it is.
 */
import type { PyRandom } from "../../src/core/random.js";
import {
  contractFold,
  contractPrediction,
  fixturesFromOneStream,
  foldLedger,
  type TrapFamily,
  type TrapFixtures,
  type TrapFloor,
  type TrapGenerateOptions,
  type TrapPrediction,
  type TrapRow,
  type TrapScore,
  trapLedger,
} from "../../src/geb/trap/index.js";
import { drawUid, episodeId } from "../../src/geb/trap/kit/draws.js";
import { citationPrf, normLower, supportSet } from "../../src/geb/trap/kit/metrics.js";

export const METER_SUM_ID = "meter_sum_example";
const METERS = ["north", "south", "east", "west", "pump", "boiler"];
const QUESTION_RE = /^What is `meter\.([a-z]+)` \+ `meter\.([a-z]+)` now\?/;

// Nouns and wording: a row is a ledger of meter readings and a question naming two meters.
function question(a: string, b: string): string {
  return (
    `What is \`meter.${a}\` + \`meter.${b}\` now? The latest SET of a key is its reading. ` +
    'Return JSON: {"value": <the sum, an integer>, "support_ids": [the two current entries]}.'
  );
}

/** The answer, derived from what a model sees (book and question): fold, then add. */
function meterSum(book: string, q: string): { value: number; support: string[] } | null {
  const m = QUESTION_RE.exec(q);
  const state = foldLedger(trapLedger(book));
  const readings = m ? [state.get(`meter.${m[1]}`), state.get(`meter.${m[2]}`)] : [];
  if (readings.length !== 2 || readings.some((r) => !r || r.value === null)) return null;
  return { value: readings.reduce((s, r) => s + Number(r!.value), 0), support: readings.map((r) => r!.uid) };
}

// Generator: one row from the seeded stream (the framework draws anchors, holdout, canary in turn).
function buildRow(split: string, index: number, rng: PyRandom): TrapRow {
  const ep = episodeId("MS", split, index);
  const meters = rng.sample(METERS, split === "canary" ? 6 : 3);
  const lines: string[] = [];
  const set = (name: string) =>
    lines.push(`- [${drawUid(rng)}] step=${lines.length + 1} SET meter.${name} = ${rng.randint(1, 90)}`);
  for (const name of meters) set(name);
  for (const name of rng.sample(meters, 2)) set(name); // re-readings supersede the first
  const [a, b] = rng.sample(meters, 2);
  const book = `# Meter Sum Episode ${ep}\n\n## State Ledger\n${lines.join("\n")}`;
  const q = question(a, b);
  const gold = meterSum(book, q)!;
  return {
    id: `${ep}-Q001`,
    episode_id: ep,
    book,
    question: q,
    gold: { value: gold.value, support_ids: gold.support },
    meta: { family: METER_SUM_ID, split, case_index: index },
  };
}

export const generateMeterSum = (o: TrapGenerateOptions): TrapFixtures => fixturesFromOneStream(o, buildRow);

// Scorer: the shared metrics (normalised value match, citation F1), one mean per metric.
export function scoreMeterSum(rows: readonly TrapRow[], preds: readonly TrapPrediction[]): TrapScore {
  const byId = new Map(preds.map((p) => [String(p.id), p]));
  const correct: boolean[] = [];
  const cite: number[] = [];
  const diags: Record<string, unknown>[] = [];
  for (const row of rows) {
    const pred = byId.get(row.id) ?? { id: row.id };
    const ok = !pred.raw_unparsed && normLower(pred.value ?? null) === normLower(row.gold.value);
    const [, , f1] = citationPrf(supportSet(pred.support_ids ?? null), supportSet(row.gold.support_ids));
    correct.push(ok);
    cite.push(f1);
    diags.push({ id: row.id, value_ok: ok, cite_f1: f1 });
  }
  const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
  return {
    rows_total: rows.length,
    rows_scored: rows.length,
    means: { value_acc: mean(correct.map(Number)), cite_f1: mean(cite) },
    failure_mode_counts: {},
    correct,
    rows: diags,
  };
}

// Floors: the same on anchors and holdout at each stage.
const floors = (value: number, cite: number): { anchors: TrapFloor[]; holdout: TrapFloor[] } => {
  const f: TrapFloor[] = [
    { metric: "value_acc", op: ">=", value },
    { metric: "cite_f1", op: ">=", value: cite },
  ];
  return { anchors: f, holdout: f };
};

/** The exact oracle program: reads only the book and the question. */
export function meterSumOracle(row: TrapRow): TrapPrediction {
  const a = meterSum(row.book, row.question);
  return { id: row.id, value: a ? a.value : null, support_ids: a ? a.support : [] };
}

export const meterSumFamily: TrapFamily = {
  id: METER_SUM_ID,
  compat: "1.0",
  description: "1.0 example: the sum of two meters' current readings over re-SET ledger entries",
  defaults: { seed: 11, anchors: 6, holdout: 18, canary: 3 },
  generate: generateMeterSum,
  score: scoreMeterSum,
  accuracyMetric: "value_acc",
  headlineMetric: "value_acc",
  floors: { observe: floors(0.5, 0), ramp: floors(0.7, 0.5), target: floors(0.9, 0.8) },
  // Report only: the canary is the same task over six meters.
  canaryAlert: { observe: 1.01, ramp: 1.01, target: 1.01 },
  jitter: [{ metric: "value_acc", max: 0.05 }],
  syntheticMetrics: {},
  outputFormat: "Follow the output format the question states.",
  predictionFromText: contractPrediction,
  foldPrediction: contractFold,
  oraclePrediction: meterSumOracle,
};
