/**
 * novel_continuity (reference-0.1): the reference's generator
 * (`generate_novel_continuity_family.py`) and scorer (`score_novel_continuity.py`), ported
 * for byte-identical fixtures and equal `means` (tests/geb/trap/parity.test.ts). Four short
 * "chapters" (a record, a rumour, a retcon or revocation, an unrelated side state) over a
 * 4-line ledger: SET, NOTE (the rumour), SET/CLEAR (the answer), a side-key SET. The
 * question describes the key ("what codename does Arya use?") rather than naming it.
 */
import { pyStrip } from "../../../core/pyjson.js";
import type { PyRandom } from "../../../core/random.js";
import { defineContractFamily, type TrapScorer, VALUE_ACC_COPIES } from "../kit/define.js";
import { drawUid, drawUids, episodeId, pickExcept, holdoutDrawOrCycle } from "../kit/draws.js";
import { type FamilyFloors, type FloorRow, floorTable, jitterOf, type StageBound } from "../kit/floors.js";
import type { LedgerEntry } from "../kit/ledger-book.js";
import { episodeRow, ledgerEpisode } from "../kit/ledger-book.js";
import { ownStreamCanary, splitFixtures } from "../kit/splits.js";
import { citationPrf, normLower, supportSet } from "../kit/metrics.js";
import { pyGet, pyMean, pyStrValue } from "../py.js";
import type { TrapFixtures, TrapGenerateOptions, TrapPrediction, TrapRow, TrapScore } from "../types.js";
import { contractFold } from "../kit/contract-fold.js";
import { ContractColumns } from "../kit/value-citation.js";
import { scoringRows, scoreResult } from "../kit/score.js";

export const NC_ID = "novel_continuity";

export const NC_DIMS = ["identity", "timeline", "constraint"] as const;
/**
 * The nouns the three continuity families draw from, stated once. Each family draws from a
 * prefix of each list (a reference pack knows fewer than the next): the short pack here the
 * first 4 characters, 5 aliases, 5 days and 4 rules; the long-horizon pack 6, 6, 5 and all
 * rules; the derived variant every list whole (its days are a full week: it counts
 * postponements mod 7).
 */
export const CONTINUITY_NOUNS = {
  chars: ["arya", "ilya", "maren", "soren", "talia", "corin"],
  aliases: [
    "rook",
    "wren",
    "glass-harbor",
    "ember-kite",
    "north-lantern",
    "pale-bridge",
    "grey-finch",
    "salt-crown",
  ],
  days: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
  rules: [
    "no_blades_inside",
    "no_magic_on_platform",
    "no_engine_start",
    "no_open_flame",
    "no_radio_after_midnight",
  ],
};
const CHARS = CONTINUITY_NOUNS.chars.slice(0, 4);
const ALIASES = CONTINUITY_NOUNS.aliases.slice(0, 5);
const DAYS = CONTINUITY_NOUNS.days.slice(0, 5);
const RULES = CONTINUITY_NOUNS.rules.slice(0, 4);

const title = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

type Case = { key: string; initial: string; rumor: string; final: string | null; question: string };

function identityCase(rng: PyRandom): Case {
  const char = pickExcept(rng, CHARS);
  const initial = pickExcept(rng, ALIASES);
  const rumor = pickExcept(rng, ALIASES, initial);
  const final = pickExcept(rng, ALIASES, rumor);
  return {
    key: `${char}.codename`,
    initial,
    rumor,
    final,
    question: `By end of Chapter 4, what codename does ${title(char)} use?`,
  };
}

function timelineCase(rng: PyRandom): Case {
  const event = pickExcept(rng, ["vault.unlock_day", "ferry.depart_day", "hearing.day"]);
  const initial = pickExcept(rng, DAYS);
  const rumor = pickExcept(rng, DAYS, initial);
  const final = pickExcept(rng, DAYS, rumor);
  return {
    key: event,
    initial,
    rumor,
    final,
    question: `By end of Chapter 4, what is the authoritative day for ${event}?`,
  };
}

