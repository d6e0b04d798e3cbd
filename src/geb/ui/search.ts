/**
 * Plan search over a UI fixture (design §A6): greedy on potential shaping and simulated
 * annealing (SA), next to the policy. `geb ui search` (docs/geb/ui.md).
 *
 * - 1.0: every strategy reads agent rows (answer key stripped) and the 1.0 policy's survivors.
 *   SA scores a plan from potential and feasibility only: α·ΣΔφ − (abstains) − a penalty
 *   per step whose `requires_state` does not hold. It never sees the gold.
 * - reference-0.1: the reference's search, for parity, on the full rows with its leaky
 *   policy; its SA scores any non-gold step −1e9 (finding F6), so its output calls that
 *   strategy `oracle_search`, never `sa`.
 *
 * All randomness is CPython's MT19937 (PyRandom) seeded by `--seed`; nothing reads the clock.
 */
import { PyRandom } from "../../core/random.js";
import { toAgentRow } from "./agent-row.js";
import {
  type PolicyDialect,
  type PolicyOptions,
  preselect,
  preselectLeaky,
  runPolicy,
  stateMatches,
  targetFirst,
} from "./policy.js";
import type { UiRow } from "./schema.js";
import {
  type ObservedEffects,
  type Selection,
  scoreUi,
  type UiRowMetrics,
  type UiSequenceMetrics,
} from "./score.js";
import { resolveTarget } from "./solvable.js";
import { getOrCreate } from "../../core/maps.js";

type State = Record<string, unknown>;
type Cand = Record<string, unknown>;
const isObj = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);
const strip = (s: string) => s.replace(/^\s+|\s+$/gu, "");

/** φ: +1/−1 each for overlay absent, main scope, tab = instruction tab. */
export function potential(s: State): number {
  let p = 0;
  if (typeof s.overlay_present === "boolean") p += s.overlay_present ? -1 : 1;
  if (typeof s.modal_scope === "string" && strip(s.modal_scope))
    p += strip(s.modal_scope).toLowerCase() === "main" ? 1 : -1;
  if (typeof s.tab === "string" && typeof s.instruction_tab === "string")
    p += strip(s.tab).toLowerCase() === strip(s.instruction_tab).toLowerCase() ? 1 : -1;
  return p;
}
export const deltaPhi = (from: State, to: State) => potential(to) - potential(from);

/** The reference library's candidate state: `state`, else `next_state`, else the candidate itself. */
function libraryState(c: Cand): State {
  let s: State = isObj(c.state) ? c.state : isObj(c.next_state) ? c.next_state : c;
  if (!("overlay_present" in s) && "overlay" in s) s = { ...s, overlay_present: Boolean(s.overlay) };
  return s;
}
/** The script's state after selecting `id` (`{}` when the candidate has no state). */
function stateAfter(row: UiRow, id: Selection): State {
  if (id === null) return {};
  const c = row.candidates.find((x) => x.candidate_id === id) as Cand | undefined;
  if (!c) return {};
  const s = isObj(c.state) ? { ...c.state } : isObj(c.next_state) ? { ...c.next_state } : null;
  if (!s) return {};
  if (!("overlay_present" in s) && "overlay" in s) s.overlay_present = Boolean(s.overlay);
  return s;
}

export interface SearchOptions extends PolicyOptions {
  dialect: PolicyDialect;
  iterations: number;
  tempStart: number;
  tempEnd: number;
  alpha: number;
  wrongActionPenalty: number;
  abstainPenalty: number;
  /** Respect `requires_state` (the reference's `--state-gate`, default on). */
  stateGate: boolean;
}

export const DEFAULT_SEARCH: SearchOptions = {
  dialect: "1.0",
  applyRules: true,
  applyOverlayFilter: true,
  iterations: 200,
  tempStart: 1,
  tempEnd: 0.01,
  alpha: 0.1,
  wrongActionPenalty: 1000,
  abstainPenalty: 1,
  stateGate: true,
};

