/**
 * The GEB report's charts, built so that no chart pools what it does not say it pools: every
 * knob that varies among the plotted cells apart from the plotted variable becomes part of the
 * series (or facet) label; replicate cells of one config (seeds) are pooled with an interval
 * (src/core/report/series.ts); the same config and seed found again in another run is counted
 * once. Rates carry error bars from the stored intervals (docs/reports.md).
 */
import type { Chart, VegaLiteSpec } from "../../core/report/charts.js";
import {
  type Config,
  configId,
  configLabel,
  errorBarLayer,
  intervalFields,
  orderKeys,
  pooledRate,
  type Replicate,
  thresholdRule,
  varyingKeys,
  wallRule,
} from "../../core/report/series.js";
import type { Interval } from "../../core/stats/index.js";

type Obj = Record<string, unknown>;

export type RateMetric = "value_acc" | "exact_acc";

/** One cell as the charts see it. */
export interface CellPoint {
  run: string;
  seed: number | null;
  /** The cell's full configuration (seed excluded), flattened. */
  cfg: Config;
  /** Items (queries) the cell's rates are over. */
  n: number | null;
  metrics: Record<string, number | null>;
  intervals: Partial<Record<RateMetric, Interval | null>>;
  tokens_per_q: number | null;
}

/** Label order: the knobs people sweep first, then the rest alphabetically. */
export const KNOB_ORDER = [
  "baseline",
  "model",
  "protocol",
  "state_mode",
  "distractor_profile",
  "steps",
  "max_book_tokens",
  "k",
  "rerank",
  "authority_filter",
  "order",
  "drop_prob",
  "note_rate",
  "update_burst_rate",
];

const LEGEND = { orient: "bottom", direction: "vertical", labelLimit: 0, title: null } as const;

function chart(id: string, title: string, caption: string, spec: Obj): Chart {
  return { id, title, caption, spec: spec as unknown as VegaLiteSpec };
}

