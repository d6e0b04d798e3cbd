/**
 * myopic_planning_derived (our 1.0 dialect; no reference counterpart): the planning task
 * myopic_planning_traps names but does not pose. Each ledger states a small layered
 * decision graph as edges, `edge.<state>.<action> = to=<state> reward=<int>` (some edges
 * re-SET later with a new reward, one sometimes CLEARed; NOTE lines recommend the greedy
 * action). The question asks for the reward-maximising plan over a fixed number of steps
 * (or the plan after a greedy first step was already taken, or the best total). No answer
 * is written in the ledger: it must be derived by planning. The generator keeps only
 * graphs whose optimal plans (from the start and from where the greedy first step leads)
 * are unique and whose greedy first actions (highest immediate reward, unambiguous) are
 * not the optimal ones, so a one-step-greedy program falls into the trap on every row.
 *
 * Shipped programs: `myopicOracle` (exact dynamic programming over the stated edges; scores
 * 1.0), the lookup (answers null: the question names a state, not a key) and the fold
 * baseline `myopicGreedy` (the greedy one-step planner over the folded ledger). All three
 * read only the book and the question.
 */
import type { PyRandom } from "../../../core/random.js";
import {
  answerProgram,
  DERIVED_PROFILE_FLOOR,
  type DerivedEpisode,
  defineDerivedFamily,
  ledgerStateOf,
  valueAndSupport,
} from "../kit/derived.js";
import { profileFloorRows } from "../kit/floors.js";
import { LedgerLines } from "../kit/ledger-lines.js";
import { normLower } from "../kit/metrics.js";
import { pyGet, pySortStrings } from "../py.js";
import type { TrapRow } from "../types.js";
import { profileMeans, type RowOutcome, type ScoredRow } from "../kit/score.js";
import { VALUE_CITATION_MEANS, valueOutcome } from "../kit/value-citation.js";

export const MPD_ID = "myopic_planning_derived";
export const MPD_PROFILES = ["plan", "recovery", "best_total"] as const;
const ACTIONS = [
  "rush_gate",
  "shortcut_lane",
  "loud_probe",
  "single_path_commit",
  "secure_bridge",
  "safe_route",
  "staged_probe",
  "parallel_plan",
  "hold_position",
  "scout_ahead",
];
const EDGE_VALUE_RE = /^to=(\S+) reward=(-?\d+)$/;

/** One usable edge of the folded ledger. */
export interface PlanEdge {
  from: string;
  action: string;
  to: string;
  reward: number;
  uid: string;
}

/** The edges the folded State Ledger defines (latest SET per key; CLEARed keys dropped). */
export function planEdges(book: string): PlanEdge[] {
  const out: PlanEdge[] = [];
  for (const [key, e] of ledgerStateOf(book)) {
    const parts = key.split(".");
    if (parts.length !== 3 || parts[0] !== "edge" || e.value === null) continue;
    const m = EDGE_VALUE_RE.exec(e.value);
    if (m) out.push({ from: parts[1], action: parts[2], to: m[1], reward: Number(m[2]), uid: e.uid });
  }
  return out;
}

/** What a question asks: the start state, the number of steps, and whether the total is wanted. */
export function planQuestion(question: string): { start: string; steps: number; total: boolean } | null {
  const start = /in state `([A-Za-z0-9_]+)`/.exec(question);
  const steps = /exactly (\d+) actions|(\d+) actions left/.exec(question);
  if (!start || !steps) return null;
  return {
    start: start[1],
    steps: Number(steps[1] ?? steps[2]),
    total: /largest total reward/.test(question),
  };
}

interface Plan {
  total: number;
  edges: PlanEdge[];
}

const byAction = (a: PlanEdge, b: PlanEdge): number =>
  a.action < b.action ? -1 : a.action > b.action ? 1 : 0;

