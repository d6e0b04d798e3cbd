/**
 * compression_recoverability (reference-0.1): the reference's generator
 * (`generate_compression_recoverability_family.py`, default output also committed in the
 * reference's `data/compression_recoverability/`) and scorer
 * (`score_compression_recoverability.py`), ported for byte-identical fixtures and equal
 * `means` (tests/geb/trap/parity.test.ts). Each row is an already-compacted ledger (one
 * SET/CLEAR per key, 3–6 keys; canaries ~96 keys) and asks for one key's value with its
 * citation.
 */
import { pyJsonDumps, pyStrip } from "../../../core/pyjson.js";
import { PyRandom } from "../../../core/random.js";
import { contractPrediction } from "../answer.js";
import { lookupPrediction } from "../ledger.js";
import { isDict, isPyNumber, pyGet, pyMean, pySortStrings, pyStrValue, predictionsById } from "../py.js";
import type {
  TrapFamily,
  TrapFixtures,
  TrapFloor,
  TrapGenerateOptions,
  TrapPrediction,
  TrapRow,
  TrapScore,
} from "../types.js";

export const CRV_ID = "compression_recoverability";

const KEYS = ["tag.00", "tag.01", "tag.02", "tag.03", "tag.04", "tag.05"];
const VALUES: Record<string, string[]> = {
  "tag.00": ["30", "45", "60", "90"],
  "tag.01": ["us-east", "us-west", "eu-central", "ap-south"],
  "tag.02": ["100", "250", "500", "1000"],
  "tag.03": ["ops", "sec", "infra", "platform"],
  "tag.04": ["pager", "ticket", "chatops"],
  "tag.05": ["normal", "audit", "locked", "review"],
};
/** The reference's `--canary-key-count` default. */
const CANARY_KEY_COUNT = 96;

const uid = (rng: PyRandom): string =>
  `U${rng
    .randrange(16 ** 6)
    .toString(16)
    .toUpperCase()
    .padStart(6, "0")}`;
const episodeId = (split: string, index: number): string =>
  `CRV-${split.toUpperCase()}-${String(index).padStart(4, "0")}`;

function buildRow(split: string, index: number, rng: PyRandom): TrapRow {
  const ep = episodeId(split, index);
  const count = rng.randint(3, 6);
  const keys = pySortStrings(rng.sample(KEYS, count));
  const queryKey = rng.choice(keys);
  const state: Record<string, string | null> = {};
  const support: Record<string, string> = {};
  const ledger: string[] = [];
  const log: string[] = [];
  keys.forEach((key, i) => {
    const step = i + 1;
    const u = uid(rng);
    support[key] = u;
    if (rng.random() < 0.25) {
      state[key] = null;
      ledger.push(`- [${u}] step=${step} CLEAR ${key}`);
      log.push(`- [${u}] UPDATE step=${step} CLEAR ${key}`);
    } else {
      const value = rng.choice(VALUES[key]);
      state[key] = value;
      ledger.push(`- [${u}] step=${step} SET ${key} = ${value}`);
      log.push(`- [${u}] UPDATE step=${step} SET ${key} = ${value}`);
    }
  });
  const glossary = keys.map((k) => `- ${k}: Snapshot key ${k}.`).join("\n");
  return {
    id: `${ep}-Q001`,
    episode_id: ep,
    schema_version: "0.1",
    document: `# Recoverability Episode ${ep}\n\n## Episode Log\n${log.join("\n")}`,
    book:
      `# Recoverability Episode ${ep}\n\n## Reading Rules\n` +
      "- The STATE LEDGER below is already compacted (one authoritative update per key).\n" +
      `- Answer only from the ledger.\n\n## Glossary (Tags)\n${glossary}\n\n## State Ledger\n${ledger.join("\n")}`,
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
  };
}

