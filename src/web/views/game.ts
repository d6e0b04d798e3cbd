/// <reference lib="dom" />
/**
 * The play screen: goal panel, the board (R1 side-scroller or R2 puzzle, switchable), the
 * action bar for the current step, feedback on what the last step changed, exploration
 * controls when the protocol allows them, and the end screen. Every decision is a request to
 * the server, which holds the hidden state; the client only keeps what it was shown.
 */
import { h } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, api, type SessionView } from "../api.js";
import {
  boardModel,
  budgetText,
  cycle,
  type Draft,
  goalSentence,
  modeMeaning,
  type Observation,
  stepFeedback,
} from "../model.js";
import { R1Board } from "./r1.js";
import { R2Board } from "./r2.js";
import { EndPanel } from "./result.js";

export type ViewKind = "R1" | "R2";

interface PastRollout {
  episode: number;
  obs: Observation;
}

export function Game(props: { bundle: string; sid: string }) {
  // Rendered state mirrors refs that hold the latest values: keys and clicks are queued and
  // handled in order against the refs, so fast typing ("1", Enter, "0", Enter …) never acts
  // on a stale draft or races a request in flight.
  const [view, setViewState] = useState<SessionView | null>(null);
  const [draft, setDraftState] = useState<Draft>({});
  const [sel, setSelState] = useState(0);
  const [confirm, setConfirmState] = useState(false);
  const [feedback, setFeedback] = useState<string[]>([]);
  const [message, setMessage] = useState<string>("");
  const [kind, setKind] = useState<ViewKind>(() =>
    localStorage.getItem("gf01.view") === "R2" ? "R2" : "R1",
  );
  const [past, setPast] = useState<PastRollout[]>([]);
  const [flash, setFlash] = useState<number | null>(null);
  const ref = useRef({ view: null as SessionView | null, draft: {} as Draft, sel: 0, confirm: false });
  const queue = useRef<Promise<void>>(Promise.resolve());
  const rootRef = useRef<HTMLElement>(null);

  // A setter that updates the ref at once (for the queued handlers) and the rendered state.
  type Latest = typeof ref.current;
  const mirrored =
    <K extends keyof Latest>(key: K, setState: (v: Latest[K]) => void) =>
    (v: NonNullable<Latest[K]>) => {
      ref.current[key] = v;
      setState(v);
    };
  const setView = mirrored("view", setViewState);
  const setDraft = mirrored("draft", setDraftState);
  const setSel = mirrored("sel", setSelState);
  const setConfirm = mirrored("confirm", setConfirmState);
  const enqueue = (fn: () => void | Promise<void>) => {
    queue.current = queue.current.then(fn).catch((e: Error) => setMessage(e.message));
  };

  useEffect(() => {
    api
      .get(props.bundle, props.sid)
      .then(setView)
      .catch(async (e: Error) => {
        // Gone from memory (a restart) but recorded: show its result page rather than an error.
        if (e instanceof ApiError && e.code === "unknown_session") {
          const done = await api.result(props.sid).catch(() => undefined);
          if (done) {
            location.hash = `#/results/${encodeURIComponent(props.sid)}`;
            return;
          }
        }
        setMessage(e.message);
      });
  }, [props.bundle, props.sid]);

  useEffect(() => {
    localStorage.setItem("gf01.view", kind);
  }, [kind]);

  /** Apply a server answer: remember finished rollouts, compute feedback, reset the draft. */
  const apply = (prev: SessionView, next: SessionView) => {
    const a = prev.observation;
    const b = next.observation;
    if (b.episode !== a.episode) setPast((p) => [...p, { episode: a.episode, obs: a }]);
    if (next.accepted === false && next.error) {
      setMessage(next.error.message);
    } else {
      setMessage("");
      setDraft({});
      const fb = stepFeedback(a, b);
      setFeedback(
        fb.length
          ? fb
          : b.episode !== a.episode
            ? [
                b.phase === "commit"
                  ? "The scored run starts now."
                  : `Practice rollout ${b.episode + 1} starts.`,
              ]
            : [],
      );
      setFlash(b.t > a.t && b.episode === a.episode ? b.t - 1 : null);
    }
    setView(next);
  };

  const send = async (what: "advance" | "commit") => {
    const v = ref.current.view;
    if (!v || v.finished) return;
    try {
      const next =
        what === "commit"
          ? await api.commit(props.bundle, props.sid)
          : await api.act(props.bundle, props.sid, v.observation.done ? {} : ref.current.draft);
      apply(v, next);
    } catch (e) {
      if (e instanceof ApiError) setMessage(e.message);
      else {
        // The answer was lost, not necessarily the move (it may have been applied, even the
        // finishing one recorded): show the game as the server has it, never resend blindly.
        const now = await api.get(props.bundle, props.sid).catch(() => undefined);
        if (now) apply(v, now);
        setMessage(
          now
            ? "The connection dropped; this is the game as the server has it."
            : `network error: ${(e as Error).message}`,
        );
      }
    } finally {
      setConfirm(false);
    }
  };

  const setBit = (ap: string, v: 0 | 1 | null) => {
    const n = { ...ref.current.draft };
    if (v === null) delete n[ap];
    else n[ap] = v;
    setDraft(n);
  };

  const handleKey = async (k: string): Promise<void> => {
    const view = ref.current.view;
    if (!view) return;
    const o = view.observation;
    const aps = o.goal.input_aps;
    const sel = ref.current.sel;
    if (ref.current.confirm) {
      if (k === "Enter" || k === "y") await send("commit");
      else if (k === "Escape" || k === "n") setConfirm(false);
    } else if (k === "v" || k === "V") setKind((x) => (x === "R1" ? "R2" : "R1"));
    else if (view.finished) return;
    else if (o.done) {
      // Practice rollout over: Enter practises again (if allowed), C starts the scored run.
      if (k === "Enter" || k === "e" || k === "E") await send(o.explore_remaining > 0 ? "advance" : "commit");
      else if (k === "c" || k === "C") await send("commit");
    } else if (k === "ArrowUp") setSel((sel + aps.length - 1) % aps.length);
    else if (k === "ArrowDown") setSel((sel + 1) % aps.length);
    else if (k === "1") setBit(aps[sel], 1);
    else if (k === "0") setBit(aps[sel], 0);
    else if (k === "-" || k === "Backspace" || k === "Delete" || k === "k" || k === "K")
      setBit(aps[sel], null);
    else if (k === " ") setBit(aps[sel], cycle(ref.current.draft[aps[sel]] ?? null));
    else if (k === "Enter" || k === "ArrowRight") await send("advance");
    else if (k === "c" || k === "C") {
      if (o.phase === "explore") await send("commit");
      else setConfirm(true);
    }
  };

  const KEYS = new Set([
    "v",
    "V",
    "e",
    "E",
    "c",
    "C",
    "y",
    "n",
    "k",
    "K",
    "0",
    "1",
    "-",
    " ",
    "Enter",
    "Escape",
  ]);
  const onKey = (ev: KeyboardEvent) => {
    const tgt = ev.target as HTMLElement | null;
    const tag = tgt?.tagName ?? "";
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    // Let a focused button handle its own activation keys — except, while the finish dialog is
    // open, a button outside it: Enter on the still-focused "Finish" button used to click it
    // again and reopen the dialog instead of confirming.
    const inDialog = !!tgt?.closest?.("[role=alertdialog]");
    if (
      (tag === "BUTTON" || tag === "A" || tgt?.getAttribute("role") === "button") &&
      (ev.key === "Enter" || ev.key === " ") &&
      (!ref.current.confirm || inDialog)
    )
      return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (!KEYS.has(ev.key) && !ev.key.startsWith("Arrow") && ev.key !== "Backspace" && ev.key !== "Delete")
      return;
    ev.preventDefault();
    enqueue(() => handleKey(ev.key));
  };

  // The handler reads refs, so it is registered once.
  useEffect(() => {
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    rootRef.current?.focus();
  }, [view === null]);

  // The finish dialog takes the focus when it opens (autoFocus does not apply to elements
  // added after load) and gives it back to the board when it closes.
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirm) confirmRef.current?.focus();
    else rootRef.current?.focus();
  }, [confirm]);

  if (!view) return h("main", { class: "page" }, h("p", { role: "alert" }, message || "Loading session…"));
  const o = view.observation;
  const g = o.goal;
  const cols = boardModel(o, draft);
  const boardProps = {
    cols,
    selected: sel,
    flash,
    onSelect: (i: number) => enqueue(() => setSel(i)),
    onCell: (ap: string) => enqueue(() => setBit(ap, cycle(ref.current.draft[ap] ?? null))),
  };
  const explore = o.phase === "explore";
  const phaseLabel = explore
    ? `Exploration ${o.episode + 1} — practice, not scored (${o.explore_remaining} more after this)`
    : view.protocol === "explore_then_commit"
      ? "Scored run — this one counts"
      : "Scored run";

  return h(
    "main",
    {
      class: `page game${explore ? " exploring" : ""}`,
      ref: rootRef,
      tabIndex: -1,
      "data-finished": String(view.finished),
      // Public progress markers (tests wait on them; they restate the observation).
      "data-t": String(o.t),
      "data-episode": String(o.episode),
      "data-phase": o.phase,
    },
    h(
      "header",
      { class: "topbar" },
      h("a", { href: "#/", class: "home-link" }, "GF-01"),
      h("span", { class: `phase ${explore ? "explore" : "commit"}`, "data-phase": o.phase }, phaseLabel),
      h(
        "div",
        { class: "switch", role: "group", "aria-label": "View" },
        (["R1", "R2"] as const).map((v) =>
          h(
            "button",
            {
              type: "button",
              key: v,
              class: kind === v ? "on" : "",
              "aria-pressed": kind === v,
              onClick: () => {
                setKind(v);
                // Back to the board so the keyboard controls keep working after a click.
                rootRef.current?.focus();
              },
              "data-testid": `view-${v}`,
            },
            v === "R1" ? "R1 side-scroller" : "R2 puzzle",
          ),
        ),
      ),
    ),
    h(
      "div",
      { class: "layout" },
      h(
        "aside",
        { class: "goal", "aria-label": "Goal" },
        h("h2", null, "Goal"),
        h("p", { class: "goal-main", "data-testid": "goal" }, goalSentence(g)),
        h("p", null, modeMeaning(g)),
        h(
          "dl",
          null,
          h("dt", null, "Target output"),
          h("dd", null, `${g.effect_ap} = ${g.target_value}`),
          h("dt", null, "Target step"),
          h("dd", null, String(g.t_star)),
          h("dt", null, "Steps"),
          h("dd", null, `0–${g.T - 1} (now: ${o.done ? "done" : o.t})`),
          h("dt", null, "Budget left"),
          h("dd", { "data-testid": "budget" }, budgetText(o)),
          h("dt", null, "Goal status"),
          h(
            "dd",
            { class: o.effect_status_t === "triggered" ? "ok" : "", "data-testid": "goal-status" },
            goalStatus(o, view.finished),
          ),
        ),
        h(
          "details",
          { open: true },
          h("summary", null, "How to play"),
          h(
            "p",
            null,
            "Each column is a step. At the current step set inputs to 1 or 0, or keep them (they then follow a hidden default), then advance. A run is certified only if every change was needed.",
          ),
          h(
            "ul",
            { class: "keys" },
            h("li", null, h("kbd", null, "↑"), h("kbd", null, "↓"), " choose input"),
            h(
              "li",
              null,
              h("kbd", null, "1"),
              h("kbd", null, "0"),
              " set it, ",
              h("kbd", null, "−"),
              " keep, ",
              h("kbd", null, "Space"),
              " cycle",
            ),
            h("li", null, h("kbd", null, "Enter"), " or ", h("kbd", null, "→"), " advance one step"),
            h(
              "li",
              null,
              h("kbd", null, "C"),
              explore ? " start the scored run" : " finish (no more changes)",
            ),
            h("li", null, h("kbd", null, "V"), " switch view"),
          ),
        ),
      ),
      h(
        "section",
        { class: "play", "aria-label": "Board" },
        kind === "R1" ? h(R1Board, boardProps) : h(R2Board, boardProps),
        view.finished
          ? view.result
            ? h(EndPanel, { result: view.result, sid: view.session_id })
            : h("p", null, "Scoring…")
          : o.done
            ? h(
                "div",
                { class: "rollout-over", role: "group", "aria-label": "Rollout over" },
                h("p", null, `Practice rollout ${o.episode + 1} is over (not scored).`),
                o.explore_remaining > 0
                  ? h(
                      "button",
                      {
                        type: "button",
                        onClick: () => enqueue(() => send("advance")),
                        "data-testid": "explore-again",
                      },
                      `Practise again (${o.explore_remaining} left) — Enter`,
                    )
                  : null,
                h(
                  "button",
                  {
                    type: "button",
                    class: "primary",
                    onClick: () => enqueue(() => send("commit")),
                    "data-testid": "start-commit",
                  },
                  "Start the scored run — C",
                ),
              )
            : h(ActionBar, {
                o,
                draft,
                sel,
                setSel: (i: number) => enqueue(() => setSel(i)),
                setBit: (ap: string, v: 0 | 1 | null) => enqueue(() => setBit(ap, v)),
                onAdvance: () => enqueue(() => send("advance")),
                onCommit: () => enqueue(() => (explore ? send("commit") : setConfirm(true))),
              }),
        message ? h("p", { class: "error", role: "alert", "data-testid": "message" }, message) : null,
        h(
          "div",
          { class: "feedback", "aria-live": "polite", "data-testid": "feedback" },
          feedback.map((l, i) => h("p", { key: i }, l)),
        ),
        confirm
          ? h(
              "div",
              { class: "dialog", role: "alertdialog", "aria-label": "Finish the run?" },
              h("p", null, "Finish now? The remaining steps run with no changes and the run is scored."),
              h(
                "button",
                {
                  type: "button",
                  class: "primary",
                  onClick: () => enqueue(() => send("commit")),
                  "data-testid": "confirm-finish",
                  ref: confirmRef,
                },
                "Finish — Enter",
              ),
              h(
                "button",
                { type: "button", onClick: () => enqueue(() => setConfirm(false)) },
                "Cancel — Esc",
              ),
            )
          : null,
        past.length
          ? h(
              "section",
              { class: "past", "aria-label": "Practice rollouts" },
              h("h3", null, "Your practice rollouts (not scored)"),
              past.map((r) =>
                h(
                  "p",
                  { key: r.episode },
                  `#${r.episode + 1}: changes ${r.obs.history_atoms.map((a) => `t${a[0]} ${a[1]}=${a[2]}`).join(", ") || "none"}; ${g.effect_ap} over steps: ${r.obs.outputs.map((y) => y[g.effect_ap]).join("")}; goal ${r.obs.effect_status_t === "triggered" ? "reached" : "missed"}`,
                ),
              ),
            )
          : null,
      ),
    ),
  );
}

