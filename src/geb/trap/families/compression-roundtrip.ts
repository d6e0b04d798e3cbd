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
import { pyJsonDumps, pyStrip } from "../../../core/pyjson.js";
import { PyRandom } from "../../../core/random.js";
import { contractPrediction } from "../answer.js";
import { lookupPrediction } from "../ledger.js";
import {
  isDict,
  isPyNumber,
  pyGet,
  pyMean,
  pyNumberValue,
  pySortStrings,
  pyStrValue,
  pyTruthy,
  predictionsById,
} from "../py.js";
import type {
  TrapFamily,
  TrapFixtures,
  TrapFloor,
  TrapGenerateOptions,
  TrapPrediction,
  TrapRow,
  TrapScore,
  TrapStage,
} from "../types.js";

export const CRG_ID = "compression_roundtrip_generalization";

const QUERY_TYPES = ["direct", "aggregate", "exception", "negation"] as const;
const GROUPS = ["alpha", "beta", "gamma", "delta"];
/** The reference's default `--canary-key-count`. */
const CANARY_KEY_COUNT = 96;
/** The scorer's default `--large-snapshot-min-keys`. */
const LARGE_SNAPSHOT_MIN_KEYS = 64;

const uid = (rng: PyRandom): string =>
  `U${rng
    .randrange(16 ** 6)
    .toString(16)
    .toUpperCase()
    .padStart(6, "0")}`;
const episodeId = (split: string, index: number): string =>
  `CRG-${split.toUpperCase()}-${String(index).padStart(4, "0")}`;
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

function snapshotKeyCount(split: string, index: number, rng: PyRandom): number {
  if (split === "anchor") return index <= 4 ? rng.randint(68, 84) : rng.randint(18, 30);
  if (split === "holdout" && index % 6 === 0) return rng.randint(68, 96);
  return rng.randint(24, 44);
}

function buildRow(split: string, index: number, rng: PyRandom): TrapRow {
  const ep = episodeId(split, index);
  const selected = rng.sample(KEY_POOL, snapshotKeyCount(split, index, rng));
  if (!selected.includes("policy.mode")) selected[0] = "policy.mode";
  if (!selected.includes("policy.window_days")) selected[1] = "policy.window_days";

  const state = new Map<string, string | null>();
  const support = new Map<string, string>();
  const lines: string[] = [];
  let step = 1;
  for (const key of selected) {
    if (rng.random() < 0.3) {
      const u = uid(rng);
      lines.push(`- [${u}] step=${step} NOTE ${key} = ${valueForKey(key, rng)}`);
      step++;
    }
    const u = uid(rng);
    support.set(key, u);
    const forceSet = key === "policy.mode" || key === "policy.window_days";
    if (!forceSet && rng.random() < 0.22) {
      state.set(key, null);
      lines.push(`- [${u}] step=${step} CLEAR ${key}`);
    } else {
      let value = valueForKey(key, rng);
      if (key === "policy.mode") value = rng.choice(["locked", "normal", "locked", "review"]);
      state.set(key, value);
      lines.push(`- [${u}] step=${step} SET ${key} = ${value}`);
    }
    step++;
  }
  let cleared = [...state].filter(([, v]) => v === null).map(([k]) => k);
  if (cleared.length === 0) {
    const target = selected[selected.length - 1];
    state.set(target, null);
    const u = uid(rng);
    support.set(target, u);
    lines.push(`- [${u}] step=${step} CLEAR ${target}`);
    step++;
    cleared = [target];
  }
  for (let i = 0; i < 6; i++) {
    const u = uid(rng);
    lines.push(`- [${u}] step=${step + i} NOTE noise.${pad(i, 2)} = n${rng.randint(1000, 9999)}`);
  }
  step += 6;

  const queryType =
    split === "holdout" ? rng.choice(QUERY_TYPES) : QUERY_TYPES[(index - 1) % QUERY_TYPES.length];
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
  const resolved = uid(rng);
  lines.push(
    value === null
      ? `- [${resolved}] step=${step} CLEAR answer.resolved`
      : `- [${resolved}] step=${step} SET answer.resolved = ${value}`,
  );
  extra.resolved_key = "answer.resolved";

  return {
    id: `${ep}-Q001`,
    episode_id: ep,
    schema_version: "0.1",
    document: `# Episode Log ${ep}\n\n${lines.map((l) => l.replace(/^(- \[U[0-9A-F]{6}\]) /, "$1 UPDATE ")).join("\n")}`,
    book:
      `# Compression Roundtrip Episode ${ep}\n\n## Reading rules\n` +
      "- State Ledger is authoritative for compact snapshot state.\n" +
      "- Only the latest SET/CLEAR per key defines the compact state.\n" +
      "- NOTE lines are non-authoritative distractors.\n- Use only the ledger for answers.\n\n" +
      `## State Ledger\n${lines.join("\n")}`,
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
  };
}