function constraintCase(rng: PyRandom): Case {
  const key = pickExcept(rng, ["citadel.rule", "dock.rule", "archive.rule"]);
  const initial = pickExcept(rng, RULES);
  const rumor = pickExcept(rng, RULES, initial);
  if (rng.random() < 0.3)
    return {
      key,
      initial,
      rumor,
      final: null,
      question: `By end of Chapter 4, what is the active constraint for ${key}? If revoked, value is null.`,
    };
  return {
    key,
    initial,
    rumor,
    final: pickExcept(rng, RULES, rumor),
    question: `By end of Chapter 4, what is the active constraint for ${key}?`,
  };
}

const caseFor = (dim: string, rng: PyRandom): Case =>
  dim === "identity" ? identityCase(rng) : dim === "timeline" ? timelineCase(rng) : constraintCase(rng);

/** Where a continuity row stands: episode id, dimension, split label, 1-based index. */
export interface ContinuitySlot {
  ep: string;
  dim: string;
  split: string;
  index: number;
}

/**
 * Both continuity generators' splits: rows from the shared stream, their dimension rotated
 * by index (drawn on holdout rows: each row's first draw); each canary from its own
 * `PyRandom(seed + canaryOffset + index)`, its dimension rotated.
 */
export const continuitySplits = (
  o: TrapGenerateOptions,
  prefix: string,
  canaryOffset: number,
  row: (slot: ContinuitySlot, rng: PyRandom) => TrapRow,
  canary: (slot: ContinuitySlot, rng: PyRandom) => TrapRow,
): TrapFixtures =>
  splitFixtures(o, {
    row: (split, index, rng) =>
      row(
        {
          ep: episodeId(prefix, split, index),
          dim: holdoutDrawOrCycle(rng, NC_DIMS, split, index),
          split,
          index,
        },
        rng,
      ),
    canary: ownStreamCanary(o.seed, canaryOffset, (index, rng) =>
      canary(
        {
          ep: episodeId(prefix, "canary", index),
          dim: NC_DIMS[(index - 1) % NC_DIMS.length],
          split: "canary",
          index,
        },
        rng,
      ),
    ),
  });

/** The meta both continuity generators open with; `rest` is the row's or canary's own, in order. */
export const continuityMeta = (
  family: string,
  split: string,
  index: number,
  dim: string,
  key: string,
  rest: Record<string, unknown>,
): Record<string, unknown> => ({ family, split, case_index: index, dimension: dim, key, ...rest });

/** The canary book's sections (its rules and a one-line chapter summary). */
const CANARY_SECTIONS = [
  "## Reading rules\n- This canary intentionally includes long retcon chains and decoys.\n" +
    "- State Ledger is authoritative.\n- Only SET/CLEAR lines define final state.",
  "## Chapters\nChapter 1-4 include conflicting statements and rumors across scenes.",
];

const QUESTION_TAIL = " Return JSON with keys: value, support_ids. If revoked, set value=null.";

