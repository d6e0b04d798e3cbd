/**
 * Our 1.0 ("derived") trap families as declarations. Such a family poses a task whose answer
 * is never written in the ledger: it must be derived (folded, aggregated, planned). What
 * they all share lives here — the episode rows, the one seeded stream their fixtures are
 * drawn from, the contract answer format, the scorer loop — and a family states only its
 * nouns: how one episode is drawn, how one row is scored and which means it reports, its
 * floors, and its no-model programs (fold, oracle, and a rule program where it has one).
 */
import type { PyRandom } from "../../../core/random.js";
import { foldLedger, trapLedger } from "../ledger.js";
import type { TrapFamily, TrapGenerateOptions, TrapPrediction, TrapRow } from "../types.js";
import { CONTRACT_ANSWERS } from "./define.js";
import { episodeId, holdoutDrawOrCycle } from "./draws.js";
import { type FloorRow, floorTable, perStage, profileFloorRows } from "./floors.js";
import type { LedgerLines } from "./ledger-lines.js";
import { fixturesFromOneStream, type SplitLabels } from "./splits.js";
import { type MeanSpec, profileMeans, type RowOutcome, type ScoredRow, scoreRows } from "./score.js";

/** The folded State Ledger of a book: key → the latest SET (value) / CLEAR (null) and its uid. */
export type LedgerState = ReturnType<typeof foldLedger>;
export const ledgerStateOf = (book: string): LedgerState => foldLedger(trapLedger(book));

/** A key's standing value and the entry that set it; null when the key was never SET or is CLEARed. */
export function standing(st: LedgerState, key: string): { value: string; uid: string } | null {
  const e = st.get(key);
  return e && e.value !== null ? { value: e.value, uid: e.uid } : null;
}

/**
 * Follows a chain of ledger entries whose values name the next step (codebook renames, pointer
 * hops): from `start`, while `keyOf(step)` names a key, read that key's standing entry and step
 * to its value, at most `maxHops` times (so a cycle ends). `support` holds the entries read;
 * `dangling` says the chain stopped at a key with no standing entry.
 */
export function followChain(
  st: LedgerState,
  start: string,
  keyOf: (step: string) => string | null,
  maxHops = 10,
): { end: string; support: string[]; dangling: boolean } {
  const support: string[] = [];
  let step = start;
  for (let hop = 0; hop < maxHops; hop++) {
    const key = keyOf(step);
    if (key === null) break;
    const e = standing(st, key);
    if (!e) return { end: step, support, dangling: true };
    support.push(e.uid);
    step = e.value;
  }
  return { end: step, support, dangling: false };
}

/** A derived answer: the value and the ledger entries it rests on. */
export interface DerivedAnswer<V = unknown> {
  value: V;
  support: string[];
}

/** One generated episode: its id (`<PREFIX>-<SPLIT>-<nnnn>`) and how its book and row are written. */
export class DerivedEpisode {
  readonly id: string;
  constructor(
    readonly family: string,
    /** The book's heading before `Episode <id>`. */
    readonly title: string,
    prefix: string,
    readonly split: string,
    readonly index: number,
  ) {
    this.id = episodeId(prefix, split, index);
  }

  /** The case's profile (anchors and canary cycle through them, the holdout draws each). */
  profile<T>(rng: PyRandom, profiles: readonly T[]): T {
    return holdoutDrawOrCycle(rng, profiles, this.split, this.index);
  }

  /** `# <title> Episode <id>`, any sections before the ledger (each ending in a blank line), then the ledger. */
  book(ledger: LedgerLines, sections = ""): string {
    return `# ${this.title} Episode ${this.id}\n\n${sections}## State Ledger\n${ledger.text()}`;
  }

  /** The episode's one question as a fixture row; `meta` follows the family, split and case index. */
  row(book: string, question: string, gold: DerivedAnswer, meta: Record<string, unknown>): TrapRow {
    return {
      id: `${this.id}-Q001`,
      episode_id: this.id,
      schema_version: "0.1",
      book,
      question,
      gold: { value: gold.value, support_ids: gold.support },
      meta: { family: this.family, split: this.split, case_index: this.index, ...meta },
    };
  }
}

/**
 * The reading rules a 1.0 question states: the State Ledger's authority and latest-SET rule,
 * then what a CLEARed key and a NOTE line mean in this family (`cleared` follows "a CLEARed",
 * e.g. "key has no value"; `notes` follows "NOTE lines are"), then any clause of its own.
 */
export const ledgerRules = (r: { cleared: string; notes: string; also?: string }): string =>
  `The State Ledger is authoritative: the latest SET of a key counts, a CLEARed ${r.cleared}, ` +
  `NOTE lines are ${r.notes}${r.also ? `, ${r.also}` : ""}.`;

/**
 * The answer format a 1.0 question states: JSON with `value` (described where its form needs
 * saying) and `support_ids` (which ledger entries to cite).
 */
export const valueAndSupport = (support: string, value?: string): string =>
  `Return JSON with keys: value${value ? ` (${value})` : ""} and support_ids (${support}).`;

/**
 * A no-model program that reads only the row's book and question: `answer` derives the
 * value and support ids (null: the question is not one it can answer → value null, no ids).
 */