function buildCanary(seed: number, caseIndex: number, keyCount: number): TrapRow {
  const rng = new PyRandom(seed + 1900 + caseIndex);
  const ep = episodeId("canary", caseIndex);
  const count = Math.max(64, keyCount + rng.randint(-8, 8));
  const keys = Array.from({ length: count }, (_, i) => `cfg.tailstress.${pad(i, 3)}`);
  const target = keys[keys.length - 1];
  const lines: string[] = [];
  let step = 1;
  for (const key of keys.slice(0, -1)) {
    const u = uid(rng);
    if (rng.random() < 0.18) lines.push(`- [${u}] step=${step} CLEAR ${key}`);
    else lines.push(`- [${u}] step=${step} SET ${key} = ${key}_v${rng.randint(1000, 9999)}`);
    step++;
  }
  const uFirst = uid(rng);
  lines.push(`- [${uFirst}] step=${step} SET ${target} = ${target}_v${rng.randint(1000, 9999)}`);
  step++;
  const uNote = uid(rng);
  lines.push(`- [${uNote}] step=${step} NOTE ${target} = ${target}_note_${rng.randint(1000, 9999)}`);
  step++;
  const uPre = uid(rng);
  const preValue = `${target}_v${rng.randint(1000, 9999)}`;
  lines.push(`- [${uPre}] step=${step} SET ${target} = ${preValue}`);
  step++;
  const uLatest = uid(rng);
  lines.push(`- [${uLatest}] step=${step} SET ${target} = ${target}_v${rng.randint(1000, 9999)}`);
  return {
    id: `${ep}-Q001`,
    episode_id: ep,
    schema_version: "0.1",
    document: `# Episode Log ${ep}\n\n${lines.map((l) => l.replace(/^(- \[U[0-9A-F]{6}\]) /, "$1 UPDATE ")).join("\n")}`,
    book:
      `# Compression Roundtrip Episode ${ep}\n\n## Reading rules\n` +
      "- This canary stresses tail-key retrieval in large snapshots.\n- State Ledger is authoritative.\n" +
      `- NOTE lines are non-authoritative.\n\n## State Ledger\n${lines.join("\n")}`,
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
  };
}

export function generateCompressionRoundtrip(o: TrapGenerateOptions): TrapFixtures {
  const rng = new PyRandom(o.seed);
  const anchors = Array.from({ length: o.anchors }, (_, i) => buildRow("anchor", i + 1, rng));
  const holdout = Array.from({ length: o.holdout }, (_, i) => buildRow("holdout", i + 1, rng));
  const canary = Array.from({ length: o.canary }, (_, i) => buildCanary(o.seed, i + 1, CANARY_KEY_COUNT));
  return { anchors, holdout, canary };
}

// ---------------------------------------------------------------------------------------
// Scorer.

function norm(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (isPyNumber(v)) return pyStrValue(v);
  if (typeof v === "string") return pyStrip(v).toLowerCase();
  return pyJsonDumps(v, { sortKeys: true });
}

