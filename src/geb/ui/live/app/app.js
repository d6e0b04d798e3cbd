// The geb ui live app: five scenes (docs, split, form, table, settings), each rendered from one
// state object. No framework, no network. The harness reads window.__appState() (a copy); the
// agent never sees it, only the interactive elements (docs/geb/ui.md "Live app").
(() => {
  const FILES = ["report-q1.txt", "report-q2.txt", "report-q3.txt", "notes.txt"];
  const FOLDERS = ["Documents", "Desktop", "Reports", "Archive"];
  let scene;
  let state;
  // The start state of a task, from its query (scene=…&promo=1&consent=1).
  function start(search) {
    const params = new URLSearchParams(search);
    scene = params.get("scene") || "docs";
    state = {
      scene,
      dialog: null,
      docs: {
        name: "notes.txt",
        folder: "Documents",
        dirty: true,
        saved: false,
        closed: false,
        promo_opened: false,
      },
      save_as: { folder: "Documents" },
      split: { left_saved: false, right_saved: false },
      consent: null,
      form: { plan: null, terms: false, newsletter: false, submitted: false, error: null },
      table: { files: FILES.slice(), opened: null, pending_delete: null, deleted: [] },
      settings: {
        tab: "general",
        theme: "light",
        share_usage: true,
        email_alerts: false,
        applied: { theme: "light", share_usage: true, email_alerts: false },
        exported: null,
      },
    };
    if (params.get("promo") === "1") state.dialog = "promo";
    if (params.get("consent") === "1") state.dialog = "consent";
  }

  const root = document.getElementById("root");
  const h = (tag, attrs, ...kids) => {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "on") el.addEventListener("click", v);
      else if (v === true) el.setAttribute(k, "");
      else if (v !== false && v !== null && v !== undefined) el.setAttribute(k, String(v));
    }
    for (const kid of kids) if (kid !== null && kid !== undefined) el.append(kid);
    return el;
  };
  const act = (fn) => () => {
    fn();
    render();
  };
  const btn = (id, text, fn, extra) =>
    h("button", { id, type: "button", on: act(fn), ...(extra || {}) }, text);
  const check = (id, text, checked, fn, type) => {
    const input = h("input", { id, type: type || "checkbox", checked, on: act(fn) });
    input.checked = checked;
    return h("label", { for: id }, input, ` ${text}`);
  };
  // A dialog button that does its part (if any) and then closes the dialog, as all but
  // "Learn more" do.
  const closeBtn = (id, text, fn) =>
    btn(id, text, () => {
      if (fn) fn();
      state.dialog = null;
    });
  // A dialog's row of buttons.
  const actions = (...buttons) => h("div", { class: "actions" }, ...buttons);
  // A modal: a backdrop that catches clicks (so main-window buttons are covered) and the box.
  const modal = (scope, title, cls, ...kids) => [
    h("div", { class: `backdrop ${cls || ""}` }),
    h(
      "div",
      {
        class: `dialog ${cls || ""}`,
        role: "dialog",
        "aria-modal": "true",
        "aria-label": title,
        "data-scope": scope,
      },
      h("h2", {}, title),
      ...kids,
    ),
  ];

  const scenes = {
    docs() {
      const d = state.docs;
      if (d.closed) return [h("h1", {}, "Editor"), h("p", { class: "status" }, `Closed ${d.name}.`)];
      const out = [
        h("h1", {}, "Editor"),
        h(
          "div",
          { class: "toolbar", role: "toolbar", "aria-label": "File" },
          btn("tb-save", "Save", () => Object.assign(d, { saved: true, dirty: false })),
          btn("tb-saveas", "Save As…", () => {
            state.dialog = "save_as";
            state.save_as.folder = d.folder;
          }),
          btn("tb-close", "Close", () => {
            if (d.dirty) state.dialog = "unsaved";
            else d.closed = true;
          }),
        ),
        h(
          "div",
          { class: "doc" },
          `${d.folder}/${d.name}${d.dirty ? " (unsaved changes)" : ""}\n\nMeeting notes…`,
        ),
      ];
      if (state.dialog === "promo")
        out.push(
          ...modal(
            "promo",
            "What's new",
            "",
            h("p", {}, "The editor has a new look."),
            actions(
              btn("promo-learn", "Learn more", () => {
                d.promo_opened = true;
              }),
              closeBtn("promo-close", "Close"),
            ),
          ),
        );
      if (state.dialog === "unsaved")
        out.push(
          ...modal(
            "unsaved_prompt",
            "Unsaved changes",
            "",
            h("p", {}, `Save changes to ${d.name} before closing?`),
            actions(
              closeBtn("unsaved-save", "Save", () => {
                Object.assign(d, { saved: true, dirty: false, closed: true });
              }),
              closeBtn("unsaved-discard", "Don't save", () => {
                d.closed = true;
              }),
              closeBtn("unsaved-cancel", "Cancel"),
            ),
          ),
        );
      if (state.dialog === "save_as")
        out.push(
          ...modal(
            "save_as",
            "Save as",
            "",
            h("p", {}, `File name: ${d.name}`),
            h(
              "div",
              { class: "folders", role: "group", "aria-label": "Folder" },
              ...FOLDERS.map((f) =>
                btn(
                  `folder-${f.toLowerCase()}`,
                  f,
                  () => {
                    state.save_as.folder = f;
                  },
                  { "aria-pressed": String(state.save_as.folder === f) },
                ),
              ),
            ),
            actions(
              closeBtn("saveas-save", "Save", () => {
                Object.assign(d, { folder: state.save_as.folder, saved: true, dirty: false });
              }),
              closeBtn("saveas-cancel", "Cancel"),
            ),
          ),
        );
      return out;
    },
    split() {
      const s = state.split;
      const pane = (side, name) =>
        h(
          "div",
          { style: "flex:1", role: "region", "aria-label": name },
          h(
            "div",
            { class: "toolbar" },
            btn(`save-${side}`, "Save", () => (s[`${side}_saved`] = true)),
          ),
          h("div", { class: "doc" }, `${name}${s[`${side}_saved`] ? "" : " (unsaved changes)"}`),
        );
      return [
        h("h1", {}, "Compare"),
        h(
          "div",
          { style: "display:flex;gap:12px" },
          pane("left", "draft-a.txt"),
          pane("right", "draft-b.txt"),
        ),
      ];
    },
    form() {
      const f = state.form;
      const out = [
        h("h1", {}, "Sign up"),
        h(
          "fieldset",
          {},
          h("legend", {}, "Plan"),
          check("plan-basic", "Basic", f.plan === "basic", () => (f.plan = "basic"), "radio"),
          check("plan-pro", "Pro", f.plan === "pro", () => (f.plan = "pro"), "radio"),
        ),
        check("terms", "I accept the terms", f.terms, () => (f.terms = !f.terms)),
        check("newsletter", "Send me the newsletter", f.newsletter, () => (f.newsletter = !f.newsletter)),
        f.error
          ? h(
              "p",
              { class: "error", role: "alert" },
              f.error === "plan_required" ? "Choose a plan." : "Accept the terms to continue.",
            )
          : null,
        f.submitted ? h("p", { class: "status" }, "Thanks for signing up.") : null,
        h(
          "div",
          { class: "actions", style: "justify-content:flex-start" },
          btn("submit", "Submit", () => {
            f.error = f.plan === null ? "plan_required" : f.terms ? null : "terms_required";
            f.submitted = f.error === null;
          }),
          btn("reset", "Reset", () =>
            Object.assign(f, { plan: null, terms: false, newsletter: false, error: null }),
          ),
        ),
      ];
      if (state.dialog === "consent")
        out.push(
          ...modal(
            "consent",
            "Cookies",
            "consent",
            h("p", {}, "We use cookies to measure traffic."),
            actions(
              closeBtn("consent-accept", "Accept all", () => {
                state.consent = "accepted";
              }),
              closeBtn("consent-reject", "Reject all", () => {
                state.consent = "rejected";
              }),
            ),
          ),
        );
      return out;
    },
    table() {
      const t = state.table;
      const out = [
        h("h1", {}, "Files"),
        h(
          "table",
          {},
          h("tr", {}, h("th", {}, "Name"), h("th", {}, "Actions")),
          ...t.files.map((name, i) =>
            h(
              "tr",
              {},
              h("td", {}, name),
              h(
                "td",
                {},
                btn(`open-${i}`, "Open", () => (t.opened = name), { "aria-label": `Open ${name}` }),
                btn(
                  `delete-${i}`,
                  "Delete",
                  () => {
                    t.pending_delete = name;
                    state.dialog = "confirm_delete";
                  },
                  { "aria-label": `Delete ${name}` },
                ),
              ),
            ),
          ),
        ),
        t.opened ? h("p", { class: "status" }, `Opened ${t.opened}.`) : null,
      ];
      if (state.dialog === "confirm_delete")
        out.push(
          ...modal(
            "confirm_delete",
            "Delete file",
            "",
            h("p", {}, `Delete ${t.pending_delete} permanently?`),
            actions(
              closeBtn("confirm-cancel", "Cancel", () => {
                t.pending_delete = null;
              }),
              closeBtn("confirm-delete", "Delete", () => {
                t.files = t.files.filter((n) => n !== t.pending_delete);
                t.deleted.push(t.pending_delete);
                t.pending_delete = null;
              }),
            ),
          ),
        );
      return out;
    },
    settings() {
      const s = state.settings;
      const tab = (id, text) =>
        btn(`tab-${id}`, text, () => (s.tab = id), {
          role: "tab",
          "aria-selected": String(s.tab === id),
          "aria-controls": `panel-${id}`,
        });
      const panel = (id, ...kids) =>
        h("div", { id: `panel-${id}`, role: "tabpanel", "aria-label": id, hidden: s.tab !== id }, ...kids);
      const apply = (id) =>
        btn(`apply-${id}`, "Apply", () => {
          s.applied = { theme: s.theme, share_usage: s.share_usage, email_alerts: s.email_alerts };
        });
      return [
        h("h1", {}, "Settings"),
        h(
          "div",
          { role: "tablist" },
          tab("general", "General"),
          tab("privacy", "Privacy"),
          tab("notifications", "Notifications"),
        ),
        panel(
          "general",
          check("theme-light", "Light", s.theme === "light", () => (s.theme = "light"), "radio"),
          check("theme-dark", "Dark", s.theme === "dark", () => (s.theme = "dark"), "radio"),
          h("p", {}, "Export your data:"),
          h(
            "div",
            {},
            btn("export-csv", "Export", () => (s.exported = "csv"), { title: "CSV" }),
            btn("export-json", "Export", () => (s.exported = "json"), { title: "JSON" }),
          ),
          apply("general"),
        ),
        panel(
          "privacy",
          check("share-usage", "Share usage data", s.share_usage, () => (s.share_usage = !s.share_usage)),
          apply("privacy"),
        ),
        panel(
          "notifications",
          check("email-alerts", "Email alerts", s.email_alerts, () => (s.email_alerts = !s.email_alerts)),
          apply("notifications"),
        ),
      ];
    },
  };

  function render() {
    root.replaceChildren(...(scenes[scene] || scenes.docs)().filter((x) => x !== null));
  }
  // The harness's hooks (never given to an agent): read the state; restart in a task's start
  // state without a page load (same result as loading ?<query>, cheaper).
  window.__appState = () => JSON.parse(JSON.stringify(state));
  window.__appStart = (search) => {
    start(search);
    render();
  };
  start(location.search);
  render();
})();
