/**
 * A model choosing from a step's candidate list (`geb ui model`, docs/geb/ui.md): the prompt
 * (two versions) and the reading of its raw reply. Pure: both take an `AgentRow`, so no
 * answer-key field can reach a prompt (tests/geb/ui/agent-row.test.ts checks the text).
 *
 * - `reference-0.1`: the reference's `ui_prompt.build_ui_prompt`, line for line (its overlay
 *   bias included: "Popup/overlay options are traps unless …").
 * - `1.0`: ours: every agent-visible field of each candidate (the accessible name and
 *   `aria_disabled` too, which the reference leaves out), no overlay bias (an instruction may
 *   name a popup), and abstaining is part of the contract: `{"value": null}` when the
 *   instruction does not identify exactly one candidate.
 *
 * Candidates' `next_state` / `state` are never shown: they are the fixture's model of what an
 * action does, which a user looking at the screen cannot see.
 */
import { pyJsonDumps, pyStrip } from "../../../core/pyjson.js";
import { type AgentRow, instructionOf } from "../agent-row.js";
import type { UiCandidate } from "../schema.js";

export const UI_PROMPT_VERSIONS = ["1.0", "reference-0.1"] as const;
export type UiPromptVersion = (typeof UI_PROMPT_VERSIONS)[number];

/** Recorded as the engine's prompt template (provenance, and part of the config hash). */
export const uiPromptRef = (v: UiPromptVersion): string => `geb-ui-select@${v}`;

// Python's json.dumps(value, ensure_ascii=True), as the reference formats each field.
const fmt = (v: unknown): string => pyJsonDumps(v, { ensureAscii: true });

function pickText(v: unknown): string | null {
  return typeof v === "string" && pyStrip(v) !== "" ? pyStrip(v) : null;
}

function contextOf(row: AgentRow): string | null {
  const r = row as Record<string, unknown>;
  const c = pickText(r.context);
  if (c !== null) return c;
  const meta = r.meta;
  return meta && typeof meta === "object" && !Array.isArray(meta)
    ? pickText((meta as Record<string, unknown>).context)
    : null;
}

/** The reference's `format_ui_candidate`. */
function referenceLine(c: UiCandidate): string {
  const r = c as Record<string, unknown>;
  const f: string[] = [];
  const add = (name: string, key: string) => {
    if (r[key] !== undefined && r[key] !== null) f.push(`${name}=${fmt(r[key])}`);
  };
  add("id", "candidate_id");
  add("label", "label");
  add("role", "role");
  add("action", "action_type");
  add("app_path", "app_path");
  add("modal_scope", "modal_scope");
  for (const flag of ["visible", "enabled", "overlay"]) if (flag in r) f.push(`${flag}=${fmt(r[flag])}`);
  if (Array.isArray(r.bbox) && r.bbox.length === 4) f.push(`bbox=${fmt(r.bbox)}`);
  add("z_index", "z_index");
  return `- ${f.join(" ")}`;
}

function referencePrompt(row: AgentRow): string {
  const parts = [
    "You are selecting a UI action from candidates.",
    `Instruction: ${instructionOf(row)}`,
    "Popup/overlay options are traps unless the instruction explicitly mentions a modal, dialog, popup, or overlay.",
    'Prefer modal_scope="main" unless the instruction requires a modal.',
    "Treat overlay/overlay_present/z_index as indicators of overlays.",
  ];
  const context = contextOf(row);
  if (context) parts.push(`Context: ${context}`);
  parts.push(
    "Return JSON with keys: value, support_ids.",
    "support_ids must be an empty list [].",
    "value must be one of the candidate id values or null.",
    "Candidates:",
    row.candidates.map(referenceLine).join("\n"),
    "Respond with only JSON.",
  );
  return parts.join("\n");
}

function oursLine(c: UiCandidate): string {
  const main = (c.modal_scope === null || c.modal_scope === "main") && c.overlay !== true;
  const f = [
    `id=${JSON.stringify(c.candidate_id)}`,
    `label=${JSON.stringify(c.label)}`,
    ...(c.accessible_name !== undefined ? [`accessible_name=${JSON.stringify(c.accessible_name)}`] : []),
    `role=${JSON.stringify(c.role)}`,
    `action=${JSON.stringify(c.action_type)}`,
    `app_path=${JSON.stringify(c.app_path)}`,
    `window=${JSON.stringify(main ? "main" : (c.modal_scope ?? "overlay"))}`,
    `visible=${c.visible}`,
    `enabled=${c.enabled && c.aria_disabled !== true && c.clickable !== false}`,
    ...(c.overlay !== undefined ? [`overlay=${c.overlay}`] : []),
    `bbox=${JSON.stringify(c.bbox)}`,
    ...(c.z_index !== undefined ? [`z_index=${c.z_index}`] : []),
  ];
  return `- ${f.join(" ")}`;
}

function oursPrompt(row: AgentRow): string {
  const context = contextOf(row);
  return [
    "You are operating a user interface. Choose the one candidate action the instruction designates.",
    `Instruction: ${instructionOf(row)}`,
    ...(context ? [`Context: ${context}`] : []),
    'Candidates (window "main" is the application window; any other window is a dialog or popup; bbox is [x, y, width, height] in pixels, x grows to the right):',
    row.candidates.map(oursLine).join("\n"),
    "Only a visible, enabled candidate can be acted on.",
    "If the instruction does not identify exactly one such candidate, abstain.",
    'Reply with only a JSON object: {"value": "<candidate id>"} to act, or {"value": null} to abstain.',
  ].join("\n");
}

export function buildUiPrompt(row: AgentRow, version: UiPromptVersion): string {
  return version === "reference-0.1" ? referencePrompt(row) : oursPrompt(row);
}

export type UiReply =
  | { ok: true; selection: string | null }
  | { ok: false; reason: "not_json" | "not_an_object" | "no_value" | "bad_value" | "unknown_candidate" };

/**
 * The raw reply as a selection, with no repair: the whole text (surrounding whitespace aside)
 * must be a JSON object whose `value` is null (abstain) or a candidate id of this step. Code
 * fences, prose, a number, a blank string or an id not on screen are errors, never a pick and
 * never an abstain (the reference turns all of them into an abstain).
 */
export function parseUiReply(text: string, row: AgentRow): UiReply {
  let v: unknown;
  try {
    v = JSON.parse(text.trim());
  } catch {
    return { ok: false, reason: "not_json" };
  }
  if (!v || typeof v !== "object" || Array.isArray(v)) return { ok: false, reason: "not_an_object" };
  if (!Object.hasOwn(v, "value")) return { ok: false, reason: "no_value" };
  const value = (v as { value: unknown }).value;
  if (value === null) return { ok: true, selection: null };
  if (typeof value !== "string" || value.trim() === "") return { ok: false, reason: "bad_value" };
  if (!row.candidates.some((c) => c.candidate_id === value))
    return { ok: false, reason: "unknown_candidate" };
  return { ok: true, selection: value };
}