export const answerProgram =
  (answer: (book: string, question: string) => DerivedAnswer | null) =>
  (row: TrapRow): TrapPrediction => {
    const a = answer(String(row.book ?? ""), String(row.question ?? ""));
    return { id: row.id, value: a ? a.value : null, support_ids: a ? a.support : [] };
  };

/**
 * The episode-id prefix and book title a 1.0 family's id names: the initials of its words and
 * its words capitalised, a final `derived` written as "(derived)" — `novel_continuity_derived`
 * → "NCD", "Novel Continuity (derived)".
 */
export function derivedNaming(id: string): { prefix: string; title: string } {
  const words = id.split("_");
  const cap = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);
  const derived = words.at(-1) === "derived";
  const named = derived ? words.slice(0, -1) : words;
  return {
    prefix: words.map((w) => w.charAt(0).toUpperCase()).join(""),
    title: `${named.map(cap).join(" ")}${derived ? " (derived)" : ""}`,
  };
}

/** The floor (observe, ramp, target) of each case profile's accuracy in a 1.0 variant. */
export const DERIVED_PROFILE_FLOOR = [0.4, 0.6, 0.8] as const;

/** The jitter bound of every 1.0 variant: a holdout metric's max − min over runs. */
const DERIVED_JITTER_MAX = 0.05;

export interface DerivedFamilySpec {
  id: string;
  description: string;
  defaults: TrapGenerateOptions;
  /**
   * Episode ids `<prefix>-<SPLIT>-<nnnn>`, books headed `# <title> Episode <id>`; `draw`
   * writes one episode's row from the fixtures' shared stream. The prefix and title follow
   * from the id (`derivedNaming`); a family states them only where its own differ.
   */
  episodes: {
    prefix?: string;
    title?: string;
    splitLabels?: SplitLabels;
    draw(ep: DerivedEpisode, rng: PyRandom): TrapRow;
  };
  /**
   * The case profiles whose accuracies (the rows' `<profile>_acc` measures, valueOutcome's)
   * are reported after the scorer's means — each followed by its row count `<profile>_count`
   * when `counts` — and floored (`>=` observe, ramp, target; default DERIVED_PROFILE_FLOOR)
   * right after the accuracy metric.
   */
  profiles?: { names: readonly string[]; counts?: boolean; floor?: readonly [number, number, number] };
  /** How one row is scored, the means reported (in order), the accuracy and headline metric (default `value_acc`). */
  scorer: { row(r: ScoredRow): RowOutcome; means: readonly MeanSpec[]; accuracy?: string };
  /** The floors on anchors and holdout: one `[metric, op, observe, ramp, target]` row per metric. */
  floors: readonly FloorRow[];
  /** The holdout metrics whose spread over runs must stay within 0.05. */
  jitter: readonly string[];
  /** The canary alert at every stage (report only). */
  canaryAlert: number;
  /** The no-model programs: the fold baseline, the exact oracle, a rule program where there is one. */
  programs: {
    fold(row: TrapRow): TrapPrediction;
    oracle(row: TrapRow): TrapPrediction;
    rule?(row: TrapRow): TrapPrediction;
  };
}

/** The reported means and the floor table with the profiles' accuracies (and counts) in place. */
function withProfiles(
  spec: DerivedFamilySpec,
  accuracy: string,
): { means: readonly MeanSpec[]; floors: readonly FloorRow[] } {
  const p = spec.profiles;
  if (!p) return { means: spec.scorer.means, floors: spec.floors };
  const at = spec.floors.findIndex(([metric]) => metric === accuracy) + 1;
  return {
    means: [...spec.scorer.means, ...profileMeans(p.names, { counts: p.counts })],
    floors: [
      ...spec.floors.slice(0, at),
      ...profileFloorRows(p.names, ">=", ...(p.floor ?? DERIVED_PROFILE_FLOOR)),
      ...spec.floors.slice(at),
    ],
  };
}

/** The `TrapFamily` of a 1.0 variant: its declaration on the shared fixture stream, scorer loop and answer format. */
export function defineDerivedFamily(spec: DerivedFamilySpec): TrapFamily {
  const named = derivedNaming(spec.id);
  const { prefix = named.prefix, title = named.title, splitLabels, draw } = spec.episodes;
  const { row: scoreRow, accuracy = "value_acc" } = spec.scorer;
  const { fold, oracle, rule } = spec.programs;
  const { means, floors } = withProfiles(spec, accuracy);
  return {
    id: spec.id,
    compat: "1.0",
    description: spec.description,
    defaults: spec.defaults,
    generate: (o) =>
      fixturesFromOneStream(
        o,
        (split, index, rng) => draw(new DerivedEpisode(spec.id, title, prefix, split, index), rng),
        splitLabels,
      ),
    score: (rows, preds) => scoreRows(rows, preds, scoreRow, means),
    accuracyMetric: accuracy,
    headlineMetric: accuracy,
    floors: floorTable(floors),
    canaryAlert: perStage(spec.canaryAlert),
    jitter: spec.jitter.map((metric) => ({ metric, max: DERIVED_JITTER_MAX })),
    syntheticMetrics: {},
    // The questions state their own answer format (the contract's value and support_ids).
    ...CONTRACT_ANSWERS,
    foldPrediction: fold,
    ...(rule ? { rulePrediction: rule } : {}),
    oraclePrediction: oracle,
  };
}