/** Drop a cell whose config and seed already appeared in an earlier run (the same experiment). */
export function dedupeCells(cells: readonly CellPoint[]): CellPoint[] {
  const seen = new Set<string>();
  return cells.filter((c) => {
    const id = `${configId(c.cfg)}|${c.seed}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * Series labels that stay short: the swept knobs (KNOB_ORDER) that vary, plus `run=` when other
 * settings differ too (runs of different presets); if that would give two configurations one
 * label, every varying key is spelled out.
 */
function seriesLabeller(
  items: readonly { cfg: Config; run: string; id: string }[],
  varying: readonly string[],
): (c: Config, run: string) => string {
  const knobs = varying.filter((k) => KNOB_ORDER.includes(k));
  const other = varying.length > knobs.length;
  const short = (c: Config, run: string) => {
    const l = configLabel(c, knobs, "");
    return [other ? `run=${run}` : "", l].filter(Boolean).join(" · ") || "all cells";
  };
  const byLabel = new Map<string, string>();
  for (const { cfg, run, id } of items) {
    const l = short(cfg, run);
    if (byLabel.has(l) && byLabel.get(l) !== id) return (c) => configLabel(c, varying);
    byLabel.set(l, id);
  }
  return short;
}

/** One run's name, else the runs' common folder with `/*` (or all names joined). */
function commonRun(runs: readonly string[]): string {
  const sorted = [...runs].sort();
  if (sorted.length <= 1) return sorted[0] ?? "?";
  const parts = sorted.map((r) => r.split("/"));
  const prefix: string[] = [];
  for (let i = 0; parts.every((p) => i < p.length - 1 && p[i] === parts[0][i]); i++) prefix.push(parts[0][i]);
  return prefix.length ? `${prefix.join("/")}/*` : sorted.join("+");
}

/** tableau10 repeats after 10 series: a 20-colour scheme past that. */
export function colorScale(n: number): Record<string, unknown> {
  return n > 10 ? { scheme: "tableau20" } : {};
}

interface Pooled {
  x: string | number | boolean;
  series: string;
  seriesId: string;
  metric: string;
  value: number;
  ci_low: number | null;
  ci_high: number | null;
  cells: number;
}

/**
 * One metric pooled over the cells of a configuration (its seeds): the cells' mean, with a 95%
 * interval for the rates whose item counts are known (value/exact accuracy), and how many cells
 * had it; null when none had.
 */
function pooledMetric(cells: readonly CellPoint[], m: string) {
  const reps: Replicate[] = [];
  for (const c of cells) {
    const v = c.metrics[m];
    if (typeof v === "number") reps.push({ value: v, n: c.n, interval: c.intervals[m as RateMetric] });
  }
  if (!reps.length) return null;
  const mean = reps.reduce((s, r) => s + r.value, 0) / reps.length;
  const iv = m === "value_acc" || m === "exact_acc" ? pooledRate(reps) : null;
  return { ...intervalFields(iv, mean), cells: reps.length };
}

/** Pool the replicates of each (config apart from `x`, x value) on `metric`. */
function pool(
  cells: readonly CellPoint[],
  x: string,
  metrics: readonly string[],
  minX: number,
  labelExclude: readonly string[] = [],
): { points: Pooled[]; series: string[]; varying: string[] } {
  const groups = new Map<
    string,
    { cfg: Config; id: string; xv: string | number | boolean; reps: CellPoint[] }
  >();
  for (const c of cells) {
    const xv = c.cfg[x];
    if (xv === null || xv === undefined) continue;
    const id = configId(c.cfg, [x]);
    const key = JSON.stringify([id, xv]);
    const g = groups.get(key) ?? { cfg: c.cfg, id, xv, reps: [] };
    g.reps.push(c);
    groups.set(key, g);
  }
  const xsPerSeries = new Map<string, Set<string | number | boolean>>();
  for (const g of groups.values()) {
    const s = xsPerSeries.get(g.id) ?? new Set();
    s.add(g.xv);
    xsPerSeries.set(g.id, s);
  }
  const kept = [...groups.values()].filter((g) => (xsPerSeries.get(g.id)?.size ?? 0) >= minX);
  const varying = orderKeys(
    varyingKeys(
      kept.map((g) => g.cfg),
      [x, ...labelExclude],
    ),
    KNOB_ORDER,
  );
  // A series can span runs (a wall search writes one run per probe): name their common folder.
  const runsOf = new Map<string, Set<string>>();
  for (const g of kept) {
    const s = runsOf.get(g.id) ?? new Set();
    for (const r of g.reps) s.add(r.run);
    runsOf.set(g.id, s);
  }
  const runName = (id: string) => commonRun([...(runsOf.get(id) ?? [])]);
  const labelOf = seriesLabeller(
    kept.map((g) => ({ cfg: g.cfg, run: runName(g.id), id: g.id })),
    varying,
  );
  const points: Pooled[] = [];
  for (const g of kept)
    for (const m of metrics) {
      const pooled = pooledMetric(g.reps, m);
      if (pooled)
        points.push({ x: g.xv, series: labelOf(g.cfg, runName(g.id)), seriesId: g.id, metric: m, ...pooled });
    }
  const series = [...new Set(points.map((p) => p.series))];
  return { points, series, varying };
}

/** What the series charts (lines, bars) are told: the x knob and the rate metrics, one facet each. */
interface SeriesChartOptions {
  id: string;
  title: string;
  caption: string;
  x: string;
  xTitle: string;
  metrics: readonly RateMetric[];
}

/** A rate axis (y; x in the horizontal bars), always on [0, 1] so charts compare at a glance. */
const RATE_AXIS = { field: "value", type: "quantitative", title: "rate", scale: { domain: [0, 1] } };

/** One colour per configuration (series), in the pooled order, legend below. */
function seriesColor(series: readonly string[]) {
  return { field: "series", type: "nominal", sort: series, legend: LEGEND, scale: colorScale(series.length) };
}

/** One facet column per metric, in the order asked. */
function metricColumns(metrics: readonly RateMetric[]) {
  return { column: { field: "metric", type: "nominal", title: null, sort: metrics } };
}

/** Lines over a quantitative x, one per config, error bars on each point; facets by metric. */
export function seriesLineChart(
  cells: readonly CellPoint[],
  o: SeriesChartOptions & {
    threshold?: { y: number; label: string } | null;
    wall?: { x: number; label: string } | null;
  },
): Chart | null {
  const { points, series, varying } = pool(cells, o.x, o.metrics, 2);
  if (!points.length) return null;
  const x = { field: "x", type: "quantitative", title: o.xTitle, scale: { zero: false } };
  const color = seriesColor(series);
  const layers: Obj[] = [
    {
      name: "series",
      mark: { type: "line", point: true, tooltip: true },
      encoding: {
        x,
        y: RATE_AXIS,
        color,
        detail: { field: "seriesId" },
      },
    },
    errorBarLayer(x, { color }),
  ];
  const caption = `${o.caption} One line per configuration${
    varying.length ? ` (differing in ${varying.join(", ")})` : ""
  }; seeds of one configuration are pooled; bars: 95% intervals.`;
  if (o.metrics.length === 1 && (o.threshold || o.wall)) {
    if (o.threshold) layers.push(thresholdRule(o.threshold.y, o.threshold.label));
    if (o.wall) layers.push(wallRule(o.wall.x, o.wall.label));
    return chart(o.id, o.title, caption, {
      width: 420,
      height: 240,
      data: { values: points },
      layer: layers,
    });
  }
  return chart(o.id, o.title, caption, {
    data: { values: points },
    facet: metricColumns(o.metrics),
    spec: { width: 300, height: 220, layer: layers },
  });
}

/**
 * Bars over a nominal x (gold order, authority filter), one bar per config in each x band,
 * error bars; facets by metric. `minX`: configs seen at fewer x values are left out.
 */
export function seriesBarChart(
  cells: readonly CellPoint[],
  o: SeriesChartOptions & { xSort?: readonly (string | number | boolean)[]; minX?: number },
): Chart | null {
  const { points, series, varying } = pool(cells, o.x, o.metrics, o.minX ?? 2);
  if (!points.length) return null;
  const values = points.map((p) => ({ ...p, x: String(p.x) }));
  const x = {
    field: "x",
    type: "nominal",
    title: o.xTitle,
    sort: o.xSort ? o.xSort.map(String) : null,
    axis: { labelAngle: -30, labelLimit: 0 },
  };
  const color = seriesColor(series);
  const xOffset = { field: "series", sort: series };
  return chart(
    o.id,
    o.title,
    `${o.caption} One bar per configuration${varying.length ? ` (differing in ${varying.join(", ")})` : ""}; seeds pooled; bars: 95% intervals.`,
    {
      data: { values },
      facet: metricColumns(o.metrics),
      spec: {
        width: { step: 16 },
        height: 220,
        layer: [
          {
            name: "series",
            mark: { type: "bar", tooltip: true },
            encoding: {
              x,
              xOffset,
              y: RATE_AXIS,
              color,
            },
          },
          errorBarLayer(x, { xOffset }),
        ],
      },
    },
  );
}

/**
 * Decomposition: per run, one group per configuration (labelled by what varies inside the
 * run), bars value → exact → citation F1 → entailment; error bars on the two accuracies.
 */
export function decompositionChart(cells: readonly CellPoint[]): Chart | null {
  // Runs grouped by their top folder (a wall search's probe runs are one group).
  const groupOf = (run: string) => run.split("/")[0];
  const runs = [...new Set(cells.map((c) => groupOf(c.run)))];
  const values: Obj[] = [];
  const METRICS = ["value_acc", "exact_acc", "cite_f1", "entailment"];
  for (const run of runs) {
    const mine = cells.filter((c) => groupOf(c.run) === run);
    const varying = orderKeys(varyingKeys(mine.map((c) => c.cfg)), KNOB_ORDER);
    const groups = new Map<string, { label: string; reps: CellPoint[] }>();
    for (const c of mine) {
      const id = configId(c.cfg);
      const g = groups.get(id) ?? { label: configLabel(c.cfg, varying, "all cells"), reps: [] };
      g.reps.push(c);
      groups.set(id, g);
    }
    for (const g of groups.values())
      for (const m of METRICS) {
        const pooled = pooledMetric(g.reps, m);
        if (pooled) values.push({ run, config: g.label, metric: m, ...pooled });
      }
  }
  if (!values.length) return null;
  // Horizontal bars: configuration labels read in full, never cut.
  const y = { field: "config", type: "nominal", title: null, sort: null, axis: { labelLimit: 0 } };
  const yOffset = { field: "metric", sort: METRICS };
  const x = RATE_AXIS;
  return chart(
    "decomposition",
    "Decomposition per configuration",
    "value → exact (value with correct, entailed citations) → citation F1 → entailment, per configuration of each run folder (labelled by the knobs that vary inside it; seeds pooled). Bars: 95% intervals on value/exact accuracy (citation F1 and entailment are means without stored per-item data here).",
    {
      data: { values },
      facet: {
        row: { field: "run", type: "nominal", title: null, header: { labelAngle: 0, labelAlign: "left" } },
      },
      resolve: { scale: { y: "independent" } },
      spec: {
        width: 300,
        height: { step: 4 },
        layer: [
          {
            name: "series",
            mark: { type: "bar", tooltip: true },
            encoding: {
              y,
              yOffset,
              x,
              color: { field: "metric", type: "nominal", sort: METRICS, title: "metric" },
            },
          },
          {
            name: "ci",
            transform: [{ filter: "isValid(datum.ci_low) && isValid(datum.ci_high)" }],
            mark: { type: "rule", strokeWidth: 1.5 },
            encoding: { y, yOffset, x: { field: "ci_low", type: "quantitative" }, x2: { field: "ci_high" } },
          },
        ],
      },
    },
  );
}

/** The wall search's probes with the threshold (dashed) and the wall (solid), both drawn. */
export function wallChart(w: {
  source: string;
  param: string;
  metric: string;
  threshold: number | null;
  direction: string | null;
  wall: number | null;
  points: { param: number; metric: number; phase: string; ci_low: number | null; ci_high: number | null }[];
}): Chart {
  const x = { field: "param", type: "quantitative", title: w.param, scale: { zero: false } };
  const layers: Obj[] = [
    {
      // The probes in parameter order as one curve (one search, one config); phase as colour.
      name: "series",
      mark: { type: "line", color: "#888", tooltip: true },
      encoding: { x, y: { field: "metric", type: "quantitative", title: w.metric, scale: { zero: false } } },
    },
    {
      name: "probes",
      mark: { type: "point", filled: true, size: 60, tooltip: true },
      encoding: {
        x,
        y: { field: "metric", type: "quantitative" },
        color: { field: "phase", type: "nominal", title: "probe" },
      },
    },
  ];
  const withCi = w.points.some((p) => p.ci_low !== null);
  if (withCi) layers.push(errorBarLayer(x));
  if (w.threshold !== null)
    layers.push(thresholdRule(w.threshold, `threshold ${w.threshold} (${w.direction ?? ""})`));
  if (w.wall !== null) layers.push(wallRule(w.wall, `wall at ${w.param} = ${w.wall}`));
  const parts = [
    `From ${w.source}.`,
    w.threshold !== null ? `Dashed: threshold ${w.threshold} (${w.direction ?? ""}).` : "",
    w.wall !== null ? `Solid: the wall (${w.param} = ${w.wall}).` : "No wall found.",
    withCi ? "Bars: 95% intervals of each probe." : "",
  ];
  return chart("wall", `Wall: ${w.metric} vs ${w.param}`, parts.filter(Boolean).join(" "), {
    width: 420,
    height: 240,
    data: { values: [...w.points].sort((a, b) => a.param - b.param) },
    layer: layers,
  });
}

/** Compute vs quality: one point per cell (nothing pooled), exact accuracy with its interval. */
export function computeChart(cells: readonly CellPoint[]): Chart | null {
  const varying = orderKeys(varyingKeys(cells.map((c) => c.cfg)), KNOB_ORDER);
  const values = cells
    .filter((c) => c.tokens_per_q !== null && typeof c.metrics.exact_acc === "number")
    .map((c) => {
      const iv = c.intervals.exact_acc ?? null;
      return {
        run: c.run,
        seed: c.seed,
        config: configLabel(c.cfg, varying),
        baseline: String(c.cfg.baseline ?? ""),
        tokens_per_q: c.tokens_per_q,
        ...intervalFields(iv, c.metrics.exact_acc as number),
      };
    });
  if (!values.length) return null;
  const x = {
    field: "tokens_per_q",
    type: "quantitative",
    title: "tokens per query",
    scale: { zero: false },
  };
  return chart(
    "compute-vs-quality",
    "Exact accuracy vs tokens per query",
    "One point per cell (seeds not pooled; colour: run, shape: baseline); up and left is better. Bars: 95% intervals.",
    {
      width: 420,
      height: 260,
      data: { values },
      layer: [
        {
          name: "series",
          mark: { type: "point", filled: true, size: 60, opacity: 0.8, tooltip: true },
          encoding: {
            x,
            y: { field: "value", type: "quantitative", title: "exact_acc", scale: { domain: [0, 1] } },
            color: { field: "run", type: "nominal", legend: LEGEND },
            shape: { field: "baseline", type: "nominal" },
          },
        },
        errorBarLayer(x, { color: { field: "run", type: "nominal", legend: null } }),
      ],
    },
  );
}

/** Instruction override: per configuration (profile on x), no pooling over other knobs. */
export function instructionChart(cells: readonly CellPoint[]): Chart | null {
  const METRICS = [
    "instr_override_rate",
    "instr_conflict_present_rate",
    "state_integrity_rate",
    "instruction_gap",
  ];
  const instr = cells.filter(
    (c) =>
      typeof c.metrics.instr_override_rate === "number" || typeof c.metrics.state_integrity_rate === "number",
  );
  if (!instr.length) return null;
  const { points, series, varying } = pool(instr, "distractor_profile", METRICS, 1);
  if (!points.length) return null;
  const values = points.map((p) => ({ ...p, x: String(p.x) }));
  const color = {
    field: "series",
    type: "nominal",
    sort: series,
    legend: LEGEND,
    scale: colorScale(series.length),
  };
  return chart(
    "instruction-override",
    "Instruction-override panel by profile",
    `Override rate counts answers that followed an injected instruction that conflicts with the ledger; integrity is the share of answers that kept the true state; the gap is clean minus instruction accuracy (can be negative). One bar per configuration${
      varying.length ? ` (differing in ${varying.join(", ")})` : ""
    }; seeds averaged (these rates have no stored per-cell interval; the cells table has every cell).`,
    {
      data: { values },
      facet: { column: { field: "metric", type: "nominal", title: null, sort: METRICS } },
      spec: {
        width: { step: 14 },
        height: 200,
        name: "series",
        mark: { type: "bar", tooltip: true },
        encoding: {
          x: { field: "x", type: "nominal", title: "distractor profile", axis: { labelAngle: 0 } },
          xOffset: { field: "series", sort: series },
          y: { field: "value", type: "quantitative", title: "rate" },
          color,
        },
      },
    },
  );
}
