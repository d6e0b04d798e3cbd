/**
 * compression_recoverability (reference-0.1): the reference's generator
 * (`generate_compression_recoverability_family.py`, default output also committed in the
 * reference's `data/compression_recoverability/`) and scorer
 * (`score_compression_recoverability.py`), ported for byte-identical fixtures and equal
 * `means` (tests/geb/trap/parity.test.ts). Each row is an already-compacted ledger (one
 * SET/CLEAR per key, 3–6 keys; canaries ~96 keys) and asks for one key's value with its
 * citation.
 */
import { PyRandom } from "../../../core/random.js";
import { pySortStrings } from "../py.js";
import type { TrapFixtures, TrapGenerateOptions, TrapRow } from "../types.js";
import { defineContractFamily, type TrapScorer, VALUE_ACC_COPIES } from "../kit/define.js";
import { drawUid, episodeId } from "../kit/draws.js";
import { floorsOf, jitterOf, perStage } from "../kit/floors.js";
import { episodeRow, LedgerLines, markdownPage } from "../kit/ledger-book.js";
import { normStrip } from "../kit/metrics.js";
import { splitFixtures } from "../kit/splits.js";
import { TAG_KEYS, TAG_VALUES } from "../kit/tag-vocabulary.js";
import { answerDiag, valueCitationMeans, valueCitationRows } from "../kit/value-citation.js";
import { scoreResult } from "../kit/score.js";

export const CRV_ID = "compression_recoverability";

/** The reference's `--canary-key-count` default. */
const CANARY_KEY_COUNT = 96;

/**
 * One compacted snapshot: an update per key, in order (step = position), each key's value
 * drawn by `draw` after its uid — null for a CLEAR.
 */
function snapshot(
  rng: PyRandom,
  keys: readonly string[],
  draw: (key: string, step: number) => string | null,
) {
  const state: Record<string, string | null> = {};
  const support: Record<string, string> = {};
  const ledger = new LedgerLines();
  keys.forEach((key, i) => {
    const u = drawUid(rng);
    support[key] = u;
    state[key] = draw(key, i + 1);
    ledger.update(u, key, state[key]);
  });
  return { state, support, ledger };
}

const document = (ep: string, ledger: LedgerLines): string =>
  markdownPage(`Recoverability Episode ${ep}`, [["Episode Log", ledger.episode()]]);

function buildRow(split: string, index: number, rng: PyRandom): TrapRow {
  const ep = episodeId("CRV", split, index);
  const count = rng.randint(3, 6);
  const keys = pySortStrings(rng.sample(TAG_KEYS, count));
  const queryKey = rng.choice(keys);
  const { state, support, ledger } = snapshot(rng, keys, (key) =>
    rng.random() < 0.25 ? null : rng.choice(TAG_VALUES[key]),
  );
  const glossary = keys.map((k) => `- ${k}: Snapshot key ${k}.`).join("\n");
  return episodeRow(ep, {
    document: document(ep, ledger),
    book: markdownPage(`Recoverability Episode ${ep}`, [
      [
        "Reading Rules",
        "- The STATE LEDGER below is already compacted (one authoritative update per key).\n" +
          "- Answer only from the ledger.",
      ],
      ["Glossary (Tags)", glossary],
      ["State Ledger", ledger.ledger()],
    ]),
    question: `What is the value of ${queryKey} in the compact snapshot? Return JSON with keys: value, support_ids.`,
    gold: {
      value: Object.hasOwn(state, queryKey) ? state[queryKey] : null,
      support_ids: [support[queryKey]],
    },
    meta: {
      family: CRV_ID,
      split,
      case_index: index,
      key: queryKey,
      query_type: "direct",
      derived_op: "reports",
      compact_state: state,
    },
  });
}