function supportSet(v: unknown): Set<string> {
  if (Array.isArray(v)) return new Set(v.filter((x) => x !== null).map((x) => pyStrValue(x)));
  return v === null || v === undefined ? new Set() : new Set([pyStrValue(v)]);
}

const metaStr = (m: Record<string, unknown>, k: string): string =>
  pyStrip(pyStrValue(Object.hasOwn(m, k) ? m[k] : "")).toLowerCase();

export function scoreCompressionRoundtrip(
  rows: readonly TrapRow[],
  preds: readonly TrapPrediction[],
): TrapScore {
  const dataRows = rows.filter((r) => isDict(r));
  const byId = predictionsById(preds);
  const value: number[] = [];
  const cp: number[] = [];
  const cr: number[] = [];
  const cf: number[] = [];
  const parse: number[] = [];
  const perType: Record<string, number[]> = { direct: [], aggregate: [], exception: [], negation: [] };
  const tail: number[] = [];
  const nullT: number[] = [];
  const nonnullT: number[] = [];
  const large: number[] = [];
  const diags: Record<string, unknown>[] = [];
  for (const row of dataRows) {
    const rid = pyStrValue(pyGet(row, "id"));
    const pred = byId.get(rid) ?? {};
    const g = pyGet(row, "gold");
    const gold = isDict(g) ? g : {};
    const m = pyGet(row, "meta");
    const meta = isDict(m) ? m : {};
    const ok = norm(pyGet(gold, "value")) === norm(pyGet(pred, "value")) ? 1 : 0;
    const gs = supportSet(pyGet(gold, "support_ids"));
    const ps = supportSet(pyGet(pred, "support_ids"));
    let inter = 0;
    for (const x of ps) if (gs.has(x)) inter++;
    const p = ps.size ? inter / ps.size : gs.size === 0 ? 1 : 0;
    const r = gs.size ? inter / gs.size : 1;
    const f = p > 0 && r > 0 ? (2 * p * r) / (p + r) : 0;
    const qt = metaStr(meta, "query_type");
    const qp = metaStr(meta, "query_position");
    const qtt = metaStr(meta, "query_target_type");
    // Python int(meta.get("snapshot_key_count", 0) or 0); the fixtures hold ints.
    const skc =
      Object.hasOwn(meta, "snapshot_key_count") && pyTruthy(meta.snapshot_key_count)
        ? Math.trunc(pyNumberValue(meta.snapshot_key_count))
        : 0;
    value.push(ok);
    cp.push(p);
    cr.push(r);
    cf.push(f);
    parse.push(Object.hasOwn(pred, "value") ? 1 : 0);
    if (Object.hasOwn(perType, qt)) perType[qt].push(ok);
    if (qp === "tail") tail.push(ok);
    if (qtt === "null") nullT.push(ok);
    if (qtt === "nonnull") nonnullT.push(ok);
    if (skc >= LARGE_SNAPSHOT_MIN_KEYS) large.push(ok);
    diags.push({
      id: rid,
      query_type: qt,
      query_position: qp,
      query_target_type: qtt,
      snapshot_key_count: skc,
      value_ok: ok === 1,
      gold_value: pyGet(gold, "value"),
      pred_value: pyGet(pred, "value"),
      gold_support_ids: pySortStrings(gs),
      pred_support_ids: pySortStrings(ps),
      cite_f1: f,
      parse_ok: Object.hasOwn(pred, "value"),
    });
  }
  const v = pyMean(value);
  return {
    rows_total: dataRows.length,
    rows_scored: diags.length,
    means: {
      value_acc: v,
      exact_acc: v,
      entailment: v,
      cite_p: pyMean(cp),
      cite_r: pyMean(cr),
      cite_f1: pyMean(cf),
      parse_rate: pyMean(parse),
      direct_acc: pyMean(perType.direct),
      aggregate_acc: pyMean(perType.aggregate),
      exception_acc: pyMean(perType.exception),
      negation_acc: pyMean(perType.negation),
      tail_key_acc: pyMean(tail),
      null_target_acc: pyMean(nullT),
      nonnull_target_acc: pyMean(nonnullT),
      large_snapshot_acc: pyMean(large),
      direct_count: perType.direct.length,
      aggregate_count: perType.aggregate.length,
      exception_count: perType.exception.length,
      negation_count: perType.negation.length,
      tail_key_count: tail.length,
      null_target_count: nullT.length,
      nonnull_target_count: nonnullT.length,
      large_snapshot_count: large.length,
    },
    failure_mode_counts: {},
    correct: value.map((x) => x === 1),
    rows: diags,
  };
}

