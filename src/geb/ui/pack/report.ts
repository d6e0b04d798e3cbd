/**
 * `geb ui pack-report`: every agent on the authored pack, per family, with intervals (the
 * table in docs/geb/ui.md is this module's output; a test keeps them equal).
 *
 * Score = correct decisions / steps: the gold on a step that has one, an abstain on an
 * intended abstain (so abstaining everywhere does not score on solvable steps, and acting on
 * an ambiguous step is wrong). Intervals: clustered by task (`wilson_cluster`,
 * docs/statistics.md), since a task's steps move together.
 *
 * Agents: `gold` (the answer key, abstaining where intended: the ceiling), `first`, `random`
 * (one `Random(0)` stream), `policy` (the 1.0 policy: agent rows only), `greedy` and `sa`
 * (the 1.0 search, seed 0; SA never sees the gold), `gate` (trained on every second task's
 * complement, scored on the held-out tasks only; intended abstains are left out of training,
 * their "gold" is a placeholder).
 */
import { ClusterAccumulator, proportionInterval } from "../../../core/stats/bootstrap.js";
import type { Interval } from "../../../core/stats/schema.js";
import { wilson } from "../../../core/stats/wilson.js";
import { baselineSelections } from "../baselines.js";
import { DEFAULT_GATE_TRAIN, runGate, splitByTask, trainGate } from "../gate.js";
import { runPolicy } from "../policy.js";
import type { UiRow } from "../schema.js";
import type { Selection } from "../score.js";
import { DEFAULT_SEARCH, runSearch } from "../search.js";
import { familyOf } from "./index.js";

export const PACK_AGENTS = ["gold", "first", "random", "policy", "greedy", "sa", "gate"] as const;
export type PackAgent = (typeof PACK_AGENTS)[number];

export interface PackReportRow {
  family: string;
  /** Per agent: the step score with its interval (the gate: held-out tasks only). */
  scores: Record<PackAgent, Interval>;
}

export interface PackReport {
  families: PackReportRow[];
  all: PackReportRow;
  /** Task pass rates over the whole pack (Wilson over tasks). */
  task_pass: Record<PackAgent, Interval>;
}

const isCorrect = (r: UiRow, s: Selection) =>
  r.abstain_expected === true ? s === null : s === r.gold.candidate_id;

function taskKeys(rows: readonly UiRow[]): string[] {
  return rows.map((r, i) => r.task_id ?? `__row_${i}`);
}

/** Each agent's selection per row (null = abstain; `undefined` = the row is not scored). */
export function packSelections(rows: readonly UiRow[]): Record<PackAgent, (Selection | undefined)[]> {
  const search = runSearch(rows, [0], DEFAULT_SEARCH).seed_runs[0];
  const { train, holdout } = splitByTask(rows, 2);
  const model = trainGate(
    train.filter((r) => r.abstain_expected !== true),
    DEFAULT_GATE_TRAIN,
  );
  const gateSel = runGate(holdout, model, { applyRules: true, applyOverlayFilter: true });
  const held = new Map(holdout.map((r, i) => [r, gateSel[i]]));
  return {
    gold: rows.map((r) => (r.abstain_expected === true ? null : r.gold.candidate_id)),
    first: baselineSelections(rows, "first"),
    random: baselineSelections(rows, "random", 0, "stream"),
    policy: runPolicy(rows, "1.0", { applyRules: true, applyOverlayFilter: true }).selections,
    greedy: search.greedy.plan,
    sa: search.search.plan,
    gate: rows.map((r) => (held.has(r) ? held.get(r) : undefined)),
  };
}

export function packReport(rows: readonly UiRow[]): PackReport {
  const sel = packSelections(rows);
  const tasks = taskKeys(rows);
  const families = [...new Set(rows.map((r) => familyOf(r) ?? "(none)"))];
  const score = (keep: (r: UiRow) => boolean): Record<PackAgent, Interval> => {
    const out = {} as Record<PackAgent, Interval>;
    for (const a of PACK_AGENTS) {
      const acc = new ClusterAccumulator();
      rows.forEach((r, i) => {
        const s = sel[a][i];
        if (keep(r) && s !== undefined) acc.add(isCorrect(r, s) ? 1 : 0, tasks[i]);
      });
      out[a] = proportionInterval(acc);
    }
    return out;
  };
  const taskPass = {} as Record<PackAgent, Interval>;
  for (const a of PACK_AGENTS) {
    const pass = new Map<string, boolean>();
    rows.forEach((r, i) => {
      const s = sel[a][i];
      if (s === undefined) return;
      pass.set(tasks[i], (pass.get(tasks[i]) ?? true) && isCorrect(r, s));
    });
    taskPass[a] = wilson([...pass.values()].filter(Boolean).length, pass.size);
  }
  return {
    families: families.map((f) => ({ family: f, scores: score((r) => (familyOf(r) ?? "(none)") === f) })),
    all: { family: "all", scores: score(() => true) },
    task_pass: taskPass,
  };
}

const cell = (iv: Interval): string =>
  iv.value === null || iv.ci_low === null || iv.ci_high === null
    ? "–"
    : `${iv.value.toFixed(2)} [${iv.ci_low.toFixed(2)}, ${iv.ci_high.toFixed(2)}]`;

/** The docs table (markdown): one row per family, then all steps, then task pass. */
export function packReportMarkdown(r: PackReport, rows: readonly UiRow[]): string {
  const steps = (f: string) => rows.filter((x) => (familyOf(x) ?? "(none)") === f).length;
  const head = `| Family | Steps | ${PACK_AGENTS.join(" | ")} |`;
  const sep = `|---|---|${PACK_AGENTS.map(() => "---").join("|")}|`;
  const line = (name: string, n: number | string, s: Record<PackAgent, Interval>) =>
    `| ${name} | ${n} | ${PACK_AGENTS.map((a) => cell(s[a])).join(" | ")} |`;
  const tasks = new Set(taskKeys(rows)).size;
  return [
    head,
    sep,
    ...r.families.map((f) => line(`\`${f.family}\``, steps(f.family), f.scores)),
    line("**all steps**", rows.length, r.all.scores),
    line("**task pass**", `${tasks} tasks`, r.task_pass),
    "",
  ].join("\n");
}
