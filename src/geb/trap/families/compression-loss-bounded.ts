/**
 * compression_loss_bounded (reference-0.1): the reference's generator
 * (`generate_compression_loss_bounded_family.py`, whose default output is also committed in
 * the reference's `data/compression_loss_bounded/`) and scorer
 * (`score_compression_loss_bounded.py`), ported for byte-identical fixtures and equal
 * `means` (tests/geb/trap/compression-loss-bounded.test.ts). Each row's answer is the
 * ledger's compact state `{"compact_state": {key: latest SET value | null}}` over 2–3 keys
 * (canaries: 48 keys); scored by precision / recall / F1 over `key=value` pairs, bloat
 * (extra pairs / gold pairs) and exact match.
 */
import { pyJsonDumps, pyStrip } from "../../../core/pyjson.js";
import { pyJsonLoads } from "../../../core/pyjsonloads.js";
import { PyRandom } from "../../../core/random.js";
import { foldLedger, trapLedger } from "../ledger.js";
import { isDict, pyGet, pySortStrings, pyStrValue } from "../py.js";
import type { TrapFixtures, TrapGenerateOptions, TrapPrediction, TrapRow } from "../types.js";
import { defineContractFamily, type TrapScorer } from "../kit/define.js";
import { drawUid, drawUids, episodeId, pickExcept } from "../kit/draws.js";
import { floorsOf, jitterOf, perStage } from "../kit/floors.js";
import { episodeRow, LedgerLines, markdownPage } from "../kit/ledger-book.js";
import { citationPrf } from "../kit/metrics.js";
import { splitFixtures } from "../kit/splits.js";
import { TAG_KEYS, TAG_VALUES } from "../kit/tag-vocabulary.js";
import { Columns, f1Of, scoringRows, scoreResult } from "../kit/score.js";

export const CLB_ID = "compression_loss_bounded";

const pick = (key: string, rng: PyRandom, exclude: string | null = null): string =>
  pickExcept(rng, TAG_VALUES[key], exclude);

const ROW_QUESTION =
  "Return JSON with keys: value, support_ids. " +
  'Set value to a JSON string with shape {"compact_state": {...}}. ' +
  "Build compact_state from the ledger only: keep the latest SET/CLEAR decision per key, ignore NOTE lines, " +
  "and include every key that has a SET/CLEAR entry in the ledger exactly once. " +
  "If the latest decision for a key is CLEAR, emit that key with null (do not omit it).";
const CANARY_QUESTION =
  "Return JSON with keys: value, support_ids. " +
  'Set value to a JSON string with shape {"compact_state": {...}}. ' +
  "Use only ledger SET/CLEAR updates, ignore NOTE lines, and include every key with a SET/CLEAR entry exactly once. " +
  "If latest is CLEAR, include that key with null.";

const compactJson = (state: Record<string, string | null>): string =>
  pyJsonDumps({ compact_state: state }, { sortKeys: true });

/** A compaction episode as it is written: the ledger, each key's final state and the uid that set it. */
class Compaction {
  readonly ledger = new LedgerLines();
  readonly state: Record<string, string | null> = {};
  readonly support: string[] = [];

  /** The key's last (authoritative) update: SET value, or CLEAR when null. */
  final(uid: string, key: string, value: string | null): void {
    this.state[key] = value;
    this.ledger.update(uid, key, value);
    this.support.push(uid);
  }

  /** The row: the book (rules, glossary, one chapter, the ledger), its log, the compact state as gold. */
  row(
    ep: string,
    keys: readonly string[],
    chapter: string,
    question: string,
    meta: Record<string, unknown>,
  ): TrapRow {
    const glossary = keys.map((k) => `- ${k}: Synthetic compression key ${k}.`).join("\n");
    return episodeRow(ep, {
      document: markdownPage(`Compression Episode ${ep}`, [["Episode Log", this.ledger.episode()]]),
      book: markdownPage(`Compression Episode ${ep}`, [
        [
          "Reading Rules",
          "- The STATE LEDGER is authoritative.\n" +
            "- Only SET/CLEAR lines update compact state.\n- NOTE lines are commentary.",
        ],
        ["Glossary (Tags)", glossary],
        ["Chapter 1", chapter],
        ["State Ledger", this.ledger.ledger()],
      ]),
      question,
      gold: { value: compactJson(this.state), compact_state: this.state, support_ids: this.support },
      meta,
    });
  }
}

