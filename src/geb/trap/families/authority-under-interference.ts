/**
 * authority_under_interference (reference-0.1): the reference's generator
 * (`generate_authority_under_interference_family.py`) and scorer
 * (`score_authority_under_interference.py`), ported for byte-identical fixtures and equal
 * `means` (tests/geb/trap/parity.test.ts). The latest authoritative SET/CLEAR of a key
 * against a stale re-SET, NOTE decoys before and after it, and an "Interference" section of
 * stale snapshots; metrics add whether the citation hits the latest update, a NOTE or a
 * stale SET.
 */
import { PyRandom } from "../../../core/random.js";
import { pyGet } from "../py.js";
import type { TrapFamily, TrapFixtures, TrapFloor, TrapGenerateOptions, TrapRow } from "../types.js";
import { defineContractFamily, type TrapScorer, VALUE_ACC_COPIES } from "../kit/define.js";
import { drawUid, drawUids, episodeId, pickExcept } from "../kit/draws.js";
import { jitterOf, perStage } from "../kit/floors.js";
import { episodeLog, episodeRow, LedgerLines, markdownPage } from "../kit/ledger-book.js";
import { normStrip, supportSet } from "../kit/metrics.js";
import { splitFixtures } from "../kit/splits.js";
import { Columns, scoreResult } from "../kit/score.js";
import { valueCitationMeans, valueCitationRows } from "../kit/value-citation.js";

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

// The reference draws a random key only for index <= 0, which its callers never pass.
const pickKey = (rng: PyRandom, index: number): string =>
  index > 0 ? SORTED_KEYS[(index - 1) % SORTED_KEYS.length] : rng.choice(SORTED_KEYS);
const pick = (key: string, rng: PyRandom, exclude: string | null = null): string =>
  pickExcept(rng, KEY_VALUES[key], exclude);

/** The book: the rules, the interference section (stale snapshots and rumours), the ledger. */
const book = (ep: string, rules: string, interference: string, ledger: LedgerLines): string =>
  markdownPage(`Authority Interference Episode ${ep}`, [
    ["Rules", rules],
    ["Interference", interference],
    ["State Ledger", ledger.ledger()],
  ]);

/** The interference section's stale snapshots (the old value twice) and the rumoured one. */
const snapshots = (key: string, stale: string, rumor: string): string =>
  `- stale_snapshot: ${key}=${stale}\n- stale_snapshot_duplicate: ${key}=${stale}\n- rumor_snapshot: ${key}=${rumor}`;

function buildRow(v: AuiVariant, split: string, index: number, rng: PyRandom): TrapRow {
  const ep = episodeId(v.prefix, split, index);
  const key = pickKey(rng, index);
  const oldValue = pick(key, rng);
  const noteValue = pick(key, rng, oldValue);
  const finalIsClear = (split === "holdout" && index % 7 === 0) || (split === "anchor" && index % 9 === 0);
  const finalValue = finalIsClear ? null : pick(key, rng, noteValue);
  const [uOld, uNote, uStale, uLatest, uNoteAfter] = drawUids(rng, 5);
  const ledger = new LedgerLines()
    .set(uOld, key, oldValue)
    .note(uNote, key, noteValue)
    .set(uStale, key, oldValue)
    .update(uLatest, key, finalValue)
    .note(uNoteAfter, key, noteValue);
  const suffix =
    finalValue === null
      ? "If the key is cleared, return value=null."
      : "Return the latest authoritative value.";
  for (let step = 6; step < 10; step++) {
    const noiseKey = rng.choice(NOISE_KEYS);
    const noiseValue = String(rng.randint(2, 999));
    ledger.set(drawUid(rng), noiseKey, noiseValue);
  }
  const memo = `Legacy memo (stale): ${key} was ${oldValue}. Another comment claims ${key} could be ${noteValue}.`;
  return episodeRow(ep, {
    document: episodeLog(ep, ledger.updates),
    book: book(
      ep,
      "- State Ledger is authoritative.\n" +
        "- Only the latest SET/CLEAR for a key defines the answer.\n- NOTE lines are non-authoritative decoys.\n" +
        "- Stale snapshots can repeat old values and must be ignored.",
      `${memo}\n${snapshots(key, oldValue, noteValue)}`,
      ledger,
    ),
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
  });
}