// Survivors depend only on the row and the options: computed once per (options, row).
const survivorCache = new WeakMap<SearchOptions, WeakMap<UiRow, Cand[]>>();

/** The policy's survivors for a row: 1.0 on the agent row (target grammar first), else leaky. */
function survivorsOf(row: UiRow, o: SearchOptions): Cand[] {
  const perOpts = getOrCreate(survivorCache, o, () => new WeakMap<UiRow, Cand[]>());
  return getOrCreate(perOpts, row, () => computeSurvivors(row, o));
}

function computeSurvivors(row: UiRow, o: SearchOptions): Cand[] {
  if (o.dialect === "reference-0.1") return preselectLeaky(row, o).survivors;
  const view = toAgentRow(row);
  const t = resolveTarget(view);
  if (t.ok) return (view.candidates as unknown as Cand[]).filter((c) => c.candidate_id === t.candidate_id);
  return preselect(view, o).survivors;
}
const idsOf = (cs: readonly Cand[]) =>
  cs.flatMap((c) => (typeof c.candidate_id === "string" ? [c.candidate_id] : []));

/** Survivors; when `requires_state` does not hold, only those that lead to a state. */
function stateConstrained(row: UiRow, state: State, o: SearchOptions): Cand[] {
  const f = survivorsOf(row, o);
  const req = row.requires_state;
  if (!isObj(req) || stateMatches(req, state)) return f;
  return f.filter((c) => isObj(c.next_state) || isObj(c.state));
}

/**
 * Where the state starts over: 1.0 starts every task from the empty state (as its policy);
 * reference-0.1 carries it across tasks, as the reference does.
 */
function resetsBefore(rows: readonly UiRow[], o: SearchOptions): boolean[] {
  let prev: string | undefined;
  return rows.map((r, i) => {
    const key = r.task_id ?? `__row_${i}`;
    const reset = o.dialect === "1.0" && key !== prev;
    prev = key;
    return reset;
  });
}

/** The script's greedy: argmax Δφ over state-constrained survivors, ties → `seed % n`. */
export function greedyPlan(rows: readonly UiRow[], seed: number, o: SearchOptions): Selection[] {
  let state: State = {};
  const plan: Selection[] = [];
  const resets = resetsBefore(rows, o);
  for (const [i, row] of rows.entries()) {
    if (resets[i]) state = {};
    const cs = stateConstrained(row, state, o);
    if (!cs.length) {
      plan.push(null);
      continue;
    }
    const scored = cs.map((c) => {
      const next = stateAfter(row, c.candidate_id as string);
      return [c, Object.keys(next).length ? deltaPhi(state, next) : -1] as const;
    });
    const best = Math.max(...scored.map(([, s]) => s));
    const ties = scored.filter(([, s]) => s === best).map(([c]) => c);
    const chosen = ties[((seed % ties.length) + ties.length) % ties.length];
    const id = typeof chosen.candidate_id === "string" ? chosen.candidate_id : null;
    plan.push(id);
    const next = stateAfter(row, id);
    if (Object.keys(next).length) state = next;
  }
  return plan;
}

/** The library's greedy (SA's rebuild move): survivors, argmax Δφ, ties → `rng.choice`. */
function libraryGreedy(rows: readonly UiRow[], seed: number, o: SearchOptions): Selection[] {
  const rng = new PyRandom(seed);
  let state: State = {};
  return rows.map((row) => {
    const cs = survivorsOf(row, o);
    if (!cs.length) return null;
    const scored = cs.map((c) => [c, deltaPhi(state, libraryState(c))] as const);
    const best = Math.max(...scored.map(([, s]) => s));
    const chosen = rng.choice(scored.filter(([, s]) => s === best).map(([c]) => c));
    state = libraryState(chosen);
    return typeof chosen.candidate_id === "string" ? chosen.candidate_id : null;
  });
}

