/**
 * authority_under_interference (reference-0.1): the reference's generator
 * (`generate_authority_under_interference_family.py`) and scorer
 * (`score_authority_under_interference.py`), ported for byte-identical fixtures and equal
 * `means` (tests/geb/trap/parity.test.ts). The latest authoritative SET/CLEAR of a key
 * against a stale re-SET, NOTE decoys before and after it, and an "Interference" section of
 * stale snapshots; metrics add whether the citation hits the latest update, a NOTE or a
 * stale SET.
 */
import { pyJsonDumps, pyStrip } from "../../../core/pyjson.js";
import { PyRandom } from "../../../core/random.js";
import { contractPrediction } from "../answer.js";
import { lookupPrediction } from "../ledger.js";
import { isDict, isPyNumber, pyGet, pyMean, pyStrValue, predictionsById } from "../py.js";
import type {
  TrapFamily,
  TrapFixtures,
  TrapFloor,
  TrapGenerateOptions,
  TrapPrediction,
  TrapRow,
  TrapScore,
} from "../types.js";

export const AUI_ID = "authority_under_interference";
export const AUIH_ID = "authority_under_interference_hardening";

/** The family id and episode-id prefix: the hardening generator is the same program with its own. */
interface AuiVariant {
  id: string;
  prefix: string;
}
const AUI: AuiVariant = { id: AUI_ID, prefix: "AUI" };
const AUIH: AuiVariant = { id: AUIH_ID, prefix: "AUIH" };

const KEY_VALUES: Record<string, string[]> = {
  "policy.retention_days_eu": ["14", "30", "60", "90"],
  "policy.export_window_days": ["7", "14", "21", "30"],
  "policy.password_rotate_days": ["30", "45", "60", "90"],
  "policy.cache_ttl_minutes": ["15", "30", "60", "120"],
};
const SORTED_KEYS = Object.keys(KEY_VALUES).sort();
const NOISE_KEYS = [
  "ops.queue_limit",
  "ops.retry_budget",
  "ops.ui_timeout_ms",
  "ops.batch_size",
  "ops.redaction_mode",
];

const uid = (rng: PyRandom): string =>
  `U${rng
    .randrange(16 ** 6)
    .toString(16)
    .toUpperCase()
    .padStart(6, "0")}`;
const episodeId = (v: AuiVariant, split: string, index: number): string =>
  `${v.prefix}-${split.toUpperCase()}-${String(index).padStart(4, "0")}`;
// The reference draws a random key only for index <= 0, which its callers never pass.
const pickKey = (rng: PyRandom, index: number): string =>
  index > 0 ? SORTED_KEYS[(index - 1) % SORTED_KEYS.length] : rng.choice(SORTED_KEYS);
const pick = (key: string, rng: PyRandom, exclude: string | null = null): string =>
  rng.choice(KEY_VALUES[key].filter((v) => v !== exclude));

