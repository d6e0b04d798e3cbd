/**
 * Scoring UI selections (design §A3; docs/geb/ui.md). Pure: rows, one selection per row (a
 * candidate id or null = abstain) and optional observed effects in, metrics out.
 *
 * - `reference-0.1`: the reference's `ui_eval` metrics exactly, including its
 *   `post_action_verify_rate`, which compares the observed file with `expected_delta` whatever
 *   was selected (finding F3: abstaining everywhere verifies at 1.0).
 * - `1.0`: the same metrics, except that `post_action_verify_rate` counts a row only when the
 *   SELECTED action's observed effect contains the expected change (the reference's number is
 *   kept as `fixture_verify_rate`), rates with an empty denominator are null instead of 0, and
 *   abstain precision/recall and intervals are added.
 */
import { ClusterAccumulator, proportionInterval } from "../../core/stats/bootstrap.js";
import { intervalsMeta, type StatsOptions } from "../../core/stats/options.js";
import type { Interval, IntervalsBlock } from "../../core/stats/schema.js";
import { wilson } from "../../core/stats/wilson.js";
import type { Compat } from "../dataset/types.js";
import type { UiObserved, UiRow } from "./schema.js";

export type Selection = string | null;

/**
 * What each action did. The reference's observed rows (`{id, observed_delta}`) describe the
 * step's gold action; rows with `candidate_id` describe that candidate's action.
 */
export class ObservedEffects {
  private readonly byRow = new Map<string, Record<string, unknown>>();
  private readonly byAction = new Map<string, Record<string, unknown>>();
  constructor(observed: readonly UiObserved[]) {
    for (const o of observed) {
      if (o.candidate_id !== undefined) this.byAction.set(`${o.id}\u0000${o.candidate_id}`, o.observed_delta);
      // The reference keeps the last row of an id (dict assignment).
      else this.byRow.set(o.id, o.observed_delta);
    }
  }
  /** The reference's lookup: the row's observed delta, whatever was selected. */
  rowDelta(row: UiRow): Record<string, unknown> | undefined {
    return this.byRow.get(row.id);
  }
  /** The effect of selecting `sel` in `row`, when known. */
  effectOf(row: UiRow, sel: Selection): Record<string, unknown> | undefined {
    if (sel === null) return undefined;
    const own = this.byAction.get(`${row.id}\u0000${sel}`);
    if (own) return own;
    return sel === row.gold.candidate_id ? this.byRow.get(row.id) : undefined;
  }
}

/** Python `==` on JSON values (1 == 1.0; dict order ignored). */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.hasOwn(b, k) && jsonEqual((a as never)[k], (b as never)[k]))
  );
}

/** observed ⊇ expected, key by key (a key missing from observed is `None` in the reference). */
export function deltaContains(
  observed: Record<string, unknown> | undefined,
  expected: Record<string, unknown>,
): boolean {
  if (!observed) return false;
  return Object.entries(expected).every(([k, v]) =>
    Object.hasOwn(observed, k) ? jsonEqual(observed[k], v) : v === null,
  );
}

const isAe = (row: UiRow) => row.abstain_expected === true;
const goldPresent = (row: UiRow) => row.candidates.some((c) => c.candidate_id === row.gold.candidate_id);
/** Rows with a verifiable change: not expected to abstain, with an `expected_delta` object. */
const verifiable = (row: UiRow) => !isAe(row) && row.expected_delta !== undefined;

export interface UiRowOutcome {
  id: string;
  task: string;
  selected: Selection;
  correct: boolean;
  wrong_action: boolean;
  abstained: boolean;
  abstain_expected: boolean;
  gold_present: boolean;
  /** Selected action's effect contains the expected change (null: not verifiable / no observed). */
  verified: boolean | null;
  /** The reference's verify: the row's observed delta contains the expected change. */
  fixture_verified: boolean | null;
}

function taskKey(row: UiRow, i: number): string {
  // The reference: a blank or absent task_id makes the row its own task.
  return row.task_id !== undefined ? row.task_id : `__row_${String(i).padStart(4, "0")}`;
}

export function rowOutcomes(
  rows: readonly UiRow[],
  selections: readonly Selection[],
  observed?: ObservedEffects,
): UiRowOutcome[] {
  if (selections.length !== rows.length)
    throw new RangeError(`selections (${selections.length}) and rows (${rows.length}) differ in length`);
  return rows.map((row, i) => {
    const sel = selections[i];
    const ae = isAe(row);
    const gold = row.gold.candidate_id;
    const canVerify = observed !== undefined && verifiable(row);
    const expected = row.expected_delta ?? {};
    return {
      id: row.id,
      task: taskKey(row, i),
      selected: sel,
      correct: sel !== null && !ae && sel === gold,
      wrong_action: sel !== null && (ae || sel !== gold),
      abstained: sel === null,
      abstain_expected: ae,
      gold_present: goldPresent(row),
      verified: canVerify ? deltaContains(observed.effectOf(row, sel), expected) : null,
      fixture_verified: canVerify ? deltaContains(observed.rowDelta(row), expected) : null,
    };
  });
}