function buildRow(split: string, index: number, rng: PyRandom): TrapRow {
  const ep = episodeId("CLB", split, index);
  const count = rng.randint(2, 3);
  const keys = pySortStrings(rng.sample(TAG_KEYS, count));
  const c = new Compaction();
  for (const key of keys) {
    const initial = pick(key, rng);
    const note = pick(key, rng, initial);
    const final = rng.choice(["set", "clear", "set"]);
    c.ledger.set(drawUid(rng), key, initial);
    c.ledger.note(drawUid(rng), key, note);
    const uFinal = drawUid(rng);
    c.final(uFinal, key, final === "clear" ? null : pick(key, rng, initial));
  }
  return c.row(ep, keys, "The ledger contains authoritative updates and NOTE distractors.", ROW_QUESTION, {
    family: CLB_ID,
    split,
    case_index: index,
    requires_citation: false,
    expected_keys: keys,
  });
}

function buildCanary(seed: number, index: number): TrapRow {
  const rng = new PyRandom(seed + 97);
  const keys = Array.from({ length: 48 }, (_, i) => `tag.${String(i).padStart(2, "0")}`);
  const ep = episodeId("CLB", "canary", index);
  const c = new Compaction();
  for (const key of keys) {
    const a = `${key}_v${rng.randint(10, 99)}_base`;
    const b = `${key}_v${rng.randint(100, 999)}_latest`;
    const note = `${key}_note_${rng.randint(1000, 9999)}`;
    // The canary draws its three uids before deciding the final update.
    const [uSet, uNote, uFinal] = drawUids(rng, 3);
    c.ledger.set(uSet, key, a).note(uNote, key, note);
    c.final(uFinal, key, rng.random() < 0.2 ? null : b);
  }
  return c.row(
    ep,
    keys,
    "This canary intentionally uses a large key set to stress compaction fidelity under context pressure.",
    CANARY_QUESTION,
    {
      family: CLB_ID,
      split: "canary",
      case_index: index,
      seed,
      expected_fail: true,
      expected_keys: pySortStrings(Object.keys(c.state)),
      canary_profile: "stress_many_keys",
    },
  );
}

export function generateCompressionLossBounded(o: TrapGenerateOptions): TrapFixtures {
  // Each canary reseeds from seed + its position (the reference's loop passes seed + i).
  return splitFixtures(o, { row: buildRow, canary: (index) => buildCanary(o.seed + index - 1, index) });
}

// ---------------------------------------------------------------------------------------
// Scorer.

const normScalar = (v: unknown): string => (v === null ? "null" : pyStrip(pyStrValue(v)).toLowerCase());

function statePairs(state: Record<string, unknown>): Set<string> {
  const pairs = new Set<string>();
  for (const [k, v] of Object.entries(state)) {
    const key = pyStrip(k);
    if (key) pairs.add(`${key}=${normScalar(v)}`);
  }
  return pairs;
}

type Parsed = [Record<string, unknown>, boolean];

function parseState(candidate: unknown): Parsed {
  if (isDict(candidate)) {
    const compact = pyGet(candidate, "compact_state");
    if (isDict(compact)) return [compact, true];
    if (Object.values(candidate).every((v) => !Array.isArray(v) && !isDict(v))) return [candidate, true];
    return [{}, false];
  }
  if (typeof candidate === "string") {
    const text = pyStrip(candidate);
    if (!text) return [{}, false];
    let payload: unknown;
    try {
      payload = pyJsonLoads(text);
    } catch {
      // The reference's `\{.*\}` (DOTALL): first "{" to last "}".
      if (!text.includes("{") || !text.includes("}")) return [{}, false];
      const m = /\{[\s\S]*\}/.exec(text);
      if (!m) return [{}, false];
      try {
        payload = pyJsonLoads(m[0]);
      } catch {
        return [{}, false];
      }
    }
    return parseState(payload);
  }
  return [{}, false];
}

