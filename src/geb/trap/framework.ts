/**
 * The trap-family framework, pure: score a split against the family's stage floors, score
 * the no-model baselines (lookup, fold) beside it, label families a no-model program
 * passes, and check N runs for reliability (floors + jitter). Canaries are scored and
 * reported but never gate anything: the reference's canary alert fails a *better* model.
 */
import { accumulateClusters, type Interval, proportionInterval } from "../../core/stats/index.js";
import { lookupPrediction } from "./ledger.js";
import {
  type PersonaInvarianceResult,
  type PersonaSessionResult,
  TRAP_SPLITS,
  type TrapCompat,
  type TrapFamily,
  type TrapFixtures,
  type TrapFloor,
  type TrapPrediction,
  type TrapRow,
  type TrapSplit,
  type TrapStage,
} from "./types.js";

export const TRAP_SUMMARY_VERSION = "geb.trap.summary.v1";
export const TRAP_RELIABILITY_VERSION = "geb.trap.reliability.v1";
export const TRAP_BASELINES_VERSION = "geb.trap.baselines.v1";

export interface FloorCheck {
  metric: string;
  op: ">=" | "<=";
  floor: number;
  /** null when the scorer produced no such mean (a failure). */
  value: number | null;
  pass: boolean;
}

export function checkFloors(means: Record<string, number>, floors: readonly TrapFloor[]): FloorCheck[] {
  return floors.map((f) => {
    const v = Object.hasOwn(means, f.metric) ? means[f.metric] : null;
    const pass = v !== null && !Number.isNaN(v) && (f.op === ">=" ? v >= f.value : v <= f.value);
    return { metric: f.metric, op: f.op, floor: f.value, value: v, pass };
  });
}

/** The stage floors of a split, after the family's data-dependent adjustment (if any). */
export function splitFloors(
  family: TrapFamily,
  stage: TrapStage,
  split: "anchors" | "holdout",
  rows: readonly TrapRow[],
): TrapFloor[] {
  const f = family.floors[stage][split];
  return family.adjustFloors ? family.adjustFloors(split, rows, f) : f;
}

export interface SplitEvaluation {
  split: TrapSplit;
  /** PASS / FAIL against the stage floors; canaries are REPORT (never gated). */
  status: "PASS" | "FAIL" | "REPORT";
  rows_total: number;
  rows_scored: number;
  means: Record<string, number>;
  /** Wilson interval of the family's accuracy metric (one question per episode). */
  accuracy: { metric: string } & Interval;
  floors: FloorCheck[];
  failures: string[];
  failure_mode_counts: Record<string, number>;
  /** Model outputs with no answer-contract JSON object (kept as text, `raw_unparsed`). */
  unparsed_outputs: number;
}

export function evaluateSplit(
  family: TrapFamily,
  split: TrapSplit,
  stage: TrapStage,
  rows: readonly TrapRow[],
  preds: readonly TrapPrediction[],
): SplitEvaluation & { rows: Record<string, unknown>[] } {
  const s = family.score(rows, preds);
  const floors = split === "canary" ? [] : checkFloors(s.means, splitFloors(family, stage, split, rows));
  const failures = floors
    .filter((c) => !c.pass)
    .map((c) => `${c.metric} ${c.op === ">=" ? "<" : ">"} ${c.floor}`);
  return {
    split,
    status: split === "canary" ? "REPORT" : failures.length === 0 ? "PASS" : "FAIL",
    rows_total: s.rows_total,
    rows_scored: s.rows_scored,
    means: s.means,
    // Wilson for independent rows; cluster-robust Wilson when the family groups rows.
    accuracy: {
      metric: family.accuracyMetric,
      ...proportionInterval(
        accumulateClusters(
          s.correct.map((c) => (c ? 1 : 0)),
          s.clusters,
        ),
      ),
    },
    floors,
    failures,
    failure_mode_counts: s.failure_mode_counts,
    unparsed_outputs: preds.filter((p) => p !== null && typeof p === "object" && p.raw_unparsed === true)
      .length,
    rows: s.rows,
  };
}

export const BASELINES = ["lookup", "fold"] as const;
/** lookup and fold run on every family; `rule` only where the family has a rule program. */
export type BaselineId = (typeof BASELINES)[number] | "rule";

/** The baselines a family runs: lookup, fold, and its rule program if it has one. */
export function familyBaselines(family: TrapFamily): BaselineId[] {
  return family.rulePrediction ? [...BASELINES, "rule"] : [...BASELINES];
}

/** Every row the model answers for a split: the rows, then their expansion (if any). */
export function modelRows(family: TrapFamily, rows: readonly TrapRow[]): TrapRow[] {
  return family.expand ? [...rows, ...family.expand(rows)] : [...rows];
}