function buildRow({ ep, dim, split, index }: ContinuitySlot, rng: PyRandom): TrapRow {
  const { key, initial, rumor, final, question } = caseFor(dim, rng);
  const sideKey = pickExcept(rng, ["weather", "gate.status", "torch.count"]);
  const sideValue = pickExcept(rng, ["clear", "locked", "3", "6", "storm"]);
  const [u1, uNote, u2, uSide] = drawUids(rng, 4);
  const bodies: LedgerEntry[] = [
    [u1, `step=1 SET ${key} = ${initial}`],
    [uNote, `step=2 NOTE ${key} = ${rumor}`],
    [u2, final === null ? `step=3 CLEAR ${key}` : `step=3 SET ${key} = ${final}`],
    [uSide, `step=4 SET ${sideKey} = ${sideValue}`],
  ];
  const ch3 =
    final === null
      ? `Chapter 3: The archive revokes ${key}.`
      : `Chapter 3: The archive updates ${key} to ${final}.`;
  const chapters = [
    `Chapter 1: The crew records ${key} as ${initial}.`,
    `Chapter 2: Rumors claim ${key} might be ${rumor}.`,
    ch3,
    `Chapter 4: Team acts according to the latest ${key} state while ${sideKey} stays at ${sideValue}.`,
  ];
  return episodeRow(ep, {
    ...ledgerEpisode(
      ep,
      `# Novel Continuity Episode ${ep}`,
      [
        "## Reading rules\n- Chapter narration can contain rumor or stale statements.\n" +
          "- State Ledger is authoritative for final state.\n" +
          "- Only SET/CLEAR lines in the ledger define continuity state.",
        chapters.join("\n"),
      ],
      bodies,
    ),
    question: `${question}${QUESTION_TAIL}`,
    gold: { value: final, support_ids: [u2] },
    meta: continuityMeta(NC_ID, split, index, dim, key, {
      query_target_type: final === null ? "null" : "value",
      requires_citation: true,
    }),
  });
}

function buildCanary({ ep, dim, index: caseIndex }: ContinuitySlot, rng: PyRandom): TrapRow {
  const { key, initial, rumor, final, question } = caseFor(dim, rng);
  const pool = dim === "identity" ? ALIASES : dim === "timeline" ? DAYS : RULES;
  const candidates: (string | null)[] =
    final === null
      ? [initial, rumor, pickExcept(rng, pool), null]
      : [initial, rumor, final, pickExcept(rng, pool)];
  const nonNull = candidates.filter((v): v is string => v !== null);
  const bodies: LedgerEntry[] = [];
  let supportFinal = "";
  for (let step = 1; step < 13; step++) {
    const u = drawUid(rng);
    if ([2, 4, 6, 8, 10].includes(step)) {
      bodies.push([u, `step=${step} NOTE ${key} = ${rng.choice(nonNull)}`]);
    } else if (step === 11) {
      bodies.push([u, final === null ? `step=${step} CLEAR ${key}` : `step=${step} SET ${key} = ${final}`]);
      supportFinal = u;
    } else {
      bodies.push([u, `step=${step} SET ${key} = ${rng.choice(nonNull)}`]);
    }
  }
  for (let extra = 1; extra < 13; extra++) {
    const u = drawUid(rng);
    const noiseKey = `noise.${String(extra).padStart(2, "0")}`;
    bodies.push([u, `step=${20 + extra} SET ${noiseKey} = n${rng.randint(10, 999)}`]);
  }
  return episodeRow(ep, {
    ...ledgerEpisode(ep, `# Novel Continuity Episode ${ep}`, CANARY_SECTIONS, bodies),
    question: `${question}${QUESTION_TAIL}`,
    gold: { value: final, support_ids: [supportFinal] },
    meta: continuityMeta(NC_ID, "canary", caseIndex, dim, key, {
      expected_fail: true,
      canary_profile: "retcon_chain_tail",
    }),
  });
}

/** Each canary has its own `PyRandom(seed + 701 + index)`; the stream is the anchors' and holdout's. */
export const generateNovelContinuity = (o: TrapGenerateOptions): TrapFixtures =>
  continuitySplits(o, "NC", 701, buildRow, buildCanary);

// ---------------------------------------------------------------------------------------
// Scorer (shared with novel_continuity_long_horizon, which adds subset accuracies).

/** One scored row of the novel-continuity scorers, before the family-specific subsets. */
export interface ContinuityRow {
  meta: Record<string, unknown>;
  valueOk: number;
  diag: Record<string, unknown>;
}