/** Exact best plan of `steps` actions from `start` (ties: lexicographically first action); null when none. */
export function bestPlan(edges: readonly PlanEdge[], start: string, steps: number): Plan | null {
  const memo = new Map<string, Plan | null>();
  const go = (state: string, left: number): Plan | null => {
    if (left === 0) return { total: 0, edges: [] };
    const k = `${state}\u0000${left}`;
    if (memo.has(k)) return memo.get(k) ?? null;
    let best: Plan | null = null;
    for (const e of edges.filter((x) => x.from === state).sort(byAction)) {
      const rest = go(e.to, left - 1);
      if (rest && (best === null || e.reward + rest.total > best.total))
        best = { total: e.reward + rest.total, edges: [e, ...rest.edges] };
    }
    memo.set(k, best);
    return best;
  };
  return go(start, steps);
}

/** The one-step-greedy plan: at each state the highest immediate reward (ties: first action). */
export function greedyPlan(edges: readonly PlanEdge[], start: string, steps: number): Plan | null {
  const taken: PlanEdge[] = [];
  let state = start;
  for (let i = 0; i < steps; i++) {
    let pick: PlanEdge | null = null;
    for (const e of edges.filter((x) => x.from === state).sort(byAction))
      if (pick === null || e.reward > pick.reward) pick = e;
    if (!pick) return null;
    taken.push(pick);
    state = pick.to;
  }
  return { total: taken.reduce((s, e) => s + e.reward, 0), edges: taken };
}

/** A plan as the question asks for it: its total, or its actions joined by ">"; the moves' entries as support. */
const planAnswer = (plan: Plan, total: boolean) => ({
  value: total ? plan.total : plan.edges.map((e) => e.action).join(">"),
  support: plan.edges.map((e) => e.uid),
});

/** A planner's program: the plan it makes for the question's start state and step count (null: none). */
const plannerProgram = (planner: typeof bestPlan) =>
  answerProgram((book, question) => {
    const q = planQuestion(question);
    const plan = q && planner(planEdges(book), q.start, q.steps);
    return q && plan ? planAnswer(plan, q.total) : null;
  });

/** The exact oracle program (dynamic programming over the stated edges). */
export const myopicOracle = plannerProgram(bestPlan);

/** The fold baseline for this family: the greedy one-step planner over the folded ledger. */
export const myopicGreedy = plannerProgram(greedyPlan);

// ---------------------------------------------------------------------------------------
// Generator.

interface Graph {
  layers: string[][];
  edges: { from: string; action: string; to: string; reward: number }[];
}

function randomGraph(rng: PyRandom, horizon: number, width: number): Graph {
  const layers: string[][] = [["s0"]];
  for (let t = 1; t < horizon; t++) layers.push(["a", "b", "c"].slice(0, width).map((c) => `s${t}${c}`));
  layers.push(["done"]);
  const edges: Graph["edges"] = [];
  // Later steps can pay (and cost) more, so looking ahead matters; it also makes trapped graphs common.
  for (let t = 0; t < horizon; t++)
    for (const from of layers[t]) {
      const actions = pySortStrings(rng.sample(ACTIONS, t === 0 ? 3 : 2));
      for (const action of actions)
        edges.push({
          from,
          action,
          to: rng.choice(layers[t + 1]),
          reward: rng.randint(-4 - 3 * t, 6 + 6 * t),
        });
    }
  return { layers, edges };
}

/** Number of optimal plans of `steps` actions from `start` (uniqueness check). */
function optimalCount(edges: readonly PlanEdge[], start: string, steps: number, best: number): number {
  const go = (state: string, left: number, acc: number): number => {
    if (left === 0) return acc === best ? 1 : 0;
    let n = 0;
    for (const e of edges) if (e.from === state) n += go(e.to, left - 1, acc + e.reward);
    return n;
  };
  return go(start, steps, 0);
}

const asEdges = (g: Graph): PlanEdge[] => g.edges.map((e) => ({ ...e, uid: "" }));