// run_compression_roundtrip_generalization_family.ps1's stage values (target = its defaults):
// value, exact, cite, direct, aggregate, exception, negation, tail, null, nonnull, large.
const METRICS = [
  "value_acc",
  "exact_acc",
  "cite_f1",
  "direct_acc",
  "aggregate_acc",
  "exception_acc",
  "negation_acc",
  "tail_key_acc",
  "null_target_acc",
  "nonnull_target_acc",
  "large_snapshot_acc",
];
const STAGE_VALUES: Record<TrapStage, { anchors: number[]; holdout: number[] }> = {
  observe: {
    anchors: [0.65, 0.65, 0.5, 0.65, 0.5, 0.25, 0.8, 0, 0.8, 0.55, 0],
    holdout: [0.65, 0.65, 0.5, 0.75, 0.7, 0.2, 0.85, 0.7, 0.85, 0.55, 0],
  },
  ramp: {
    anchors: [0.75, 0.75, 0.65, 0.7, 0.7, 0.45, 0.9, 0.6, 0.9, 0.65, 0.25],
    holdout: [0.75, 0.75, 0.65, 0.78, 0.75, 0.45, 0.9, 0.75, 0.9, 0.7, 0.35],
  },
  target: {
    anchors: [0.8, 0.8, 0.75, 0.7, 0.7, 0.7, 0.7, 0.7, 0.7, 0.7, 0.7],
    holdout: [0.85, 0.85, 0.85, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8],
  },
};
const toFloors = (vals: number[]): TrapFloor[] =>
  METRICS.map((metric, i) => ({ metric, op: ">=" as const, value: vals[i] }));

const SUBSET =
  "value_acc on a subset of rows: every row asks for `answer.resolved`, so the subsets differ only in which rows they count";

export const compressionRoundtripFamily: TrapFamily = {
  id: CRG_ID,
  description:
    "a 18–96-key snapshot ledger with a direct / aggregate / exception / negation query whose answer the reference pre-writes as `answer.resolved`; the question asks for that key",
  defaults: { seed: 67, anchors: 16, holdout: 48, canary: 8 },
  generate: generateCompressionRoundtrip,
  score: scoreCompressionRoundtrip,
  accuracyMetric: "value_acc",
  headlineMetric: "value_acc",
  floors: {
    observe: {
      anchors: toFloors(STAGE_VALUES.observe.anchors),
      holdout: toFloors(STAGE_VALUES.observe.holdout),
    },
    ramp: { anchors: toFloors(STAGE_VALUES.ramp.anchors), holdout: toFloors(STAGE_VALUES.ramp.holdout) },
    target: {
      anchors: toFloors(STAGE_VALUES.target.anchors),
      holdout: toFloors(STAGE_VALUES.target.holdout),
    },
  },
  canaryAlert: { observe: 0.9, ramp: 0.9, target: 0.9 },
  canaryMetric: "exact_acc",
  jitter: ["value_acc", "exact_acc", "cite_f1"].map((metric) => ({ metric, max: 0.05 })),
  syntheticMetrics: {
    exact_acc: "a copy of value_acc",
    entailment: "a copy of value_acc",
    direct_acc: SUBSET,
    aggregate_acc: SUBSET,
    exception_acc: SUBSET,
    negation_acc: SUBSET,
  },
  outputFormat: "Follow the output format the question states.",
  predictionFromText: contractPrediction,
  foldPrediction: lookupPrediction,
};
