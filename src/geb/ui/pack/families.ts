/**
 * The authored pack's families (docs/geb/ui.md "The authored pack"): the README's UI traps,
 * each as base tasks whose every step is solvable from the agent's view, plus an ambiguous
 * companion whose last step names no single candidate (the right move is to abstain).
 * Labels, counts and positions are drawn from the pack's seeded stream.
 *
 * Each family is a declaration over the builders below (candidates, candidate lists, steps,
 * abstain steps): it states only its wording, its screen and its draws. The draws are made
 * in the order the family lists them, so the pack's bytes depend on that order
 * (tests/geb/ui/pack-golden.test.ts pins them).
 */
import type { PyRandom } from "../../../core/random.js";
import type { CandSpec, StepSpec } from "./build.js";

export interface Family {
  name: string;
  app: string;
  /** What the user wants, in words (documentation only: not written into rows). */
  goal: string;
  /** A base task (t = 0, 1, …: variants drawn from the stream). */
  base(r: PyRandom, t: number): StepSpec[];
  /** The ambiguous companion: its last step is an intended abstain. */
  ambiguous(r: PyRandom): StepSpec[];
}

const pick = <T>(r: PyRandom, xs: readonly T[]): T => r.choice(xs);
/** `n` distinct items in a random order. */
const some = <T>(r: PyRandom, xs: readonly T[], n: number): T[] => r.sample(xs, n);

type Traits = Omit<CandSpec, "key" | "label">;
/** A candidate: a control with a key (unique in its step) and a visible label (main window unless `where`). */
const cand = (key: string, label: string, traits: Traits = {}): CandSpec => ({ key, label, ...traits });
/** A control in the modal dialog. */
const inDialog = (key: string, label: string, traits: Traits = {}): CandSpec =>
  cand(key, label, { where: "dialog", ...traits });
/** A control on the overlay popup (an ad or a look-alike of the page's control). */
const onOverlay = (key: string, label: string, traits: Traits = {}): CandSpec =>
  cand(key, label, { where: "overlay", ...traits });
/** One control per label, keyed `<prefix><label>` (tabs, fields, menu items, folders, rows). */
const each = <T extends string | number>(
  prefix: string,
  items: readonly T[],
  traits: (item: T) => Traits & { label?: string } = () => ({}),
): CandSpec[] => items.map((x) => ({ key: `${prefix}${x}`, label: String(x), ...traits(x) }));
/** `n` same-label buttons in one window (keys `<label>_1 … _n`). */
const sameLabel = (label: string, n: number): CandSpec[] =>
  each(
    `${label}_`,
    Array.from({ length: n }, (_, k) => k + 1),
    () => ({ label }),
  );
/** A tab strip whose every tab shows itself and keeps the instruction's tab. */
const tabStrip = (tabs: readonly string[], instructionTab: string): CandSpec[] =>
  each("tab_", tabs, (t) => ({ role: "tab", next_state: { tab: t, instruction_tab: instructionTab } }));
/** Invoice rows that all have an "Edit" button, told apart by accessible name. */
const editButtons = (ids: readonly number[]): CandSpec[] =>
  each("edit_", ids, (n) => ({ label: "Edit", accessible_name: `Edit invoice ${n}` }));

/** Where the instruction sends the agent: the window it names and the state the step needs. */
type Window = StepSpec["window"];
const context = (window: Window, requires: StepSpec["requires_state"]): Partial<StepSpec> => ({
  ...(window === undefined ? {} : { window }),
  ...(requires === undefined ? {} : { requires_state: requires }),
});
/** A step with a gold: the instruction's target label, the screen, the gold key and the event it fires. */
const step = (
  label: string,
  candidates: CandSpec[],
  gold: string,
  event?: string,
  window?: Window,
  requires?: StepSpec["requires_state"],
): StepSpec => ({
  label,
  candidates,
  gold,
  ...(event === undefined ? {} : { event }),
  ...context(window, requires),
});
/** An intended abstain: the label names no single candidate (the gold is the dummy the schema needs). */
const abstain = (
  label: string,
  candidates: CandSpec[],
  gold: string,
  window?: Window,
  requires?: StepSpec["requires_state"],
): StepSpec => ({ label, abstain: true, candidates, gold, ...context(window, requires) });