function buildCanary(seed: number, caseIndex: number, keyCount = CANARY_KEY_COUNT): TrapRow {
  const rng = new PyRandom(seed + 303 + caseIndex);
  const ep = episodeId("CRV", "canary", caseIndex);
  const snapshotKeys = Math.max(24, keyCount + rng.randint(-8, 8));
  const keys = Array.from({ length: snapshotKeys }, (_, i) => `tag.${String(i).padStart(3, "0")}`);
  const { state, support, ledger } = snapshot(rng, keys, (key, step) => {
    // Python's `or` short-circuits: random() is drawn only when the modulus test fails.
    const isClear =
      step === 1 ? false : step === snapshotKeys ? true : (step + caseIndex) % 7 === 0 || rng.random() < 0.15;
    return isClear ? null : `${key}_snapshot_${rng.randint(1000, 9999)}`;
  });
  const tail = keys.slice(Math.max(0, keys.length - 16));
  const nullTail = tail.filter((k) => state[k] === null);
  const valueTail = tail.filter((k) => state[k] !== null);
  const preferNull = caseIndex % 2 === 1;
  let queryKey: string;
  let target: string;
  if (preferNull && nullTail.length) {
    queryKey = rng.choice(nullTail);
    target = "null";
  } else if (!preferNull && valueTail.length) {
    queryKey = rng.choice(valueTail);
    target = "value";
  } else if (nullTail.length) {
    queryKey = rng.choice(nullTail);
    target = "null";
  } else if (valueTail.length) {
    queryKey = rng.choice(valueTail);
    target = "value";
  } else {
    queryKey = keys[keys.length - 1];
    target = state[queryKey] === null ? "null" : "value";
  }
  return episodeRow(ep, {
    document: document(ep, ledger),
    book: markdownPage(`Recoverability Episode ${ep}`, [
      [
        "Reading Rules",
        "- This canary intentionally uses a large compact snapshot and tail-key queries.\n" +
          "- A key may be CLEAR; if so, the answer value is null.\n" +
          "- Answer only from the ledger.",
      ],
      ["State Ledger", ledger.ledger()],
    ]),
    question:
      `What is the value of ${queryKey} in the compact snapshot? ` +
      "If the latest action is CLEAR, return value=null. Return JSON with keys: value, support_ids.",
    gold: { value: state[queryKey], support_ids: [support[queryKey]] },
    meta: {
      family: CRV_ID,
      split: "canary",
      case_index: caseIndex,
      key: queryKey,
      query_type: "direct",
      derived_op: "reports",
      expected_fail: true,
      canary_profile: "stress_large_snapshot_tail_key",
      snapshot_key_count: snapshotKeys,
      query_position: "tail",
      query_target_type: target,
    },
  });
}

export function generateCompressionRecoverability(o: TrapGenerateOptions): TrapFixtures {
  return splitFixtures(o, { row: buildRow, canary: (index) => buildCanary(o.seed, index) });
}

// ---------------------------------------------------------------------------------------
// Scorer.

export const scoreCompressionRecoverability: TrapScorer = (rows, preds) => {
  const scored = valueCitationRows(rows, preds, normStrip);
  return scoreResult({
    means: valueCitationMeans(scored),
    correct: scored.map((s) => s.valueOk),
    rows: scored.map((s) => ({
      id: s.rid,
      value_ok: s.valueOk,
      exact_ok: s.valueOk,
      ...answerDiag(s),
      cite_p: s.citeP,
      cite_r: s.citeR,
      cite_f1: s.citeF1,
      parse_ok: s.hasValue,
    })),
  });
};

// run_compression_families.ps1: anchors .85, holdout .90, at every stage.
const FLOORED = ["value_acc", "exact_acc", "cite_f1"];

export const compressionRecoverabilityFamily = defineContractFamily({
  id: CRV_ID,
  description:
    "the value (and citation) of one key in an already-compacted ledger of 3–6 keys (canaries: ~96 keys, tail key)",
  defaults: { seed: 17, anchors: 12, holdout: 32, canary: 6 },
  generate: generateCompressionRecoverability,
  score: scoreCompressionRecoverability,
  headlineMetric: "value_acc",
  floors: perStage({ anchors: floorsOf(FLOORED, ">=", 0.85), holdout: floorsOf(FLOORED, ">=", 0.9) }),
  canaryAlert: perStage(0.95),
  jitter: jitterOf(["value_acc", "exact_acc"], 0.03),
  syntheticMetrics: VALUE_ACC_COPIES,
});