/** A graph where the greedy first step is a strict trap and every asked plan is unique. */
function trappedGraph(rng: PyRandom, horizon: number, width: number): Graph {
  for (;;) {
    const g = randomGraph(rng, horizon, width);
    const edges = asEdges(g);
    const best = bestPlan(edges, "s0", horizon);
    const greedy = greedyPlan(edges, "s0", horizon);
    if (!best || !greedy) continue;
    const first = edges.filter((e) => e.from === "s0").map((e) => e.reward);
    if (first.filter((r) => r === Math.max(...first)).length !== 1) continue; // unambiguous greedy step
    if (greedy.edges[0].action === best.edges[0].action) continue;
    if (optimalCount(edges, "s0", horizon, best.total) !== 1) continue;
    // The recovery question starts where the greedy step leads; its greedy step must be a trap too.
    const after = greedy.edges[0].to;
    const rec = bestPlan(edges, after, horizon - 1);
    const recGreedy = greedyPlan(edges, after, horizon - 1);
    if (!rec || !recGreedy || optimalCount(edges, after, horizon - 1, rec.total) !== 1) continue;
    const next = edges.filter((e) => e.from === after).map((e) => e.reward);
    if (next.filter((r) => r === Math.max(...next)).length !== 1) continue;
    if (recGreedy.edges[0].action === rec.edges[0].action) continue;
    return g;
  }
}

const EDGE_HELP =
  "Each State Ledger key `edge.<state>.<action>` is a move: its value `to=<next state> reward=<points>` " +
  "(the latest SET of a key counts; a CLEARed key is no longer a move; NOTE lines are commentary).";
const PLAN_FORMAT = valueAndSupport(
  "the ids of the ledger entries of the moves you take",
  'the actions in order joined by ">", e.g. "a>b>c"',
);

/** Anchors and holdout: horizon 3, two mid-layer states; canary: horizon 5, three (report only). */
function drawEpisode(ep: DerivedEpisode, rng: PyRandom): TrapRow {
  const [horizon, width] = ep.split === "canary" ? [5, 3] : [3, 2];
  const profile = ep.profile(rng, MPD_PROFILES);
  const g = trappedGraph(rng, horizon, width);
  // Ledger: every edge's SET (some first with a stale reward, re-SET later), NOTE advice
  // for the greedy move, sometimes an extra edge that is CLEARed again.
  const ledger = new LedgerLines(rng);
  const later: string[] = [];
  for (const e of g.edges) {
    const key = `edge.${e.from}.${e.action}`;
    if (rng.random() < 0.25) {
      ledger.push(`SET ${key} = to=${e.to} reward=${e.reward + rng.choice([-6, -3, 4, 7])}`);
      later.push(`SET ${key} = to=${e.to} reward=${e.reward}`);
    } else ledger.push(`SET ${key} = to=${e.to} reward=${e.reward}`);
  }
  if (rng.random() < 0.5) {
    const unused = ACTIONS.filter((a) => !g.edges.some((e) => e.from === "s0" && e.action === a));
    const ghost = rng.choice(unused);
    ledger.push(`SET edge.s0.${ghost} = to=${rng.choice(g.layers[1])} reward=${rng.randint(20, 30)}`);
    later.push(`CLEAR edge.s0.${ghost}`);
  }
  const greedyFirst = greedyPlan(asEdges(g), "s0", horizon)!.edges[0];
  ledger.push(`NOTE advice.s0 = ${greedyFirst.action} pays the most right now`);
  for (const body of later) ledger.push(body);
  const book = ep.book(ledger);
  const edges = planEdges(book);
  const startState = profile === "recovery" ? greedyFirst.to : "s0";
  const steps = profile === "recovery" ? horizon - 1 : horizon;
  const plan = bestPlan(edges, startState, steps)!;
  const greedyHere = greedyPlan(edges, startState, steps)!;
  let question: string;
  if (profile === "plan")
    question = `Starting in state \`s0\`, take exactly ${steps} actions. ${EDGE_HELP} Which actions maximise the total reward over all ${steps} steps? ${PLAN_FORMAT}`;
  else if (profile === "recovery")
    question = `The first action from \`s0\` was ${greedyFirst.action}; you are now in state \`${startState}\` with ${steps} actions left. ${EDGE_HELP} Which actions maximise the total reward over the remaining steps? ${PLAN_FORMAT}`;
  else
    question = `Starting in state \`s0\`, take exactly ${steps} actions. ${EDGE_HELP} What is the largest total reward reachable? ${valueAndSupport("the ids of the ledger entries of the moves on that plan", "the total, an integer")}`;
  return ep.row(book, question, planAnswer(plan, profile === "best_total"), {
    profile,
    horizon: steps,
    start_state: startState,
    optimal_plan: plan.edges.map((e) => e.action),
    optimal_total: plan.total,
    greedy_plan: greedyHere.edges.map((e) => e.action),
    greedy_total: greedyHere.total,
  });
}