/** A base task of two steps, each on its own label drawn from `labels` (then the step's other draws). */
const twoSteps = (r: PyRandom, labels: readonly string[], draw: (label: string, s: number) => StepSpec) =>
  [0, 1].map((s) => draw(pick(r, labels), s));

/** The checkout terms checkbox (base and companion of `dependency`): accepting grants consent. */
const TERMS = cand("terms", "I accept the terms", {
  role: "checkbox",
  next_state: { consent_granted: true },
});

export const FAMILIES: readonly Family[] = [
  {
    name: "same_label",
    app: "Wizard",
    goal: "Advance the wizard with the right one of several identical buttons.",
    base: (r) =>
      twoSteps(r, ["Next", "Continue", "Save", "Submit"], (label, s) => {
        const n = r.randint(2, 4);
        const g = r.randbelow(n);
        const screen = [...sameLabel(label, n), cand("cancel", "Cancel")];
        return { ...step(label, screen, `${label}_${g + 1}`, `page_${s + 2}`), byPosition: true };
      }),
    ambiguous(r) {
      const label = pick(r, ["Next", "Continue"]);
      const start = [cand("start", "Start"), cand("quit", "Quit")];
      return [
        step("Start", start, "start"),
        abstain(label, [...sameLabel(label, 2), cand("cancel", "Cancel")], `${label}_1`),
      ];
    },
  },
  {
    name: "popup_overlay",
    app: "News Site",
    goal: "Act on the page, not on the overlay that mimics it (or the reverse when asked).",
    base: (r) =>
      twoSteps(r, ["Continue", "Accept", "OK", "Read more"], (label, s) => {
        const inPopup = r.random() < 0.5;
        const screen = [
          cand(`${label}_page`, label),
          onOverlay(`${label}_ad`, label),
          onOverlay("close_ad", "Close", { next_state: { overlay_present: false } }),
        ];
        const gold = inPopup ? `${label}_ad` : `${label}_page`;
        return step(label, screen, gold, `step_${s + 1}`, inPopup ? "popup" : "main");
      }),
    ambiguous(r) {
      const label = pick(r, ["Continue", "Accept"]);
      return [
        abstain(label, [cand(`${label}_page`, label), onOverlay(`${label}_ad`, label)], `${label}_page`),
      ];
    },
  },
  {
    name: "settings",
    app: "Settings",
    goal: "Change one setting on the right tab and apply it.",
    base(r) {
      const tab = pick(r, ["Privacy", "Display", "Network"]);
      const option = pick(r, ["Send usage data", "Auto-update", "Dark mode", "Use proxy"]);
      const options = each("opt_", ["Send usage data", "Auto-update", "Dark mode", "Use proxy"], () => ({
        role: "checkbox",
        path: tab,
        next_state: { tab, instruction_tab: tab },
      }));
      const apply = [
        cand("apply_disabled", "Apply", { enabled: false }),
        cand("ok", "OK"),
        cand("apply", "Apply", { next_state: { saved: true, tab, instruction_tab: tab } }),
        cand("cancel", "Cancel"),
      ];
      return [
        step(tab, tabStrip(["General", "Privacy", "Display", "Network"], tab), `tab_${tab}`, "tab_selected"),
        step(option, options, `opt_${option}`, "option_toggled", undefined, { tab }),
        step("Apply", apply, "apply", "settings_applied"),
      ];
    },
    ambiguous() {
      const sync = cand("enable_sync", "Enable", { role: "checkbox", path: "Sync" });
      const backup = cand("enable_backup", "Enable", { role: "checkbox", path: "Backup" });
      return [abstain("Enable", [sync, backup, cand("apply", "Apply")], "enable_sync")];
    },
  },
  {
    name: "form",
    app: "Signup Form",
    goal: "Fill the right field and submit the form.",
    base(r) {
      const field = pick(r, ["Email", "Name", "Phone"]);
      const fields = each("field_", ["Name", "Email", "Phone", "Company"], () => ({ role: "textbox" }));
      const submit = [
        cand("submit_greyed", "Submit", { aria_disabled: true }),
        cand("reset", "Reset"),
        cand("submit", "Submit", { next_state: { saved: true } }),
      ];
      return [
        step(field, fields, `field_${field}`, "field_focused"),
        step("Submit", submit, "submit", "form_submitted"),
      ];
    },
    ambiguous() {
      const fields = each("field_", ["Name", "Email"], () => ({ role: "textbox" }));
      const submits = [cand("submit_top", "Submit"), cand("reset", "Reset"), cand("submit_bottom", "Submit")];
      return [step("Email", fields, "field_Email"), abstain("Submit", submits, "submit_top")];
    },
  },
  {
    name: "table",
    app: "Invoices",
    goal: "Edit one invoice of a table whose rows all have an Edit button.",
    base(r) {
      const ids = some(r, [1041, 1042, 1043, 1044, 1045, 1046], r.randint(3, 5)).sort();
      const target = pick(r, ids);
      const save = [
        cand("save_page", "Save"),
        inDialog("save_dialog", "Save", { path: "Edit invoice", next_state: { saved: true } }),
        inDialog("cancel_dialog", "Cancel", { path: "Edit invoice" }),
      ];
      return [
        step(`Edit invoice ${target}`, editButtons(ids), `edit_${target}`, "row_edit_opened"),
        step("Save", save, "save_dialog", "row_saved", "popup"),
      ];
    },
    ambiguous(r) {
      const ids = some(r, [1041, 1042, 1043, 1044], 3).sort();
      return [abstain("Edit", editButtons(ids), `edit_${ids[0]}`)];
    },
  },
  {
    name: "traps",
    app: "Downloads",
    goal: "Use the real download button, not the ad, the hidden copy or the look-alike.",
    base(r) {
      const label = pick(r, ["Download", "Install", "Get"]);
      const download = [
        cand(`${label}_hidden`, label, { visible: false }),
        cand(`${label}_real`, label, { next_state: { saved: true } }),
        cand(`${label}_now`, `${label} now`),
        onOverlay(`${label}_ad`, label),
      ];
      const open = [
        cand("open", "Open file"),
        cand("open_folder", "Open folder"),
        onOverlay("open_ad", "Open file", { visible: false }),
      ];
      return [
        step(label, download, `${label}_real`, "download_started", "main"),
        step("Open file", open, "open", "file_opened"),
      ];
    },
    ambiguous(r) {
      const label = pick(r, ["Download", "Install"]);
      const screen = [cand(`${label}_a`, label), cand(`${label}_b`, label), onOverlay(`${label}_ad`, label)];
      return [abstain(label, screen, `${label}_a`)];
    },
  },
  {
    name: "dependency",
    app: "Checkout",
    goal: "Accept the terms first; only then does Continue become available.",
    base(r) {
      const next = pick(r, ["Continue", "Place order", "Pay now"]);
      const terms = [TERMS, cand(`${next}_locked`, next, { enabled: false }), cand("decline", "Decline")];
      const proceed = [
        cand("back", "Back"),
        cand(next, next, { next_state: { consent_granted: true, saved: true } }),
        cand("decline", "Decline"),
      ];
      return [
        step("I accept the terms", terms, "terms", "terms_accepted"),
        step(next, proceed, next, "order_placed", undefined, { consent_granted: true }),
      ];
    },
    ambiguous() {
      const proceed = [cand("continue_page", "Continue"), inDialog("continue_dialog", "Continue")];
      return [
        step("I accept the terms", [TERMS, cand("decline", "Decline")], "terms"),
        abstain("Continue", proceed, "continue_page", undefined, { consent_granted: true }),
      ];
    },
  },
  {
    name: "save_flow",
    app: "Editor",
    goal: "Save the document through File > Save As and its dialog.",
    base(r) {
      const menus = each("menu_", some(r, ["File", "Edit", "View", "Help"], 4), () => ({ role: "menuitem" }));
      const items = each("item_", ["Save", "Save As…", "Save All"], (m) => ({
        role: "menuitem",
        path: "File",
        ...(m === "Save As…" ? { next_state: { save_dialog_open: true } } : {}),
      }));
      const next_state = { saved: true, save_dialog_open: false };
      const save = [
        cand("save_toolbar", "Save", { path: "Toolbar" }),
        inDialog("save_dialog", "Save", { path: "Save As", next_state }),
        inDialog("cancel_dialog", "Cancel", { path: "Save As" }),
      ];
      return [
        step("File", menus, "menu_File", "file_menu_opened"),
        step("Save As…", items, "item_Save As…", "save_dialog_opened"),
        step("Save", save, "save_dialog", "document_saved", "popup", { save_dialog_open: true }),
      ];
    },
    ambiguous() {
      const toolbar = cand("save_toolbar", "Save", { path: "Toolbar" });
      return [
        abstain("Save", [toolbar, inDialog("save_dialog", "Save", { path: "Save As" })], "save_dialog"),
      ];
    },
  },
  {
    name: "local_optimum",
    app: "Consent",
    goal: "Confirm the dialog (the move that finishes the task), not Close (the one that only looks like progress).",
    base(r) {
      const confirm = pick(r, ["Confirm", "Allow", "Agree"]);
      const granted = { overlay_present: true, modal_confirmed: true, consent_granted: true };
      const consent = [
        onOverlay("close", "Close", { next_state: { overlay_present: false, modal_scope: "main" } }),
        onOverlay(confirm, confirm, { next_state: granted }),
        cand(`${confirm}_page`, confirm),
      ];
      const apply = [
        cand("apply", "Apply", { next_state: { consent_granted: true, saved: true } }),
        cand("apply_later", "Apply later"),
      ];
      return [
        step(confirm, consent, confirm, "consent_granted", "popup"),
        step("Apply", apply, "apply", "applied", undefined, { consent_granted: true }),
      ];
    },
    ambiguous() {
      const twins = [onOverlay("confirm_a", "Confirm"), onOverlay("confirm_b", "Confirm")];
      return [abstain("Confirm", [...twins, onOverlay("close", "Close")], "confirm_a", "popup")];
    },
  },
  {
    name: "wrong_directory",
    app: "Save As",
    goal: "Save into the named folder, not the one the dialog opened in.",
    base(r) {
      const folders = some(r, ["Documents", "Downloads", "Desktop", "Reports", "Archive"], 4);
      const target = folders[1 + r.randbelow(3)];
      const tree = each("folder_", folders, (f) => ({
        role: "treeitem",
        where: "dialog",
        path: "Folders",
        next_state: { save_dialog_open: true, location: f },
      }));
      const save = [
        inDialog("save", "Save", { next_state: { saved: true, location: target } }),
        inDialog("cancel", "Cancel"),
        inDialog("new_folder", "New folder"),
      ];
      return [
        step(target, tree, `folder_${target}`, "folder_selected", "popup"),
        step("Save", save, "save", "saved_in_folder", "popup", { location: target }),
      ];
    },
    ambiguous() {
      const tree = (key: string, label: string, path?: string) =>
        inDialog(key, label, { role: "treeitem", ...(path ? { path } : {}) });
      const folders = [
        tree("reports_docs", "Reports", "Documents"),
        tree("reports_archive", "Reports", "Archive"),
      ];
      return [abstain("Reports", [...folders, tree("desktop", "Desktop")], "reports_docs", "popup")];
    },
  },
  {
    name: "blocking_modal",
    app: "Mail",
    goal: "Clear the blocking modal, then act in the main window.",
    base(r) {
      const dismiss = pick(r, ["Dismiss", "Not now", "Later"]);
      const action = pick(r, ["Export", "Archive", "Reply"]);
      const modal = [
        cand(`${action}_blocked`, action, { enabled: false }),
        inDialog("sign_in", "Sign in again"),
        inDialog(dismiss, dismiss, { next_state: { modal_scope: "main", overlay_present: false } }),
      ];
      const actions = each("", ["Export", "Archive", "Reply", "Delete"]);
      return [
        step(dismiss, modal, dismiss, "modal_cleared", "popup"),
        step(action, actions, action, "main_action", undefined, { modal_scope: "main" }),
      ];
    },
    ambiguous() {
      const dismissals = [cand("dismiss_banner", "Dismiss"), inDialog("dismiss_modal", "Dismiss")];
      return [abstain("Dismiss", dismissals, "dismiss_modal")];
    },
  },
  {
    name: "destructive_confirm",
    app: "Files",
    goal: "Delete the item and confirm in the dialog (same label in both places).",
    base(r) {
      const verb = pick(r, ["Delete", "Remove", "Erase"]);
      const ready = { destructive_ready: true, modal_scope: "dialog" };
      const item = [
        cand(`${verb}_item`, verb, { next_state: ready }),
        cand("rename", "Rename"),
        cand(`${verb}_all`, `${verb} all`),
      ];
      const confirm = [
        cand(`${verb}_item`, verb),
        inDialog("cancel", "Cancel"),
        inDialog(`${verb}_confirm`, verb, { next_state: { destructive_ready: false, closed: true } }),
      ];
      return [
        step(verb, item, `${verb}_item`, "confirm_opened", "main"),
        step(verb, confirm, `${verb}_confirm`, "item_deleted", "popup", { destructive_ready: true }),
      ];
    },
    ambiguous() {
      const ready = { destructive_ready: true, modal_scope: "dialog" };
      const item = [cand("delete_item", "Delete", { next_state: ready }), cand("rename", "Rename")];
      const both = [cand("delete_item", "Delete"), inDialog("delete_confirm", "Delete")];
      return [
        step("Delete", item, "delete_item", undefined, "main"),
        abstain("Delete", both, "delete_confirm", undefined, { destructive_ready: true }),
      ];
    },
  },
  {
    name: "tab_detour",
    app: "Project Settings",
    goal: "Detour to another tab for one change, then come back and save.",
    base(r) {
      const tabs = (instruction: string) =>
        tabStrip(["General", "Advanced", "Members", "Billing"], instruction);
      const detour = pick(r, ["Advanced", "Members", "Billing"]);
      const action = pick(r, ["Reset cache", "Invite", "Update card"]);
      const act = [
        cand("act", action, { path: detour, next_state: { tab: detour, instruction_tab: "General" } }),
        cand("close", "Close"),
      ];
      const saved = { saved: true, tab: "General" };
      const save = [cand("save", "Save", { path: "General", next_state: saved }), cand("discard", "Discard")];
      return [
        step(detour, tabs(detour), `tab_${detour}`, "detour_tab"),
        step(action, act, "act", "detour_action", undefined, { tab: detour }),
        step("General", tabs("General"), "tab_General", "back_to_general"),
        step("Save", save, "save", "settings_saved", undefined, { tab: "General" }),
      ];
    },
    ambiguous() {
      const resets = [
        cand("reset_general", "Reset", { path: "General" }),
        cand("reset_advanced", "Reset", { path: "Advanced" }),
      ];
      return [abstain("Reset", [...resets, cand("save", "Save")], "reset_general")];
    },
  },
  {
    name: "accessibility_labels",
    app: "Viewer",
    goal: "Find icon-only buttons by their accessible names.",
    base(r) {
      const icons = [
        { key: "more", label: "⋮", name: "More options" },
        { key: "print", label: "⎙", name: "Print" },
        { key: "share", label: "⤴", name: "Share" },
        { key: "close", label: "✕", name: "Close viewer" },
      ];
      const first = pick(r, icons);
      const second = pick(
        r,
        icons.filter((i) => i !== first),
      );
      const screen = icons.map((i) => cand(i.key, i.label, { accessible_name: i.name }));
      return [
        step(first.name, screen, first.key, `${first.key}_pressed`),
        step(second.name, screen, second.key, `${second.key}_pressed`),
      ];
    },
    ambiguous() {
      const icon = (key: string, label: string, name: string) => cand(key, label, { accessible_name: name });
      const closes = [icon("close_tab", "✕", "Close"), icon("close_panel", "✕", "Close")];
      return [abstain("Close", [...closes, icon("print", "⎙", "Print")], "close_tab")];
    },
  },
];
