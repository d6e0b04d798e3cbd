/**
 * compression_roundtrip_generalization (reference-0.1): the reference's generator
 * (`generate_compression_roundtrip_generalization_family.py`) and scorer
 * (`score_compression_roundtrip_generalization.py`), ported for byte-identical fixtures and
 * equal `means` (tests/geb/trap/parity.test.ts).
 *
 * Each row is a 18–96-key snapshot ledger (SETs, CLEARs, NOTE decoys) and one of four query
 * types (direct, aggregate non-null count, the `effective_window_days` exception, negation).
 * The reference computes that query's answer and then writes it into the ledger as
 * `answer.resolved` and replaces the question by "the latest value of `answer.resolved`", so
 * every row is a single-key lookup and the query-type subsets (`direct_acc`, …) all measure
 * the same thing.
 */
import { PyRandom } from "../../../core/random.js";
import { pyGet, pyNumberValue, pyTruthy } from "../py.js";
import type { TrapFixtures, TrapGenerateOptions, TrapRow } from "../types.js";
import { defineContractFamily, type TrapScorer, VALUE_ACC_COPIES } from "../kit/define.js";
import { drawUid, episodeId, holdoutDrawOrCycle } from "../kit/draws.js";
import { floorTable, jitterOf } from "../kit/floors.js";
import { episodeLog, episodeRow, LedgerLines, markdownPage } from "../kit/ledger-book.js";
import { metaLower } from "../kit/meta.js";
import { normLower } from "../kit/metrics.js";
import { splitFixtures } from "../kit/splits.js";
import { answerDiag, valueCitationMeans, valueCitationRows } from "../kit/value-citation.js";
import { Columns, scoreResult } from "../kit/score.js";

export const CRG_ID = "compression_roundtrip_generalization";

const QUERY_TYPES = ["direct", "aggregate", "exception", "negation"] as const;
const GROUPS = ["alpha", "beta", "gamma", "delta"];
/** The reference's default `--canary-key-count`. */
const CANARY_KEY_COUNT = 96;
/** The scorer's default `--large-snapshot-min-keys`. */
const LARGE_SNAPSHOT_MIN_KEYS = 64;

const pad = (n: number, w: number): string => String(n).padStart(w, "0");

function valueForKey(key: string, rng: PyRandom): string {
  if (key === "policy.mode") return rng.choice(["normal", "review", "locked"]);
  if (key === "policy.window_days") return rng.choice(["7", "14", "30", "60"]);
  if (key.endsWith(".tier")) return rng.choice(["bronze", "silver", "gold"]);
  if (key.endsWith(".enabled")) return rng.choice(["true", "false"]);
  return `v${rng.randint(100, 999)}`;
}

const KEY_POOL: string[] = [
  "policy.mode",
  "policy.window_days",
  ...GROUPS.flatMap((g) => Array.from({ length: 24 }, (_, i) => `cfg.${g}.${pad(i, 2)}`)),
  "feature.export.enabled",
  "feature.audit.enabled",
  "feature.sync.enabled",
  "ops.alert.tier",
  "ops.backup.tier",
];

const book = (ep: string, rules: string, ledger: LedgerLines): string =>
  markdownPage(`Compression Roundtrip Episode ${ep}`, [
    ["Reading rules", rules],
    ["State Ledger", ledger.ledger()],
  ]);

function snapshotKeyCount(split: string, index: number, rng: PyRandom): number {
  if (split === "anchor") return index <= 4 ? rng.randint(68, 84) : rng.randint(18, 30);
  if (split === "holdout" && index % 6 === 0) return rng.randint(68, 96);
  return rng.randint(24, 44);
}

