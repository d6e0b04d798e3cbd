/**
 * GF-01 HTML report: the `report` payload (per-stratum groups) as a self-contained page with
 * build-time charts — certified / goal rate per agent × track, the κ distribution, AP/TS F1 by
 * complexity quartile, Eff_t histograms — and every table as CSV/JSON. With the run rows
 * (`runs`), F1 is cut by quartiles of the instance complexity composite z(I) (mean of the
 * normalised factors, §4.3) and Eff_t is counted per row; without them, F1 falls back to the
 * report's difficulty slices and Eff_t to the κ distribution (which carries −Eff_t).
 */
import type { Chart, VegaLiteSpec } from "../../core/report/charts.js";
import { buildReport, type ReportDoc, type ReportSection, writeReport } from "../../core/report/html.js";
import type { Cell, Table } from "../../core/report/tables.js";
import { errorBarLayer } from "../../core/report/series.js";
import {
  ClusterAccumulator,
  formatInterval,
  type Interval,
  meanInterval,
  wilson,
} from "../../core/stats/index.js";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const str = (v: unknown): string => (v === undefined || v === null ? "unknown" : String(v));

/** Facet a chart into one panel per track (tracks are never pooled), each with its own x scale. */
const panelPerTrack = {
  facet: { column: { field: "track", type: "nominal", title: "track", header: { labelLimit: 0 } } },
  resolve: { scale: { x: "independent" } },
};

const chart = (id: string, title: string, caption: string, spec: Obj): Chart => ({
  id,
  title,
  caption,
  spec: spec as unknown as VegaLiteSpec,
});

/** Complexity composite z(I): mean of the normalised factors (null when the row has none). */
export function complexityZ(row: Obj): number | null {
  const vals = Object.values(obj(row.complexity)).filter((v): v is number => typeof v === "number");
  if (!vals.length) return null;
  let s = 0;
  for (const v of vals) s += v;
  return s / vals.length;
}

/** Quartile labels Q1..Q4 by rank of z over all rows (ties keep input order; deterministic). */
export function complexityQuartiles(rows: readonly Obj[]): (string | null)[] {
  const zs = rows.map(complexityZ);
  const idx = zs.map((z, i) => [z, i] as const).filter((p): p is readonly [number, number] => p[0] !== null);
  idx.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: (string | null)[] = rows.map(() => null);
  idx.forEach(([, i], rank) => {
    out[i] = `Q${Math.min(4, Math.floor((rank * 4) / idx.length) + 1)}`;
  });
  return out;
}

function agentTrack(g: Obj): string {
  return `${str(g.agent_name)} · ${str(g.eval_track)}`;
}