function buildCanary(v: AuiVariant, seed: number, caseIndex: number): TrapRow {
  const rng = new PyRandom(seed + 900 + caseIndex);
  const ep = episodeId(v.prefix, "canary", caseIndex);
  const key = pickKey(rng, caseIndex);
  const oldValue = pick(key, rng);
  const decoy = pick(key, rng, oldValue);
  const finalValue = pick(key, rng, decoy);
  const stale: string[] = [];
  const notes: string[] = [];
  const latest: string[] = [];
  const penultimate: string[] = [];
  const ledger = new LedgerLines();
  for (let step = 1; step < 17; step++) {
    const u = drawUid(rng);
    if ([2, 4, 6, 8, 10, 12].includes(step) || step === 16) {
      ledger.note(u, key, decoy);
      notes.push(u);
    } else if (step === 15) {
      ledger.set(u, key, finalValue);
      latest.push(u);
    } else {
      ledger.set(u, key, oldValue);
      stale.push(u);
      if (step === 14) penultimate.push(u);
    }
  }
  ledger.step = 20;
  for (let step = 20; step < 28; step++) {
    const u = drawUid(rng);
    ledger.set(u, `noise.${step}`, `n${rng.randint(10, 999)}`);
  }
  return episodeRow(ep, {
    document: episodeLog(ep, ledger.updates),
    book: book(
      ep,
      "- Ledger is authoritative.\n- Only latest SET/CLEAR counts.\n" +
        "- NOTE entries are decoys even if they appear later.",
      snapshots(key, oldValue, decoy),
      ledger,
    ),
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
  });
}

export function generateAuthorityUnderInterference(
  o: TrapGenerateOptions,
  v: AuiVariant = AUI,
): TrapFixtures {
  return splitFixtures(o, {
    row: (split, index, rng) => buildRow(v, split, index, rng),
    canary: (index) => buildCanary(v, o.seed, index),
  });
}

// ---------------------------------------------------------------------------------------
// Scorer.

const meets = (a: Set<string>, b: Set<string>): boolean => [...a].some((x) => b.has(x));

export const scoreAuthorityUnderInterference: TrapScorer = (rows, preds) => {
  const scored = valueCitationRows(rows, preds, normStrip);
  // Which kind of update the prediction cites: the latest (default: the gold ids), a NOTE, a stale SET.
  const hits = new Columns<"latest" | "note" | "stale" | "violation">();
  const diags = scored.map((s) => {
    let latestSet = supportSet(pyGet(s.meta, "latest_support_ids"));
    if (latestSet.size === 0) latestSet = s.goldIds;
    const latest = meets(s.predIds, latestSet);
    const note = meets(s.predIds, supportSet(pyGet(s.meta, "note_support_ids")));
    const stale = meets(s.predIds, supportSet(pyGet(s.meta, "stale_support_ids")));
    hits.add({ latest, note, stale, violation: note || stale });
    return {
      id: s.rid,
      value_ok: s.valueOk,
      cite_f1: s.citeF1,
      latest_support_hit: latest,
      note_citation: note,
      stale_citation: stale,
    };
  });
  return scoreResult({
    means: {
      ...valueCitationMeans(scored),
      latest_support_hit_rate: hits.mean("latest"),
      note_citation_rate: hits.mean("note"),
      stale_citation_rate: hits.mean("stale"),
      authority_violation_rate: hits.mean("violation"),
    },
    correct: scored.map((s) => s.valueOk),
    rows: diags,
  });
};

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

export const authorityUnderInterferenceFamily = defineContractFamily({
  id: AUI_ID,
  description:
    "latest authoritative SET/CLEAR against a stale re-SET, NOTE decoys (also after it) and stale snapshots; citation must hit the latest update",
  defaults: { seed: 73, anchors: 16, holdout: 48, canary: 8 },
  generate: (o) => generateAuthorityUnderInterference(o),
  score: scoreAuthorityUnderInterference,
  headlineMetric: "value_acc",
  floors: perStage(STAGE),
  canaryAlert: perStage(0.85),
  jitter: jitterOf(["value_acc", "exact_acc", "cite_f1", "authority_violation_rate"], 0.05),
  syntheticMetrics: VALUE_ACC_COPIES,
});

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