/** Plans whose every selection is allowed given the state reached (the script's validator). */
function validPlan(rows: readonly UiRow[], plan: readonly Selection[], o: SearchOptions): boolean {
  if (plan.length !== rows.length) return false;
  if (!o.stateGate) return true;
  let state: State = {};
  const resets = resetsBefore(rows, o);
  for (let i = 0; i < rows.length; i++) {
    if (resets[i]) state = {};
    const sel = plan[i];
    if (sel !== null && !idsOf(stateConstrained(rows[i], state, o)).includes(sel)) return false;
    const next = stateAfter(rows[i], sel);
    if (Object.keys(next).length) state = next;
  }
  return true;
}

/**
 * Plan score. reference-0.1 (`oracle`): the reference's `score_plan_against_gold` (fatal
 * wrong actions: −1e9). 1.0: no gold: α·ΣΔφ − abstain penalty per null − wrong-action
 * penalty per step taken while its `requires_state` does not hold.
 */
function planScore(rows: readonly UiRow[], plan: readonly Selection[], o: SearchOptions): number {
  const oracle = o.dialect === "reference-0.1";
  let state: State = {};
  let score = 0;
  const resets = resetsBefore(rows, o);
  for (let i = 0; i < rows.length; i++) {
    if (resets[i]) state = {};
    const row = rows[i];
    const sel = plan[i];
    const byId = new Map(survivorsOf(row, o).map((c) => [c.candidate_id, c] as const));
    const req = row.requires_state;
    if (o.stateGate && isObj(req) && !stateMatches(req, state)) {
      if (oracle) return -1e9;
      if (sel !== null) score -= o.wrongActionPenalty;
    }
    if (sel === null) {
      score -= o.abstainPenalty;
      continue;
    }
    if (oracle && sel !== row.gold.candidate_id) return -1e9; // F6: the answer key decides.
    const c = byId.get(sel);
    if (!c) {
      score -= o.abstainPenalty;
      continue;
    }
    score += o.alpha * deltaPhi(state, libraryState(c));
    state = libraryState(c);
  }
  return score;
}

export interface MoveStats {
  proposed: number;
  accepted: number;
  invalid: number;
  accept_rate: number;
}
export interface SaTelemetry {
  iterations: number;
  proposed_moves: number;
  accepted_moves: number;
  invalid_moves: number;
  accept_rate: number;
  start_score: number;
  best_score: number;
  best_iteration: number;
  end_score: number;
  /** `swap` is never proposed (as in the reference); kept for the same shape. */
  move_stats: { swap: MoveStats; replace: MoveStats; rebuild: MoveStats };
}

const temperatureAt = (i: number, n: number, t0: number, t1: number) =>
  n <= 1 ? t1 : t0 <= 0 || t1 <= 0 ? 0 : t0 * (t1 / t0) ** (i / (n - 1));

