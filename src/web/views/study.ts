/// <reference lib="dom" />
/**
 * Study mode (`gf01 serve --study <pack>`; link `/#/study/<participant-id>`): the consent text
 * first (nothing is played or recorded before "I agree"), then the pack's games one at a time in
 * pack order, then the feedback form (the P0 template's questions, Likert 1–5). The server keeps
 * the progress (which study instances this participant finished), so a reload resumes.
 */
import { type ComponentChildren, h } from "preact";
import { useEffect, useState } from "preact/hooks";
import { api, type StudyConfig, type StudyStatus, studyApi } from "../api.js";

const PID = /^[A-Za-z0-9_-]{1,32}$/;
/** The study this tab is in: the end screen offers "Continue the study" (result.ts). */
export const STUDY_TAB_KEY = "gf01.study";

export function StudyPage(props: { pid: string; go: (hash: string) => void }) {
  const pid = props.pid;
  const [cfg, setCfg] = useState<StudyConfig | null>(null);
  const [st, setSt] = useState<StudyStatus | null>(null);
  const [err, setErr] = useState("");
  const [declined, setDeclined] = useState(false);
  const [busy, setBusy] = useState(false);
  const ok = PID.test(pid);
  useEffect(() => {
    if (!ok) return;
    Promise.all([studyApi.config(), studyApi.status(pid)])
      .then(([c, s]) => {
        setCfg(c);
        setSt(s);
      })
      .catch((e: Error) =>
        setErr((e as { status?: number }).status === 404 ? "This server is not running a study." : e.message),
      );
  }, [pid, ok]);

  const run = async (f: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setErr("");
    try {
      await f();
    } catch (e) {
      setErr((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const page = (...children: ComponentChildren[]) =>
    h("main", { class: "page study", "data-testid": "study" }, h("h1", null, "GF-01 study"), ...children);
  const alert = err ? h("p", { class: "error", role: "alert", "data-testid": "study-error" }, err) : null;

  if (!ok)
    return page(
      h(
        "p",
        { class: "error", role: "alert" },
        "This study link has no valid participant id (letters, digits, - and _ only, at most 32). Ask the organiser for your link.",
      ),
    );
  if (!cfg || !st) return page(alert ?? h("p", null, "Loading…"));
  if (declined)
    return page(
      h(
        "p",
        { "data-testid": "study-declined" },
        "Thank you. You did not agree, so nothing was played and nothing was recorded. You can close this page.",
      ),
    );

  if (!st.consented)
    return page(
      h("h2", null, "Before you start"),
      h(
        "section",
        { class: "consent", "data-testid": "study-consent" },
        cfg.consent_text.split(/\n\s*\n/).map((p, i) => h("p", { key: i }, p)),
      ),
      h("p", null, "Participant id: ", h("code", null, pid)),
      alert,
      h(
        "p",
        { class: "buttons" },
        h(
          "button",
          {
            type: "button",
            class: "primary",
            disabled: busy,
            "data-testid": "study-consent-accept",
            onClick: () => run(async () => setSt(await studyApi.consent(pid, cfg.consent_sha256))),
          },
          "I agree",
        ),
        h(
          "button",
          { type: "button", "data-testid": "study-consent-decline", onClick: () => setDeclined(true) },
          "I do not agree",
        ),
      ),
    );

  if (!st.complete) {
    const i = st.next_index ?? 0;
    const game = cfg.games[i];
    const start = () =>
      run(async () => {
        const s = await api.create(cfg.bundle, {
          instance_id: game.instance_id,
          protocol: "commit_only",
          agent_name: "human-web",
          player_id: pid,
        });
        sessionStorage.setItem(STUDY_TAB_KEY, pid);
        props.go(`#/play/${encodeURIComponent(cfg.bundle)}/${encodeURIComponent(s.session_id)}`);
      });
    return page(
      h(
        "p",
        { "data-testid": "study-progress", "data-next": String(i) },
        `Game ${st.played.length + 1} of ${cfg.games.length}.`,
      ),
      h(
        "p",
        { class: "lead" },
        "A hidden machine reads a row of inputs each step and lights some outputs. The goal panel says which output must read 1 and when. Change as few inputs as you can to make it happen; you have one scored run per game.",
      ),
      alert,
      h(
        "p",
        { class: "buttons" },
        h(
          "button",
          { type: "button", class: "primary", disabled: busy, "data-testid": "study-start", onClick: start },
          `Start game ${st.played.length + 1}`,
        ),
      ),
    );
  }

  if (st.feedback_submitted)
    return page(
      h(
        "p",
        { "data-testid": "study-done" },
        "Thank you — your games and your answers are recorded. You can close this page.",
      ),
    );

  return page(
    h(FeedbackForm, {
      cfg,
      pid,
      busy,
      alert,
      submit: (f) => run(async () => setSt(await studyApi.feedback(pid, f))),
    }),
  );
}

function FeedbackForm(p: {
  cfg: StudyConfig;
  pid: string;
  busy: boolean;
  alert: ComponentChildren;
  submit: (f: Record<string, number | string>) => void;
}) {
  const [scores, setScores] = useState<Record<string, number>>({});
  const [blockers, setBlockers] = useState("0");
  const [notes, setNotes] = useState("");
  const missing = p.cfg.likert.filter((q) => scores[q.field] === undefined);
  const blockersOk = /^\d+$/.test(blockers.trim()) && Number(blockers) <= p.cfg.max_blockers;
  const ready = !missing.length && blockersOk;
  const onSubmit = (e: Event) => {
    e.preventDefault();
    if (!ready || p.busy) return;
    p.submit({ ...scores, must_fix_blockers: Number(blockers), notes });
  };
  return h(
    "form",
    { class: "feedback", "data-testid": "study-feedback", onSubmit },
    h("h2", null, "Your feedback"),
    h("p", null, "All games are done. Six short questions (1 = the left label, 5 = the right label)."),
    p.cfg.likert.map((q) =>
      h(
        "fieldset",
        { key: q.field, class: "likert" },
        h("legend", null, q.question),
        h("span", { class: "likert-end" }, q.low),
        [1, 2, 3, 4, 5].map((v) =>
          h(
            "label",
            { key: v },
            h("input", {
              type: "radio",
              name: q.field,
              value: String(v),
              checked: scores[q.field] === v,
              "data-testid": `likert-${q.field}-${v}`,
              onChange: () => setScores({ ...scores, [q.field]: v }),
            }),
            ` ${v}`,
          ),
        ),
        h("span", { class: "likert-end" }, q.high),
      ),
    ),
    h(
      "label",
      null,
      "Problems that must be fixed before a wider study (0 if none) ",
      h("input", {
        type: "number",
        min: 0,
        max: p.cfg.max_blockers,
        value: blockers,
        "aria-invalid": !blockersOk,
        "data-testid": "study-blockers",
        onInput: (e: Event) => setBlockers((e.target as HTMLInputElement).value),
      }),
    ),
    h(
      "label",
      { class: "notes" },
      "Notes (optional; no names or e-mail addresses) ",
      h("textarea", {
        rows: 4,
        maxLength: p.cfg.max_notes_chars,
        value: notes,
        "data-testid": "study-notes",
        onInput: (e: Event) => setNotes((e.target as HTMLTextAreaElement).value),
      }),
    ),
    p.alert,
    h(
      "p",
      { class: "buttons" },
      h(
        "button",
        { type: "submit", class: "primary", disabled: !ready || p.busy, "data-testid": "study-submit" },
        "Submit feedback",
      ),
      missing.length ? h("span", { class: "hint" }, ` ${missing.length} question(s) unanswered`) : null,
    ),
  );
}
