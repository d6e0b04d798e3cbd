/**
 * aggregation_derived (our 1.0 dialect; no reference counterpart). The reference's
 * aggregate rows (compression_roundtrip_generalization, query type `aggregate`: how many of
 * three keys are non-null) write the computed count into the ledger as `answer.resolved`
 * and ask for that key. Here the aggregate is never written: the ledger holds an inventory
 * (`stock.<item> = <units>`, re-SET as counts change, CLEARed when an item is discontinued,
 * NOTE rumours, and unrelated `price.<item>` numbers) and the question asks for
 *
 * - `total`: the units of every item still stocked, summed;
 * - `count_above`: how many items have more than T units;
 * - `argmax`: the item with the most units (unique by construction).
 *
 * Generator guarantees (every row): the answer differs from the same aggregate over every
 * SET of a stock key (superseded values included) and from the one that ignores CLEARs, so
 * a model that does not track the latest state is wrong. The question names no single key
 * that has an entry, so the lookup and the fold baseline (`contractFold`) answer null.
 * Shipped programs: `aggregationOracle` (fold, then aggregate; scores 1.0).
 */
import type { PyRandom } from "../../../core/random.js";
import { ERROR_RATE_BOUNDS } from "../kit/floors.js";
import {
  answerProgram,
  type DerivedAnswer,
  type DerivedEpisode,
  defineDerivedFamily,
  ledgerStateOf,
  ledgerRules,
} from "../kit/derived.js";
import { LedgerLines } from "../kit/ledger-lines.js";
import { isOneOf, normLower } from "../kit/metrics.js";
import { foldLedger, trapLedger, type TrapLedgerEntry } from "../ledger.js";
import { pyGet } from "../py.js";
import type { TrapRow } from "../types.js";
import { contractFold } from "../kit/contract-fold.js";
import type { ScoredRow } from "../kit/score.js";
import { valueMeasures } from "../kit/value-citation.js";

export const AD_ID = "aggregation_derived";
export const AD_PROFILES = ["total", "count_above", "argmax"] as const;
export type AggregationProfile = (typeof AD_PROFILES)[number];
const ITEMS = ["anchor", "bolt", "cable", "drill", "flare", "gasket", "hinge", "lantern", "pulley", "rivet"];

const RULES_TEXT = `${ledgerRules({
  cleared: "`stock.<item>` key means the item is discontinued (it has no units and is not counted)",
  notes: "rumours",
  also: "`price.<item>` keys are prices, not units",
})} Return JSON: {"value": <answer>, "support_ids": [the current entry of every stock key the answer rests on]}.`;

/** What an aggregate question asks: its profile and (for `count_above`) its threshold. */
export type AggregationQuery = { profile: AggregationProfile; threshold: number };

/** The profile and threshold a question asks for (from its wording). */
export function aggregationQuery(question: string): AggregationQuery | null {
  if (question.startsWith("How many units are in stock in total")) return { profile: "total", threshold: 0 };
  const m = /^How many items have more than (\d+) units in stock/.exec(question);
  if (m) return { profile: "count_above", threshold: Number(m[1]) };
  if (question.startsWith("Which item has the most units in stock"))
    return { profile: "argmax", threshold: 0 };
  return null;
}

/** item → units from a stock state (non-numeric values are not units). */
type Stock = Map<string, { units: number; uid: string }>;
function aggregate(stock: Stock, q: AggregationQuery): DerivedAnswer<number | string | null> {
  const items = [...stock.entries()];
  const support = items.map(([, e]) => e.uid);
  if (q.profile === "total") return { value: items.reduce((a, [, e]) => a + e.units, 0), support };
  if (q.profile === "count_above")
    return { value: items.filter(([, e]) => e.units > q.threshold).length, support };
  if (items.length === 0) return { value: null, support: [] };
  const top = Math.max(...items.map(([, e]) => e.units));
  const winners = items.filter(([, e]) => e.units === top);
  return winners.length === 1 ? { value: winners[0][0], support } : { value: null, support };
}

const stockOf = (entries: Iterable<[string, { value: string | null; uid: string }]>): Stock => {
  const out: Stock = new Map();
  for (const [key, e] of entries) {
    const m = /^stock\.([a-z_]+)$/.exec(key);
    if (m && e.value !== null && /^\d+$/.test(e.value)) out.set(m[1], { units: Number(e.value), uid: e.uid });
  }
  return out;
};

/** The answer a question asks for, from the folded ledger; null when the question is not one of ours. */
export function aggregationAnswer(
  book: string,
  question: string,
): DerivedAnswer<number | string | null> | null {
  const q = aggregationQuery(question);
  if (!q) return null;
  return aggregate(stockOf(ledgerStateOf(book)), q);
}

/** The exact oracle program. */
export const aggregationOracle = answerProgram(aggregationAnswer);

