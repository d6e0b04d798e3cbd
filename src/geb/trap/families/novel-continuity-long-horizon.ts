/**
 * novel_continuity_long_horizon (reference-0.1): the reference's generator
 * (`generate_novel_continuity_long_horizon_family.py`) and scorer
 * (`score_novel_continuity_long_horizon.py`), ported for byte-identical fixtures and equal
 * `means` (tests/geb/trap/parity.test.ts). novel_continuity over a ~20-line ledger: noise
 * SETs before and after, a stale re-SET of the initial value, NOTE rumours, an optional
 * dependency-gate SET (`<key>.dependency_gate`) and an optional "repair" SET of the rumour
 * before the final SET/CLEAR. The question names the key; subset accuracies split the rows
 * by the generator's gap / pressure / dependency / repair flags.
 */
import type { PyRandom } from "../../../core/random.js";
import { defineContractFamily, VALUE_ACC_COPIES } from "../kit/define.js";
import { drawUid, drawUids, pickExcept } from "../kit/draws.js";
import { jitterOf } from "../kit/floors.js";
import type { LedgerEntry } from "../kit/ledger-book.js";
import { episodeRow, ledgerEpisode } from "../kit/ledger-book.js";
import { pyGet, pyMean, pyTruthy } from "../py.js";
import type { TrapFixtures, TrapGenerateOptions, TrapPrediction, TrapRow, TrapScore } from "../types.js";
import { metaInt } from "../kit/meta.js";
import {
  type ContinuitySlot,
  CONTINUITY_NOUNS,
  continuityFamilyFloors,
  continuityMeta,
  continuitySplits,
  scoreContinuity,
} from "./novel-continuity.js";

export const NCLH_ID = "novel_continuity_long_horizon";

const { chars: CHARS, rules: RULES } = CONTINUITY_NOUNS;
const ALIASES = CONTINUITY_NOUNS.aliases.slice(0, 6);
const DAYS = CONTINUITY_NOUNS.days.slice(0, 5);
const NOISE_KEYS = [
  "weather.front",
  "gate.status",
  "torch.count",
  "dock.queue",
  "patrol.zone",
  "supply.batch",
  "archive.code",
  "signal.band",
];
/** The scorer's `--long-gap-min-steps` and `--high-contradiction-min-count` defaults. */
const LONG_GAP_MIN_STEPS = 8;
const HIGH_CONTRADICTION_MIN_COUNT = 4;

type Case = [key: string, initial: string, rumor: string, final: string | null];

function caseFor(dim: string, rng: PyRandom): Case {
  if (dim === "identity") {
    const char = pickExcept(rng, CHARS);
    const initial = pickExcept(rng, ALIASES);
    const rumor = pickExcept(rng, ALIASES, initial);
    return [`${char}.codename`, initial, rumor, pickExcept(rng, ALIASES, rumor)];
  }
  if (dim === "timeline") {
    const event = pickExcept(rng, [
      "vault.unlock_day",
      "ferry.depart_day",
      "hearing.day",
      "transit.window_day",
    ]);
    const initial = pickExcept(rng, DAYS);
    const rumor = pickExcept(rng, DAYS, initial);
    return [event, initial, rumor, pickExcept(rng, DAYS, rumor)];
  }
  const key = pickExcept(rng, ["citadel.rule", "dock.rule", "archive.rule", "reactor.rule"]);
  const initial = pickExcept(rng, RULES);
  const rumor = pickExcept(rng, RULES, initial);
  if (rng.random() < 0.25) return [key, initial, rumor, null];
  return [key, initial, rumor, pickExcept(rng, RULES, rumor)];
}

/** The canary book's sections (its rules and a one-line chapter summary). */
const CANARY_SECTIONS = [
  "## Reading rules\n- This canary intentionally stresses long callback and retcon chains.\n" +
    "- State Ledger is authoritative.\n- NOTE lines are decoys.",
  "## Chapters\nChapters contain contradictory narration and delayed repair cues.",
];

function noise(rng: PyRandom, stepStart: number, count: number): LedgerEntry[] {
  const out: LedgerEntry[] = [];
  for (let i = 0; i < count; i++) {
    const u = drawUid(rng);
    const key = rng.choice(NOISE_KEYS);
    out.push([u, `step=${stepStart + i} SET ${key} = n${rng.randint(100, 999)}`]);
  }
  return out;
}

