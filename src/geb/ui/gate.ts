/**
 * Gate models (design §A5): a logistic regression over 39 features of a (step, candidate)
 * pair, trained by per-sample SGD with y = 1 for the gold. It selects the best-scoring
 * candidate, abstaining below `min_score` or when the best beats the second by less than
 * `min_margin`.
 *
 * Training reads the gold of TRAIN rows only (`trainGate`); selection reads agent rows
 * (`toAgentRow`) and their policy survivors. `geb ui gate train` evaluates on held-out tasks
 * (the reference trains and tests on one fixture).
 */
import { type AgentRow, instructionOf, toAgentRow } from "./agent-row.js";
import {
  instructionKeywords,
  type PolicyOptions,
  preselect,
  stateMatches,
  tokenize,
  tokenMatches,
} from "./policy.js";
import type { UiRow } from "./schema.js";
import type { Selection } from "./score.js";

type Cand = Record<string, unknown>;
const isObj = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);
const nonBlank = (v: unknown): v is string => typeof v === "string" && v.trim() !== "";

const b = (x: boolean) => (x ? 1 : 0);

/** The 39 features, in the reference's order. `row` needs only its instruction fields. */
export function gateFeatures(row: AgentRow | Record<string, unknown>, c: Cand): Record<string, number> {
  const instr = instructionKeywords(instructionOf(row as UiRow));
  const labelT = new Set<string>();
  for (const k of ["label", "accessible_name"])
    if (nonBlank(c[k])) for (const t of tokenize(c[k] as string)) labelT.add(t);
  const pathT = new Set(nonBlank(c.app_path) ? tokenize(c.app_path) : []);
  const ns = isObj(c.next_state) ? c.next_state : {};
  const nScope = ns.modal_scope;
  let nOverlay = ns.overlay_present;
  if ((nOverlay === undefined || nOverlay === null) && "overlay" in ns) nOverlay = ns.overlay;
  const matches = (toks: Set<string>) =>
    instr.length && toks.size ? instr.filter((w) => [...toks].some((t) => tokenMatches(w, t))).length : 0;
  const lm = matches(labelT);
  const pm = matches(pathT);
  const scope = c.modal_scope;
  const button = c.role === "button";
  const menuitem = c.role === "menuitem";
  let cOverlay = c.overlay;
  if (cOverlay === undefined || cOverlay === null) cOverlay = c.overlay_present;
  const has = (w: string) => instr.includes(w);
  const isMain = (s: unknown) => s === undefined || s === null || s === "" || s === "main";
  return {
    bias: 1,
    label_match_any: b(lm > 0),
    label_match_count: lm,
    app_path_match_any: b(pm > 0),
    app_path_match_count: pm,
    label_has_apply: b(labelT.has("apply")),
    label_has_ok: b(labelT.has("ok") || labelT.has("okay")),
    label_has_confirm: b(labelT.has("confirm")),
    label_has_save: b(labelT.has("save")),
    label_has_finish: b(labelT.has("finish")),
    label_has_cancel: b(labelT.has("cancel")),
    label_has_back: b(labelT.has("back")),
    instr_has_apply: b(has("apply")),
    instr_has_ok: b(has("ok") || has("okay")),
    instr_has_confirm: b(has("confirm")),
    instr_has_save: b(has("save")),
    instr_has_finish: b(has("finish")),
    instr_has_commit: b(has("commit")),
    instr_has_finalize: b(has("finalize")),
    role_is_button: b(button),
    role_is_menuitem: b(menuitem),
    instr_toolbar_role_match: b(has("toolbar") && button),
    instr_menu_role_match: b(has("menu") && menuitem),
    enabled: b(c.enabled !== false),
    visible: b(c.visible !== false),
    aria_disabled: b(c.aria_disabled === true),
    modal_scope_is_main: b(isMain(scope)),
    overlay_present: b(c.overlay_present === true),
    overlay_flag: b(cOverlay === true),
    next_overlay_present: b(nOverlay === true),
    next_modal_scope_is_main: b(isMain(nScope)),
    next_modal_scope_is_overlay: b(nScope === "overlay"),
    next_modal_scope_is_dialog: b(nScope === "dialog"),
    next_modal_scope_is_drawer: b(nScope === "drawer"),
    next_modal_required: b(ns.modal_required === true),
    next_modal_confirmed: b(ns.modal_confirmed === true),
    next_destructive_ready: b(ns.destructive_ready === true),
    next_location_toolbar: b(ns.location === "toolbar"),
    next_location_menu: b(ns.location === "menu"),
  };
}

export const GATE_FEATURE_NAMES: readonly string[] = Object.keys(gateFeatures({}, {}));

export interface GateModel {
  feature_names: string[];
  weights: number[];
  bias: number;
  min_score: number;
  min_margin: number;
}

