/**
 * The step builder behind the authored UI pack (./families.ts, docs/geb/ui.md "The authored
 * pack"). A family describes a step as a target (label, window, by position or not), the
 * candidates on screen and the gold; the builder lays the candidates out, shuffles their
 * presentation order with the pack's seeded stream (so the first candidate is not the gold
 * by construction), writes the instruction in the target grammar of ../solvable.ts and
 * checks, from the agent row only, that the instruction resolves to the gold — or, for an
 * intended abstain, that it does not resolve at all. A family that breaks that contract
 * throws while the pack is built, so a committed pack cannot hold an unsolvable step.
 */
import type { PyRandom } from "../../../core/random.js";
import { toAgentRow } from "../agent-row.js";
import type { UiCandidate, UiRow, UiState } from "../schema.js";
import { ordinal, parseTarget, resolveTarget } from "../solvable.js";

/** Where a candidate sits: the main window, a modal dialog, or an overlay popup. */
export type Where = "main" | "dialog" | "overlay";

export interface CandSpec {
  /** Unique within the step; also the candidate id's stem. */
  key: string;
  label: string;
  role?: string;
  where?: Where;
  accessible_name?: string;
  visible?: boolean;
  enabled?: boolean;
  aria_disabled?: boolean;
  next_state?: UiState;
  /** Sub-path under the family's app path (e.g. "Save As"). */
  path?: string;
}

export interface StepSpec {
  /** The instruction's target label (a label or an accessible name). */
  label: string;
  /** Name the window in the instruction. */
  window?: "main" | "popup";
  /** Name the gold's position among the matches (from the left). */
  byPosition?: boolean;
  candidates: CandSpec[];
  /** The gold candidate's key (for an intended abstain: the dummy gold the schema needs). */
  gold: string;
  /** An intended abstain: the instruction does not identify one candidate. */
  abstain?: boolean;
  requires_state?: UiState;
  /** `expected_delta.event` (omitted on abstain steps). */
  event?: string;
}

export interface TaskSpec {
  task_id: string;
  /** Carried in `meta.family` (agents see it; it names the trap, never the answer). */
  family: string;
  app: string;
  steps: StepSpec[];
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "") || "icon";

function candidate(spec: CandSpec, app: string, slot: number): UiCandidate {
  const where = spec.where ?? "main";
  const main = where === "main";
  // Main-window controls on one row, dialog / overlay controls on a row below: the x order
  // within a window is the order the family lists them in (positions count from the left).
  const bbox: [number, number, number, number] = main
    ? [120 + 110 * slot, 160, 90, 28]
    : [200 + 110 * slot, 320, 90, 28];
  const c: UiCandidate = {
    // Provisional; buildTask renames every candidate from what is visible (see there).
    candidate_id: `${where}_${slug(spec.label)}`,
    action_type: "click",
    label: spec.label,
    role: spec.role ?? "button",
    app_path: spec.path ? `${app} > ${spec.path}` : app,
    bbox,
    visible: spec.visible ?? true,
    enabled: spec.enabled ?? true,
    modal_scope: main ? null : where === "dialog" ? "dialog" : "popup",
  };
  if (where === "overlay") {
    c.overlay = true;
    c.z_index = 1000;
  }
  if (spec.accessible_name !== undefined) c.accessible_name = spec.accessible_name;
  if (spec.aria_disabled !== undefined) c.aria_disabled = spec.aria_disabled;
  if (spec.next_state !== undefined) c.next_state = spec.next_state;
  return c;
}

function instructionFor(step: StepSpec, cands: readonly UiCandidate[], goldId: string): string {
  const where =
    step.window === "main" ? " in the main window" : step.window === "popup" ? " in the popup" : "";
  let position = "";
  if (step.byPosition) {
    // The matches the resolver will see, ordered as it orders them.
    const target = parseTarget(`Click ${JSON.stringify(step.label)}${where}.`);
    if (!target) throw new Error(`pack: label ${step.label} is not expressible in the target grammar`);
    const m = cands
      .filter(
        (c) =>
          c.visible &&
          c.enabled &&
          c.aria_disabled !== true &&
          (c.label === step.label || c.accessible_name === step.label),
      )
      .filter((c) => {
        const inMain = c.modal_scope === null && c.overlay !== true;
        return !step.window || (step.window === "main") === inMain;
      })
      .sort((a, b) => a.bbox[0] - b.bbox[0] || a.bbox[1] - b.bbox[1]);
    const i = m.findIndex((c) => c.candidate_id === goldId);
    if (i < 0) throw new Error(`pack: gold ${goldId} is not among the matches of ${step.label}`);
    position = `: the ${ordinal(i + 1)} of ${m.length} from the left`;
  }
  return `Click ${JSON.stringify(step.label)}${where}${position}.`;
}