function buildRow({ ep, dim, split, index }: ContinuitySlot, rng: PyRandom): TrapRow {
  const [key, initial, rumor, final] = caseFor(dim, rng);
  const delayed = index % 3 === 0;
  const repair = index % 2 === 0;
  const pressure = index % 4 ? 4 : 5;
  const [uInitial, uNote1, uStale, uNote2, uNote3, uDependency, uRepair, uFinal] = drawUids(rng, 8);
  const bodies: LedgerEntry[] = [
    [uInitial, `step=1 SET ${key} = ${initial}`],
    [uNote1, `step=2 NOTE ${key} = ${rumor}`],
    ...noise(rng, 3, 4),
    [uStale, `step=7 SET ${key} = ${initial}`],
    [uNote2, `step=8 NOTE ${key} = ${rumor}`],
    [uNote3, `step=9 NOTE ${key} = ${initial}`],
  ];
  if (delayed) {
    bodies.push([uDependency, `step=10 SET ${key}.dependency_gate = unlock:chapter10`]);
    if (repair) bodies.push([uRepair, `step=11 SET ${key} = ${rumor}`]);
  } else if (repair) bodies.push([uRepair, `step=10 SET ${key} = ${rumor}`]);
  const finalStep = delayed ? 12 : 11;
  bodies.push([
    uFinal,
    final === null ? `step=${finalStep} CLEAR ${key}` : `step=${finalStep} SET ${key} = ${final}`,
  ]);
  bodies.push(...noise(rng, 13, 6));
  const chapters = [
    `Chapter 1: Registry sets ${key} = ${initial}.`,
    `Chapter 2: Rumor claims ${key} = ${rumor}.`,
    "Chapter 3: Side-quests add unrelated state updates.",
    "Chapter 4: Investigators revisit old notes and stale snapshots.",
    "Chapter 5: Contradictions increase and confidence drops.",
    "Chapter 6: Team records provisional state that may be stale.",
    "Chapter 7: A stale restatement appears in an official memo.",
    "Chapter 8: Another rumor conflicts with prior steps.",
    "Chapter 9: Transition chapter introduces repair conditions.",
    `Chapter 10: Canon state resolves with ${key} = ${final ?? "null"}.`,
  ];
  const rules = [
    "- State Ledger is authoritative.",
    "- Only latest SET/CLEAR lines define canonical state.",
    "- NOTE lines are non-authoritative and may be contradictory.",
    "- If a repair transition occurs, prefer the final authoritative update.",
  ];
  return episodeRow(ep, {
    ...ledgerEpisode(
      ep,
      `# Novel Continuity Long Horizon Episode ${ep}`,
      [`## Reading rules\n${rules.join("\n")}`, `## Chapters\n${chapters.join("\n")}`],
      bodies,
    ),
    question:
      `By the end of Chapter 10, what is the authoritative value for \`${key}\`? ` +
      "Return JSON with keys: value, support_ids. If revoked, set value=null.",
    gold: { value: final, support_ids: [uFinal] },
    meta: continuityMeta(NCLH_ID, split, index, dim, key, {
      query_target_type: final === null ? "null" : "value",
      requires_citation: true,
      callback_gap_steps: finalStep - 1,
      contradiction_pressure_count: pressure,
      delayed_dependency: delayed,
      repair_transition: repair,
    }),
  });
}