// ---------------------------------------------------------------------------------------
// Scorer (ours): everything measured from the answer.

/** A plan answer as a list of normalised actions (">"-separated), or null for a non-string. */
function planActions(v: unknown): string[] | null {
  if (typeof v !== "string") return null;
  return v.split(">").map((a) => a.trim().toLowerCase());
}

const actionList = (v: unknown): string[] =>
  Array.isArray(v) ? v.map((a) => String(a).trim().toLowerCase()) : [];

function scoreRow(r: ScoredRow): RowOutcome {
  const { pred, gold, meta } = r;
  const profile = String(meta.profile ?? "");
  const goldValue = pyGet(gold, "value");
  const predValue = pyGet(pred, "value");
  let ok: boolean;
  let trap: boolean | null = null;
  let first: number | null = null;
  if (profile === "best_total") ok = normLower(goldValue) === normLower(predValue);
  else {
    // The gold plan is the row's gold value; the greedy plan (for the trap) comes from meta.
    const want = planActions(goldValue) ?? [];
    const got = planActions(predValue) ?? [];
    ok = got.length === want.length && got.every((a, i) => a === want[i]);
    // First error step: the 1-based step where the answer leaves the optimal plan (horizon + 1 when it never does).
    const at = want.findIndex((a, i) => got[i] !== a);
    first = at === -1 ? want.length + 1 : at + 1;
    const greedy = actionList(meta.greedy_plan);
    trap = greedy.length > 0 && got[0] === greedy[0];
  }
  // Trap entry and first error step are plan measures: a best_total row has neither.
  return valueOutcome(ok, r, ["profile", profile], {
    measures: trap === null ? {} : { trap_entry_rate: trap, first_error_step_mean: first as number },
    diag: { trap_entry: trap, first_error_step: first },
  });
}

export const myopicPlanningDerivedFamily = defineDerivedFamily({
  id: MPD_ID,
  description:
    "1.0: plan over stated moves (edge.<state>.<action> = to=… reward=…) for a fixed horizon; the greedy first move is a trap; no answer is in the ledger",
  defaults: { seed: 83, anchors: 12, holdout: 36, canary: 6 },
  episodes: { draw: drawEpisode },
  scorer: {
    row: scoreRow,
    // Each profile's accuracy, the plan measures, then each profile's row count.
    means: [
      ...VALUE_CITATION_MEANS,
      ...profileMeans(MPD_PROFILES),
      "trap_entry_rate",
      "first_error_step_mean",
      ...MPD_PROFILES.map((p) => ({ name: `${p}_count`, countOf: `${p}_acc` })),
    ],
  },
  floors: [
    ["value_acc", ">=", 0.45, 0.65, 0.85],
    ...profileFloorRows(MPD_PROFILES, ">=", ...DERIVED_PROFILE_FLOOR),
    ["cite_f1", ">=", 0, 0.3, 0.8],
    ["trap_entry_rate", "<=", 0.4, 0.25, 0.15],
  ],
  // Report only; the canary is a harder instance (horizon 5), not an expected failure.
  canaryAlert: 1,
  jitter: ["value_acc", "cite_f1", "trap_entry_rate"],
  programs: { fold: myopicGreedy, oracle: myopicOracle },
});

export const generateMyopicPlanningDerived = myopicPlanningDerivedFamily.generate;
export const scoreMyopicPlanningDerived = myopicPlanningDerivedFamily.score;