/** The side panel's goal status: "yet" only while the run can still change it. */
function goalStatus(o: Observation, finished: boolean): string {
  if (o.effect_status_t === "triggered") return finished ? "✓ reached" : "✓ reached in this run";
  if (finished) return "✗ not reached (the run is over)";
  if (o.done) return "✗ not reached in this practice run";
  if (o.t > o.goal.window_hi) return "✗ not reached (the target window is over)";
  return "not reached yet";
}

function ActionBar(p: {
  o: Observation;
  draft: Draft;
  sel: number;
  setSel: (i: number) => void;
  setBit: (ap: string, v: 0 | 1 | null) => void;
  onAdvance: () => void;
  onCommit: () => void;
}) {
  const { o, draft } = p;
  const opts: [string, 0 | 1 | null][] = [
    ["keep", null],
    ["0", 0],
    ["1", 1],
  ];
  return h(
    "div",
    { class: "actions", role: "group", "aria-label": `Inputs for step ${o.t}` },
    h("h3", null, `Step ${o.t}: set inputs, then advance`),
    h(
      "div",
      { class: "seg-list" },
      o.goal.input_aps.map((ap, i) =>
        h(
          "fieldset",
          { key: ap, class: `seg${i === p.sel ? " selected" : ""}`, onFocusIn: () => p.setSel(i) },
          h("legend", null, ap),
          opts.map(([label, v]) =>
            h(
              "label",
              { key: label, class: (draft[ap] ?? null) === v ? "on" : "" },
              h("input", {
                type: "radio",
                name: `in-${ap}`,
                checked: (draft[ap] ?? null) === v,
                onChange: () => p.setBit(ap, v),
                "data-testid": `set-${ap}-${label}`,
              }),
              label,
            ),
          ),
        ),
      ),
    ),
    h(
      "div",
      { class: "buttons" },
      h(
        "button",
        { type: "button", class: "primary", onClick: p.onAdvance, "data-testid": "advance" },
        o.t + 1 < o.goal.T ? `Advance to step ${o.t + 1} ▶` : "Play the last step ▶",
      ),
      h(
        "button",
        { type: "button", onClick: p.onCommit, "data-testid": "commit" },
        o.phase === "explore" ? "Start the scored run" : "Finish (no more changes)",
      ),
    ),
  );
}
