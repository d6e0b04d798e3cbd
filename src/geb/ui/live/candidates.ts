/**
 * Walked page elements → fixture candidates (../schema.ts, the shape `geb ui validate` checks),
 * and app states → observed deltas. Pure.
 */
import type { UiCandidate } from "../schema.js";
import type { WalkResult } from "./walk.js";

/** The candidates of one live state, in document order. */
export function toCandidates(w: WalkResult): UiCandidate[] {
  return w.elements.map((e) => {
    const path = ["Live app", w.title || "page"];
    if (e.scope_title) path.push(e.scope_title);
    else if (e.panel) path.push(e.panel);
    if (e.region && !e.scope_title) path.push(e.region);
    const c: UiCandidate = {
      candidate_id: e.id,
      action_type: "click",
      label: e.label,
      role: e.role,
      app_path: path.join(" > "),
      bbox: e.bbox,
      visible: e.visible,
      enabled: e.enabled,
      // null = the main window (the fixture convention); a dialog's scope name otherwise.
      modal_scope: e.scope,
      overlay: e.modal,
      clickable: e.clickable,
    };
    if (e.z_index !== null) c.z_index = e.z_index;
    if (e.aria_disabled) c.aria_disabled = true;
    if (e.aria_label !== null && e.aria_label !== e.label) c.accessible_name = e.aria_label;
    if (e.checked !== null) c.checked = e.checked;
    if (e.selected !== null) c.selected = e.selected;
    if (e.pressed !== null) c.pressed = e.pressed;
    return c;
  });
}

/** `{a: {b: 1}}` → `{"a.b": 1}`; arrays and scalars are leaves. */
export function flattenState(
  v: unknown,
  prefix = "",
  out: Record<string, unknown> = {},
): Record<string, unknown> {
  if (v !== null && typeof v === "object" && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v)) flattenState(x, prefix ? `${prefix}.${k}` : k, out);
  } else out[prefix] = v;
  return out;
}

/** The keys whose value changed from `before` to `after` (flattened), with their new value. */
export function stateDelta(before: unknown, after: unknown): Record<string, unknown> {
  const a = flattenState(before);
  const b = flattenState(after);
  const out: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)]))
    if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) out[k] = k in b ? b[k] : null;
  return out;
}

/** Every key of `want` equals the flattened state's (JSON equality). */
export function stateHas(state: unknown, want: Record<string, unknown>): boolean {
  const f = flattenState(state);
  return Object.entries(want).every(([k, v]) => JSON.stringify(f[k] ?? null) === JSON.stringify(v));
}