export function baselinePredictions(
  family: TrapFamily,
  rows: readonly TrapRow[],
  which: BaselineId,
): TrapPrediction[] {
  return programPredictions(family, rows, (r) =>
    which === "lookup"
      ? lookupPrediction(r)
      : which === "rule" && family.rulePrediction
        ? family.rulePrediction(r)
        : family.foldPrediction(r),
  );
}

/** A no-model program's answers to a split's rows and their expansion (if any). */
export function programPredictions(
  family: TrapFamily,
  rows: readonly TrapRow[],
  answer: (row: TrapRow) => TrapPrediction,
): TrapPrediction[] {
  if (!family.expand || !family.expansionShowsBaseAnswers) return modelRows(family, rows).map(answer);
  // The expansion quotes the program's own base answers, as it quotes a model's.
  const base = rows.map(answer);
  return [...base, ...family.expand(rows, base).map(answer)];
}

export interface BaselineReport {
  schema_version: typeof TRAP_BASELINES_VERSION;
  family: string;
  stage: TrapStage;
  /** `rule` is present only for families with a rule program. */
  baselines: Record<"lookup" | "fold", Record<TrapSplit, SplitEvaluation>> & {
    rule?: Record<TrapSplit, SplitEvaluation>;
  };
  /** Baselines that pass the anchors and holdout floors of `stage`. */
  passing: BaselineId[];
  /**
   * True when the lookup or fold program meets the target floors (anchors and holdout).
   * A rule program meeting them does not set this (it applies rules the question states);
   * `rule_meets_target` says so separately.
   */
  equivalent_to_core_lookup: boolean;
  /** Whether the family's rule program meets the target floors (absent: no rule program). */
  rule_meets_target?: boolean;
}

const strip = (e: SplitEvaluation & { rows?: unknown }): SplitEvaluation => {
  const { rows: _rows, ...rest } = e;
  return rest;
};

/** Score the lookup and fold programs on every split; label a family they pass at target. */
export function baselineReport(family: TrapFamily, fixtures: TrapFixtures, stage: TrapStage): BaselineReport {
  const out = {} as Record<BaselineId, Record<TrapSplit, SplitEvaluation>>;
  const passing: BaselineId[] = [];
  let equivalent = false;
  let ruleAtTarget: boolean | undefined;
  for (const b of familyBaselines(family)) {
    out[b] = {} as Record<TrapSplit, SplitEvaluation>;
    for (const split of TRAP_SPLITS) {
      const rows = fixtures[split];
      out[b][split] = strip(evaluateSplit(family, split, stage, rows, baselinePredictions(family, rows, b)));
    }
    if (out[b].anchors.status === "PASS" && out[b].holdout.status === "PASS") passing.push(b);
    const atTarget = (["anchors", "holdout"] as const).every((split) =>
      checkFloors(out[b][split].means, splitFloors(family, "target", split, fixtures[split])).every(
        (c) => c.pass,
      ),
    );
    if (b === "rule") ruleAtTarget = atTarget;
    else if (atTarget) equivalent = true;
  }
  return {
    schema_version: TRAP_BASELINES_VERSION,
    family: family.id,
    stage,
    baselines: out,
    passing,
    equivalent_to_core_lookup: equivalent,
    ...(ruleAtTarget === undefined ? {} : { rule_meets_target: ruleAtTarget }),
  };
}

export interface TrapRunSummary {
  schema_version: typeof TRAP_SUMMARY_VERSION;
  family: string;
  compat: TrapCompat;
  stage: TrapStage;
  model: string;
  run: number;
  /** PASS when anchors and holdout meet the stage floors (canaries do not count). */
  hard_gate_status: "PASS" | "FAIL";
  anchors: SplitEvaluation;
  holdout: SplitEvaluation;
  canary: SplitEvaluation;
  /** The reference's canary alert, reported only: WARN when canary headline >= alert. */
  canary_report: { metric: string; value: number | null; alert_at: number; status: "WARN" | "OK" };
  baselines: BaselineReport;
  synthetic_metrics: Record<string, string>;
  /** The persona sub-trap on the holdout (null when not run); PASS needs invariance 1. */
  persona_invariance: PersonaInvarianceResult | null;
  /** The persona-persistence (3-turn override) sub-trap on the holdout, or null. */
  persona_persistence: PersonaInvarianceResult | null;
  /** The persona-session sub-trap (holdout rows in 12-turn sessions), or null; absent in older summaries. */
  persona_session?: PersonaSessionResult | null;
}