function buildRow(v: AuiVariant, split: string, index: number, rng: PyRandom): TrapRow {
  const ep = episodeId(v, split, index);
  const key = pickKey(rng, index);
  const oldValue = pick(key, rng);
  const noteValue = pick(key, rng, oldValue);
  const finalIsClear = (split === "holdout" && index % 7 === 0) || (split === "anchor" && index % 9 === 0);
  const finalValue = finalIsClear ? null : pick(key, rng, noteValue);
  const uOld = uid(rng);
  const uNote = uid(rng);
  const uStale = uid(rng);
  const uLatest = uid(rng);
  const uNoteAfter = uid(rng);
  const bodies: [string, string][] = [
    [uOld, `step=1 SET ${key} = ${oldValue}`],
    [uNote, `step=2 NOTE ${key} = ${noteValue}`],
    [uStale, `step=3 SET ${key} = ${oldValue}`],
    [uLatest, finalValue === null ? `step=4 CLEAR ${key}` : `step=4 SET ${key} = ${finalValue}`],
    [uNoteAfter, `step=5 NOTE ${key} = ${noteValue}`],
  ];
  const suffix =
    finalValue === null
      ? "If the key is cleared, return value=null."
      : "Return the latest authoritative value.";
  for (let step = 6; step < 10; step++) {
    const noiseKey = rng.choice(NOISE_KEYS);
    const noiseValue = String(rng.randint(2, 999));
    bodies.push([uid(rng), `step=${step} SET ${noiseKey} = ${noiseValue}`]);
  }
  const ledger = bodies.map(([u, b]) => `- [${u}] ${b}`);
  const episode = bodies.map(([u, b]) => `- [${u}] UPDATE ${b}`);
  const memo = `Legacy memo (stale): ${key} was ${oldValue}. Another comment claims ${key} could be ${noteValue}.`;
  const bullets = [
    `- stale_snapshot: ${key}=${oldValue}`,
    `- stale_snapshot_duplicate: ${key}=${oldValue}`,
    `- rumor_snapshot: ${key}=${noteValue}`,
  ].join("\n");
  return {
    id: `${ep}-Q001`,
    episode_id: ep,
    schema_version: "0.1",
    document: `# Episode Log ${ep}\n\n${episode.join("\n")}`,
    book:
      `# Authority Interference Episode ${ep}\n\n## Rules\n- State Ledger is authoritative.\n` +
      "- Only the latest SET/CLEAR for a key defines the answer.\n- NOTE lines are non-authoritative decoys.\n" +
      "- Stale snapshots can repeat old values and must be ignored.\n\n" +
      `## Interference\n${memo}\n${bullets}\n\n## State Ledger\n${ledger.join("\n")}`,
    question: `For key \`${key}\`, what is the latest authoritative value? ${suffix} Return JSON with keys: value, support_ids.`,
    gold: { value: finalValue, support_ids: [uLatest] },
    meta: {
      family: v.id,
      split,
      case_index: index,
      key,
      latest_support_ids: [uLatest],
      stale_support_ids: [uOld, uStale],
      note_support_ids: [uNote, uNoteAfter],
      query_target_type: finalValue === null ? "null" : "value",
    },
  };
}

function buildCanary(v: AuiVariant, seed: number, caseIndex: number): TrapRow {
  const rng = new PyRandom(seed + 900 + caseIndex);
  const ep = episodeId(v, "canary", caseIndex);
  const key = pickKey(rng, caseIndex);
  const oldValue = pick(key, rng);
  const decoy = pick(key, rng, oldValue);
  const finalValue = pick(key, rng, decoy);
  const stale: string[] = [];
  const notes: string[] = [];
  const latest: string[] = [];
  const penultimate: string[] = [];
  const bodies: [string, string][] = [];
  for (let step = 1; step < 17; step++) {
    const u = uid(rng);
    if ([2, 4, 6, 8, 10, 12].includes(step) || step === 16) {
      bodies.push([u, `step=${step} NOTE ${key} = ${decoy}`]);
      notes.push(u);
    } else if (step === 15) {
      bodies.push([u, `step=${step} SET ${key} = ${finalValue}`]);
      latest.push(u);
    } else {
      bodies.push([u, `step=${step} SET ${key} = ${oldValue}`]);
      stale.push(u);
      if (step === 14) penultimate.push(u);
    }
  }
  for (let step = 20; step < 28; step++) {
    const u = uid(rng);
    bodies.push([u, `step=${step} SET noise.${step} = n${rng.randint(10, 999)}`]);
  }
  const ledger = bodies.map(([u, b]) => `- [${u}] ${b}`);
  const episode = bodies.map(([u, b]) => `- [${u}] UPDATE ${b}`);
  return {
    id: `${ep}-Q001`,
    episode_id: ep,
    schema_version: "0.1",
    document: `# Episode Log ${ep}\n\n${episode.join("\n")}`,
    book:
      `# Authority Interference Episode ${ep}\n\n## Rules\n- Ledger is authoritative.\n- Only latest SET/CLEAR counts.\n` +
      "- NOTE entries are decoys even if they appear later.\n\n## Interference\n" +
      `- stale_snapshot: ${key}=${oldValue}\n- stale_snapshot_duplicate: ${key}=${oldValue}\n` +
      `- rumor_snapshot: ${key}=${decoy}\n\n## State Ledger\n${ledger.join("\n")}`,
    question:
      `For key \`${key}\`, return the authoritative value immediately before the latest authoritative update ` +
      "(ignore NOTE and stale snapshots). Return JSON with keys value, support_ids.",
    gold: { value: oldValue, support_ids: penultimate },
    meta: {
      family: v.id,
      split: "canary",
      case_index: caseIndex,
      key,
      latest_support_ids: latest,
      penultimate_support_ids: penultimate,
      stale_support_ids: stale,
      note_support_ids: notes,
      expected_fail: true,
      canary_profile: "prelatest_authority_lookup",
      query_target_type: "prelatest_authoritative_value",
    },
  };
}