export interface UiTaskStat {
  task_id: string;
  task_len: number;
  steps_taken: number;
  min_steps: number | null;
  step_overhead: number | null;
  pass: boolean;
  wrong_action: boolean;
  abstain_rate: number;
  verify_rate: number | null;
}

/** Per-task outcomes (`ui_eval.task_step_stats`); `verifyKey` picks whose verify counts. */
export function taskStats(
  rows: readonly UiRow[],
  outcomes: readonly UiRowOutcome[],
  verifyKey: "verified" | "fixture_verified",
  withObserved: boolean,
): UiTaskStat[] {
  const tasks = new Map<string, number[]>();
  outcomes.forEach((o, i) => {
    const list = tasks.get(o.task);
    if (list) list.push(i);
    else tasks.set(o.task, [i]);
  });
  const out: UiTaskStat[] = [];
  for (const [task, idx] of tasks) {
    let wrong = false;
    let allSelected = true;
    let abstains = 0;
    let expectedTotal = 0;
    let verified = 0;
    for (const i of idx) {
      const o = outcomes[i];
      if (!o.gold_present && !o.abstain_expected) allSelected = false;
      if (o.abstained) {
        abstains++;
        if (!o.abstain_expected) allSelected = false;
      } else if (o.wrong_action) {
        wrong = true;
        allSelected = false;
      }
      const v = o[verifyKey];
      if (v !== null) {
        expectedTotal++;
        if (v) verified++;
      }
    }
    const verifyRate = withObserved && expectedTotal ? verified / expectedTotal : null;
    const pass = !wrong && allSelected && (verifyRate === 1 || (verifyRate === null && expectedTotal === 0));
    const minSteps = taskMinSteps(rows, idx);
    const stepsTaken = idx.filter((i) => !outcomes[i].abstained).length;
    out.push({
      task_id: task,
      task_len: idx.length,
      steps_taken: stepsTaken,
      min_steps: minSteps,
      step_overhead: pass && minSteps ? stepsTaken / minSteps : null,
      pass,
      wrong_action: wrong,
      abstain_rate: abstains / idx.length,
      verify_rate: verifyRate,
    });
  }
  return out;
}

/** The task's `min_steps` when its rows agree on one, else (none given) its non-abstain rows. */
function taskMinSteps(rows: readonly UiRow[], idx: readonly number[]): number | null {
  const given = new Set(idx.map((i) => rows[i].min_steps).filter((v): v is number => v !== undefined));
  if (given.size === 0) {
    const n = idx.filter((i) => !isAe(rows[i])).length;
    return n > 0 ? n : null;
  }
  return given.size > 1 ? null : [...given][0];
}

export interface UiSequenceMetrics {
  tasks_total: number;
  task_pass_rate: number;
  task_wrong_action_rate: number;
  task_post_action_verify_mean: number | null;
  task_abstain_rate_mean: number;
  task_len_mean: number;
  task_step_overhead_mean: number | null;
  task_step_overhead_min: number | null;
  task_step_overhead_max: number | null;
  task_step_overhead_count: number;
  task_steps_taken_mean: number | null;
  task_min_steps_mean: number | null;
}

const mean = (xs: readonly number[]): number | null =>
  xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;

export function sequenceMetrics(stats: readonly UiTaskStat[]): UiSequenceMetrics {
  const n = stats.length;
  if (n === 0)
    return {
      tasks_total: 0,
      task_pass_rate: 0,
      task_wrong_action_rate: 0,
      task_post_action_verify_mean: null,
      task_abstain_rate_mean: 0,
      task_len_mean: 0,
      task_step_overhead_mean: null,
      task_step_overhead_min: null,
      task_step_overhead_max: null,
      task_step_overhead_count: 0,
      task_steps_taken_mean: null,
      task_min_steps_mean: null,
    };
  const passing = stats.filter((s) => s.step_overhead !== null);
  const overheads = passing.map((s) => s.step_overhead as number);
  return {
    tasks_total: n,
    task_pass_rate: stats.filter((s) => s.pass).length / n,
    task_wrong_action_rate: stats.filter((s) => s.wrong_action).length / n,
    task_post_action_verify_mean: mean(stats.flatMap((s) => (s.verify_rate === null ? [] : [s.verify_rate]))),
    task_abstain_rate_mean: mean(stats.map((s) => s.abstain_rate)) as number,
    task_len_mean: mean(stats.map((s) => s.task_len)) as number,
    task_step_overhead_mean: mean(overheads),
    task_step_overhead_min: overheads.length ? Math.min(...overheads) : null,
    task_step_overhead_max: overheads.length ? Math.max(...overheads) : null,
    task_step_overhead_count: overheads.length,
    task_steps_taken_mean: mean(passing.map((s) => s.steps_taken)),
    task_min_steps_mean: mean(passing.map((s) => s.min_steps as number)),
  };
}

