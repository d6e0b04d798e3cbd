/**
 * Pure view model shared by the R1 side-scroller and the R2 puzzle view. Both renderers are
 * functions of (Observation, draft) only, through `boardModel`; nothing here can see hidden
 * state because the browser never receives any. `observationFromBoard` inverts the board
 * (parity tests prove each view shows exactly the canonical observation, no more, no less).
 *
 * Input rows follow `goal.input_aps` (the instance's public AP order, the same order the JSON
 * track and the terminal renderer use). The official pygame renderer orders its input tiles by
 * a ranking computed from the hidden base trace; we never reorder by anything hidden.
 */
import type { Atom, Bit, Valuation } from "../gf01/model/types.js";
import type { GoalPanel, Observation } from "../gf01/play/observation.js";

export type { GoalPanel, Observation };

/** The player's pending choice for the current timestep: AP → bit; absent = unchanged. */
export type Draft = Record<string, Bit>;

export interface InputCell {
  ap: string;
  /** Past columns: the bit the player committed, or null (unchanged: the hidden default ran). */
  committed: Bit | null;
  /** Current column only: the pending choice (null = unchanged). */
  draft: Bit | null;
}

export interface OutputCell {
  ap: string;
  /** Observed output bit (past columns), null for the current and future columns. */
  value: Bit | null;
  /** True for the goal's effect AP (the row the player is trying to drive to 1). */
  isEffect: boolean;
}

export interface Column {
  t: number;
  state: "past" | "current" | "future";
  isTarget: boolean;
  inWindow: boolean;
  inputs: InputCell[];
  outputs: OutputCell[];
  /** Past columns: the effect AP read 1 here inside the window (the goal was hit here). */
  hit: boolean;
}

export function boardModel(o: Observation, draft: Draft = {}): Column[] {
  const g = o.goal;
  const atoms = new Map<string, Bit>();
  for (const [t, ap, v] of o.history_atoms) atoms.set(`${t}\u0000${ap}`, v);
  const cols: Column[] = [];
  for (let t = 0; t < g.T; t++) {
    const state = t < o.t ? "past" : t === o.t && !o.done ? "current" : "future";
    const inWindow = t >= g.window_lo && t <= g.window_hi;
    const y = t < o.outputs.length ? o.outputs[t] : undefined;
    cols.push({
      t,
      state,
      isTarget: t === g.t_star,
      inWindow,
      inputs: g.input_aps.map((ap) => ({
        ap,
        committed: state === "past" ? (atoms.get(`${t}\u0000${ap}`) ?? null) : null,
        draft: state === "current" ? (draft[ap] ?? null) : null,
      })),
      outputs: g.output_aps.map((ap) => ({
        ap,
        value: y ? ((y[ap] as Bit | undefined) ?? null) : null,
        isEffect: ap === g.effect_ap,
      })),
      hit: !!y && inWindow && y[g.effect_ap] === 1,
    });
  }
  return cols;
}

/**
 * Read the observation's per-step content back from a board (what a person sees): observed
 * outputs y_0..y_{t-1} (keys sorted) and the committed atoms, sorted (t, ap, v).
 */
export function observationFromBoard(cols: readonly Column[]): {
  outputs: Valuation[];
  history_atoms: Atom[];
} {
  const outputs: Valuation[] = [];
  const history: Atom[] = [];
  for (const c of cols) {
    if (c.state !== "past") continue;
    const v: Valuation = {};
    for (const cell of [...c.outputs].sort((a, b) => cmp(a.ap, b.ap))) v[cell.ap] = cell.value ?? -1;
    outputs.push(v);
    for (const cell of [...c.inputs].sort((a, b) => cmp(a.ap, b.ap)))
      if (cell.committed !== null) history.push([c.t, cell.ap, cell.committed]);
  }
  return { outputs, history_atoms: history };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One-sentence goal, as the goal panel states it. */
export function goalSentence(g: GoalPanel): string {
  return g.mode === "hard"
    ? `Make ${g.effect_ap} = ${g.target_value} exactly at step ${g.t_star}.`
    : `Make ${g.effect_ap} = ${g.target_value} at least once in steps ${g.window_lo}–${g.window_hi}.`;
}

/** What the mode means, in plain words. */
export function modeMeaning(g: GoalPanel): string {
  return g.mode === "hard"
    ? `Hard mode: only step ${g.t_star} counts.`
    : `Normal mode: a 1 at any step from ${g.window_lo} to ${g.window_hi} counts (up to ${g.window_size} step${g.window_size === 1 ? "" : "s"} before the target step ${g.t_star}, or at it).`;
}

export function budgetText(o: Observation): string {
  const g = o.goal;
  const a = g.budget_atoms === null ? "" : `, ${o.budget_a_remaining} of ${g.budget_atoms} input changes`;
  return `${o.budget_t_remaining} of ${g.budget_timestep} steps with changes left${a}`;
}

/** Next draft when a cell is clicked: unchanged → 1 → 0 → unchanged. */
export function cycle(v: Bit | null): Bit | null {
  return v === null ? 1 : v === 1 ? 0 : null;
}

/**
 * What changed with the step just played: the atoms set, the outputs observed (and which
 * differ from the step before), the effect status and the budget. Only public content.
 */
export function stepFeedback(prev: Observation, next: Observation): string[] {
  if (next.episode !== prev.episode || next.t !== prev.t + 1) return [];
  const t = prev.t;
  const lines: string[] = [];
  const atoms = next.history_atoms.filter((a) => a[0] === t);
  lines.push(
    atoms.length
      ? `Step ${t}: you set ${atoms.map((a) => `${a[1]}=${a[2]}`).join(", ")}.`
      : `Step ${t}: you left every input unchanged.`,
  );
  const y = next.outputs[t];
  const before = t > 0 ? next.outputs[t - 1] : undefined;
  const parts = next.goal.output_aps.map((ap) => {
    const flip = before && before[ap] !== y[ap] ? ` (was ${before[ap]})` : "";
    return `${ap}=${y[ap]}${flip}`;
  });
  lines.push(`Observed: ${parts.join(", ")}.`);
  if (next.effect_status_t === "triggered" && prev.effect_status_t !== "triggered")
    lines.push(`Goal reached: ${next.goal.effect_ap} = 1 inside the target window.`);
  if (next.budget_t_remaining !== prev.budget_t_remaining)
    lines.push(`Budget: ${next.budget_t_remaining} step(s) with changes left.`);
  return lines;
}

export type { Verdict } from "../gf01/play/result.js";
import type { Verdict } from "../gf01/play/result.js";

export function verdictText(v: Verdict): { title: string; detail: string } {
  if (v === "certified")
    return {
      title: "Certified",
      detail: "The goal was reached and every change you made was necessary.",
    };
  if (v === "goal_met")
    return {
      title: "Sufficient but not minimal",
      detail: "The goal was reached, but at least one of your changes was not needed.",
    };
  return { title: "Goal missed", detail: "The target output did not read 1 in the target window." };
}

/** The scored summary the server returns when a session finishes (no run_record, no solution). */
export type { PublicResult } from "../gf01/play/agent.js";