/** SA from `initial`: replace one step or rebuild a suffix greedily (50/50), Metropolis. */
export function simulatedAnnealing(
  rows: readonly UiRow[],
  initial: readonly Selection[],
  seed: number,
  o: SearchOptions,
): { plan: Selection[]; score: number; telemetry: SaTelemetry } {
  const rng = new PyRandom(seed);
  const score = (p: readonly Selection[]) => planScore(rows, p, o);
  let cur = [...initial];
  const curValid = validPlan(rows, cur, o);
  let curScore = curValid ? score(cur) : Number.NEGATIVE_INFINITY;
  const start = curScore;
  let best = [...cur];
  let bestScore = curScore;
  let bestIt = 0;
  let accepted = 0;
  let invalid = 0;
  const ms = () => ({ proposed: 0, accepted: 0, invalid: 0, accept_rate: 0 });
  const stats = { swap: ms(), replace: ms(), rebuild: ms() };
  for (let it = 0; it < o.iterations; it++) {
    const op = cur.length <= 1 ? "replace" : rng.choice(["replace", "rebuild"] as const);
    stats[op].proposed++;
    let next: Selection[];
    if (op === "replace") {
      const i = rng.randrange(cur.length);
      const ids = idsOf(survivorsOf(rows[i], o));
      let chosen: Selection = null;
      if (ids.length) {
        const alt = ids.filter((id) => id !== cur[i]);
        chosen = alt.length ? rng.choice(alt) : rng.choice(ids);
      }
      next = [...cur];
      next[i] = chosen;
    } else {
      const startIndex = rng.randrange(cur.length);
      next = [
        ...cur.slice(0, startIndex),
        ...libraryGreedy(rows.slice(startIndex), rng.randrange(0, 1_000_000), o),
      ];
    }
    if (!validPlan(rows, next, o)) {
      invalid++;
      stats[op].invalid++;
      continue;
    }
    const s = score(next);
    const t = temperatureAt(it, o.iterations, o.tempStart, o.tempEnd);
    const delta = s - curScore;
    const accept = delta >= 0 || (t > 0 && rng.random() < Math.exp(delta / t));
    if (accept) {
      cur = next;
      curScore = s;
      accepted++;
      stats[op].accepted++;
      if (s > bestScore) {
        bestScore = s;
        best = [...next];
        bestIt = it;
      }
    }
  }
  for (const m of Object.values(stats)) m.accept_rate = m.proposed ? m.accepted / m.proposed : 0;
  return {
    plan: best,
    score: bestScore,
    telemetry: {
      iterations: o.iterations,
      proposed_moves: o.iterations,
      accepted_moves: accepted,
      invalid_moves: invalid,
      accept_rate: o.iterations ? accepted / o.iterations : 0,
      start_score: start,
      best_score: bestScore,
      best_iteration: bestIt,
      end_score: curScore,
      move_stats: stats,
    },
  };
}

export interface StateGateMetrics {
  state_gate_pass_rate: number;
  state_gate_violation_rate: number;
}
export interface AbstainDebug {
  abstain_rows: number;
  abstain_reason_counts: Record<string, number>;
  abstain_filter_averages: { candidates_in: number; after_overlay_filter: number; after_rules: number };
}
export interface StrategyResult {
  plan: Selection[];
  metrics: UiRowMetrics;
  sequence_metrics: UiSequenceMetrics;
  /** Steps with `requires_state` where the plan acted although it did not hold. */
  state_gate: StateGateMetrics;
  /** Why the policy chain left the abstained steps without a single candidate. */
  abstain_debug: AbstainDebug;
}

function stateGate(rows: readonly UiRow[], plan: readonly Selection[], o: SearchOptions): StateGateMetrics {
  let total = 0;
  let violations = 0;
  let state: State = {};
  const resets = resetsBefore(rows, o);
  rows.forEach((row, i) => {
    if (resets[i]) state = {};
    if (isObj(row.requires_state)) {
      total++;
      if (plan[i] !== null && !stateMatches(row.requires_state, state)) violations++;
    }
    const next = stateAfter(row, plan[i]);
    if (Object.keys(next).length) state = next;
  });
  if (!total) return { state_gate_pass_rate: 1, state_gate_violation_rate: 0 };
  return {
    state_gate_pass_rate: (total - violations) / total,
    state_gate_violation_rate: violations / total,
  };
}