/** The two stale readings the generator rules out: every SET counted / CLEARs ignored. */
function staleAnswers(entries: readonly TrapLedgerEntry[], question: string): unknown[] {
  const q = aggregationQuery(question)!;
  // Every SET of a stock key, superseded ones included (an item counted once per SET).
  const everySet: Stock = new Map();
  let n = 0;
  for (const e of entries)
    if (e.op === "SET" && /^stock\./.test(e.key) && /^\d+$/.test(e.value ?? ""))
      everySet.set(`${e.key.slice(6)}#${n++}`, { units: Number(e.value), uid: e.uid });
  const noClear = stockOf(foldLedger(entries.filter((e) => e.op !== "CLEAR")));
  const strip = (v: unknown) => (typeof v === "string" ? v.replace(/#\d+$/, "") : v);
  return [strip(aggregate(everySet, q).value), aggregate(noClear, q).value];
}

// ---------------------------------------------------------------------------------------
// Generator.

function drawEpisode(ep: DerivedEpisode, rng: PyRandom): TrapRow {
  const profile = ep.profile(rng, AD_PROFILES);
  for (;;) {
    const items = rng.sample(ITEMS, ep.split === "canary" ? rng.randint(7, 9) : rng.randint(3, 5));
    const ledger = new LedgerLines(rng);
    for (const it of items) {
      ledger.push(`SET stock.${it} = ${rng.randint(1, 60)}`);
      if (rng.random() < 0.5) ledger.push(`SET price.${it} = ${rng.randint(5, 90)}`);
    }
    // Recounts: superseded values stay in the ledger.
    for (const it of rng.sample(items, rng.randint(1, items.length - 1)))
      ledger.push(`SET stock.${it} = ${rng.randint(1, 60)}`);
    // One discontinued item (its last count is large, so ignoring the CLEAR misleads).
    const gone = rng.choice(items);
    ledger.push(`SET stock.${gone} = ${rng.randint(45, 80)}`);
    ledger.push(`CLEAR stock.${gone}`);
    ledger.push(`NOTE stock.${rng.choice(items)} = ${rng.randint(60, 99)}`);
    const threshold = rng.randint(15, 40);
    const question =
      profile === "total"
        ? `How many units are in stock in total, over every \`stock.<item>\` key? ${RULES_TEXT}`
        : profile === "count_above"
          ? `How many items have more than ${threshold} units in stock (\`stock.<item>\` keys)? ${RULES_TEXT}`
          : `Which item has the most units in stock (\`stock.<item>\` keys)? Answer with the item name. ${RULES_TEXT}`;
    const book = ep.book(ledger);
    const gold = aggregationAnswer(book, question)!;
    const stale = staleAnswers(trapLedger(book), question);
    // Redraw (same rng stream, so still deterministic) until the answer is unique and no stale reading gives it.
    if (gold.value === null || isOneOf(stale, gold.value)) continue;
    return ep.row(book, question, gold, { profile, stale_answers: stale });
  }
}

// ---------------------------------------------------------------------------------------
// Scorer (ours): every metric measured from the answer.

function scoreRow({ pred, gold, meta }: ScoredRow) {
  const profile = String(meta.profile ?? "");
  const answer = pyGet(pred, "value");
  const ok = !pred.raw_unparsed && normLower(pyGet(gold, "value")) === normLower(answer);
  const stale = !ok && isOneOf(meta.stale_answers, answer);
  const measures = { ...valueMeasures(ok, pred, gold, profile), stale_answer_rate: stale };
  return {
    correct: ok,
    measures,
    diag: { profile, value_ok: ok, stale_answer: stale, cite_f1: measures.cite_f1 },
  };
}

export const aggregationDerivedFamily = defineDerivedFamily({
  id: AD_ID,
  description:
    "1.0: totals, counts above a threshold and the largest item over an inventory's current state (re-SETs, CLEARs, NOTE rumours); the aggregate is never written",
  defaults: { seed: 67, anchors: 12, holdout: 36, canary: 6 },
  episodes: { draw: drawEpisode },
  profiles: { names: AD_PROFILES },
  scorer: {
    row: scoreRow,
    means: ["value_acc", "cite_f1", "stale_answer_rate", "parse_rate"],
  },
  floors: [
    ["value_acc", ">=", 0.45, 0.65, 0.85],
    ["cite_f1", ">=", 0, 0.5, 0.8],
    ["stale_answer_rate", ...ERROR_RATE_BOUNDS],
  ],
  jitter: ["value_acc", "cite_f1"],
  // Report only; the canary is the same task over 7–9 items.
  canaryAlert: 1.01,
  programs: { fold: contractFold, oracle: aggregationOracle },
});

export const generateAggregationDerived = aggregationDerivedFamily.generate;
export const scoreAggregationDerived = aggregationDerivedFamily.score;