export function generateAuthorityUnderInterference(
  o: TrapGenerateOptions,
  v: AuiVariant = AUI,
): TrapFixtures {
  const rng = new PyRandom(o.seed);
  const anchors = Array.from({ length: o.anchors }, (_, i) => buildRow(v, "anchor", i + 1, rng));
  const holdout = Array.from({ length: o.holdout }, (_, i) => buildRow(v, "holdout", i + 1, rng));
  const canary = Array.from({ length: o.canary }, (_, i) => buildCanary(v, o.seed, i + 1));
  return { anchors, holdout, canary };
}

// ---------------------------------------------------------------------------------------
// Scorer.

function norm(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (isPyNumber(v)) return pyStrValue(v);
  if (typeof v === "string") return pyStrip(v);
  return pyJsonDumps(v, { sortKeys: true });
}

function supportSet(v: unknown): Set<string> {
  if (Array.isArray(v)) return new Set(v.filter((x) => x !== null).map((x) => pyStrValue(x)));
  return v === null || v === undefined ? new Set() : new Set([pyStrValue(v)]);
}

const meets = (a: Set<string>, b: Set<string>): boolean => [...a].some((x) => b.has(x));

export function scoreAuthorityUnderInterference(
  rows: readonly TrapRow[],
  preds: readonly TrapPrediction[],
): TrapScore {
  const dataRows = rows.filter((r) => isDict(r));
  const byId = predictionsById(preds);
  const cols: Record<string, number[]> = {
    value: [],
    cp: [],
    cr: [],
    cf: [],
    parse: [],
    latest: [],
    note: [],
    stale: [],
    violation: [],
  };
  const correct: boolean[] = [];
  const diags: Record<string, unknown>[] = [];
  for (const row of dataRows) {
    const rid = pyStrValue(pyGet(row, "id"));
    const pred = byId.get(rid) ?? {};
    const g = pyGet(row, "gold");
    const gold = isDict(g) ? g : {};
    const m = pyGet(row, "meta");
    const meta = isDict(m) ? m : {};
    const ok = norm(pyGet(gold, "value")) === norm(pyGet(pred, "value"));
    const gs = supportSet(pyGet(gold, "support_ids"));
    const ps = supportSet(pyGet(pred, "support_ids"));
    let latestSet = supportSet(pyGet(meta, "latest_support_ids"));
    if (latestSet.size === 0) latestSet = gs;
    const noteSet = supportSet(pyGet(meta, "note_support_ids"));
    const staleSet = supportSet(pyGet(meta, "stale_support_ids"));
    let inter = 0;
    for (const x of ps) if (gs.has(x)) inter++;
    const p = ps.size ? inter / ps.size : gs.size === 0 ? 1 : 0;
    const r = gs.size ? inter / gs.size : 1;
    const f = p > 0 && r > 0 ? (2 * p * r) / (p + r) : 0;
    const latest = meets(ps, latestSet);
    const note = meets(ps, noteSet);
    const stale = meets(ps, staleSet);
    cols.value.push(ok ? 1 : 0);
    cols.cp.push(p);
    cols.cr.push(r);
    cols.cf.push(f);
    cols.parse.push(Object.hasOwn(pred, "value") ? 1 : 0);
    cols.latest.push(latest ? 1 : 0);
    cols.note.push(note ? 1 : 0);
    cols.stale.push(stale ? 1 : 0);
    cols.violation.push(note || stale ? 1 : 0);
    correct.push(ok);
    diags.push({
      id: rid,
      value_ok: ok,
      cite_f1: f,
      latest_support_hit: latest,
      note_citation: note,
      stale_citation: stale,
    });
  }
  const v = pyMean(cols.value);
  return {
    rows_total: dataRows.length,
    rows_scored: diags.length,
    means: {
      value_acc: v,
      exact_acc: v,
      entailment: v,
      cite_p: pyMean(cols.cp),
      cite_r: pyMean(cols.cr),
      cite_f1: pyMean(cols.cf),
      parse_rate: pyMean(cols.parse),
      latest_support_hit_rate: pyMean(cols.latest),
      note_citation_rate: pyMean(cols.note),
      stale_citation_rate: pyMean(cols.stale),
      authority_violation_rate: pyMean(cols.violation),
    },
    failure_mode_counts: {},
    correct,
    rows: diags,
  };
}