function buildRow(split: string, index: number, rng: PyRandom): TrapRow {
  const ep = episodeId("CRG", split, index);
  const selected = rng.sample(KEY_POOL, snapshotKeyCount(split, index, rng));
  if (!selected.includes("policy.mode")) selected[0] = "policy.mode";
  if (!selected.includes("policy.window_days")) selected[1] = "policy.window_days";

  const state = new Map<string, string | null>();
  const support = new Map<string, string>();
  const ledger = new LedgerLines();
  for (const key of selected) {
    if (rng.random() < 0.3) {
      const u = drawUid(rng);
      ledger.note(u, key, valueForKey(key, rng));
    }
    const u = drawUid(rng);
    support.set(key, u);
    const forceSet = key === "policy.mode" || key === "policy.window_days";
    if (!forceSet && rng.random() < 0.22) {
      state.set(key, null);
      ledger.clear(u, key);
    } else {
      let value = valueForKey(key, rng);
      if (key === "policy.mode") value = rng.choice(["locked", "normal", "locked", "review"]);
      state.set(key, value);
      ledger.set(u, key, value);
    }
  }
  let cleared = [...state].filter(([, v]) => v === null).map(([k]) => k);
  if (cleared.length === 0) {
    const target = selected[selected.length - 1];
    state.set(target, null);
    const u = drawUid(rng);
    support.set(target, u);
    ledger.clear(u, target);
    cleared = [target];
  }
  for (let i = 0; i < 6; i++) {
    const u = drawUid(rng);
    ledger.note(u, `noise.${pad(i, 2)}`, `n${rng.randint(1000, 9999)}`);
  }

  const queryType = holdoutDrawOrCycle(rng, QUERY_TYPES, split, index);
  const n = selected.length;
  const tailKeys = selected.slice(Math.max(0, n - Math.max(3, Math.floor(n / 5))));
  const headKeys = selected.slice(0, Math.max(3, Math.floor(n / 5)));
  const nonNull = (k: string) => (state.get(k) ?? null) !== null;
  let value: string | null = null;
  let position = "mixed";
  const extra: Record<string, unknown> = {};
  if (queryType === "direct") {
    const preferTail = Math.floor((index - 1) / QUERY_TYPES.length) % 2 === 1;
    const source = preferTail ? tailKeys : headKeys;
    const sourceNonNull = source.filter(nonNull);
    const selectedNonNull = selected.filter(nonNull);
    const pool = sourceNonNull.length
      ? sourceNonNull
      : source.length
        ? source
        : selectedNonNull.length
          ? selectedNonNull
          : selected;
    const key = rng.choice(pool);
    value = state.get(key) ?? null;
    position = tailKeys.includes(key) ? "tail" : "head";
    extra.query_key = key;
  } else if (queryType === "aggregate") {
    const triad = rng.sample(selected, 3);
    value = String(triad.filter(nonNull).length);
    if (triad.every((k) => tailKeys.includes(k))) position = "tail";
    else if (triad.every((k) => headKeys.includes(k))) position = "head";
    extra.aggregate_keys = triad;
  } else if (queryType === "exception") {
    const mode = state.get("policy.mode") ?? null;
    const window = state.get("policy.window_days") ?? null;
    value = mode === "locked" ? "0" : window === null ? null : window;
    position = "head";
    extra.exception_rule = "locked=>0 else policy.window_days";
    extra.mode_key = "policy.mode";
    extra.window_key = "policy.window_days";
  } else {
    const key = rng.choice(cleared);
    value = state.get(key) ?? null;
    position = tailKeys.includes(key) ? "tail" : "head";
    extra.query_key = key;
  }

  // The reference writes the computed answer into the ledger and asks for that key.
  const resolved = drawUid(rng);
  ledger.update(resolved, "answer.resolved", value);
  extra.resolved_key = "answer.resolved";

  return episodeRow(ep, {
    document: episodeLog(ep, ledger.updates),
    book: book(
      ep,
      "- State Ledger is authoritative for compact snapshot state.\n" +
        "- Only the latest SET/CLEAR per key defines the compact state.\n" +
        "- NOTE lines are non-authoritative distractors.\n- Use only the ledger for answers.",
      ledger,
    ),
    question:
      "Return the latest authoritative value for `answer.resolved` from the State Ledger. " +
      "Return JSON with keys: value, support_ids (use value=null if cleared).",
    gold: { value, support_ids: [resolved] },
    meta: {
      family: CRG_ID,
      split,
      case_index: index,
      query_type: queryType,
      query_position: position,
      query_target_type: value === null ? "null" : "nonnull",
      snapshot_key_count: selected.length,
      requires_citation: true,
      ...extra,
    },
  });
}

function buildCanary(seed: number, caseIndex: number, keyCount = CANARY_KEY_COUNT): TrapRow {
  const rng = new PyRandom(seed + 1900 + caseIndex);
  const ep = episodeId("CRG", "canary", caseIndex);
  const count = Math.max(64, keyCount + rng.randint(-8, 8));
  const keys = Array.from({ length: count }, (_, i) => `cfg.tailstress.${pad(i, 3)}`);
  const target = keys[keys.length - 1];
  const ledger = new LedgerLines();
  for (const key of keys.slice(0, -1)) {
    const u = drawUid(rng);
    if (rng.random() < 0.18) ledger.clear(u, key);
    else ledger.set(u, key, `${key}_v${rng.randint(1000, 9999)}`);
  }
  const uFirst = drawUid(rng);
  ledger.set(uFirst, target, `${target}_v${rng.randint(1000, 9999)}`);
  const uNote = drawUid(rng);
  ledger.note(uNote, target, `${target}_note_${rng.randint(1000, 9999)}`);
  const uPre = drawUid(rng);
  const preValue = `${target}_v${rng.randint(1000, 9999)}`;
  ledger.set(uPre, target, preValue);
  const uLatest = drawUid(rng);
  ledger.set(uLatest, target, `${target}_v${rng.randint(1000, 9999)}`);
  return episodeRow(ep, {
    document: episodeLog(ep, ledger.updates),
    book: book(
      ep,
      "- This canary stresses tail-key retrieval in large snapshots.\n- State Ledger is authoritative.\n" +
        "- NOTE lines are non-authoritative.",
      ledger,
    ),
    question: `For \`${target}\`, what was the value immediately before the latest authoritative update? Return JSON with keys: value, support_ids.`,
    gold: { value: preValue, support_ids: [uPre] },
    meta: {
      family: CRG_ID,
      split: "canary",
      case_index: caseIndex,
      query_type: "prelatest_tail",
      query_position: "tail",
      query_target_type: "nonnull",
      snapshot_key_count: count,
      expected_fail: true,
      canary_profile: "large_tail_prelatest_lookup",
      query_key: target,
    },
  });
}