function buildCanary({ ep, dim, index: caseIndex }: ContinuitySlot, rng: PyRandom): TrapRow {
  const [key, initial, rumor, maybeFinal] = caseFor(dim, rng);
  const final = maybeFinal ?? pickExcept(rng, RULES, rumor);
  const values = [initial, rumor, final];
  const bodies: LedgerEntry[] = [];
  let preUid = "";
  let preValue: string | null = null;
  for (let step = 1; step < 17; step++) {
    const u = drawUid(rng);
    if ([2, 4, 6, 8, 10, 12].includes(step)) {
      bodies.push([u, `step=${step} NOTE ${key} = ${rng.choice(values)}`]);
    } else if (step === 14) {
      const pre = rng.choice(values.filter((v) => v !== final));
      preUid = u;
      preValue = pre;
      bodies.push([u, `step=${step} SET ${key} = ${pre}`]);
    } else if (step === 15) {
      bodies.push([u, `step=${step} SET ${key} = ${final}`]);
    } else {
      bodies.push([u, `step=${step} SET ${key} = ${rng.choice(values)}`]);
    }
  }
  bodies.push(...noise(rng, 20, 10));
  return episodeRow(ep, {
    ...ledgerEpisode(ep, `# Novel Continuity Long Horizon Episode ${ep}`, CANARY_SECTIONS, bodies),
    question:
      `For \`${key}\`, return the authoritative value immediately before the latest ` +
      "authoritative update. Return JSON with keys: value, support_ids.",
    gold: { value: preValue, support_ids: preUid ? [preUid] : [] },
    meta: continuityMeta(NCLH_ID, "canary", caseIndex, dim, key, {
      expected_fail: true,
      canary_profile: "long_retcon_prelatest_lookup",
      callback_gap_steps: 14,
      contradiction_pressure_count: 6,
      delayed_dependency: true,
      repair_transition: true,
    }),
  });
}

/** Each canary has its own `PyRandom(seed + 1800 + index)`; the stream is the anchors' and holdout's. */
export const generateNovelContinuityLongHorizon = (o: TrapGenerateOptions): TrapFixtures =>
  continuitySplits(o, "NCLH", 1800, buildRow, buildCanary);

/** novel_continuity's means plus the subset accuracies over the generator's flags. */
export function scoreNovelContinuityLongHorizon(
  rows: readonly TrapRow[],
  preds: readonly TrapPrediction[],
): TrapScore {
  return scoreContinuity(rows, preds, (scored) => {
    const subsets = {
      long_gap: [] as number[],
      high: [] as number[],
      delayed: [] as number[],
      repair: [] as number[],
    };
    for (const s of scored) {
      if (metaInt(pyGet(s.meta, "callback_gap_steps")) >= LONG_GAP_MIN_STEPS)
        subsets.long_gap.push(s.valueOk);
      if (metaInt(pyGet(s.meta, "contradiction_pressure_count")) >= HIGH_CONTRADICTION_MIN_COUNT)
        subsets.high.push(s.valueOk);
      if (pyTruthy(pyGet(s.meta, "delayed_dependency"))) subsets.delayed.push(s.valueOk);
      if (pyTruthy(pyGet(s.meta, "repair_transition"))) subsets.repair.push(s.valueOk);
    }
    return {
      long_gap_acc: pyMean(subsets.long_gap),
      high_contradiction_acc: pyMean(subsets.high),
      delayed_dependency_acc: pyMean(subsets.delayed),
      repair_transition_acc: pyMean(subsets.repair),
      long_gap_count: subsets.long_gap.length,
      high_contradiction_count: subsets.high.length,
      delayed_dependency_count: subsets.delayed.length,
      repair_transition_count: subsets.repair.length,
    };
  });
}

const SUBSETS = ["long_gap_acc", "high_contradiction_acc", "delayed_dependency_acc", "repair_transition_acc"];

export const novelContinuityLongHorizonFamily = defineContractFamily({
  id: NCLH_ID,
  description:
    "novel_continuity over a ~20-line ledger: noise, a stale re-SET, NOTE rumours, a dependency gate and a repair SET before the final SET/CLEAR",
  defaults: { seed: 47, anchors: 16, holdout: 48, canary: 8 },
  generate: generateNovelContinuityLongHorizon,
  score: scoreNovelContinuityLongHorizon,
  headlineMetric: "value_acc",
  floors: continuityFamilyFloors(SUBSETS),
  jitter: jitterOf(["value_acc", "exact_acc", "cite_f1"]),
  syntheticMetrics: {
    ...VALUE_ACC_COPIES,
    long_gap_acc:
      "value_acc on rows whose generator-set callback_gap_steps >= 8: every row (10 or 11), so a copy of value_acc",
    high_contradiction_acc:
      "value_acc on rows whose contradiction_pressure_count >= 4: every row (a label, 4 or 5; each ledger has 3 NOTEs), so a copy of value_acc",
  },
});