/** Row metrics, the reference's keys first (same order). */
export interface UiRowMetrics {
  gold_present_rate: number;
  selection_rate: number;
  wrong_action_rate: number;
  abstain_rate: number;
  accuracy_when_gold_present: number | null;
  abstain_expected_rate: number | null;
  abstain_expected_count: number;
  post_action_verify_rate?: number | null;
  fixture_verify_rate?: number | null;
  abstain_precision?: number | null;
  abstain_recall?: number | null;
}

export interface UiScoreOptions {
  compat: Compat;
  /** Observed effects (`--observed`); without them no verify metric is computed. */
  observed?: ObservedEffects;
  stats?: StatsOptions;
}

export interface UiScore {
  rows: number;
  metrics: UiRowMetrics;
  sequence_metrics: UiSequenceMetrics;
  /** 1.0 only: rates with intervals, clustered by task (docs/statistics.md). */
  intervals?: IntervalsBlock;
  outcomes: UiRowOutcome[];
  tasks: UiTaskStat[];
}

export function scoreUi(
  rows: readonly UiRow[],
  selections: readonly Selection[],
  opts: UiScoreOptions,
): UiScore {
  const compat = opts.compat === "reference-0.1";
  const outcomes = rowOutcomes(rows, selections, opts.observed);
  const T = rows.length;
  const count = (f: (o: UiRowOutcome) => boolean) => outcomes.filter(f).length;
  // Empty denominators: the reference says 0.0; 1.0 says null (nothing was measured).
  const ratio = (k: number, n: number): number | null => (n ? k / n : compat ? 0 : null);
  const correct = count((o) => o.correct);
  const goldForAcc = count((o) => o.gold_present && !o.abstain_expected);
  const aeTotal = count((o) => o.abstain_expected);
  const aeCorrect = count((o) => o.abstain_expected && o.abstained);
  const abstains = count((o) => o.abstained);
  const metrics: UiRowMetrics = {
    gold_present_rate: T ? count((o) => o.gold_present) / T : 0,
    selection_rate: T ? correct / T : 0,
    wrong_action_rate: T ? count((o) => o.wrong_action) / T : 0,
    abstain_rate: T ? abstains / T : 0,
    accuracy_when_gold_present: ratio(correct, goldForAcc),
    abstain_expected_rate: ratio(aeCorrect, aeTotal),
    abstain_expected_count: aeTotal,
  };
  const withObserved = opts.observed !== undefined;
  const verifiedOf = (key: "verified" | "fixture_verified") => {
    const v = outcomes.filter((o) => o[key] !== null);
    return ratio(v.filter((o) => o[key]).length, v.length);
  };
  if (withObserved) {
    if (compat) metrics.post_action_verify_rate = verifiedOf("fixture_verified") ?? 0;
    else {
      metrics.post_action_verify_rate = verifiedOf("verified");
      metrics.fixture_verify_rate = verifiedOf("fixture_verified");
    }
  }
  if (!compat) {
    metrics.abstain_precision = abstains ? aeCorrect / abstains : null;
    metrics.abstain_recall = aeTotal ? aeCorrect / aeTotal : null;
  }
  const tasks = taskStats(rows, outcomes, compat ? "fixture_verified" : "verified", withObserved);
  const sequence = sequenceMetrics(tasks);
  const out: UiScore = { rows: T, metrics, sequence_metrics: sequence, outcomes, tasks };
  if (!compat) out.intervals = uiIntervals(outcomes, tasks, opts.stats);
  return out;
}

/**
 * Intervals: row rates clustered by task (steps of one task move together), task rates as
 * independent tasks (Wilson). Values are the metrics' own.
 */
function uiIntervals(
  outcomes: readonly UiRowOutcome[],
  tasks: readonly UiTaskStat[],
  stats?: StatsOptions,
): IntervalsBlock {
  const rowRate = (pick: (o: UiRowOutcome) => boolean | null): Interval => {
    const acc = new ClusterAccumulator();
    for (const o of outcomes) {
      const v = pick(o);
      if (v !== null) acc.add(v ? 1 : 0, o.task);
    }
    return proportionInterval(acc, stats);
  };
  const metrics: Record<string, Interval> = {
    selection_rate: rowRate((o) => o.correct),
    wrong_action_rate: rowRate((o) => o.wrong_action),
    abstain_rate: rowRate((o) => o.abstained),
    accuracy_when_gold_present: rowRate((o) => (o.gold_present && !o.abstain_expected ? o.correct : null)),
    abstain_precision: rowRate((o) => (o.abstained ? o.abstain_expected : null)),
    abstain_recall: rowRate((o) => (o.abstain_expected ? o.abstained : null)),
    post_action_verify_rate: rowRate((o) => o.verified),
    task_pass_rate: wilson(tasks.filter((t) => t.pass).length, tasks.length, stats?.level),
    task_wrong_action_rate: wilson(tasks.filter((t) => t.wrong_action).length, tasks.length, stats?.level),
  };
  return { ...intervalsMeta(stats, "task"), metrics };
}