export function gf01ReportDoc(report: Obj, runs?: readonly Obj[]): ReportDoc {
  const groups = (Array.isArray(report.groups) ? report.groups : []).map(obj);
  const sections: ReportSection[] = [];

  // Certified / goal rate per agent × track (count-weighted over the other strata).
  const at = new Map<string, { agent: string; track: string; n: number; valid: number; goal: number }>();
  for (const g of groups) {
    const k = agentTrack(g);
    const a = at.get(k) ?? { agent: str(g.agent_name), track: str(g.eval_track), n: 0, valid: 0, goal: 0 };
    const n = num(g.count);
    a.n += n;
    a.valid += num(g.certified_rate) * n;
    a.goal += num(g.goal_rate) * n;
    at.set(k, a);
  }
  const rateRows: Obj[] = [];
  for (const a of at.values())
    for (const [metric, k] of [
      ["certified_rate", a.valid],
      ["goal_rate", a.goal],
    ] as const) {
      // The pooled counts are sums of rate × count: round back to the integer they were.
      const iv = wilson(Math.round(k), a.n);
      rateRows.push({
        agent: a.agent,
        track: a.track,
        metric,
        value: a.n ? k / a.n : 0,
        ci_low: iv.ci_low,
        ci_high: iv.ci_high,
        n: a.n,
      });
    }
  const agentX = {
    field: "agent",
    type: "nominal",
    title: "agent",
    sort: null,
    axis: { labelAngle: -30, labelLimit: 0 },
  };
  sections.push({
    id: "rates",
    title: "Certified and goal rate per agent × track",
    charts: [
      chart(
        "rates",
        "Certified (valid: sufficient and minimal) and goal (sufficient) rate",
        "One panel per track (tracks are never pooled); a gap between goal and certified is non-minimal certificates. Bars: Wilson 95% intervals on the pooled counts.",
        {
          data: { values: rateRows },
          ...panelPerTrack,
          spec: {
            width: { step: 22 },
            height: 220,
            layer: [
              {
                name: "series",
                mark: { type: "bar", tooltip: true },
                encoding: {
                  x: agentX,
                  xOffset: { field: "metric", sort: null },
                  y: { field: "value", type: "quantitative", title: "rate", scale: { domain: [0, 1] } },
                  color: { field: "metric", type: "nominal", sort: null },
                },
              },
              errorBarLayer(agentX, { xOffset: { field: "metric", sort: null } }),
            ],
          },
        },
      ),
    ],
  });

  // κ: outcome shares per agent × track (certified / goal only / missed), κ table best first.
  const kappa = new Map<
    string,
    { agent: string; track: string; m: Map<string, { kappa: number[]; count: number }> }
  >();
  for (const g of groups) {
    const k = agentTrack(g);
    const e = kappa.get(k) ?? { agent: str(g.agent_name), track: str(g.eval_track), m: new Map() };
    for (const d of (Array.isArray(g.kappa_distribution) ? g.kappa_distribution : []).map(obj)) {
      const kv = (Array.isArray(d.kappa) ? d.kappa : []).map(num);
      const label = `(${kv.join(", ")})`;
      const cur = e.m.get(label) ?? { kappa: kv, count: 0 };
      cur.count += num(d.count);
      e.m.set(label, cur);
    }
    kappa.set(k, e);
  }
  const OUTCOMES = ["certified", "goal only", "missed"] as const;
  const outcomeOf = (kv: readonly number[]) => (kv[0] === 1 ? 0 : kv[1] === 1 ? 1 : 2);
  const outcomeRows: Obj[] = [];
  for (const e of kappa.values()) {
    const counts = [0, 0, 0];
    for (const { kappa: kv, count } of e.m.values()) counts[outcomeOf(kv)] += count;
    const total = counts[0] + counts[1] + counts[2];
    OUTCOMES.forEach((o, i) => {
      outcomeRows.push({
        agent: e.agent,
        track: e.track,
        outcome: o,
        order: i,
        count: counts[i],
        share: total ? counts[i] / total : 0,
      });
    });
  }
  // κ compared lexicographically, best (largest) first.
  const cmpKappa = (a: readonly number[], b: readonly number[]) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = (b[i] ?? 0) - (a[i] ?? 0);
      if (d) return d;
    }
    return 0;
  };
  const kappaRows: { agent_track: string; kappa: string; kv: number[]; count: number; total: number }[] = [];
  for (const [k, e] of kappa) {
    const total = [...e.m.values()].reduce((t, x) => t + x.count, 0);
    for (const [label, { kappa: kv, count }] of [...e.m].sort((x, y) => cmpKappa(x[1].kappa, y[1].kappa)))
      kappaRows.push({ agent_track: k, kappa: label, kv, count, total });
  }
  sections.push({
    id: "kappa",
    title: "κ outcomes",
    intro: [
      "κ = (M, G, −Eff_t, −Eff_a), compared lexicographically (MET-M): certified first, then goal, then fewer timesteps and atoms. The chart shows the first two components; the κ table (best first) has every value.",
    ],
    charts: [
      chart(
        "kappa",
        "Share of episodes certified / goal only / missed, per agent × track",
        "certified: M = 1 (valid certificate); goal only: G = 1, M = 0 (sufficient but not minimal); missed: G = 0. One panel per track.",
        {
          data: { values: outcomeRows },
          ...panelPerTrack,
          spec: {
            width: { step: 28 },
            height: 220,
            mark: { type: "bar", tooltip: true },
            name: "series",
            encoding: {
              x: agentX,
              y: { field: "count", type: "quantitative", stack: "normalize", title: "share of episodes" },
              color: {
                field: "outcome",
                type: "nominal",
                sort: [...OUTCOMES],
                scale: { domain: [...OUTCOMES], range: ["#2e7d32", "#f2a33a", "#c0392b"] },
              },
              order: { field: "order" },
            },
          },
        },
      ),
    ],
  });

  // F1 by complexity quartile (runs) or difficulty slice (report), per agent × track, dodged.
  const f1Rows: Obj[] = [];
  let f1X = "quartile";
  if (runs?.length) {
    const q = complexityQuartiles(runs);
    const acc = new Map<string, { x: string; s: string; ap: ClusterAccumulator; ts: ClusterAccumulator }>();
    runs.forEach((r, i) => {
      const x = q[i];
      if (!x) return;
      const series = `${str(r.agent_name)} · ${str(r.eval_track)}`;
      const k = JSON.stringify([x, series]);
      const e = acc.get(k) ?? { x, s: series, ap: new ClusterAccumulator(), ts: new ClusterAccumulator() };
      // Repeated attempts at one instance move together: the instance is the cluster.
      const cl = r.instance_id === undefined || r.instance_id === null ? undefined : String(r.instance_id);
      e.ap.add(num(r.ap_f1), cl);
      e.ts.add(num(r.ts_f1), cl);
      acc.set(k, e);
    });
    for (const e of [...acc.values()].sort((a, b) => (a.x < b.x ? -1 : a.x > b.x ? 1 : a.s < b.s ? -1 : 1)))
      for (const [metric, a] of [
        ["ap_f1", e.ap],
        ["ts_f1", e.ts],
      ] as const) {
        const iv = meanInterval(a);
        f1Rows.push({
          quartile: e.x,
          series: e.s,
          metric,
          value: iv.value,
          ci_low: iv.ci_low,
          ci_high: iv.ci_high,
          n: iv.n,
        });
      }
  } else {
    f1X = "difficulty_slice";
    const acc = new Map<string, { x: string; s: string; ap: number; ts: number; n: number; gs: Obj[] }>();
    for (const g of groups) {
      const series = agentTrack(g);
      const k = JSON.stringify([str(g.difficulty_slice), series]);
      const e = acc.get(k) ?? { x: str(g.difficulty_slice), s: series, ap: 0, ts: 0, n: 0, gs: [] };
      const n = num(g.count);
      e.ap += num(g.ap_f1_mean) * n;
      e.ts += num(g.ts_f1_mean) * n;
      e.n += n;
      e.gs.push(g);
      acc.set(k, e);
    }
    for (const e of acc.values())
      for (const [metric, sum] of [
        ["ap_f1", e.ap],
        ["ts_f1", e.ts],
      ] as const) {
        // One report group: its stored interval; several (other strata): the count-weighted mean only.
        const iv =
          e.gs.length === 1 ? (obj(obj(obj(e.gs[0].intervals).metrics)[`${metric}_mean`]) as Obj) : {};
        f1Rows.push({
          difficulty_slice: e.x,
          series: e.s,
          metric,
          value: e.n ? sum / e.n : 0,
          ci_low: typeof iv.ci_low === "number" ? iv.ci_low : null,
          ci_high: typeof iv.ci_high === "number" ? iv.ci_high : null,
          n: e.n,
        });
      }
  }
  const f1Series = [...new Set(f1Rows.map((r) => r.series as string))];
  const f1Xenc = { field: f1X, type: "ordinal", title: f1X === "quartile" ? "complexity quartile" : "slice" };
  const f1Off = { field: "series", sort: f1Series };
  sections.push({
    id: "f1",
    title: f1X === "quartile" ? "F1 by complexity quartile" : "F1 by difficulty slice",
    charts: [
      chart(
        "f1-by-complexity",
        f1X === "quartile" ? "AP / TS F1 by complexity quartile of z(I)" : "AP / TS F1 by difficulty slice",
        `F1 against the best-matching valid certificate (DEC-025); harder instances to the right. One bar per agent × track side by side; bars: 95% intervals (${
          f1X === "quartile"
            ? "cluster bootstrap over instances"
            : "the report group's, where one group makes the bar"
        }).`,
        {
          data: { values: f1Rows },
          facet: { column: { field: "metric", type: "nominal", title: null } },
          spec: {
            width: { step: 14 },
            height: 200,
            layer: [
              {
                name: "series",
                mark: { type: "bar", tooltip: true },
                encoding: {
                  x: f1Xenc,
                  xOffset: f1Off,
                  y: { field: "value", type: "quantitative", title: "mean F1", scale: { domain: [0, 1] } },
                  color: {
                    field: "series",
                    type: "nominal",
                    sort: f1Series,
                    title: "agent · track",
                    legend: { labelLimit: 0 },
                    scale: f1Series.length > 10 ? { scheme: "tableau20" } : {},
                  },
                },
              },
              errorBarLayer(f1Xenc, { xOffset: f1Off }),
            ],
          },
        },
      ),
    ],
  });

  // Eff_t histograms: episodes with a valid certificate only (Eff_t ranks valid certificates).
  const effRows: Obj[] = [];
  let effAll = 0;
  if (runs?.length) {
    const h = new Map<string, number>();
    for (const r of runs) {
      effAll++;
      if (!(typeof r.valid === "string" ? r.valid.length > 0 : Boolean(r.valid))) continue;
      const cert = Array.isArray(r.certificate) ? r.certificate : [];
      const effT =
        typeof r.eff_t === "number" ? r.eff_t : new Set(cert.map((x) => (Array.isArray(x) ? x[0] : x))).size;
      const k = JSON.stringify([`${str(r.agent_name)} · ${str(r.eval_track)}`, effT]);
      h.set(k, (h.get(k) ?? 0) + 1);
    }
    for (const [k, count] of h) {
      const [series, eff_t] = JSON.parse(k) as [string, number];
      effRows.push({ series, eff_t, count });
    }
  } else {
    for (const g of groups)
      for (const d of (Array.isArray(g.kappa_distribution) ? g.kappa_distribution : []).map(obj)) {
        const kv = Array.isArray(d.kappa) ? d.kappa : [];
        effAll += num(d.count);
        if (num(kv[0]) !== 1) continue;
        effRows.push({ series: agentTrack(g), eff_t: -num(kv[2]), count: num(d.count) });
      }
  }
  const effValid = effRows.reduce((t, r) => t + (r.count as number), 0);
  if (effRows.length)
    sections.push({
      id: "eff-t",
      title: "Eff_t histograms",
      charts: [
        chart(
          "eff-t",
          "Timesteps touched by valid certificates (Eff_t), per agent × track",
          `Counts only episodes whose certificate is valid (${effValid} of ${effAll}); among those, fewer timesteps is better.`,
          {
            data: { values: effRows },
            facet: { column: { field: "series", type: "nominal", title: null, header: { labelLimit: 0 } } },
            spec: {
              width: 180,
              height: 180,
              name: "series",
              mark: { type: "bar", tooltip: true },
              encoding: {
                x: { field: "eff_t", type: "ordinal", title: "Eff_t" },
                y: { aggregate: "sum", field: "count", type: "quantitative", title: "episodes (valid)" },
              },
            },
          },
        ),
      ],
    });

  const dims = Array.isArray(report.group_dimensions) ? (report.group_dimensions as string[]) : [];
  const cols = [...dims, "count", "certified_rate", "goal_rate", "ap_f1_mean", "ts_f1_mean", "median_eff_t"];
  // Each rate again as `value [95% interval]` (the group's `intervals` block; docs/statistics.md).
  const ivCols = ["certified_rate", "goal_rate", "ap_f1_mean", "ts_f1_mean", "median_eff_t"];
  const ivOf = (g: Obj, c: string): Cell => {
    const iv = obj(obj(obj(g.intervals).metrics)[c]) as unknown as Interval;
    return iv && typeof iv.value === "number" ? formatInterval(iv) : null;
  };
  const tables: Table[] = [
    {
      id: "groups",
      title: "Report groups",
      columns: [...cols, ...ivCols.map((c) => `${c} [95% CI]`)],
      rows: groups.map((g) => [
        ...cols.map((c) => {
          const v = g[c];
          return (v === undefined ? null : typeof v === "object" ? JSON.stringify(v) : v) as Cell;
        }),
        ...ivCols.map((c) => ivOf(g, c)),
      ]),
    },
    {
      id: "agent-track",
      title: "Certified / goal rate per agent × track",
      caption:
        "Intervals: Wilson 95% on the pooled counts, episodes taken as independent (too narrow where human groups pool players on the same instances: see the groups table, clustered by instance; docs/statistics.md).",
      columns: [
        "agent_name",
        "eval_track",
        "count",
        "certified_rate",
        "goal_rate",
        "certified_rate [95% CI]",
        "goal_rate [95% CI]",
      ],
      rows: [...at.values()].map((a) => [
        a.agent,
        a.track,
        a.n,
        a.n ? a.valid / a.n : 0,
        a.n ? a.goal / a.n : 0,
        // The pooled counts are sums of rate × count: round back to the integer they were.
        formatInterval(wilson(Math.round(a.valid), a.n)),
        formatInterval(wilson(Math.round(a.goal), a.n)),
      ]),
    },
    {
      id: "kappa",
      title: "κ distribution (best κ first per agent × track)",
      caption: "share: of the agent × track's episodes, Wilson 95% interval (episodes taken as independent).",
      columns: ["agent_track", "kappa", "count", "share", "share [95% CI]"],
      rows: kappaRows.map((r) => [
        r.agent_track,
        r.kappa,
        r.count,
        r.total ? r.count / r.total : null,
        formatInterval(wilson(r.count, r.total)),
      ]),
    },
  ];
  sections.push({ id: "tables", title: "Tables", tables });
  return {
    title: "GF-01 report",
    subtitle: "Charts are rendered when the report is built; the page needs no network.",
    facts: [
      ["rows", String(report.total_rows ?? "")],
      ["groups", String(groups.length)],
      ["schema versions", (Array.isArray(report.schema_versions) ? report.schema_versions : []).join(", ")],
      ["strict mode", String(report.strict_mode ?? false)],
    ],
    sections,
  };
}

/** The page as one HTML string (for `gf01 report --html`). */
export async function renderGf01ReportHtml(report: Obj, runs?: readonly Obj[]): Promise<string> {
  return (await buildReport(gf01ReportDoc(report, runs))).html;
}

/** Write the page plus CSV/JSON of every table (and PNGs with `png`). */
export async function writeGf01ReportHtml(
  report: Obj,
  out: string,
  opts: { runs?: readonly Obj[]; png?: boolean; chromium?: string } = {},
) {
  return writeReport(gf01ReportDoc(report, opts.runs), out, { png: opts.png, chromium: opts.chromium });
}
