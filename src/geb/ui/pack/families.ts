/**
 * The authored pack's families (docs/geb/ui.md "The authored pack"): the README's UI traps,
 * each as base tasks whose every step is solvable from the agent's view, plus an ambiguous
 * companion whose last step names no single candidate (the right move is to abstain).
 * Labels, counts and positions are drawn from the pack's seeded stream.
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

/** `n` same-label buttons in one window plus extra distractors. */
function sameLabel(label: string, n: number, where: CandSpec["where"] = "main"): CandSpec[] {
  return Array.from({ length: n }, (_, k) => ({ key: `${label}_${k + 1}`, label, where }));
}

export const FAMILIES: readonly Family[] = [
  {
    name: "same_label",
    app: "Wizard",
    goal: "Advance the wizard with the right one of several identical buttons.",
    base(r) {
      return [0, 1].map((s): StepSpec => {
        const label = pick(r, ["Next", "Continue", "Save", "Submit"]);
        const n = r.randint(2, 4);
        const g = r.randbelow(n);
        return {
          label,
          byPosition: true,
          candidates: [...sameLabel(label, n), { key: "cancel", label: "Cancel" }],
          gold: `${label}_${g + 1}`,
          event: `page_${s + 2}`,
        };
      });
    },
    ambiguous(r) {
      const label = pick(r, ["Next", "Continue"]);
      return [
        {
          label: "Start",
          candidates: [
            { key: "start", label: "Start" },
            { key: "quit", label: "Quit" },
          ],
          gold: "start",
        },
        {
          label,
          abstain: true,
          candidates: [...sameLabel(label, 2), { key: "cancel", label: "Cancel" }],
          gold: `${label}_1`,
        },
      ];
    },
  },
  {
    name: "popup_overlay",
    app: "News Site",
    goal: "Act on the page, not on the overlay that mimics it (or the reverse when asked).",
    base(r) {
      return [0, 1].map((s): StepSpec => {
        const label = pick(r, ["Continue", "Accept", "OK", "Read more"]);
        const inPopup = r.random() < 0.5;
        return {
          label,
          window: inPopup ? "popup" : "main",
          candidates: [
            { key: `${label}_page`, label },
            { key: `${label}_ad`, label, where: "overlay" },
            { key: "close_ad", label: "Close", where: "overlay", next_state: { overlay_present: false } },
          ],
          gold: inPopup ? `${label}_ad` : `${label}_page`,
          event: `step_${s + 1}`,
        };
      });
    },
    ambiguous(r) {
      const label = pick(r, ["Continue", "Accept"]);
      return [
        {
          label,
          abstain: true,
          candidates: [
            { key: `${label}_page`, label },
            { key: `${label}_ad`, label, where: "overlay" },
          ],
          gold: `${label}_page`,
        },
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
      const tabs = ["General", "Privacy", "Display", "Network"].map(
        (t): CandSpec => ({
          key: `tab_${t}`,
          label: t,
          role: "tab",
          next_state: { tab: t, instruction_tab: tab },
        }),
      );
      return [
        { label: tab, candidates: tabs, gold: `tab_${tab}`, event: "tab_selected" },
        {
          label: option,
          requires_state: { tab },
          candidates: ["Send usage data", "Auto-update", "Dark mode", "Use proxy"].map((o) => ({
            key: `opt_${o}`,
            label: o,
            role: "checkbox",
            path: tab,
            next_state: { tab, instruction_tab: tab },
          })),
          gold: `opt_${option}`,
          event: "option_toggled",
        },
        {
          label: "Apply",
          candidates: [
            { key: "apply_disabled", label: "Apply", enabled: false },
            { key: "ok", label: "OK" },
            { key: "apply", label: "Apply", next_state: { saved: true, tab, instruction_tab: tab } },
            { key: "cancel", label: "Cancel" },
          ],
          gold: "apply",
          event: "settings_applied",
        },
      ];
    },
    ambiguous() {
      return [
        {
          label: "Enable",
          abstain: true,
          candidates: [
            { key: "enable_sync", label: "Enable", role: "checkbox", path: "Sync" },
            { key: "enable_backup", label: "Enable", role: "checkbox", path: "Backup" },
            { key: "apply", label: "Apply" },
          ],
          gold: "enable_sync",
        },
      ];
    },
  },
  {
    name: "form",
    app: "Signup Form",
    goal: "Fill the right field and submit the form.",
    base(r) {
      const field = pick(r, ["Email", "Name", "Phone"]);
      return [
        {
          label: field,
          candidates: ["Name", "Email", "Phone", "Company"].map((f) => ({
            key: `field_${f}`,
            label: f,
            role: "textbox",
          })),
          gold: `field_${field}`,
          event: "field_focused",
        },
        {
          label: "Submit",
          candidates: [
            { key: "submit_greyed", label: "Submit", aria_disabled: true },
            { key: "reset", label: "Reset" },
            { key: "submit", label: "Submit", next_state: { saved: true } },
          ],
          gold: "submit",
          event: "form_submitted",
        },
      ];
    },
    ambiguous() {
      return [
        {
          label: "Email",
          candidates: ["Name", "Email"].map((f) => ({ key: `field_${f}`, label: f, role: "textbox" })),
          gold: "field_Email",
        },
        {
          label: "Submit",
          abstain: true,
          candidates: [
            { key: "submit_top", label: "Submit" },
            { key: "reset", label: "Reset" },
            { key: "submit_bottom", label: "Submit" },
          ],
          gold: "submit_top",
        },
      ];
    },
  },
  {
    name: "table",
    app: "Invoices",
    goal: "Edit one invoice of a table whose rows all have an Edit button.",
    base(r) {
      const ids = some(r, [1041, 1042, 1043, 1044, 1045, 1046], r.randint(3, 5)).sort();
      const target = pick(r, ids);
      return [
        {
          label: `Edit invoice ${target}`,
          candidates: ids.map((n) => ({
            key: `edit_${n}`,
            label: "Edit",
            accessible_name: `Edit invoice ${n}`,
          })),
          gold: `edit_${target}`,
          event: "row_edit_opened",
        },
        {
          label: "Save",
          window: "popup",
          candidates: [
            { key: "save_page", label: "Save" },
            {
              key: "save_dialog",
              label: "Save",
              where: "dialog",
              path: "Edit invoice",
              next_state: { saved: true },
            },
            { key: "cancel_dialog", label: "Cancel", where: "dialog", path: "Edit invoice" },
          ],
          gold: "save_dialog",
          event: "row_saved",
        },
      ];
    },
    ambiguous(r) {
      const ids = some(r, [1041, 1042, 1043, 1044], 3).sort();
      return [
        {
          label: "Edit",
          abstain: true,
          candidates: ids.map((n) => ({
            key: `edit_${n}`,
            label: "Edit",
            accessible_name: `Edit invoice ${n}`,
          })),
          gold: `edit_${ids[0]}`,
        },
      ];
    },
  },
  {
    name: "traps",
    app: "Downloads",
    goal: "Use the real download button, not the ad, the hidden copy or the look-alike.",
    base(r) {
      const label = pick(r, ["Download", "Install", "Get"]);
      return [
        {
          label,
          window: "main",
          candidates: [
            { key: `${label}_hidden`, label, visible: false },
            { key: `${label}_real`, label, next_state: { saved: true } },
            { key: `${label}_now`, label: `${label} now` },
            { key: `${label}_ad`, label, where: "overlay" },
          ],
          gold: `${label}_real`,
          event: "download_started",
        },
        {
          label: "Open file",
          candidates: [
            { key: "open", label: "Open file" },
            { key: "open_folder", label: "Open folder" },
            { key: "open_ad", label: "Open file", where: "overlay", visible: false },
          ],
          gold: "open",
          event: "file_opened",
        },
      ];
    },
    ambiguous(r) {
      const label = pick(r, ["Download", "Install"]);
      return [
        {
          label,
          abstain: true,
          candidates: [
            { key: `${label}_a`, label },
            { key: `${label}_b`, label },
            { key: `${label}_ad`, label, where: "overlay" },
          ],
          gold: `${label}_a`,
        },
      ];
    },
  },
  {
    name: "dependency",
    app: "Checkout",
    goal: "Accept the terms first; only then does Continue become available.",
    base(r) {
      const next = pick(r, ["Continue", "Place order", "Pay now"]);
      return [
        {
          label: "I accept the terms",
          candidates: [
            {
              key: "terms",
              label: "I accept the terms",
              role: "checkbox",
              next_state: { consent_granted: true },
            },
            { key: `${next}_locked`, label: next, enabled: false },
            { key: "decline", label: "Decline" },
          ],
          gold: "terms",
          event: "terms_accepted",
        },
        {
          label: next,
          requires_state: { consent_granted: true },
          candidates: [
            { key: "back", label: "Back" },
            { key: next, label: next, next_state: { consent_granted: true, saved: true } },
            { key: "decline", label: "Decline" },
          ],
          gold: next,
          event: "order_placed",
        },
      ];
    },
    ambiguous() {
      return [
        {
          label: "I accept the terms",
          candidates: [
            {
              key: "terms",
              label: "I accept the terms",
              role: "checkbox",
              next_state: { consent_granted: true },
            },
            { key: "decline", label: "Decline" },
          ],
          gold: "terms",
        },
        {
          label: "Continue",
          abstain: true,
          requires_state: { consent_granted: true },
          candidates: [
            { key: "continue_page", label: "Continue" },
            { key: "continue_dialog", label: "Continue", where: "dialog" },
          ],
          gold: "continue_page",
        },
      ];
    },
  },
  {
    name: "save_flow",
    app: "Editor",
    goal: "Save the document through File > Save As and its dialog.",
    base(r) {
      const menus = some(r, ["File", "Edit", "View", "Help"], 4);
      const dialogSave: CandSpec = {
        key: "save_dialog",
        label: "Save",
        where: "dialog",
        path: "Save As",
        next_state: { saved: true, save_dialog_open: false },
      };
      return [
        {
          label: "File",
          candidates: menus.map((m) => ({ key: `menu_${m}`, label: m, role: "menuitem" })),
          gold: "menu_File",
          event: "file_menu_opened",
        },
        {
          label: "Save As…",
          candidates: ["Save", "Save As…", "Save All"].map((m) => ({
            key: `item_${m}`,
            label: m,
            role: "menuitem",
            path: "File",
            ...(m === "Save As…" ? { next_state: { save_dialog_open: true } } : {}),
          })),
          gold: "item_Save As…",
          event: "save_dialog_opened",
        },
        {
          label: "Save",
          window: "popup",
          requires_state: { save_dialog_open: true },
          candidates: [
            { key: "save_toolbar", label: "Save", path: "Toolbar" },
            dialogSave,
            { key: "cancel_dialog", label: "Cancel", where: "dialog", path: "Save As" },
          ],
          gold: "save_dialog",
          event: "document_saved",
        },
      ];
    },
    ambiguous() {
      return [
        {
          label: "Save",
          abstain: true,
          candidates: [
            { key: "save_toolbar", label: "Save", path: "Toolbar" },
            { key: "save_dialog", label: "Save", where: "dialog", path: "Save As" },
          ],
          gold: "save_dialog",
        },
      ];
    },
  },
  {
    name: "local_optimum",
    app: "Consent",
    goal: "Confirm the dialog (the move that finishes the task), not Close (the one that only looks like progress).",
    base(r) {
      const confirm = pick(r, ["Confirm", "Allow", "Agree"]);
      return [
        {
          label: confirm,
          window: "popup",
          candidates: [
            {
              key: "close",
              label: "Close",
              where: "overlay",
              next_state: { overlay_present: false, modal_scope: "main" },
            },
            {
              key: confirm,
              label: confirm,
              where: "overlay",
              next_state: { overlay_present: true, modal_confirmed: true, consent_granted: true },
            },
            { key: `${confirm}_page`, label: confirm },
          ],
          gold: confirm,
          event: "consent_granted",
        },
        {
          label: "Apply",
          requires_state: { consent_granted: true },
          candidates: [
            { key: "apply", label: "Apply", next_state: { consent_granted: true, saved: true } },
            { key: "apply_later", label: "Apply later" },
          ],
          gold: "apply",
          event: "applied",
        },
      ];
    },
    ambiguous() {
      return [
        {
          label: "Confirm",
          window: "popup",
          abstain: true,
          candidates: [
            { key: "confirm_a", label: "Confirm", where: "overlay" },
            { key: "confirm_b", label: "Confirm", where: "overlay" },
            { key: "close", label: "Close", where: "overlay" },
          ],
          gold: "confirm_a",
        },
      ];
    },
  },
  {
    name: "wrong_directory",
    app: "Save As",
    goal: "Save into the named folder, not the one the dialog opened in.",
    base(r) {
      const folders = some(r, ["Documents", "Downloads", "Desktop", "Reports", "Archive"], 4);
      const target = folders[1 + r.randbelow(3)];
      return [
        {
          label: target,
          window: "popup",
          candidates: folders.map((f) => ({
            key: `folder_${f}`,
            label: f,
            role: "treeitem",
            where: "dialog",
            path: "Folders",
            next_state: { save_dialog_open: true, location: f },
          })),
          gold: `folder_${target}`,
          event: "folder_selected",
        },
        {
          label: "Save",
          window: "popup",
          requires_state: { location: target },
          candidates: [
            { key: "save", label: "Save", where: "dialog", next_state: { saved: true, location: target } },
            { key: "cancel", label: "Cancel", where: "dialog" },
            { key: "new_folder", label: "New folder", where: "dialog" },
          ],
          gold: "save",
          event: "saved_in_folder",
        },
      ];
    },
    ambiguous() {
      return [
        {
          label: "Reports",
          window: "popup",
          abstain: true,
          candidates: [
            { key: "reports_docs", label: "Reports", role: "treeitem", where: "dialog", path: "Documents" },
            { key: "reports_archive", label: "Reports", role: "treeitem", where: "dialog", path: "Archive" },
            { key: "desktop", label: "Desktop", role: "treeitem", where: "dialog" },
          ],
          gold: "reports_docs",
        },
      ];
    },
  },
  {
    name: "blocking_modal",
    app: "Mail",
    goal: "Clear the blocking modal, then act in the main window.",
    base(r) {
      const dismiss = pick(r, ["Dismiss", "Not now", "Later"]);
      const action = pick(r, ["Export", "Archive", "Reply"]);
      return [
        {
          label: dismiss,
          window: "popup",
          candidates: [
            { key: `${action}_blocked`, label: action, enabled: false },
            { key: "sign_in", label: "Sign in again", where: "dialog" },
            {
              key: dismiss,
              label: dismiss,
              where: "dialog",
              next_state: { modal_scope: "main", overlay_present: false },
            },
          ],
          gold: dismiss,
          event: "modal_cleared",
        },
        {
          label: action,
          requires_state: { modal_scope: "main" },
          candidates: ["Export", "Archive", "Reply", "Delete"].map((a) => ({ key: a, label: a })),
          gold: action,
          event: "main_action",
        },
      ];
    },
    ambiguous() {
      return [
        {
          label: "Dismiss",
          abstain: true,
          candidates: [
            { key: "dismiss_banner", label: "Dismiss" },
            { key: "dismiss_modal", label: "Dismiss", where: "dialog" },
          ],
          gold: "dismiss_modal",
        },
      ];
    },
  },
  {
    name: "destructive_confirm",
    app: "Files",
    goal: "Delete the item and confirm in the dialog (same label in both places).",
    base(r) {
      const verb = pick(r, ["Delete", "Remove", "Erase"]);
      return [
        {
          label: verb,
          window: "main",
          candidates: [
            {
              key: `${verb}_item`,
              label: verb,
              next_state: { destructive_ready: true, modal_scope: "dialog" },
            },
            { key: "rename", label: "Rename" },
            { key: `${verb}_all`, label: `${verb} all` },
          ],
          gold: `${verb}_item`,
          event: "confirm_opened",
        },
        {
          label: verb,
          window: "popup",
          requires_state: { destructive_ready: true },
          candidates: [
            { key: `${verb}_item`, label: verb },
            { key: "cancel", label: "Cancel", where: "dialog" },
            {
              key: `${verb}_confirm`,
              label: verb,
              where: "dialog",
              next_state: { destructive_ready: false, closed: true },
            },
          ],
          gold: `${verb}_confirm`,
          event: "item_deleted",
        },
      ];
    },
    ambiguous() {
      return [
        {
          label: "Delete",
          window: "main",
          candidates: [
            {
              key: "delete_item",
              label: "Delete",
              next_state: { destructive_ready: true, modal_scope: "dialog" },
            },
            { key: "rename", label: "Rename" },
          ],
          gold: "delete_item",
        },
        {
          label: "Delete",
          abstain: true,
          requires_state: { destructive_ready: true },
          candidates: [
            { key: "delete_item", label: "Delete" },
            { key: "delete_confirm", label: "Delete", where: "dialog" },
          ],
          gold: "delete_confirm",
        },
      ];
    },
  },
  {
    name: "tab_detour",
    app: "Project Settings",
    goal: "Detour to another tab for one change, then come back and save.",
    base(r) {
      const detour = pick(r, ["Advanced", "Members", "Billing"]);
      const action = pick(r, ["Reset cache", "Invite", "Update card"]);
      const tabs = (instr: string) =>
        ["General", "Advanced", "Members", "Billing"].map(
          (t): CandSpec => ({
            key: `tab_${t}`,
            label: t,
            role: "tab",
            next_state: { tab: t, instruction_tab: instr },
          }),
        );
      return [
        { label: detour, candidates: tabs(detour), gold: `tab_${detour}`, event: "detour_tab" },
        {
          label: action,
          requires_state: { tab: detour },
          candidates: [
            {
              key: "act",
              label: action,
              path: detour,
              next_state: { tab: detour, instruction_tab: "General" },
            },
            { key: "close", label: "Close" },
          ],
          gold: "act",
          event: "detour_action",
        },
        { label: "General", candidates: tabs("General"), gold: "tab_General", event: "back_to_general" },
        {
          label: "Save",
          requires_state: { tab: "General" },
          candidates: [
            { key: "save", label: "Save", path: "General", next_state: { saved: true, tab: "General" } },
            { key: "discard", label: "Discard" },
          ],
          gold: "save",
          event: "settings_saved",
        },
      ];
    },
    ambiguous() {
      return [
        {
          label: "Reset",
          abstain: true,
          candidates: [
            { key: "reset_general", label: "Reset", path: "General" },
            { key: "reset_advanced", label: "Reset", path: "Advanced" },
            { key: "save", label: "Save" },
          ],
          gold: "reset_general",
        },
      ];
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
      const cands = icons.map((i): CandSpec => ({ key: i.key, label: i.label, accessible_name: i.name }));
      return [
        { label: first.name, candidates: cands, gold: first.key, event: `${first.key}_pressed` },
        { label: second.name, candidates: cands, gold: second.key, event: `${second.key}_pressed` },
      ];
    },
    ambiguous() {
      return [
        {
          label: "Close",
          abstain: true,
          candidates: [
            { key: "close_tab", label: "✕", accessible_name: "Close" },
            { key: "close_panel", label: "✕", accessible_name: "Close" },
            { key: "print", label: "⎙", accessible_name: "Print" },
          ],
          gold: "close_tab",
        },
      ];
    },
  },
];
