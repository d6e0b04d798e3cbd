/**
 * GF-01-R1 text renderer: the canonical observation as a terminal screen (goal panel,
 * timeline to T−1 with now/target/window marks, observed outputs, your interventions,
 * budget). `parseObservation` reads a screen back into the exact observation object, so the
 * text track carries the same information as the JSON track (AB-001 parity). Unlike the
 * official `render_visual` there is no embedded JSON anchor: the parser reads what a person
 * reads.
 */
import { InputError } from "../../core/errors.js";
import type { Atom, Bit, Valuation } from "../model/types.js";
import type { EpisodeOutcome } from "./outcome.js";
import {
  type GoalPanel,
  OBSERVATION_SCHEMA_VERSION,
  type Observation,
  type Phase,
  type PlayProtocol,
} from "./observation.js";

const HEADER = "=== GF-01 R1 ===";

function goalLine(g: GoalPanel): string {
  const where =
    g.mode === "hard"
      ? `at exactly t*=${g.t_star}`
      : `at least once in window t=${g.window_lo}..${g.window_hi}`;
  return `Goal: make ${g.effect_ap}=${g.target_value} ${where} (mode ${g.mode}, t*=${g.t_star}, w=${g.window_size}, window ${g.window_lo}..${g.window_hi})`;
}

/**
 * The parts of a screen fixed by the goal panel (column widths, labels, goal/horizon lines, the
 * `t` and `window` rows), computed once per panel: every answer of `gf01 serve` carries a
 * rendered screen, and a session's panel never changes.
 */
interface Frame {
  cell: (s: string | number) => string;
  /** `cell(".")`, `cell(0)`, `cell(1)`: the common cells. */
  dot: string;
  bits: [string, string];
  /** `  <label padded>|` per output AP and per `do <input AP>`. */
  outLabel: string[];
  doLabel: string[];
  markLabel: string;
  fixed: string;
  window: string;
}
const frames = new WeakMap<GoalPanel, Frame>();

function frameOf(g: GoalPanel): Frame {
  let f = frames.get(g);
  if (f) return f;
  const w = Math.max(2, String(Math.max(0, g.T - 1)).length) + 1;
  const cell = (s: string | number) => String(s).padStart(w);
  const labelW = Math.max(6, ...g.input_aps.map((a) => a.length + 3), ...g.output_aps.map((a) => a.length));
  const label = (l: string) => `  ${l.padEnd(labelW)}|`;
  const times = Array.from({ length: g.T }, (_, t) => t);
  f = {
    cell,
    dot: cell("."),
    bits: [cell(0), cell(1)],
    outLabel: g.output_aps.map(label),
    doLabel: g.input_aps.map((ap) => label(`do ${ap}`)),
    markLabel: label("mark"),
    fixed: [
      "Timeline (N now, T target, B both; W window; outputs seen; your interventions):",
      label("t") + times.map((t) => cell(t)).join(""),
    ].join("\n"),
    window:
      label("window") + times.map((t) => cell(t >= g.window_lo && t <= g.window_hi ? "W" : ".")).join(""),
  };
  frames.set(g, f);
  return f;
}

/** Render one observation as the R1 text screen (no trailing newline). */
export function renderObservation(o: Observation): string {
  const g = o.goal;
  const f = frameOf(g);
  const { cell, dot, bits } = f;
  const T = g.T;
  const lines: string[] = [
    `${HEADER} protocol=${o.protocol} phase=${o.phase} episode=${o.episode} explore_remaining=${o.explore_remaining}`,
    goalLine(g),
    `Horizon: T=${g.T}  inputs: ${g.input_aps.join(" ")}  outputs: ${g.output_aps.join(" ")}`,
  ];
  const atoms = g.budget_atoms === null ? "unlimited" : `${o.budget_a_remaining} of ${g.budget_atoms}`;
  lines.push(`Budget left: timesteps ${o.budget_t_remaining} of ${g.budget_timestep}, atoms ${atoms}`);
  lines.push(f.fixed);
  let mark = f.markLabel;
  for (let t = 0; t < T; t++)
    mark += cell(t === o.t && t === g.t_star ? "B" : t === o.t ? "N" : t === g.t_star ? "T" : ".");
  lines.push(mark);
  lines.push(f.window);
  const bit = (v: unknown) => (v === 0 || v === 1 ? bits[v] : cell(v as string | number));
  for (let i = 0; i < g.output_aps.length; i++) {
    const ap = g.output_aps[i];
    let row = f.outLabel[i];
    for (let t = 0; t < T; t++) row += t < o.outputs.length ? bit(o.outputs[t][ap]) : dot;
    lines.push(row);
  }
  const at = new Map<string, Bit>();
  for (const [t, ap, v] of o.history_atoms) at.set(`${t}\u0000${ap}`, v);
  for (let i = 0; i < g.input_aps.length; i++) {
    const ap = g.input_aps[i];
    let row = f.doLabel[i];
    for (let t = 0; t < T; t++) {
      const v = at.size ? at.get(`${t}\u0000${ap}`) : undefined;
      row += v === undefined ? dot : bit(v);
    }
    lines.push(row);
  }
  lines.push(`Effect: ${o.effect_status_t}`);
  lines.push(o.done ? `Now: t=${o.t} (rollout over)` : `Now: t=${o.t} (choose the action for t=${o.t})`);
  return lines.join("\n");
}

const fail = (msg: string, line?: number): never => {
  throw new InputError(`R1 screen: ${msg}`, { line });
};