/** The common part of `score_novel_continuity*.py`: value / exact / cite / parse per row. */
export function scoreContinuityRows(
  rows: readonly TrapRow[],
  preds: readonly TrapPrediction[],
): { means: Record<string, number>; scored: ContinuityRow[]; dim: Record<string, number[]> } {
  const contract = new ContractColumns();
  const dimAcc: Record<string, number[]> = { identity: [], timeline: [], constraint: [] };
  const scored: ContinuityRow[] = [];
  for (const { rid, pred, gold, meta } of scoringRows(rows, preds)) {
    const d = pyGet(meta, "dimension");
    let dim = pyStrip(d === null ? "" : pyStrValue(d)).toLowerCase();
    if (!Object.hasOwn(dimAcc, dim)) dim = "identity";
    const hasValue = Object.hasOwn(pred, "value");
    const ok = normLower(pyGet(gold, "value")) === normLower(pyGet(pred, "value")) ? 1 : 0;
    const gs = supportSet(pyGet(gold, "support_ids"));
    const ps = supportSet(pyGet(pred, "support_ids"));
    const cite = citationPrf(ps, gs);
    contract.add(ok === 1, cite, hasValue);
    dimAcc[dim].push(ok);
    scored.push({
      meta,
      valueOk: ok,
      diag: { id: rid, dimension: dim, value_ok: ok === 1, cite_f1: cite[2], parse_ok: hasValue },
    });
  }
  return { means: contract.means(), scored, dim: dimAcc };
}

/**
 * A novel-continuity scorer: the common means, the three dimension accuracies, then the
 * family's own subset means (long horizon: gap / pressure / dependency / repair subsets).
 */
export function scoreContinuity(
  rows: readonly TrapRow[],
  preds: readonly TrapPrediction[],
  subsets: (scored: ContinuityRow[]) => Record<string, number> = () => ({}),
): TrapScore {
  const { means, scored, dim } = scoreContinuityRows(rows, preds);
  return scoreResult({
    means: {
      ...means,
      identity_acc: pyMean(dim.identity),
      timeline_acc: pyMean(dim.timeline),
      constraint_acc: pyMean(dim.constraint),
      ...subsets(scored),
    },
    failures: {},
    correct: scored.map((s) => s.valueOk === 1),
    rows: scored.map((s) => s.diag),
  });
}

export const scoreNovelContinuity: TrapScorer = (rows, preds) => scoreContinuity(rows, preds);

/** Anchors' and holdout's bound of the continuity runners' value and exact accuracy. */
const ACC_FLOOR: StageBound = [0.8, 0.85];
/** Anchors' and holdout's bound of each subset accuracy (dimensions, the family's extra subsets). */
const SUBSET_FLOOR: StageBound = [0.7, 0.8];

/**
 * The continuity runners' floors: the same at every stage but the citation floor, which
 * follows the stage (`-CiteStage`); the subset accuracies are the three dimensions' and the
 * family's `extra` ones.
 */
export const continuityFamilyFloors = (extra: readonly string[]): FamilyFloors =>
  floorTable([
    ["value_acc", ">=", ACC_FLOOR, ACC_FLOOR, ACC_FLOOR],
    ["exact_acc", ">=", ACC_FLOOR, ACC_FLOOR, ACC_FLOOR],
    ["cite_f1", ">=", 0, 0.6, 0.85],
    ...["identity_acc", "timeline_acc", "constraint_acc", ...extra].map(
      (metric): FloorRow => [metric, ">=", SUBSET_FLOOR, SUBSET_FLOOR, SUBSET_FLOOR],
    ),
  ]);

export const novelContinuityFamily = defineContractFamily({
  id: NC_ID,
  description:
    "chapters with a rumour and a retcon or revocation over a 4-line ledger; the question describes the key (identity / timeline / constraint)",
  defaults: { seed: 31, anchors: 12, holdout: 36, canary: 6 },
  generate: generateNovelContinuity,
  score: scoreNovelContinuity,
  headlineMetric: "value_acc",
  floors: continuityFamilyFloors([]),
  jitter: jitterOf(["value_acc", "exact_acc", "cite_f1"]),
  syntheticMetrics: VALUE_ACC_COPIES,
  // The question describes the key rather than naming it: the fold resolves the mention.
  foldPrediction: contractFold,
});
