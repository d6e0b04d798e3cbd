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

export const LIVE_TASKS: readonly LiveTask[] = [
  {
    id: "docs_promo_close_save",
    family: "overlay_unsaved_prompt",
    query: "scene=docs&promo=1",
    steps: [
      { instruction: click("Close", " in the popup"), gold: "promo-close", expect: { dialog: null } },
      { instruction: click("Close", " in the main window"), gold: "tb-close", expect: { dialog: "unsaved" } },
      {
        instruction: click("Save", " in the popup"),
        gold: "unsaved-save",
        expect: { "docs.saved": true, "docs.closed": true },
      },
    ],
    goal: { "docs.saved": true, "docs.closed": true },
  },
  {
    id: "docs_close_discard",
    family: "unsaved_prompt",
    query: "scene=docs",
    steps: [
      { instruction: click("Close"), gold: "tb-close", expect: { dialog: "unsaved" } },
      { instruction: click("Don't save"), gold: "unsaved-discard", expect: { "docs.closed": true } },
    ],
    goal: { "docs.closed": true, "docs.saved": false },
  },
  {
    id: "docs_save_as_reports",
    family: "save_as_folder",
    query: "scene=docs",
    steps: [
      { instruction: click("Save As…"), gold: "tb-saveas", expect: { dialog: "save_as" } },
      { instruction: click("Reports"), gold: "folder-reports", expect: { "save_as.folder": "Reports" } },
      {
        instruction: click("Save", " in the popup"),
        gold: "saveas-save",
        expect: { "docs.folder": "Reports", "docs.saved": true },
      },
    ],
    goal: { "docs.folder": "Reports", "docs.saved": true, "docs.closed": false },
  },
  {
    id: "split_save_right",
    family: "same_label",
    query: "scene=split",
    steps: [
      {
        instruction: `${click("Save").slice(0, -1)}: the 2nd of 2 from the left.`,
        gold: "save-right",
        expect: { "split.right_saved": true },
      },
    ],
    goal: { "split.right_saved": true, "split.left_saved": false },
  },
  {
    id: "split_save_ambiguous",
    family: "same_label",
    query: "scene=split",
    steps: [{ instruction: click("Save"), gold: null }],
    goal: { "split.right_saved": false, "split.left_saved": false },
  },
  {
    id: "form_consent_submit",
    family: "consent_form",
    query: "scene=form&consent=1",
    steps: [
      { instruction: click("Reject all"), gold: "consent-reject", expect: { consent: "rejected" } },
      { instruction: click("Pro"), gold: "plan-pro", expect: { "form.plan": "pro" } },
      { instruction: click("I accept the terms"), gold: "terms", expect: { "form.terms": true } },
      { instruction: click("Submit"), gold: "submit", expect: { "form.submitted": true } },
    ],
    goal: { consent: "rejected", "form.plan": "pro", "form.submitted": true, "form.newsletter": false },
  },
  {
    id: "form_validation_detour",
    family: "form_validation",
    query: "scene=form",
    steps: [
      { instruction: click("Basic"), gold: "plan-basic", expect: { "form.plan": "basic" } },
      { instruction: click("Submit"), gold: "submit", expect: { "form.error": "terms_required" } },
      { instruction: click("I accept the terms"), gold: "terms", expect: { "form.terms": true } },
      {
        instruction: click("Submit"),
        gold: "submit",
        expect: { "form.submitted": true, "form.error": null },
      },
    ],
    goal: { "form.plan": "basic", "form.submitted": true },
  },
  {
    id: "table_delete_q3",
    family: "table_destructive_confirm",
    query: "scene=table",
    steps: [
      {
        instruction: click("Delete report-q3.txt"),
        gold: "delete-2",
        expect: { dialog: "confirm_delete", "table.pending_delete": "report-q3.txt" },
      },
      {
        instruction: click("Delete", " in the popup"),
        gold: "confirm-delete",
        expect: { "table.deleted": ["report-q3.txt"] },
      },
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
    steps: [
      { instruction: click("Open notes.txt"), gold: "open-3", expect: { "table.opened": "notes.txt" } },
    ],
    goal: { "table.opened": "notes.txt", "table.deleted": [] },
  },
  {
    id: "table_delete_ambiguous",
    family: "table_destructive_confirm",
    query: "scene=table",
    steps: [{ instruction: click("Delete"), gold: null }],
    goal: { dialog: null, "table.deleted": [] },
  },
  {
    id: "settings_privacy_apply",
    family: "settings_tabs",
    query: "scene=settings",
    steps: [
      { instruction: click("Privacy"), gold: "tab-privacy", expect: { "settings.tab": "privacy" } },
      {
        instruction: click("Share usage data"),
        gold: "share-usage",
        expect: { "settings.share_usage": false },
      },
      {
        instruction: click("Apply"),
        gold: "apply-privacy",
        expect: { "settings.applied.share_usage": false },
      },
    ],
    goal: { "settings.applied.share_usage": false, "settings.applied.email_alerts": false },
  },
  {
    id: "settings_notifications_apply",
    family: "settings_tabs",
    query: "scene=settings",
    steps: [
      {
        instruction: click("Notifications"),
        gold: "tab-notifications",
        expect: { "settings.tab": "notifications" },
      },
      { instruction: click("Email alerts"), gold: "email-alerts", expect: { "settings.email_alerts": true } },
      {
        instruction: click("Apply"),
        gold: "apply-notifications",
        expect: { "settings.applied.email_alerts": true },
      },
    ],
    goal: { "settings.applied.email_alerts": true, "settings.applied.share_usage": true },
  },
  {
    id: "settings_export_json",
    family: "same_label",
    query: "scene=settings",
    steps: [
      {
        instruction: `${click("Export").slice(0, -1)}: the 2nd of 2 from the left.`,
        gold: "export-json",
        expect: { "settings.exported": "json" },
      },
    ],
    goal: { "settings.exported": "json" },
  },
];
