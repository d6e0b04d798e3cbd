/**
 * Our 1.0 ("derived") trap families as declarations. Such a family poses a task whose answer
 * is never written in the ledger: it must be derived (folded, aggregated, planned). What
 * they all share lives here — the episode rows, the one seeded stream their fixtures are
 * drawn from, the contract answer format, the scorer loop — and a family states only its
 * nouns: how one episode is drawn, how one row is scored and which means it reports, its
 * floors, and its no-model programs (fold, oracle, and a rule program where it has one).
 */
import { PyRandom } from "../../../core/random.js";
import { contractPrediction } from "../answer.js";
import {
  TRAP_SPLITS,
  type TrapFamily,
  type TrapFixtures,
  type TrapGenerateOptions,
  type TrapPrediction,
  type TrapRow,
  type TrapSplit,
} from "../types.js";
import { episodeId, profileOfCase } from "./draws.js";
import type { LedgerLines } from "./ledger-lines.js";
import { type MeanSpec, type RowOutcome, type ScoredRow, scoreRows } from "./score-rows.js";

/** The split names the episode ids and `meta.split` carry (the families' own, not the file names). */
export type SplitLabels = Record<TrapSplit, string>;
export const DERIVED_SPLIT_LABELS: SplitLabels = { anchors: "anchor", holdout: "holdout", canary: "canary" };

/**
 * The fixtures of a 1.0 variant: anchors, then holdout, then canary rows, `build(split,
 * index, rng)` with 1-based indices, all drawn from one `PyRandom(seed)` stream in that order.
 */
export function fixturesFromOneStream(
  o: TrapGenerateOptions,
  build: (split: string, index: number, rng: PyRandom) => TrapRow,
  labels: SplitLabels = DERIVED_SPLIT_LABELS,
): TrapFixtures {
  const rng = new PyRandom(o.seed);
  const out = {} as TrapFixtures;
  for (const split of TRAP_SPLITS)
    out[split] = Array.from({ length: o[split] }, (_, i) => build(labels[split], i + 1, rng));
  return out;
}

/** A derived answer: the value and the ledger entries it rests on. */
export interface DerivedAnswer {
  value: unknown;
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
    return profileOfCase(rng, profiles, this.split, this.index);
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
 * A no-model program that reads only the row's book and question: `answer` derives the
 * value and support ids (null: the question is not one it can answer → value null, no ids).
 */
export const answerProgram =
  (answer: (book: string, question: string) => DerivedAnswer | null) =>
  (row: TrapRow): TrapPrediction => {
    const a = answer(String(row.book ?? ""), String(row.question ?? ""));
    return { id: row.id, value: a ? a.value : null, support_ids: a ? a.support : [] };
  };

export interface DerivedFamilySpec {
  id: string;
  description: string;
  defaults: TrapGenerateOptions;
  /** Episode ids `<prefix>-<SPLIT>-<nnnn>`, books headed `# <title> Episode <id>`. */
  episodes: { prefix: string; title: string; splitLabels?: SplitLabels };
  /** One episode's row, drawn from the fixtures' shared stream. */
  row(ep: DerivedEpisode, rng: PyRandom): TrapRow;
  /** One row's score; `means` lists the split means reported, in order. */
  scoreRow(r: ScoredRow): RowOutcome;
  means: readonly MeanSpec[];
  /** The accuracy and headline metric (default `value_acc`). */
  accuracyMetric?: string;
  floors: TrapFamily["floors"];
  canaryAlert: TrapFamily["canaryAlert"];
  jitter: TrapFamily["jitter"];
  foldPrediction(row: TrapRow): TrapPrediction;
  oraclePrediction(row: TrapRow): TrapPrediction;
  rulePrediction?(row: TrapRow): TrapPrediction;
}

/** The `TrapFamily` of a 1.0 variant: its declaration on the shared fixture stream, scorer loop and answer format. */
export function defineDerivedFamily(spec: DerivedFamilySpec): TrapFamily {
  const { prefix, title, splitLabels } = spec.episodes;
  const metric = spec.accuracyMetric ?? "value_acc";
  return {
    id: spec.id,
    compat: "1.0",
    description: spec.description,
    defaults: spec.defaults,
    generate: (o) =>
      fixturesFromOneStream(
        o,
        (split, index, rng) => spec.row(new DerivedEpisode(spec.id, title, prefix, split, index), rng),
        splitLabels,
      ),
    score: (rows, preds) => scoreRows(rows, preds, spec.scoreRow, spec.means),
    accuracyMetric: metric,
    headlineMetric: metric,
    floors: spec.floors,
    canaryAlert: spec.canaryAlert,
    jitter: spec.jitter,
    syntheticMetrics: {},
    // The questions state their own answer format (the contract's value and support_ids).
    outputFormat: "Follow the output format the question states.",
    predictionFromText: contractPrediction,
    foldPrediction: spec.foldPrediction,
    ...(spec.rulePrediction ? { rulePrediction: spec.rulePrediction } : {}),
    oraclePrediction: spec.oraclePrediction,
  };
}