/** The gold `compact_state` (else the state its `value` string holds). */
function goldState(gold: Record<string, unknown>): Record<string, unknown> {
  const compact = pyGet(gold, "compact_state");
  if (isDict(compact)) return compact;
  const [s, ok] = parseState(pyGet(gold, "value"));
  return ok ? s : {};
}

function predState(row: Record<string, unknown>): Parsed {
  for (const k of ["compact_state", "value", "answer", "text"]) {
    const p = parseState(pyGet(row, k));
    if (p[1]) return p;
  }
  return [{}, false];
}

export const scoreCompressionLossBounded: TrapScorer = (rows, preds) => {
  const cols = new Columns<"precision" | "recall" | "f1" | "bloat" | "exact" | "parse">();
  const correct: boolean[] = [];
  const diags = scoringRows(rows, preds).map((s) => {
    const gold = statePairs(goldState(s.gold));
    const [ps, ok] = predState(s.pred);
    const pred = ok ? statePairs(ps) : new Set<string>();
    // Pairs scored as citations are: an empty prediction of an empty gold is exact.
    const [precision, recall] = citationPrf(pred, gold);
    const f = f1Of(precision, recall);
    const bloat = Math.max(pred.size - gold.size, 0) / (gold.size > 0 ? gold.size : 1);
    const exact = ok && pred.size === gold.size && [...pred].every((x) => gold.has(x));
    cols.add({ precision, recall, f1: f, bloat, exact, parse: ok });
    correct.push(exact);
    return {
      id: s.rid,
      precision,
      recall,
      f1: f,
      bloat,
      exact_match: exact,
      parse_ok: ok,
      gold_pairs: pySortStrings(gold),
      pred_pairs: pySortStrings(pred),
    };
  });
  return scoreResult({
    means: {
      precision: cols.mean("precision"),
      recall: cols.mean("recall"),
      f1: cols.mean("f1"),
      bloat: cols.mean("bloat"),
      exact_match_rate: cols.mean("exact"),
      parse_rate: cols.mean("parse"),
    },
    correct: correct,
    rows: diags,
  });
};

// The runner (run_compression_families.ps1) uses the same floors at every stage.
const FLOORS = [...floorsOf(["precision", "recall"], ">=", 0.9), ...floorsOf(["bloat"], "<=", 0.2)];

/** The fold baseline: the folded ledger as `{"compact_state": …}` (keys sorted), citing each key's last update. */
export function compressionFold(row: TrapRow): TrapPrediction {
  const state = foldLedger(trapLedger(String(row.book ?? "")));
  const keys = pySortStrings(state.keys());
  const compact: Record<string, string | null> = {};
  for (const k of keys) compact[k] = state.get(k)!.value;
  return { id: row.id, value: compactJson(compact), support_ids: keys.map((k) => state.get(k)!.uid) };
}

export const compressionLossBoundedFamily = defineContractFamily({
  id: CLB_ID,
  description:
    'emit {"compact_state": {…}} of a 2–3-key ledger (canaries: 48 keys); precision / recall / F1 over key=value pairs, bloat, exact match',
  defaults: { seed: 7, anchors: 8, holdout: 24, canary: 8 },
  generate: generateCompressionLossBounded,
  score: scoreCompressionLossBounded,
  accuracyMetric: "exact_match_rate",
  headlineMetric: "f1",
  floors: perStage({ anchors: FLOORS, holdout: FLOORS }),
  canaryAlert: perStage(0.95),
  canaryMetric: "exact_match_rate",
  jitter: jitterOf(["precision", "recall"], 0.05),
  syntheticMetrics: {},
  foldPrediction: compressionFold,
});