/** The reference's sigmoid (pow of its rounded e, split at 0 for stability). */
function sigmoid(v: number): number {
  // The reference writes the literal 2.718281828459045: the same double as Math.E.
  const E = Math.E;
  if (v >= 0) return 1 / (1 + E ** -v);
  const e = E ** v;
  return e / (1 + e);
}
const dot = (w: readonly number[], x: readonly number[]) => {
  let s = 0;
  for (let i = 0; i < Math.min(w.length, x.length); i++) s += w[i] * x[i];
  return s;
};
const vector = (row: AgentRow | Record<string, unknown>, c: Cand, names: readonly string[]) => {
  const f = gateFeatures(row, c);
  return names.map((n) => f[n] ?? 0);
};
export const gateScore = (m: GateModel, row: AgentRow | Record<string, unknown>, c: Cand) =>
  sigmoid(dot(m.weights, vector(row, c, m.feature_names)) + m.bias);

export interface GateTrainOptions {
  epochs: number;
  lr: number;
  l2: number;
  minScore: number;
  minMargin: number;
}
export const DEFAULT_GATE_TRAIN: GateTrainOptions = {
  epochs: 200,
  lr: 0.1,
  l2: 0,
  minScore: 0.5,
  minMargin: 0,
};

/** Per-sample SGD over every (row, candidate) of the TRAIN rows, in file order. */
export function trainGate(train: readonly UiRow[], o: GateTrainOptions): GateModel {
  const names = [...GATE_FEATURE_NAMES];
  const xs: number[][] = [];
  const ys: number[] = [];
  for (const row of train) {
    // Features from the agent view; the label is the only use of the gold.
    const view = toAgentRow(row);
    for (const c of row.candidates) {
      xs.push(vector(view, c as Cand, names));
      ys.push(c.candidate_id === row.gold.candidate_id ? 1 : 0);
    }
  }
  if (!xs.length) throw new RangeError("no training rows");
  const w = names.map(() => 0);
  let bias = 0;
  for (let e = 0; e < o.epochs; e++)
    for (let k = 0; k < xs.length; k++) {
      const x = xs[k];
      const err = sigmoid(dot(w, x) + bias) - ys[k];
      for (let i = 0; i < w.length; i++) w[i] -= o.lr * (err * x[i] + o.l2 * w[i]);
      bias -= o.lr * err;
    }
  return { feature_names: names, weights: w, bias, min_score: o.minScore, min_margin: o.minMargin };
}

/** Best candidate, or null below min_score / within min_margin of the runner-up. */
export function gateSelect(m: GateModel, row: AgentRow, cands: readonly Cand[]): Selection {
  if (!cands.length) return null;
  // Stable sort by score, descending (Python's sort is stable too).
  const scored = cands.map((c) => [c, gateScore(m, row, c)] as const).sort((a, b2) => b2[1] - a[1]);
  const [best, s] = scored[0];
  if (s < m.min_score) return null;
  if (scored.length > 1 && s - scored[1][1] < m.min_margin) return null;
  return typeof best.candidate_id === "string" ? best.candidate_id : null;
}

/**
 * The gate over a fixture: policy survivors of each agent row (only those leading to a
 * state when `requires_state` does not hold), then `gateSelect`. State per task, as the
 * 1.0 policy.
 */
export function runGate(rows: readonly UiRow[], m: GateModel, o: PolicyOptions): Selection[] {
  let state: Record<string, unknown> = {};
  let task: string | undefined;
  return rows.map((row, i) => {
    const key = row.task_id ?? `__row_${i}`;
    if (key !== task) state = {};
    task = key;
    const view = toAgentRow(row);
    let cands = preselect(view, o).survivors;
    const req = row.requires_state;
    if (req && !stateMatches(req, state)) cands = cands.filter((c) => isObj(c.next_state) || isObj(c.state));
    const sel = gateSelect(m, view, cands);
    const c =
      sel === null ? undefined : (row.candidates.find((x) => x.candidate_id === sel) as Cand | undefined);
    const next = c ? (isObj(c.state) ? c.state : isObj(c.next_state) ? c.next_state : undefined) : undefined;
    if (next && Object.keys(next).length) state = { ...next };
    return sel;
  });
}

/** Tasks split into train / held-out: every `every`-th task (1-based, in file order) is held out. */
export function splitByTask(rows: readonly UiRow[], every: number): { train: UiRow[]; holdout: UiRow[] } {
  const order: string[] = [];
  const keyOf = (r: UiRow, i: number) => r.task_id ?? `__row_${i}`;
  rows.forEach((r, i) => {
    if (!order.includes(keyOf(r, i))) order.push(keyOf(r, i));
  });
  const held = new Set(order.filter((_, k) => (k + 1) % every === 0));
  const train: UiRow[] = [];
  const holdout: UiRow[] = [];
  rows.forEach((r, i) => {
    (held.has(keyOf(r, i)) ? holdout : train).push(r);
  });
  return { train, holdout };
}
