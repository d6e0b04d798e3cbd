/**
 * GEB trap families: the shared vocabulary. A family is pure logic (generator, scorer,
 * stage floors, how a model's raw text becomes a prediction row, its fold baseline); the
 * framework (framework.ts) scores models and no-model baselines with it, and run.ts / cli.ts
 * do the I/O. Families port the reference's `generate_<fam>_family.py` /
 * `score_<fam>.py` exactly under `--compat reference-0.1` (docs/geb/traps.md).
 */

export const TRAP_SPLITS = ["anchors", "holdout", "canary"] as const;
export type TrapSplit = (typeof TRAP_SPLITS)[number];

export const TRAP_STAGES = ["observe", "ramp", "target"] as const;
export type TrapStage = (typeof TRAP_STAGES)[number];

/** `reference-0.1`: exact ports of the reference; `1.0`: our variants (answers must be derived). */
export const TRAP_COMPAT = ["reference-0.1", "1.0"] as const;
/** The dialect a family implements (alias kept for the social-pressure families). */
export type TrapFamilyCompat = "reference-0.1" | "1.0";
export type TrapCompat = (typeof TRAP_COMPAT)[number];

/** A fixture row (core-schema shaped: id, book, question, gold, meta, …). */
export interface TrapRow {
  id: string;
  book: string;
  question: string;
  gold: { value: unknown; support_ids: unknown; [field: string]: unknown };
  meta: Record<string, unknown>;
  [field: string]: unknown;
}

/** A prediction row in the reference's format: `{id, value, support_ids}`. */
export interface TrapPrediction {
  id: unknown;
  value?: unknown;
  support_ids?: unknown;
  [field: string]: unknown;
}

/** One floor: `metric op value` on a split's means. */
export interface TrapFloor {
  metric: string;
  op: ">=" | "<=";
  value: number;
}

export interface TrapGenerateOptions {
  seed: number;
  anchors: number;
  holdout: number;
  canary: number;
}

export type TrapFixtures = Record<TrapSplit, TrapRow[]>;

/** What a family's scorer returns for one split. */
export interface TrapScore {
  rows_total: number;
  rows_scored: number;
  /** The reference scorer's `means`, key order and values exactly. */
  means: Record<string, number>;
  failure_mode_counts: Record<string, number>;
  /** Per-row correctness of `accuracy_metric` (data order), for intervals. */
  correct: boolean[];
  /** Cluster of each `correct` entry when rows are not independent (e.g. attacks of one base case). */
  clusters?: string[];
  /** Per-row diagnostics (the reference's rows-out), in data order. */
  rows: Record<string, unknown>[];
}

export interface TrapFamily {
  id: string;
  /** The dialect the family belongs to (default `reference-0.1`). */
  compat?: TrapCompat;
  description: string;
  /** Reference default seed and split sizes. */
  defaults: TrapGenerateOptions;
  generate(opts: TrapGenerateOptions): TrapFixtures;
  /**
   * Rows the model must also answer, derived from a split's rows (attack expansions). When
   * present, `score` receives the split's rows with the predictions of both sets.
   */
  expand?(rows: readonly TrapRow[], basePreds?: readonly TrapPrediction[]): TrapRow[];
  /**
   * The expansion's prompts quote the model's answers to the base rows (social pressure's
   * `[TURN 1 ASSISTANT]`): a run asks the base rows first, then each run's expansion built
   * from that run's base answers; baselines expand with their own base answers.
   */
  expansionShowsBaseAnswers?: boolean;
  /** Splits the reference does not define: their fixture files are empty and they have no floors. */
  emptySplits?: readonly TrapSplit[];
  /** Score predictions (keyed by the reference's `str(id)`) against a split's rows. */
  score(rows: readonly TrapRow[], preds: readonly TrapPrediction[]): TrapScore;
  /** The means key whose per-row correctness `TrapScore.correct` holds. */
  accuracyMetric: string;
  /** Headline metric printed first and used for the canary report. */
  headlineMetric: string;
  /** Stage floors on anchors and holdout (the reference runner's defaults). */
  floors: Record<TrapStage, { anchors: TrapFloor[]; holdout: TrapFloor[] }>;
  /** The reference's canary alert (`canary <canaryMetric> >= x` warns). Report-only here. */
  canaryAlert: Record<TrapStage, number>;
  /** The canary metric the reference alerts on (default: the headline metric). */
  canaryMetric?: string;
  /** Holdout metrics whose max − min over runs must stay within `max` (reference checker). */
  jitter: { metric: string; max: number }[];
  /** Means that are not measurements (constants or functions of other means). */
  syntheticMetrics: Record<string, string>;
  /** Extra output instructions for the model prompt (the question may carry its own). */
  outputFormat: string;
  /** The model's raw text as a prediction row (no repair, no rewriting). */
  predictionFromText(row: TrapRow, text: string): TrapPrediction;
  /** The ledger-fold baseline rendered in the family's answer format. */
  foldPrediction(row: TrapRow): TrapPrediction;
  /**
   * A rule-following baseline, for families whose questions state the rules that derive
   * the answer (printed beside lookup and fold as `rule`).
   */
  rulePrediction?(row: TrapRow): TrapPrediction;
  /**
   * The exact oracle program of a 1.0 variant (reads only book and question; scores 1.0 on
   * every split). Not a baseline: it is the proof that the answer is derivable, listed in
   * the docs table beside the baselines.
   */
  oraclePrediction?(row: TrapRow): TrapPrediction;
  /**
   * Floors that depend on the split's fixture rows (the reference runner adjusts some from
   * the data file before scoring); default: `floors[stage][split]` unchanged.
   */
  adjustFloors?(split: "anchors" | "holdout", rows: readonly TrapRow[], floors: TrapFloor[]): TrapFloor[];
  /**
   * Floors the reference's reliability checker applies to every run's holdout means on top
   * of the per-run status (when its defaults differ from the runner's floors).
   */
  reliabilityFloors?: TrapFloor[];
}

// ---------------------------------------------------------------------------------------
// The persona sub-traps' results (persona.ts, families/persona-session-drift.ts). They sit
// here, below both the framework's run summary and the modules that compute them, so the
// framework imports no family (no framework ↔ family import circle).

/** persona_invariance / persona_persistence_drift on a split (persona.ts). */
export interface PersonaInvarianceResult {
  status: "PASS" | "FAIL";
  row_invariance_rate: number;
  rows_total: number;
  rows_changed: number;
  change_reasons: {
    value_changed: number;
    support_changed: number;
    parse_changed: number;
    null_flip: number;
  };
  changed_ids: string[];
}

/** The persona-session sub-trap on a split (families/persona-session-drift.ts). */
export interface PersonaSessionResult {
  /** PASS when every floor of the reference runner holds (drift 0, profile and factual match 1, no flips). */
  status: "PASS" | "FAIL";
  /** Base rows wrapped (one session each) and session rows answered. */
  sessions: number;
  rows_total: number;
  means: Record<string, number>;
  /** Floors that failed, `metric op floor (value)`. */
  failures: string[];
  failure_mode_counts: Record<string, number>;
  /** Up to 20 ids of drifted rows, in data order. */
  drifted_ids: string[];
}