function buildCanary(seed: number, caseIndex: number, keyCount: number): TrapRow {
  const rng = new PyRandom(seed + 303 + caseIndex);
  const ep = episodeId("canary", caseIndex);
  const snapshotKeys = Math.max(24, keyCount + rng.randint(-8, 8));
  const keys = Array.from({ length: snapshotKeys }, (_, i) => `tag.${String(i).padStart(3, "0")}`);
  const state: Record<string, string | null> = {};
  const support: Record<string, string> = {};
  const ledger: string[] = [];
  const log: string[] = [];
  keys.forEach((key, i) => {
    const step = i + 1;
    const u = uid(rng);
    support[key] = u;
    let isClear: boolean;
    if (step === 1) isClear = false;
    else if (step === snapshotKeys) isClear = true;
    // Python's `or` short-circuits: random() is drawn only when the modulus test fails.
    else isClear = (step + caseIndex) % 7 === 0 || rng.random() < 0.15;
    if (isClear) {
      state[key] = null;
      ledger.push(`- [${u}] step=${step} CLEAR ${key}`);
      log.push(`- [${u}] UPDATE step=${step} CLEAR ${key}`);
    } else {
      const value = `${key}_snapshot_${rng.randint(1000, 9999)}`;
      state[key] = value;
      ledger.push(`- [${u}] step=${step} SET ${key} = ${value}`);
      log.push(`- [${u}] UPDATE step=${step} SET ${key} = ${value}`);
    }
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
  return {
    id: `${ep}-Q001`,
    episode_id: ep,
    schema_version: "0.1",
    document: `# Recoverability Episode ${ep}\n\n## Episode Log\n${log.join("\n")}`,
    book:
      `# Recoverability Episode ${ep}\n\n## Reading Rules\n` +
      "- This canary intentionally uses a large compact snapshot and tail-key queries.\n" +
      "- A key may be CLEAR; if so, the answer value is null.\n" +
      `- Answer only from the ledger.\n\n## State Ledger\n${ledger.join("\n")}`,
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
  };
}

export function generateCompressionRecoverability(o: TrapGenerateOptions): TrapFixtures {
  const rng = new PyRandom(o.seed);
  const anchors = Array.from({ length: o.anchors }, (_, i) => buildRow("anchor", i + 1, rng));
  const holdout = Array.from({ length: o.holdout }, (_, i) => buildRow("holdout", i + 1, rng));
  const canary = Array.from({ length: o.canary }, (_, i) => buildCanary(o.seed, i + 1, CANARY_KEY_COUNT));
  return { anchors, holdout, canary };
}

// ---------------------------------------------------------------------------------------
// Scorer.

function normValue(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (isPyNumber(v)) return pyStrValue(v);
  if (typeof v === "string") return pyStrip(v);
  return pyJsonDumps(v, { sortKeys: true });
}

function supportSet(v: unknown): Set<string> {
  if (!Array.isArray(v)) return v === null || v === undefined ? new Set() : new Set([pyStrValue(v)]);
  const out = new Set<string>();
  for (const item of v) if (item !== null) out.add(pyStrValue(item));
  return out;
}

function citationPrf(pred: Set<string>, gold: Set<string>): [number, number, number] {
  let inter = 0;
  for (const x of pred) if (gold.has(x)) inter++;
  const p = pred.size ? inter / pred.size : gold.size === 0 ? 1 : 0;
  const r = gold.size ? inter / gold.size : 1;
  return [p, r, p > 0 && r > 0 ? (2 * p * r) / (p + r) : 0];
}

export function scoreCompressionRecoverability(
  rows: readonly TrapRow[],
  preds: readonly TrapPrediction[],
): TrapScore {
  const dataRows = rows.filter((r) => isDict(r));
  const byId = predictionsById(preds);
  const V: number[] = [];
  const CP: number[] = [];
  const CR: number[] = [];
  const CF: number[] = [];
  const parses: number[] = [];
  const correct: boolean[] = [];
  const diags: Record<string, unknown>[] = [];
  for (const row of dataRows) {
    const rid = pyStrValue(pyGet(row, "id"));
    const pred = byId.get(rid) ?? {};
    const g = pyGet(row, "gold");
    const gold = isDict(g) ? g : {};
    const hasValue = Object.hasOwn(pred, "value");
    const ok = normValue(pyGet(gold, "value")) === normValue(pyGet(pred, "value"));
    const gs = supportSet(pyGet(gold, "support_ids"));
    const ps = supportSet(pyGet(pred, "support_ids"));
    const [cp, cr, cf] = citationPrf(ps, gs);
    V.push(ok ? 1 : 0);
    CP.push(cp);
    CR.push(cr);
    CF.push(cf);
    parses.push(hasValue ? 1 : 0);
    correct.push(ok);
    diags.push({
      id: rid,
      value_ok: ok,
      exact_ok: ok,
      gold_value: pyGet(gold, "value"),
      pred_value: pyGet(pred, "value"),
      gold_support_ids: pySortStrings(gs),
      pred_support_ids: pySortStrings(ps),
      cite_p: cp,
      cite_r: cr,
      cite_f1: cf,
      parse_ok: hasValue,
    });
  }
  const v = pyMean(V);
  return {
    rows_total: dataRows.length,
    rows_scored: diags.length,
    means: {
      value_acc: v,
      exact_acc: v,
      entailment: v,
      cite_p: pyMean(CP),
      cite_r: pyMean(CR),
      cite_f1: pyMean(CF),
      parse_rate: pyMean(parses),
    },
    failure_mode_counts: {},
    correct,
    rows: diags,
  };
}

const floors = (x: number): TrapFloor[] => [
  { metric: "value_acc", op: ">=", value: x },
  { metric: "exact_acc", op: ">=", value: x },
  { metric: "cite_f1", op: ">=", value: x },
];
// run_compression_families.ps1: anchors .85, holdout .90, at every stage.
const STAGE = { anchors: floors(0.85), holdout: floors(0.9) };

export const compressionRecoverabilityFamily: TrapFamily = {
  id: CRV_ID,
  description:
    "the value (and citation) of one key in an already-compacted ledger of 3–6 keys (canaries: ~96 keys, tail key)",
  defaults: { seed: 17, anchors: 12, holdout: 32, canary: 6 },
  generate: generateCompressionRecoverability,
  score: scoreCompressionRecoverability,
  accuracyMetric: "value_acc",
  headlineMetric: "value_acc",
  floors: { observe: STAGE, ramp: STAGE, target: STAGE },
  canaryAlert: { observe: 0.95, ramp: 0.95, target: 0.95 },
  canaryMetric: "exact_acc",
  jitter: [
    { metric: "value_acc", max: 0.03 },
    { metric: "exact_acc", max: 0.03 },
  ],
  syntheticMetrics: {
    exact_acc: "a copy of value_acc",
    entailment: "a copy of value_acc",
  },
  outputFormat: "Follow the output format the question states.",
  predictionFromText: contractPrediction,
  // One key per row and one update per key: the fold answer is the lookup answer.
  foldPrediction: lookupPrediction,
};