/** The task's rows; throws when a step breaks the solvability contract (see the header). */
export function buildTask(task: TaskSpec, rng: PyRandom): UiRow[] {
  // The state before each step: the previous gold's next_state (what a correct run reached).
  let before: UiState | undefined;
  return task.steps.map((step, s) => {
    const slots = new Map<Where, number>();
    const laidOut = step.candidates.map((spec) => {
      const w = spec.where ?? "main";
      const slot = slots.get(w) ?? 0;
      slots.set(w, slot + 1);
      return candidate(spec, task.app, slot);
    });
    // An actionable candidate without an authored effect leaves the screen as it is: its
    // next_state is the state before the step (or, with none, the screen's own: overlay
    // shown or not, the front window). Without this, "the only candidate with a next_state"
    // would name the gold to any agent that reads states (the policy's rules, the gate, search).
    const overlayShown = laidOut.some((c) => c.visible && c.overlay === true);
    const front = laidOut.find((c) => c.visible && c.modal_scope !== null)?.modal_scope ?? "main";
    const screen: UiState = before ?? { overlay_present: overlayShown, modal_scope: front };
    // (The gold too, when its effect is not authored: else "the one without a state" names it.)
    for (const c of laidOut)
      if (c.next_state === undefined && c.visible && c.enabled && c.aria_disabled !== true)
        c.next_state = { ...screen };
    const keys = step.candidates.map((c) => c.key);
    if (new Set(keys).size !== keys.length)
      throw new Error(`pack: ${task.task_id} step ${s + 1}: duplicate candidate keys`);
    // Ids are shown to models, so they say only what the screen shows: window and label, and
    // a left-to-right number among same-window same-label controls (never the family's key,
    // which may name the trap: "real", "ad", "hidden").
    const seen = new Map<string, number>();
    const total = new Map<string, number>();
    for (const c of laidOut) total.set(c.candidate_id, (total.get(c.candidate_id) ?? 0) + 1);
    for (const c of laidOut) {
      const base = c.candidate_id;
      const k = (seen.get(base) ?? 0) + 1;
      seen.set(base, k);
      if ((total.get(base) ?? 0) > 1) c.candidate_id = `${base}_${k}`;
    }
    if (new Set(laidOut.map((c) => c.candidate_id)).size !== laidOut.length)
      throw new Error(`pack: ${task.task_id} step ${s + 1}: duplicate candidate ids`);
    const goldIndex = keys.indexOf(step.gold);
    if (goldIndex < 0) throw new Error(`pack: ${task.task_id} step ${s + 1}: no candidate ${step.gold}`);
    const goldId = laidOut[goldIndex].candidate_id;
    const instruction = instructionFor(step, laidOut, goldId);
    const shown = [...laidOut];
    rng.shuffle(shown);
    const row: UiRow = {
      id: `${task.task_id}_s${s + 1}`,
      task_id: task.task_id,
      step_index: s + 1,
      instruction,
      candidates: shown,
      gold: { candidate_id: goldId },
      ...(step.abstain
        ? { abstain_expected: true }
        : { expected_delta: { event: step.event ?? `${slug(step.gold)}` } }),
      ...(step.requires_state ? { requires_state: step.requires_state } : {}),
      // Nothing agent-visible says which task is the ambiguous companion: not the meta, not
      // the ids (the companion's slot among the family's tasks is drawn).
      meta: { family: task.family },
    };
    const goldState = laidOut[goldIndex].next_state;
    if (goldState !== undefined) before = goldState;
    const r = resolveTarget(toAgentRow(row));
    if (step.abstain ? r.ok : !(r.ok && r.candidate_id === goldId))
      throw new Error(
        `pack: ${row.id}: "${instruction}" ${step.abstain ? "resolves although the step is an intended abstain" : `does not resolve to the gold (${r.ok ? r.candidate_id : r.reason})`}`,
      );
    return row;
  });
}
