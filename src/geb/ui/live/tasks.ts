/**
 * The live app's tasks (docs/geb/ui.md "Live app"). Each task opens a scene of ./app/ in a start
 * state (`query`) and lists its steps: the instruction the agent reads (in the target grammar of
 * ../solvable.ts, so every exported step is provably solvable), the element the author means
 * (`gold`, an element id in the app; answer key), and the change that action must cause
 * (`expect`, dotted keys of `window.__appState()`; answer key). `goal` is checked on the final
 * app state. An ambiguous companion has one step whose right move is to abstain.
 */
export interface LiveStep {
  instruction: string;
  /** The element id the author means, or null: the right move is to abstain. */
  gold: string | null;
  /** Subset of the flattened state change the gold action causes. */
  expect?: Record<string, unknown>;
}

export interface LiveTask {
  id: string;
  family: string;
  /** URL query of the start state, e.g. `scene=docs&promo=1`. */
  query: string;
  steps: LiveStep[];
  /** Subset of the flattened final app state (after all steps on the gold path). */
  goal: Record<string, unknown>;
}

const click = (label: string, where = ""): string => `Click ${JSON.stringify(label)}${where}.`;

/**
 * One step, so that a task's steps read one per line. An abstain step (gold null) is written
 * without `expect` and carries no such key at all (not even an undefined one).
 */
const step = (instruction: string, gold: string | null, expect?: Record<string, unknown>): LiveStep =>
  expect === undefined ? { instruction, gold } : { instruction, gold, expect };

export const LIVE_TASKS: readonly LiveTask[] = [
  {
    id: "docs_promo_close_save",
    family: "overlay_unsaved_prompt",
    query: "scene=docs&promo=1",
    steps: [
      step(click("Close", " in the popup"), "promo-close", { dialog: null }),
      step(click("Close", " in the main window"), "tb-close", { dialog: "unsaved" }),
      step(click("Save", " in the popup"), "unsaved-save", { "docs.saved": true, "docs.closed": true }),
    ],
    goal: { "docs.saved": true, "docs.closed": true },
  },
  {
    id: "docs_close_discard",
    family: "unsaved_prompt",
    query: "scene=docs",
    steps: [
      step(click("Close"), "tb-close", { dialog: "unsaved" }),
      step(click("Don't save"), "unsaved-discard", { "docs.closed": true }),
    ],
    goal: { "docs.closed": true, "docs.saved": false },
  },
  {
    id: "docs_save_as_reports",
    family: "save_as_folder",
    query: "scene=docs",
    steps: [
      step(click("Save As…"), "tb-saveas", { dialog: "save_as" }),
      step(click("Reports"), "folder-reports", { "save_as.folder": "Reports" }),
      step(click("Save", " in the popup"), "saveas-save", { "docs.folder": "Reports", "docs.saved": true }),
    ],
    goal: { "docs.folder": "Reports", "docs.saved": true, "docs.closed": false },
  },
  {
    id: "split_save_right",
    family: "same_label",
    query: "scene=split",
    steps: [step(click("Save", ": the 2nd of 2 from the left"), "save-right", { "split.right_saved": true })],
    goal: { "split.right_saved": true, "split.left_saved": false },
  },
  {
    id: "split_save_ambiguous",
    family: "same_label",
    query: "scene=split",
    steps: [step(click("Save"), null)],
    goal: { "split.right_saved": false, "split.left_saved": false },
  },
  {
    id: "form_consent_submit",
    family: "consent_form",
    query: "scene=form&consent=1",
    steps: [
      step(click("Reject all"), "consent-reject", { consent: "rejected" }),
      step(click("Pro"), "plan-pro", { "form.plan": "pro" }),
      step(click("I accept the terms"), "terms", { "form.terms": true }),
      step(click("Submit"), "submit", { "form.submitted": true }),
    ],
    goal: { consent: "rejected", "form.plan": "pro", "form.submitted": true, "form.newsletter": false },
  },
  {
    id: "form_validation_detour",
    family: "form_validation",
    query: "scene=form",
    steps: [
      step(click("Basic"), "plan-basic", { "form.plan": "basic" }),
      step(click("Submit"), "submit", { "form.error": "terms_required" }),
      step(click("I accept the terms"), "terms", { "form.terms": true }),
      step(click("Submit"), "submit", { "form.submitted": true, "form.error": null }),
    ],
    goal: { "form.plan": "basic", "form.submitted": true },
  },
  {
    id: "table_delete_q3",
    family: "table_destructive_confirm",
    query: "scene=table",
    steps: [
      step(click("Delete report-q3.txt"), "delete-2", {
        dialog: "confirm_delete",
        "table.pending_delete": "report-q3.txt",
      }),
      step(click("Delete", " in the popup"), "confirm-delete", { "table.deleted": ["report-q3.txt"] }),
    ],
    goal: {
      "table.deleted": ["report-q3.txt"],
      "table.files": ["report-q1.txt", "report-q2.txt", "notes.txt"],
    },
  },
  {
    id: "table_open_notes",
    family: "table",
    query: "scene=table",
    steps: [step(click("Open notes.txt"), "open-3", { "table.opened": "notes.txt" })],
    goal: { "table.opened": "notes.txt", "table.deleted": [] },
  },
  {
    id: "table_delete_ambiguous",
    family: "table_destructive_confirm",
    query: "scene=table",
    steps: [step(click("Delete"), null)],
    goal: { dialog: null, "table.deleted": [] },
  },
  {
    id: "settings_privacy_apply",
    family: "settings_tabs",
    query: "scene=settings",
    steps: [
      step(click("Privacy"), "tab-privacy", { "settings.tab": "privacy" }),
      step(click("Share usage data"), "share-usage", { "settings.share_usage": false }),
      step(click("Apply"), "apply-privacy", { "settings.applied.share_usage": false }),
    ],
    goal: { "settings.applied.share_usage": false, "settings.applied.email_alerts": false },
  },
  {
    id: "settings_notifications_apply",
    family: "settings_tabs",
    query: "scene=settings",
    steps: [
      step(click("Notifications"), "tab-notifications", { "settings.tab": "notifications" }),
      step(click("Email alerts"), "email-alerts", { "settings.email_alerts": true }),
      step(click("Apply"), "apply-notifications", { "settings.applied.email_alerts": true }),
    ],
    goal: { "settings.applied.email_alerts": true, "settings.applied.share_usage": true },
  },
  {
    id: "settings_export_json",
    family: "same_label",
    query: "scene=settings",
    steps: [
      step(click("Export", ": the 2nd of 2 from the left"), "export-json", { "settings.exported": "json" }),
    ],
    goal: { "settings.exported": "json" },
  },
];