function abstainDebug(rows: readonly UiRow[], plan: readonly Selection[], o: SearchOptions): AbstainDebug {
  const counts: Record<string, number> = {};
  const bump = (k: string) => {
    counts[k] = (counts[k] ?? 0) + 1;
  };
  const totals = { candidates_in: 0, after_overlay_filter: 0, after_rules: 0 };
  let abstains = 0;
  let state: State = {};
  const resets = resetsBefore(rows, o);
  rows.forEach((row, i) => {
    if (resets[i]) state = {};
    if (plan[i] === null) {
      abstains++;
      if (isObj(row.requires_state) && !stateMatches(row.requires_state, state)) bump("requires_state_unmet");
      const { trace } =
        o.dialect === "reference-0.1" ? preselectLeaky(row, o) : targetFirst(toAgentRow(row), o);
      totals.candidates_in += trace.candidates_in.length;
      totals.after_overlay_filter += trace.after_overlay_filter.length;
      totals.after_rules += trace.after_rules.length;
      for (const list of Object.values(trace.reasons)) for (const r of list) if (r) bump(r);
      if (trace.after_rules.length > 1) bump("ambiguous_remaining");
      if (!trace.after_rules.length) bump("no_candidates_after_rules");
    }
    const next = stateAfter(row, plan[i]);
    if (Object.keys(next).length) state = next;
  });
  const avg = (x: number) => (abstains ? x / abstains : 0);
  return {
    abstain_rows: abstains,
    abstain_reason_counts: counts,
    abstain_filter_averages: {
      candidates_in: avg(totals.candidates_in),
      after_overlay_filter: avg(totals.after_overlay_filter),
      after_rules: avg(totals.after_rules),
    },
  };
}
export interface SeedRun {
  seed: number;
  policy: StrategyResult;
  greedy: StrategyResult;
  /** 1.0: `sa`; reference-0.1: `oracle_search`. */
  search: StrategyResult & { score: number; telemetry: SaTelemetry };
}

const SUMMARY_KEYS = [
  "selection_rate",
  "abstain_rate",
  "wrong_action_rate",
  "task_pass_rate",
  "task_step_overhead_mean",
  "task_steps_taken_mean",
  "task_min_steps_mean",
] as const;
export type StrategySummary = Record<string, Record<(typeof SUMMARY_KEYS)[number], number | null>>;

export interface SearchReport {
  dialect: PolicyDialect;
  /** Name of the SA strategy in `strategy_summary`: `sa` (1.0) or `oracle_search`. */
  search_strategy: "sa" | "oracle_search";
  seed_list: number[];
  strategy_summary: StrategySummary;
  seed_runs: SeedRun[];
}

export function runSearch(
  rows: readonly UiRow[],
  seeds: readonly number[],
  o: SearchOptions,
  observed?: ObservedEffects,
): SearchReport {
  const compat = { compat: o.dialect, observed };
  const result = (plan: Selection[]): StrategyResult => {
    const s = scoreUi(rows, plan, compat);
    return {
      plan,
      metrics: s.metrics,
      sequence_metrics: s.sequence_metrics,
      state_gate: stateGate(rows, plan, o),
      abstain_debug: abstainDebug(rows, plan, o),
    };
  };
  const policy = result(runPolicy(rows, o.dialect, o).selections);
  const seedRuns = seeds.map((seed): SeedRun => {
    const g = greedyPlan(rows, seed, o);
    const sa = simulatedAnnealing(rows, g, seed, o);
    return {
      seed,
      policy,
      greedy: result(g),
      search: { ...result(sa.plan), score: sa.score, telemetry: sa.telemetry },
    };
  });
  const name = o.dialect === "reference-0.1" ? "oracle_search" : "sa";
  const summary: StrategySummary = {};
  for (const [key, pick] of [
    ["policy", (r: SeedRun) => r.policy],
    ["greedy", (r: SeedRun) => r.greedy],
    [name, (r: SeedRun) => r.search],
  ] as const) {
    const out = {} as StrategySummary[string];
    for (const k of SUMMARY_KEYS) {
      const vals = seedRuns
        .map((r) => {
          const s = pick(r);
          return (
            k in s.metrics
              ? s.metrics[k as keyof UiRowMetrics]
              : s.sequence_metrics[k as keyof UiSequenceMetrics]
          ) as number | null;
        })
        .filter((v): v is number => typeof v === "number");
      out[k] = vals.length ? vals.reduce((a, b) => a + b, 0) / vals.length : null;
    }
    summary[key] = out;
  }
  return {
    dialect: o.dialect,
    search_strategy: name,
    seed_list: [...seeds],
    strategy_summary: summary,
    seed_runs: seedRuns,
  };
}