export function generateCompressionRoundtrip(o: TrapGenerateOptions): TrapFixtures {
  return splitFixtures(o, { row: buildRow, canary: (index) => buildCanary(o.seed, index) });
}

// ---------------------------------------------------------------------------------------
// Scorer.

/** What a row's meta says about its query, as the scorer reads it. */
interface QueryMeta {
  type: string;
  position: string;
  target: string;
  keyCount: number;
}

/**
 * The scorer's row subsets, in its means order: each is written as `<name>_acc` (value
 * accuracy over the rows it holds) and, after all of them, `<name>_count`.
 */
const SUBSETS: readonly (readonly [name: string, holds: (q: QueryMeta) => boolean])[] = [
  ...QUERY_TYPES.map((t) => [t, (q: QueryMeta) => q.type === t] as const),
  ["tail_key", (q) => q.position === "tail"],
  ["null_target", (q) => q.target === "null"],
  ["nonnull_target", (q) => q.target === "nonnull"],
  ["large_snapshot", (q) => q.keyCount >= LARGE_SNAPSHOT_MIN_KEYS],
];

export const scoreCompressionRoundtrip: TrapScorer = (rows, preds) => {
  const scored = valueCitationRows(rows, preds, normLower);
  const subsets = new Columns();
  const diags = scored.map((s) => {
    const q: QueryMeta = {
      type: metaLower(s.meta, "query_type"),
      position: metaLower(s.meta, "query_position"),
      target: metaLower(s.meta, "query_target_type"),
      // Python int(meta.get("snapshot_key_count", 0) or 0); the fixtures hold ints.
      keyCount: pyTruthy(pyGet(s.meta, "snapshot_key_count"))
        ? Math.trunc(pyNumberValue(s.meta.snapshot_key_count))
        : 0,
    };
    for (const [name, holds] of SUBSETS) if (holds(q)) subsets.add({ [name]: s.valueOk });
    return {
      id: s.rid,
      query_type: q.type,
      query_position: q.position,
      query_target_type: q.target,
      snapshot_key_count: q.keyCount,
      value_ok: s.valueOk,
      ...answerDiag(s),
      cite_f1: s.citeF1,
      parse_ok: s.hasValue,
    };
  });
  return scoreResult({
    means: {
      ...valueCitationMeans(scored),
      ...Object.fromEntries(SUBSETS.map(([name]) => [`${name}_acc`, subsets.mean(name)])),
      ...Object.fromEntries(SUBSETS.map(([name]) => [`${name}_count`, subsets.count(name)])),
    },
    correct: scored.map((s) => s.valueOk),
    rows: diags,
  });
};

// run_compression_roundtrip_generalization_family.ps1's stage values (target = its defaults).
const FLOORS = floorTable([
  ["value_acc", ">=", 0.65, 0.75, [0.8, 0.85]],
  ["exact_acc", ">=", 0.65, 0.75, [0.8, 0.85]],
  ["cite_f1", ">=", 0.5, 0.65, [0.75, 0.85]],
  ["direct_acc", ">=", [0.65, 0.75], [0.7, 0.78], [0.7, 0.8]],
  ["aggregate_acc", ">=", [0.5, 0.7], [0.7, 0.75], [0.7, 0.8]],
  ["exception_acc", ">=", [0.25, 0.2], 0.45, [0.7, 0.8]],
  ["negation_acc", ">=", [0.8, 0.85], 0.9, [0.7, 0.8]],
  ["tail_key_acc", ">=", [0, 0.7], [0.6, 0.75], [0.7, 0.8]],
  ["null_target_acc", ">=", [0.8, 0.85], 0.9, [0.7, 0.8]],
  ["nonnull_target_acc", ">=", 0.55, [0.65, 0.7], [0.7, 0.8]],
  ["large_snapshot_acc", ">=", 0, [0.25, 0.35], [0.7, 0.8]],
]);

const SUBSET =
  "value_acc on a subset of rows: every row asks for `answer.resolved`, so the subsets differ only in which rows they count";

export const compressionRoundtripFamily = defineContractFamily({
  id: CRG_ID,
  description:
    "a 18–96-key snapshot ledger with a direct / aggregate / exception / negation query whose answer the reference pre-writes as `answer.resolved`; the question asks for that key",
  defaults: { seed: 67, anchors: 16, holdout: 48, canary: 8 },
  generate: generateCompressionRoundtrip,
  score: scoreCompressionRoundtrip,
  headlineMetric: "value_acc",
  floors: FLOORS,
  jitter: jitterOf(["value_acc", "exact_acc", "cite_f1"], 0.05),
  syntheticMetrics: {
    ...VALUE_ACC_COPIES,
    direct_acc: SUBSET,
    aggregate_acc: SUBSET,
    exception_acc: SUBSET,
    negation_acc: SUBSET,
  },
});