export function summarizeRun(
  family: TrapFamily,
  stage: TrapStage,
  model: string,
  run: number,
  splits: Record<TrapSplit, SplitEvaluation>,
  baselines: BaselineReport,
  persona: PersonaInvarianceResult | null = null,
  persistence: PersonaInvarianceResult | null = null,
  session: PersonaSessionResult | null = null,
): TrapRunSummary {
  const canaryMetric = family.canaryMetric ?? family.headlineMetric;
  const hv = splits.canary.means[canaryMetric];
  const value = typeof hv === "number" ? hv : null;
  const alertAt = family.canaryAlert[stage];
  return {
    schema_version: TRAP_SUMMARY_VERSION,
    family: family.id,
    compat: family.compat ?? "reference-0.1",
    stage,
    model,
    run,
    hard_gate_status:
      splits.anchors.status === "PASS" &&
      splits.holdout.status === "PASS" &&
      (persona?.status ?? "PASS") === "PASS" &&
      (persistence?.status ?? "PASS") === "PASS" &&
      (session?.status ?? "PASS") === "PASS"
        ? "PASS"
        : "FAIL",
    anchors: strip(splits.anchors),
    holdout: strip(splits.holdout),
    canary: strip(splits.canary),
    canary_report: {
      metric: canaryMetric,
      value,
      alert_at: alertAt,
      status: value !== null && value >= alertAt ? "WARN" : "OK",
    },
    baselines,
    synthetic_metrics: family.syntheticMetrics,
    persona_invariance: persona,
    persona_persistence: persistence,
    persona_session: session,
  };
}

export interface TrapReliability {
  schema_version: typeof TRAP_RELIABILITY_VERSION;
  family: string;
  stage: TrapStage;
  runs: number;
  min_runs: number;
  status: "PASS" | "FAIL";
  failures: string[];
  /** Holdout metric → {values per run, jitter = max − min, max allowed, pass}. */
  jitter: Record<string, { values: (number | null)[]; jitter: number | null; max: number; pass: boolean }>;
  /** Holdout headline per run with its interval, for the record. */
  holdout: { metric: string; values: (number | null)[] };
  equivalent_to_core_lookup: boolean;
}

/**
 * The reference checker's rules: at least `minRuns` runs of the same stage, each run's
 * anchors and holdout PASS, and each jitter metric's max − min over runs within its bound.
 * Canary alerts are not failures here (report-only).
 */
export function checkReliability(
  family: TrapFamily,
  stage: TrapStage,
  summaries: readonly TrapRunSummary[],
  opts: { minRuns?: number } = {},
): TrapReliability {
  const minRuns = opts.minRuns ?? 2;
  const failures: string[] = [];
  if (summaries.length < minRuns) failures.push(`need at least ${minRuns} runs; got ${summaries.length}`);
  for (const s of summaries) {
    if (s.family !== family.id) failures.push(`run ${s.run}: family ${s.family} is not ${family.id}`);
    if (s.stage !== stage) failures.push(`run ${s.run}: stage ${s.stage} is not ${stage}`);
    for (const split of ["anchors", "holdout"] as const)
      if (s[split].status !== "PASS") failures.push(`run ${s.run}: ${split} ${s[split].failures.join(", ")}`);
    if (family.reliabilityFloors)
      for (const c of checkFloors(s.holdout.means, family.reliabilityFloors))
        if (!c.pass)
          failures.push(
            `run ${s.run}: holdout ${c.metric} ${c.op === ">=" ? "<" : ">"} ${c.floor} (checker floor)`,
          );
    if (s.persona_invariance && s.persona_invariance.status !== "PASS")
      failures.push(`run ${s.run}: persona invariance ${s.persona_invariance.row_invariance_rate} < 1`);
    if (s.persona_persistence && s.persona_persistence.status !== "PASS")
      failures.push(`run ${s.run}: persona persistence ${s.persona_persistence.row_invariance_rate} < 1`);
    if (s.persona_session && s.persona_session.status !== "PASS")
      failures.push(`run ${s.run}: persona session ${s.persona_session.failures.join(", ")}`);
  }
  const jitter: TrapReliability["jitter"] = {};
  for (const j of family.jitter) {
    const values = summaries.map((s) => {
      const v = s.holdout.means[j.metric];
      return typeof v === "number" && !Number.isNaN(v) ? v : null;
    });
    const finite = values.filter((v): v is number => v !== null);
    const jit = finite.length ? Math.max(...finite) - Math.min(...finite) : null;
    const pass = jit !== null && jit <= j.max;
    if (!pass) failures.push(`holdout.${j.metric} jitter ${jit === null ? "n/a" : jit} > ${j.max}`);
    jitter[j.metric] = { values, jitter: jit, max: j.max, pass };
  }
  const hm = family.headlineMetric;
  return {
    schema_version: TRAP_RELIABILITY_VERSION,
    family: family.id,
    stage,
    runs: summaries.length,
    min_runs: minRuns,
    status: failures.length === 0 ? "PASS" : "FAIL",
    failures,
    jitter,
    holdout: {
      metric: hm,
      values: summaries.map((s) => (typeof s.holdout.means[hm] === "number" ? s.holdout.means[hm] : null)),
    },
    equivalent_to_core_lookup: summaries[0]?.baselines.equivalent_to_core_lookup ?? false,
  };
}