function floors(value: number, cite: number, hit: number, rate: number): TrapFloor[] {
  return [
    { metric: "value_acc", op: ">=", value },
    { metric: "exact_acc", op: ">=", value },
    { metric: "cite_f1", op: ">=", value: cite },
    { metric: "latest_support_hit_rate", op: ">=", value: hit },
    { metric: "note_citation_rate", op: "<=", value: rate },
    { metric: "stale_citation_rate", op: "<=", value: rate },
    { metric: "authority_violation_rate", op: "<=", value: rate },
  ];
}
// run_authority_under_interference_family.ps1 defaults; its stages do not change them.
const STAGE = { anchors: floors(0.85, 0.8, 0.8, 0.1), holdout: floors(0.9, 0.85, 0.9, 0.05) };

export const authorityUnderInterferenceFamily: TrapFamily = {
  id: AUI_ID,
  description:
    "latest authoritative SET/CLEAR against a stale re-SET, NOTE decoys (also after it) and stale snapshots; citation must hit the latest update",
  defaults: { seed: 73, anchors: 16, holdout: 48, canary: 8 },
  generate: (o) => generateAuthorityUnderInterference(o),
  score: scoreAuthorityUnderInterference,
  accuracyMetric: "value_acc",
  headlineMetric: "value_acc",
  floors: { observe: STAGE, ramp: STAGE, target: STAGE },
  canaryAlert: { observe: 0.85, ramp: 0.85, target: 0.85 },
  canaryMetric: "exact_acc",
  jitter: ["value_acc", "exact_acc", "cite_f1", "authority_violation_rate"].map((metric) => ({
    metric,
    max: 0.05,
  })),
  syntheticMetrics: { exact_acc: "a copy of value_acc", entailment: "a copy of value_acc" },
  outputFormat: "Follow the output format the question states.",
  predictionFromText: contractPrediction,
  foldPrediction: lookupPrediction,
};

/**
 * authority_under_interference_hardening (reference-0.1): the same generator and scorer
 * (`generate_/score_authority_under_interference_hardening.py` differ only in names, the
 * `AUIH` prefix, seed 137 and sizes 20/60/10) and the same runner floors; its reliability
 * checker holds each run's holdout to stricter floors (.92 / .92 / cite .88 / hit .92;
 * rates <= .03).
 */
export const authorityUnderInterferenceHardeningFamily: TrapFamily = {
  ...authorityUnderInterferenceFamily,
  id: AUIH_ID,
  description:
    "authority_under_interference with another seed and sizes (the reference's hardening scripts are the same program); stricter reliability floors",
  defaults: { seed: 137, anchors: 20, holdout: 60, canary: 10 },
  generate: (o) => generateAuthorityUnderInterference(o, AUIH),
  reliabilityFloors: floors(0.92, 0.88, 0.92, 0.03),
};