/** Parse an R1 screen back into the observation (exact inverse of `renderObservation`). */
export function parseObservation(text: string): Observation {
  const lines = text.split("\n");
  const idx = lines.findIndex((l) => l.startsWith(HEADER));
  if (idx < 0) fail(`no "${HEADER}" header`);
  const L = lines.slice(idx);
  const hm = /^=== GF-01 R1 === protocol=(\S+) phase=(\S+) episode=(\d+) explore_remaining=(\d+)$/.exec(L[0]);
  if (!hm) fail("bad header line", idx + 1);
  const gm =
    /^Goal: make (\S+)=(\d) (?:at exactly t\*=\d+|at least once in window t=\d+\.\.\d+) \(mode (normal|hard), t\*=(\d+), w=(\d+), window (\d+)\.\.(\d+)\)$/.exec(
      L[1] ?? "",
    );
  if (!gm) fail("bad goal line", idx + 2);
  const hz = /^Horizon: T=(\d+) {2}inputs: (.*) {2}outputs: (.*)$/.exec(L[2] ?? "");
  if (!hz) fail("bad horizon line", idx + 3);
  const bm = /^Budget left: timesteps (\d+) of (\d+), atoms (?:(unlimited)|(\d+) of (\d+))$/.exec(L[3] ?? "");
  if (!bm) fail("bad budget line", idx + 4);
  const [, protocol, phase, episode, exploreRemaining] = hm!;
  const [, effectAp, target, mode, tStar, w, lo, hi] = gm!;
  const T = Number(hz![1]);
  const split = (s: string) => (s.trim() ? s.trim().split(" ") : []);
  const inputAps = split(hz![2]);
  const outputAps = split(hz![3]);
  const rows = new Map<string, string[]>();
  let i = 5;
  for (; i < L.length && L[i].startsWith("  "); i++) {
    const bar = L[i].indexOf("|");
    if (bar < 0) fail("timeline row without '|'", idx + i + 1);
    const label = L[i].slice(2, bar).trim();
    const cells = L[i].slice(bar + 1).trim();
    rows.set(label, cells ? cells.split(/ +/) : []);
  }
  const need = (label: string): string[] => {
    const r = rows.get(label);
    if (!r || r.length !== T) fail(`timeline row "${label}" missing or not ${T} cells`);
    return r!;
  };
  const eff = /^Effect: (triggered|not-triggered)$/.exec(L[i] ?? "");
  if (!eff) fail("bad effect line", idx + i + 1);
  const now = /^Now: t=(\d+) \((rollout over|choose the action for t=\d+)\)$/.exec(L[i + 1] ?? "");
  if (!now) fail("bad now line", idx + i + 2);
  const t = Number(now![1]);
  const outputs: Valuation[] = [];
  const outRows = outputAps.map((ap) => [ap, need(ap)] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1));
  for (let k = 0; k < t; k++) {
    const v: Valuation = {};
    for (const [ap, r] of outRows) {
      if (r[k] !== "0" && r[k] !== "1") fail(`output ${ap} at t=${k} not observed`);
      v[ap] = Number(r[k]);
    }
    outputs.push(v);
  }
  const history: Atom[] = [];
  const inRows = inputAps.map((ap) => [ap, need(`do ${ap}`)] as const);
  for (let k = 0; k < T; k++)
    for (const [ap, r] of [...inRows].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)))
      if (r[k] === "0" || r[k] === "1") history.push([k, ap, Number(r[k]) as Bit]);
  const goal: GoalPanel = {
    effect_ap: effectAp,
    target_value: Number(target) as 1,
    mode: mode as GoalPanel["mode"],
    t_star: Number(tStar),
    window_size: Number(w),
    window_lo: Number(lo),
    window_hi: Number(hi),
    T,
    input_aps: inputAps,
    output_aps: outputAps,
    budget_timestep: Number(bm![2]),
    budget_atoms: bm![3] ? null : Number(bm![5]),
  };
  return {
    schema_version: OBSERVATION_SCHEMA_VERSION,
    protocol: protocol as PlayProtocol,
    phase: phase as Phase,
    episode: Number(episode),
    explore_remaining: Number(exploreRemaining),
    t,
    done: now![2] === "rollout over",
    outputs,
    effect_status_t: eff![1] as Observation["effect_status_t"],
    budget_t_remaining: Number(bm![1]),
    budget_a_remaining: bm![3] ? null : Number(bm![4]),
    history_atoms: history,
    mode: goal.mode,
    t_star: goal.t_star,
    goal,
  };
}

/** The final screen: verdict and score of the commit episode. */
export function renderVerdict(o: EpisodeOutcome): string {
  const s = o.score;
  const head =
    o.verdict === "certified"
      ? "CERTIFIED: the effect happened and every intervention was necessary."
      : o.verdict === "goal_met"
        ? "GOAL MET, not certified: the effect happened, but some intervention was unnecessary or over budget."
        : "MISSED: the effect did not happen in the objective window.";
  const cert = o.certificate.length
    ? o.certificate.map((a) => `t=${a[0]} ${a[1]}=${a[2]}`).join(", ")
    : "(none)";
  return [
    "=== GF-01 R1 result ===",
    head,
    `Verdict: ${o.verdict}  (suff=${s.suff} min1=${s.min1} valid=${s.valid} goal=${s.goal})`,
    `Score: Score_C=${s.score_c}  kappa=(${s.kappa.join(", ")})  Eff_t=${s.eff_t}  Eff_a=${s.eff_a}  AP-F1=${s.ap_f1.toFixed(3)}  TS-F1=${s.ts_f1.toFixed(3)}`,
    `Your interventions: ${cert}`,
    `Exploration rollouts: ${o.exploration_rollouts} (unscored)  rejected inputs: ${o.rejected_moves}`,
  ].join("\n");
}
