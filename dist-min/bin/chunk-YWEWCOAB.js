import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  buildReport,
  writeReport
} from "./chunk-E6BKWDU6.js";
import "./chunk-S3MUNSMH.js";
import "./chunk-VPUOSIMC.js";
import {
  formatInterval
} from "./chunk-GL4FS2DM.js";
import {
  wilson
} from "./chunk-Z2F3TC4X.js";
import "./chunk-NIT377TX.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-QYZGEUIB.js";
import "./chunk-HFM5OLF6.js";

// src/gf01/report/html.ts
var AGENT_TRACK_X = {
  field: "agent_track",
  type: "nominal",
  title: "agent \xB7 track",
  sort: null,
  axis: { labelAngle: -30 }
};
var obj = (v) => v && typeof v === "object" && !Array.isArray(v) ? v : {};
var num = (v) => typeof v === "number" && Number.isFinite(v) ? v : 0;
var str = (v) => v === void 0 || v === null ? "unknown" : String(v);
var chart = (id, title, caption, spec) => ({
  id,
  title,
  caption,
  spec
});
function complexityZ(row) {
  const vals = Object.values(obj(row.complexity)).filter((v) => typeof v === "number");
  if (!vals.length) return null;
  let s = 0;
  for (const v of vals) s += v;
  return s / vals.length;
}
function complexityQuartiles(rows) {
  const zs = rows.map(complexityZ);
  const idx = zs.map((z, i) => [z, i]).filter((p) => p[0] !== null);
  idx.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out = rows.map(() => null);
  idx.forEach(([, i], rank) => {
    out[i] = `Q${Math.min(4, Math.floor(rank * 4 / idx.length) + 1)}`;
  });
  return out;
}
function agentTrack(g) {
  return `${str(g.agent_name)} \xB7 ${str(g.eval_track)}`;
}
function gf01ReportDoc(report, runs) {
  const groups = (Array.isArray(report.groups) ? report.groups : []).map(obj);
  const sections = [];
  const at = /* @__PURE__ */ new Map();
  for (const g of groups) {
    const k = agentTrack(g);
    const a = at.get(k) ?? { agent: str(g.agent_name), track: str(g.eval_track), n: 0, valid: 0, goal: 0 };
    const n = num(g.count);
    a.n += n;
    a.valid += num(g.certified_rate) * n;
    a.goal += num(g.goal_rate) * n;
    at.set(k, a);
  }
  const rateRows = [];
  for (const [k, a] of at) {
    rateRows.push({ agent_track: k, metric: "certified_rate", value: a.n ? a.valid / a.n : 0 });
    rateRows.push({ agent_track: k, metric: "goal_rate", value: a.n ? a.goal / a.n : 0 });
  }
  sections.push({
    id: "rates",
    title: "Certified and goal rate per agent \xD7 track",
    charts: [
      chart(
        "rates",
        "Certified (valid: sufficient and minimal) and goal (sufficient) rate",
        "Tracks are never pooled; a gap between goal and certified is non-minimal certificates.",
        {
          width: { step: 22 },
          height: 220,
          data: { values: rateRows },
          mark: { type: "bar", tooltip: true },
          encoding: {
            x: AGENT_TRACK_X,
            xOffset: { field: "metric", sort: null },
            y: { field: "value", type: "quantitative", title: "rate", scale: { domain: [0, 1] } },
            color: { field: "metric", type: "nominal", sort: null }
          }
        }
      )
    ]
  });
  const kappa = /* @__PURE__ */ new Map();
  for (const g of groups) {
    const k = agentTrack(g);
    const m = kappa.get(k) ?? /* @__PURE__ */ new Map();
    for (const d of (Array.isArray(g.kappa_distribution) ? g.kappa_distribution : []).map(obj)) {
      const label = `(${(Array.isArray(d.kappa) ? d.kappa : []).join(", ")})`;
      m.set(label, (m.get(label) ?? 0) + num(d.count));
    }
    kappa.set(k, m);
  }
  const kappaRows = [];
  for (const [k, m] of kappa)
    for (const [label, count] of m) kappaRows.push({ agent_track: k, kappa: label, count });
  sections.push({
    id: "kappa",
    title: "\u03BA distribution",
    intro: [
      "\u03BA = (M, G, \u2212Eff_t, \u2212Eff_a), compared lexicographically (MET-M): certified first, then goal, then fewer timesteps and atoms."
    ],
    charts: [
      chart("kappa", "\u03BA distribution per agent \xD7 track", "Share of episodes at each \u03BA.", {
        width: { step: 28 },
        height: 240,
        data: { values: kappaRows },
        mark: { type: "bar", tooltip: true },
        encoding: {
          x: AGENT_TRACK_X,
          y: { field: "count", type: "quantitative", stack: "normalize", title: "share of episodes" },
          color: { field: "kappa", type: "nominal", title: "\u03BA", sort: "descending" }
        }
      })
    ]
  });
  const f1Rows = [];
  let f1X = "quartile";
  if (runs?.length) {
    const q = complexityQuartiles(runs);
    const acc = /* @__PURE__ */ new Map();
    runs.forEach((r, i) => {
      const x = q[i];
      if (!x) return;
      const k = JSON.stringify([x, str(r.agent_name)]);
      const e = acc.get(k) ?? { x, a: str(r.agent_name), ap: 0, ts: 0, n: 0 };
      e.ap += num(r.ap_f1);
      e.ts += num(r.ts_f1);
      e.n++;
      acc.set(k, e);
    });
    for (const e of [...acc.values()].sort((a, b) => a.x < b.x ? -1 : a.x > b.x ? 1 : a.a < b.a ? -1 : 1)) {
      f1Rows.push({ quartile: e.x, agent: e.a, metric: "ap_f1", value: e.ap / e.n });
      f1Rows.push({ quartile: e.x, agent: e.a, metric: "ts_f1", value: e.ts / e.n });
    }
  } else {
    f1X = "difficulty_slice";
    const acc = /* @__PURE__ */ new Map();
    for (const g of groups) {
      const k = JSON.stringify([str(g.difficulty_slice), str(g.agent_name)]);
      const e = acc.get(k) ?? { x: str(g.difficulty_slice), a: str(g.agent_name), ap: 0, ts: 0, n: 0 };
      const n = num(g.count);
      e.ap += num(g.ap_f1_mean) * n;
      e.ts += num(g.ts_f1_mean) * n;
      e.n += n;
      acc.set(k, e);
    }
    for (const e of acc.values()) {
      f1Rows.push({ difficulty_slice: e.x, agent: e.a, metric: "ap_f1", value: e.n ? e.ap / e.n : 0 });
      f1Rows.push({ difficulty_slice: e.x, agent: e.a, metric: "ts_f1", value: e.n ? e.ts / e.n : 0 });
    }
  }
  sections.push({
    id: "f1",
    title: f1X === "quartile" ? "F1 by complexity quartile" : "F1 by difficulty slice",
    charts: [
      chart(
        "f1-by-complexity",
        f1X === "quartile" ? "AP / TS F1 by complexity quartile of z(I)" : "AP / TS F1 by difficulty slice",
        "F1 against the best-matching valid certificate (DEC-025); harder instances to the right.",
        {
          data: { values: f1Rows },
          facet: { column: { field: "metric", type: "nominal", title: null } },
          spec: {
            width: 260,
            height: 200,
            mark: { type: "line", point: true, tooltip: true },
            encoding: {
              x: { field: f1X, type: "ordinal", title: f1X === "quartile" ? "complexity quartile" : "slice" },
              y: { field: "value", type: "quantitative", title: "mean F1", scale: { domain: [0, 1] } },
              color: { field: "agent", type: "nominal" }
            }
          }
        }
      )
    ]
  });
  const effRows = [];
  if (runs?.length) {
    const h = /* @__PURE__ */ new Map();
    for (const r of runs) {
      const cert = Array.isArray(r.certificate) ? r.certificate : [];
      const effT = typeof r.eff_t === "number" ? r.eff_t : new Set(cert.map((x) => Array.isArray(x) ? x[0] : x)).size;
      const k = JSON.stringify([str(r.agent_name), effT]);
      h.set(k, (h.get(k) ?? 0) + 1);
    }
    for (const [k, count] of h) {
      const [agent, eff_t] = JSON.parse(k);
      effRows.push({ agent, eff_t, count });
    }
  } else {
    for (const g of groups)
      for (const d of (Array.isArray(g.kappa_distribution) ? g.kappa_distribution : []).map(obj)) {
        const kv = Array.isArray(d.kappa) ? d.kappa : [];
        effRows.push({ agent: str(g.agent_name), eff_t: -num(kv[2]), count: num(d.count) });
      }
  }
  sections.push({
    id: "eff-t",
    title: "Eff_t histograms",
    charts: [
      chart(
        "eff-t",
        "Timesteps touched by the certificate (Eff_t), per agent",
        "Fewer is better among valid certificates.",
        {
          data: { values: effRows },
          facet: { column: { field: "agent", type: "nominal", title: null } },
          spec: {
            width: 180,
            height: 180,
            mark: { type: "bar", tooltip: true },
            encoding: {
              x: { field: "eff_t", type: "ordinal", title: "Eff_t" },
              y: { aggregate: "sum", field: "count", type: "quantitative", title: "episodes" }
            }
          }
        }
      )
    ]
  });
  const dims = Array.isArray(report.group_dimensions) ? report.group_dimensions : [];
  const cols = [...dims, "count", "certified_rate", "goal_rate", "ap_f1_mean", "ts_f1_mean", "median_eff_t"];
  const ivCols = ["certified_rate", "goal_rate", "ap_f1_mean", "ts_f1_mean"];
  const ivOf = (g, c) => {
    const iv = obj(obj(obj(g.intervals).metrics)[c]);
    return iv && typeof iv.value === "number" ? formatInterval(iv) : null;
  };
  const tables = [
    {
      id: "groups",
      title: "Report groups",
      columns: [...cols, ...ivCols.map((c) => `${c} [95% CI]`)],
      rows: groups.map((g) => [
        ...cols.map((c) => {
          const v = g[c];
          return v === void 0 ? null : typeof v === "object" ? JSON.stringify(v) : v;
        }),
        ...ivCols.map((c) => ivOf(g, c))
      ])
    },
    {
      id: "agent-track",
      title: "Certified / goal rate per agent \xD7 track",
      caption: "Intervals: Wilson 95% on the pooled counts, episodes taken as independent (too narrow where human groups pool players on the same instances: see the groups table, clustered by instance; docs/statistics.md).",
      columns: [
        "agent_name",
        "eval_track",
        "count",
        "certified_rate",
        "goal_rate",
        "certified_rate [95% CI]",
        "goal_rate [95% CI]"
      ],
      rows: [...at.values()].map((a) => [
        a.agent,
        a.track,
        a.n,
        a.n ? a.valid / a.n : 0,
        a.n ? a.goal / a.n : 0,
        // The pooled counts are sums of rate × count: round back to the integer they were.
        formatInterval(wilson(Math.round(a.valid), a.n)),
        formatInterval(wilson(Math.round(a.goal), a.n))
      ])
    },
    {
      id: "kappa",
      title: "\u03BA distribution",
      columns: ["agent_track", "kappa", "count"],
      rows: kappaRows.map((r) => [r.agent_track, r.kappa, r.count])
    }
  ];
  sections.push({ id: "tables", title: "Tables", tables });
  return {
    title: "GF-01 report",
    subtitle: "Charts are rendered when the report is built; the page needs no network.",
    facts: [
      ["rows", String(report.total_rows ?? "")],
      ["groups", String(groups.length)],
      ["schema versions", (Array.isArray(report.schema_versions) ? report.schema_versions : []).join(", ")],
      ["strict mode", String(report.strict_mode ?? false)]
    ],
    sections
  };
}
async function renderGf01ReportHtml(report, runs) {
  return (await buildReport(gf01ReportDoc(report, runs))).html;
}
async function writeGf01ReportHtml(report, out, opts = {}) {
  return writeReport(gf01ReportDoc(report, opts.runs), out, { png: opts.png, chromium: opts.chromium });
}
export {
  complexityQuartiles,
  complexityZ,
  gf01ReportDoc,
  renderGf01ReportHtml,
  writeGf01ReportHtml
};
