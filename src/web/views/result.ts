/** End screen and results page: the verdict, the scored certificate and its score. */
import { h } from "preact";
import { useEffect, useState } from "preact/hooks";
import { type StoredResult, api } from "../api.js";
import { type PublicResult, verdictText } from "../model.js";

const fmt = (x: number) => x.toFixed(3);

function ScoreTable(p: { r: PublicResult }) {
  const r = p.r;
  const rows: [string, string][] = [
    ["Score_C (certified)", String(r.score_c)],
    ["Reaches the goal (sufficient)", r.suff ? "yes" : "no"],
    ["Every change needed (minimal)", r.min1 ? "yes" : "no"],
    ["Steps with changes (Eff_t)", String(r.eff_t)],
    ["Input changes (Eff_a)", String(r.eff_a)],
    ["κ (ranking key)", `(${r.kappa.join(", ")})`],
    // A capped best-match search (large automata) has no target: say so, never show 0 as a score.
    ["AP-F1", r.best_match_cap_hit ? "not computed (search cap)" : fmt(r.ap_f1)],
    ["TS-F1", r.best_match_cap_hit ? "not computed (search cap)" : fmt(r.ts_f1)],
    ["Protocol", r.play_protocol],
    ["Practice rollouts (unscored)", String(r.exploration_rollouts)],
    ["Rejected inputs", String(r.rejected_moves)],
  ];
  return h(
    "table",
    { class: "score" },
    h(
      "tbody",
      null,
      rows.map(([k, v]) => h("tr", { key: k }, h("th", { scope: "row" }, k), h("td", null, v))),
    ),
  );
}

function Certificate(p: { r: PublicResult }) {
  const c = p.r.certificate;
  return h(
    "p",
    { class: "cert", "data-testid": "certificate" },
    "Scored certificate (your changes): ",
    c.length ? c.map((a) => h("code", { key: `${a[0]}${a[1]}` }, `t=${a[0]} ${a[1]}=${a[2]}`)) : "none",
  );
}

export function EndPanel(p: { result: PublicResult; sid: string }) {
  const v = verdictText(p.result.verdict);
  return h(
    "section",
    {
      class: `end verdict-${p.result.verdict}`,
      "aria-label": "Result",
      "data-testid": "end",
      "data-verdict": p.result.verdict,
    },
    h(
      "h2",
      { role: "status" },
      `${p.result.verdict === "certified" ? "✓ " : p.result.verdict === "missed" ? "✗ " : "≈ "}${v.title}`,
    ),
    h("p", null, v.detail),
    h(Certificate, { r: p.result }),
    h(ScoreTable, { r: p.result }),
    h(
      "p",
      { class: "buttons" },
      h(
        "a",
        { href: `#/results/${encodeURIComponent(p.sid)}`, class: "button", "data-testid": "results-link" },
        "Results page",
      ),
      studyLink(),
    ),
  );
}

/** In a study tab (study.ts), the next step is the study page, not the home page. */
function studyLink() {
  const pid = sessionStorage.getItem("gf01.study");
  return pid
    ? h(
        "a",
        {
          href: `#/study/${encodeURIComponent(pid)}`,
          class: "button primary",
          "data-testid": "study-continue",
        },
        "Continue the study",
      )
    : h("a", { href: "#/", class: "button primary" }, "Play another");
}

export function ResultsPage(p: { sid: string }) {
  const [r, setR] = useState<StoredResult | null>(null);
  const [err, setErr] = useState("");
  useEffect(() => {
    api
      .result(p.sid)
      .then(setR)
      .catch((e: Error) => setErr(e.message));
  }, [p.sid]);
  if (err)
    return h("main", { class: "page" }, h("p", { role: "alert" }, err), h("a", { href: "#/" }, "Home"));
  if (!r) return h("main", { class: "page" }, h("p", null, "Loading…"));
  const v = verdictText(r.result.verdict);
  return h(
    "main",
    { class: "page results", "data-testid": "results", "data-verdict": r.result.verdict },
    h("h1", null, `Result: ${v.title}`),
    h("p", null, v.detail),
    h(
      "dl",
      null,
      h("dt", null, "Session"),
      h("dd", null, h("code", null, r.session_id)),
      h("dt", null, "Bundle"),
      h("dd", null, r.bundle),
      h("dt", null, "Instance"),
      h("dd", null, h("code", null, r.instance_id)),
      h("dt", null, "Player"),
      h("dd", null, r.agent_name),
    ),
    h(Certificate, { r: r.result }),
    h(ScoreTable, { r: r.result }),
    h("p", null, h("a", { href: "#/", class: "button primary" }, "Play another")),
  );
}
