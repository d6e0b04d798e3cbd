/**
 * `geb report <run-dir>`: a self-contained HTML page over one sweep (a dir with combined.json)
 * or a tree of them (a preset family, a wall search). Panels (report-charts.ts): decomposition
 * bars, order bias by gold position, k-curves, the authority-filter A/B, wall curves with the
 * threshold and wall rules, accuracy vs steps and vs book tokens, compute vs quality,
 * instruction override; tables of every cell, every group and every wall probe (CSV/JSON
 * beside the page and inside it). Charts join only cells whose configuration differs in the
 * plotted variable alone (docs/reports.md).
 *
 * A panel whose grid dimension is absent from the runs (no k list, no order list) is left out.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { InputError } from "../../core/errors.js";
import { readJsonFileSync } from "../../core/jsonl.js";
import type { Chart } from "../../core/report/charts.js";
import { type Config, pooledRate, type Scalar } from "../../core/report/series.js";
import { type ReportDoc, type ReportSection, writeReport } from "../../core/report/html.js";
import type { Table, Cell as TCell } from "../../core/report/tables.js";
import { formatInterval, type Interval } from "../../core/stats/index.js";
import { MODEL_RUN_SCHEMA } from "../pipeline/run-schema.js";
import {
  type CellPoint,
  computeChart,
  decompositionChart,
  dedupeCells,
  instructionChart,
  type RateMetric,
  seriesBarChart,
  seriesLineChart,
  wallChart,
} from "./report-charts.js";
import { getPath } from "./thresholds.js";

type Obj = Record<string, unknown>;

interface Run {
  name: string;
  dir: string;
  payloads: Obj[];
  summary: Obj | null;
}

export interface CellRow {
  run: string;
  cell: string;
  baseline: string;
  seed: number | null;
  state_mode: string;
  distractor_profile: string;
  steps: number | null;
  max_book_tokens: number | null;
  k: number | null;
  rerank: string | null;
  order: string | null;
  authority_filter: string | null;
  drop_prob: number | null;
  note_rate: number | null;
  update_burst_rate: number | null;
  value_acc: number | null;
  exact_acc: number | null;
  cite_f1: number | null;
  entailment: number | null;
  instr_override_rate: number | null;
  instr_conflict_present_rate: number | null;
  state_integrity_rate: number | null;
  instruction_gap: number | null;
  tokens_per_q: number | null;
  /** `value [95% CI]` clustered by episode (docs/statistics.md); null when the run has none. */
  value_acc_ci: string | null;
  exact_acc_ci: string | null;
  cite_f1_ci: string | null;
  entailment_ci: string | null;
  instr_override_rate_ci: string | null;
  instr_conflict_present_rate_ci: string | null;
  state_integrity_rate_ci: string | null;
  instruction_gap_ci: string | null;
}

const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null =>
  v === undefined || v === null ? null : typeof v === "string" ? v : String(v);

const readJson = (file: string): unknown => readJsonFileSync(file);

/** A `geb model` / `geb pipeline grid` run dir: results.json holding model-run payloads. */
function modelRunFile(d: string): string | null {
  const f = join(d, "results.json");
  if (!existsSync(f)) return null;
  const v = readJson(f);
  const first = Array.isArray(v) ? v[0] : v;
  return obj(first).schema === MODEL_RUN_SCHEMA ? f : null;
}

/**
 * Every run under `root` (itself included), sorted: dirs holding a combined.json (sweep trees,
 * reference sweeps) and `geb model` / pipeline-grid run dirs (results.json of model runs).
 */
export function findRuns(root: string): Run[] {
  if (!existsSync(root) || !statSync(root).isDirectory())
    throw new InputError("not a directory", { file: root });
  const found: { dir: string; file: string }[] = [];
  const walk = (d: string) => {
    const combined = join(d, "combined.json");
    if (existsSync(combined)) found.push({ dir: d, file: combined });
    else {
      const f = modelRunFile(d);
      if (f) found.push({ dir: d, file: f });
    }
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (statSync(p).isDirectory() && (!existsSync(join(p, "results.json")) || modelRunFile(p))) walk(p);
    }
  };
  walk(root);
  return found
    .sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0))
    .map(({ dir, file }) => {
      const raw = readJson(file);
      const payloads = file.endsWith("results.json") && !Array.isArray(raw) ? [raw] : raw;
      if (!Array.isArray(payloads)) throw new InputError("must be a list of results", { file });
      const sp = join(dir, "summary.json");
      return {
        name: relative(root, dir) || basename(dir) || ".",
        dir,
        payloads: payloads.map(obj),
        summary: existsSync(sp) ? obj(readJson(sp)) : null,
      };
    });
}

/**
 * A cell's interval on `metric`: the payload's own `intervals` block (geb model runs), else
 * the sweep summary's `intervals_by_cell` entry for its data path.
 */
function cellInterval(run: Run, p: Obj, metric: string): string | null {
  const own = obj(obj(obj(p.intervals).metrics)[metric]);
  const v = obj(p.metrics)[metric];
  // Shown only around the cell's own number (never an interval of something else).
  const fits = (iv: Obj) =>
    typeof iv.value === "number" && typeof v === "number" && Math.abs(iv.value - v) <= 1e-9;
  if (fits(own)) return formatInterval(own as unknown as Interval);
  const path = obj(p.data).path;
  const list = Array.isArray(run.summary?.intervals_by_cell) ? run.summary.intervals_by_cell : [];
  const hit = obj(list.map(obj).find((e) => e.data_path === path)?.[metric]);
  return fits(hit) ? formatInterval(hit as unknown as Interval) : null;
}

/** A summary number's interval from the summary's `intervals` block (by its path), formatted. */
function summaryInterval(summary: Obj | null, path: string): string | null {
  const iv = obj(obj(obj(summary?.intervals).metrics)[path]);
  const v = getPath(summary, path);
  return typeof iv.value === "number" && typeof v === "number" && Math.abs(iv.value - v) <= 1e-9
    ? formatInterval(iv as unknown as Interval)
    : null;
}

export function cellRows(runs: readonly Run[]): CellRow[] {
  const rows: CellRow[] = [];
  for (const run of runs)
    for (const p of run.payloads) {
      const cfg = obj(p.config);
      const pipe = obj(cfg.pipeline);
      const m = obj(p.metrics);
      const e = obj(p.efficiency);
      const path = str(obj(p.data).path) ?? "";
      const parts = path.split(/[\\/]/);
      rows.push({
        run: run.name,
        cell: parts.length >= 2 ? parts[parts.length - 2] : path,
        baseline: str(p.baseline ?? p.adapter) ?? "",
        seed: num(p.seed),
        state_mode: str(p.state_mode) ?? "",
        distractor_profile: str(p.distractor_profile) ?? "",
        steps: num(p.steps ?? cfg.steps),
        max_book_tokens: num(cfg.max_book_tokens),
        k: num(pipe.k),
        rerank: str(pipe.rerank),
        order: str(pipe.order),
        authority_filter: str(pipe.authority_filter),
        drop_prob: num(pipe.drop_prob),
        note_rate: num(cfg.note_rate),
        update_burst_rate: num(cfg.update_burst_rate),
        value_acc: num(m.value_acc),
        exact_acc: num(m.exact_acc),
        cite_f1: num(m.cite_f1),
        entailment: num(m.entailment),
        instr_override_rate: num(m.instr_override_rate),
        instr_conflict_present_rate: num(m.instr_conflict_present_rate),
        state_integrity_rate: num(m.state_integrity_rate),
        instruction_gap: num(m.instruction_gap),
        tokens_per_q: num(e.tokens_per_q),
        value_acc_ci: cellInterval(run, p, "value_acc"),
        exact_acc_ci: cellInterval(run, p, "exact_acc"),
        cite_f1_ci: cellInterval(run, p, "cite_f1"),
        entailment_ci: cellInterval(run, p, "entailment"),
        instr_override_rate_ci: cellInterval(run, p, "instr_override_rate"),
        instr_conflict_present_rate_ci: cellInterval(run, p, "instr_conflict_present_rate"),
        state_integrity_rate_ci: cellInterval(run, p, "state_integrity_rate"),
        instruction_gap_ci: cellInterval(run, p, "instruction_gap"),
      });
    }
  return rows;
}

const distinct = <T>(xs: readonly T[]) => [...new Set(xs)];

/** Config keys that are list knobs of the whole sweep (the cell's own value is elsewhere). */
const SWEEP_ONLY = new Set(["seeds", "state_modes", "distractor_profiles", "pipeline"]);
const scalar = (v: unknown): Scalar =>
  v === null || v === undefined
    ? null
    : typeof v === "string" || typeof v === "number" || typeof v === "boolean"
      ? v
      : JSON.stringify(v);

/** A cell's whole configuration apart from its seed, flattened (pipeline knobs at top level). */
export function cellConfig(p: Obj, row: CellRow): Config {
  const cfg = obj(p.config);
  const out: Config = {
    baseline: row.baseline,
    model: scalar(p.model ?? null),
    protocol: scalar(p.protocol ?? null),
    state_mode: row.state_mode,
    distractor_profile: row.distractor_profile,
    steps: row.steps,
  };
  for (const [k, v] of Object.entries(cfg))
    if (!SWEEP_ONLY.has(k) && !k.endsWith("_list") && !(k in out)) out[k] = scalar(v);
  for (const [k, v] of Object.entries(obj(cfg.pipeline))) if (!(k in out)) out[k] = scalar(v);
  return out;
}

function ivOf(run: Run, p: Obj, metric: RateMetric): Interval | null {
  const own = obj(obj(obj(p.intervals).metrics)[metric]);
  if (typeof own.value === "number") return own as unknown as Interval;
  const path = obj(p.data).path;
  const list = Array.isArray(run.summary?.intervals_by_cell) ? run.summary.intervals_by_cell : [];
  const hit = obj(list.map(obj).find((e) => e.data_path === path)?.[metric]);
  return typeof hit.value === "number" ? (hit as unknown as Interval) : null;
}

/** Every cell as the charts see it (report-charts.ts), in run order. */
export function cellPoints(runs: readonly Run[]): CellPoint[] {
  const out: CellPoint[] = [];
  for (const run of runs) {
    const rows = cellRows([run]);
    run.payloads.forEach((p, i) => {
      const row = rows[i];
      const m = obj(p.metrics);
      out.push({
        run: run.name,
        seed: row.seed,
        cfg: cellConfig(p, row),
        n: num(m.n),
        metrics: {
          value_acc: row.value_acc,
          exact_acc: row.exact_acc,
          cite_f1: row.cite_f1,
          entailment: row.entailment,
          instr_override_rate: row.instr_override_rate,
          instr_conflict_present_rate: row.instr_conflict_present_rate,
          state_integrity_rate: row.state_integrity_rate,
          instruction_gap: row.instruction_gap,
        },
        intervals: { value_acc: ivOf(run, p, "value_acc"), exact_acc: ivOf(run, p, "exact_acc") },
        tokens_per_q: row.tokens_per_q,
      });
    });
  }
  return out;
}

interface WallData {
  source: string;
  param: string;
  metric: string;
  threshold: number | null;
  direction: string | null;
  points: {
    param: number;
    metric: number;
    phase: string;
    ci_low: number | null;
    ci_high: number | null;
    /** `value [95% CI]` of the probe's cells pooled (accuracy metrics only), else null. */
    ci: string | null;
  }[];
  wall: number | null;
}

/** The first wall_search.json (else wall.json) at or below `root`, in sorted path order. */
function findWallFile(root: string): string | null {
  const found: Record<string, string[]> = { "wall_search.json": [], "wall.json": [] };
  const walk = (d: string) => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (n in found) found[n].push(p);
      else if (statSync(p).isDirectory() && !existsSync(join(p, "results.json"))) walk(p);
    }
  };
  walk(root);
  return found["wall_search.json"].sort()[0] ?? found["wall.json"].sort()[0] ?? null;
}

function loadWall(root: string, runs: readonly Run[]): WallData | null {
  const f = findWallFile(root);
  if (!f) return null;
  const name = relative(root, f);
  const w = obj(readJson(f));
  const metricPath = str(w.metric_path) ?? "metric";
  // overall.value_acc_mean / overall.exact_acc_mean: the probe's cells carry intervals.
  const rate = /(^|\.)(value_acc|exact_acc)(_mean)?$/.exec(metricPath)?.[2] as RateMetric | undefined;
  const byDir = new Map(runs.map((r) => [r.dir, r]));
  const pts = (Array.isArray(w.probes) ? w.probes : Array.isArray(w.points) ? w.points : []).map(obj);
  return {
    source: name,
    param: str(w.param_key) ?? "param",
    metric: metricPath,
    threshold: num(w.threshold),
    direction: str(w.direction),
    points: pts
      .filter((p) => num(p.param) !== null && num(p.metric) !== null)
      .map((p) => {
        const run = typeof p.run_dir === "string" ? byDir.get(join(dirname(f), p.run_dir)) : undefined;
        let iv: Interval | null = null;
        if (rate && run?.payloads.every((q) => num(obj(q.metrics)[rate]) !== null))
          iv = pooledRate(
            run.payloads.map((q) => ({
              value: num(obj(q.metrics)[rate]) as number,
              n: num(obj(q.metrics).n),
              interval: ivOf(run, q, rate),
            })),
          );
        // The probe's own value is the search's (a mean over its cells); the interval is the
        // pooled cells' — shown only when both agree on the point.
        const agree =
          iv?.value !== null && iv !== null && Math.abs((iv.value as number) - (p.metric as number)) < 1e-9;
        return {
          param: p.param as number,
          metric: p.metric as number,
          phase: str(p.phase) ?? "point",
          ci_low: agree ? (iv?.ci_low ?? null) : null,
          ci_high: agree ? (iv?.ci_high ?? null) : null,
          ci: agree ? formatInterval(iv) : null,
        };
      }),
    wall: num(obj(w.wall).param),
  };
}

export interface GebReportOptions {
  dir: string;
  out?: string;
  png?: boolean;
  chromium?: string;
  wallMetric?: string;
  wallThreshold?: number | null;
}

/** The report document (pure given the runs); exported for tests and other front ends. */
export function gebReportDoc(root: string, opts: GebReportOptions = { dir: root }): ReportDoc {
  const runs = findRuns(root);
  if (runs.length === 0)
    throw new InputError(
      "no combined.json or model-run results.json here or below (run geb sweep or geb model first)",
      {
        file: root,
      },
    );
  const rows = cellRows(runs);
  const sections: ReportSection[] = [];

  const cells = dedupeCells(cellPoints(runs));

  // Decomposition.
  const decomp = decompositionChart(cells);
  sections.push({ id: "decomposition", title: "Decomposition", charts: decomp ? [decomp] : [] });

  // Order bias: configs seen at several gold positions (never pooled over k, reranker, run).
  const ORDER = ["gold_first", "gold_middle", "gold_last", "shuffle"];
  const order = seriesBarChart(cells, {
    id: "order-bias",
    title: "Accuracy by gold position in the candidate list",
    caption: "A flat profile means no order bias; spread between gold_first and gold_last is the bias.",
    x: "order",
    xTitle: "gold position",
    xSort: ORDER,
    metrics: ["value_acc", "exact_acc"],
  });
  sections.push({ id: "order-bias", title: "Order bias by gold position", charts: order ? [order] : [] });

  // k-curves: one line per config seen at several k (an order-bias cell at one k is no curve).
  const kc = seriesLineChart(cells, {
    id: "k-curves",
    title: "Exact accuracy vs retrieval k",
    caption: "More candidates make gold more likely present but selection harder.",
    x: "k",
    xTitle: "retrieval k",
    metrics: ["exact_acc"],
  });
  sections.push({ id: "k-curves", title: "k-curves per reranker", charts: kc ? [kc] : [] });

  // Authority filter A/B: configs seen with the filter both off and on.
  const af = seriesBarChart(
    cells.filter((c) => c.cfg.authority_filter !== null && c.cfg.authority_filter !== undefined),
    {
      id: "authority-filter",
      title: "Authority filter off vs on",
      caption: "The authority filter drops NOTE / non-authoritative lines before selection.",
      x: "authority_filter",
      xTitle: "authority filter",
      xSort: [false, true],
      metrics: ["value_acc", "exact_acc"],
    },
  );
  sections.push({ id: "authority-filter", title: "Authority filter A/B", charts: af ? [af] : [] });

  // Walls.
  const wall = loadWall(root, runs);
  const wallCharts: Chart[] = [];
  const threshold = wall?.threshold ?? opts.wallThreshold ?? null;
  const wallTables: Table[] = [];
  if (wall && wall.points.length > 0) {
    wallCharts.push(wallChart(wall));
    wallTables.push({
      id: "wall-points",
      title: "Wall probes",
      columns: ["phase", wall.param, wall.metric, `${wall.metric} [95% CI]`],
      rows: [...wall.points].sort((a, b) => a.param - b.param).map((p) => [p.phase, p.param, p.metric, p.ci]),
    });
  } else if (threshold !== null) {
    const metric = (opts.wallMetric ?? "overall.value_acc_mean")
      .replace(/^overall\./, "")
      .replace(/_mean$/, "");
    const key: RateMetric = metric === "exact_acc" ? "exact_acc" : "value_acc";
    const c = seriesLineChart(cells, {
      id: "wall",
      title: `Wall curve: ${key} vs steps`,
      caption: `Dashed: threshold ${threshold} (--wall-threshold).`,
      x: "steps",
      xTitle: "steps",
      metrics: [key],
      threshold: { y: threshold, label: `threshold ${threshold}` },
    });
    if (c) wallCharts.push(c);
  }
  sections.push({ id: "walls", title: "Wall curves", charts: wallCharts, tables: wallTables });

  // Accuracy vs steps / book tokens / swept generator rates: one line per config.
  const scaling: Chart[] = [];
  const axes: [string, string, string, string][] = [
    [
      "accuracy-vs-steps",
      "steps",
      "steps per episode",
      "Longer logs: more updates and distractors between a write and its query.",
    ],
    [
      "accuracy-vs-book-tokens",
      "max_book_tokens",
      "max book tokens",
      "Memory-budget sweep: how much of the book a model may read.",
    ],
    [
      "accuracy-vs-update-burst-rate",
      "update_burst_rate",
      "update_burst_rate",
      "Generator rate swept as a list.",
    ],
    ["accuracy-vs-note-rate", "note_rate", "note_rate", "Generator rate swept as a list."],
  ];
  // A generator rate is an axis only inside a run that swept it (a *_list): two unrelated runs
  // at different NOTE rates are not a rate sweep.
  const sweptIn = (x: string) => {
    const runsWith = new Set(
      distinct(cells.map((c) => c.run)).filter(
        (r) => distinct(cells.filter((c) => c.run === r).map((c) => c.cfg[x])).length > 1,
      ),
    );
    return cells.filter((c) => runsWith.has(c.run));
  };
  for (const [id, x, xTitle, caption] of axes) {
    const c = seriesLineChart(x.endsWith("_rate") ? sweptIn(x) : cells, {
      id,
      title: `Accuracy vs ${xTitle}`,
      caption,
      x,
      xTitle,
      metrics: ["value_acc", "exact_acc"],
    });
    if (c) scaling.push(c);
  }
  sections.push({ id: "scaling", title: "Accuracy vs steps / book tokens", charts: scaling });

  // Compute vs quality.
  const cq = computeChart(cells);
  sections.push({ id: "compute", title: "Compute vs quality", charts: cq ? [cq] : [] });

  // Instruction override.
  const io = instructionChart(cells);
  sections.push({ id: "instruction-override", title: "Instruction override", charts: io ? [io] : [] });

  // Tables.
  const cols = Object.keys(rows[0] ?? {}) as (keyof CellRow)[];
  const tables: Table[] = [
    {
      id: "cells",
      title: "Every cell",
      columns: cols,
      rows: rows.map((r) => cols.map((c) => r[c] as TCell)),
    },
  ];
  const groupRows: TCell[][] = [];
  const metricCols = [
    "value_acc_mean",
    "exact_acc_mean",
    "cite_f1_mean",
    "entailment_mean",
    "instr_override_rate_mean",
    "state_integrity_rate_mean",
  ];
  // Intervals for the pooled tables: the group's / run's cells pooled (each cell a cluster,
  // report-charts pooledRate), so the accuracy means never stand bare.
  const allPoints = cellPoints(runs);
  const pooledCi = (pts: readonly CellPoint[], m: RateMetric): string | null => {
    const reps = pts
      .filter((c) => typeof c.metrics[m] === "number")
      .map((c) => ({ value: c.metrics[m] as number, n: c.n, interval: c.intervals[m] }));
    const iv = pooledRate(reps);
    return iv ? formatInterval(iv) : null;
  };
  const ciCols = ["value_acc [95% CI]", "exact_acc [95% CI]"];
  for (const run of runs)
    for (const g of (Array.isArray(run.summary?.by_group) ? run.summary.by_group : []).map(obj)) {
      const pts = allPoints.filter(
        (c) =>
          c.run === run.name &&
          c.cfg.state_mode === str(g.state_mode) &&
          c.cfg.distractor_profile === str(g.distractor_profile),
      );
      const gn = `${str(g.state_mode) ?? ""}/${str(g.distractor_profile) ?? ""}`;
      groupRows.push([
        run.name,
        str(g.state_mode),
        str(g.distractor_profile),
        num(g.n),
        ...metricCols.map((c) => num(g[c])),
        ...metricCols.map((c) => {
          const path = `by_group.${gn}.${c}`;
          const iv = obj(obj(obj(run.summary?.intervals).metrics)[path]);
          return typeof iv.value === "number" &&
            typeof g[c] === "number" &&
            Math.abs(iv.value - (g[c] as number)) <= 1e-9
            ? formatInterval(iv as unknown as Interval)
            : null;
        }),
        pooledCi(pts, "value_acc"),
        pooledCi(pts, "exact_acc"),
      ]);
    }
  if (groupRows.length)
    tables.push({
      id: "groups",
      title: "Means per state mode × profile (summary.json by_group)",
      caption:
        "<mean>_ci: the mean over the group's cells with its interval from summary.json `intervals` (weighted cluster bootstrap over cell × episode, docs/statistics.md; empty for a summary written before it had one); [95% CI]: the group's cells pooled (item-weighted; each cell a cluster, docs/reports.md).",
      columns: [
        "run",
        "state_mode",
        "distractor_profile",
        "n",
        ...metricCols,
        ...metricCols.map((c) => `${c}_ci`),
        ...ciCols,
      ],
      rows: groupRows,
    });
  const overallCols = [
    "overall.value_acc_mean",
    "overall.exact_acc_mean",
    "overall.cite_f1_mean",
    "efficiency.tokens_per_q_p90",
  ];
  const overallMetricCols = overallCols.filter((c) => c.startsWith("overall."));
  tables.push({
    id: "runs",
    title: "Runs (summary.json)",
    caption:
      "<mean>_ci: summary.json `intervals` (means over cells, weighted cluster bootstrap); [95% CI]: the run's cells pooled (item-weighted; each cell a cluster).",
    columns: ["run", "cells", ...overallCols, ...overallMetricCols.map((c) => `${c}_ci`), ...ciCols],
    rows: runs.map((r) => {
      const pts = allPoints.filter((c) => c.run === r.name);
      return [
        r.name,
        r.payloads.length,
        ...overallCols.map((c) => num(getPath(r.summary, c))),
        ...overallMetricCols.map((c) => summaryInterval(r.summary, c)),
        pooledCi(pts, "value_acc"),
        pooledCi(pts, "exact_acc"),
      ];
    }),
  });
  sections.push({ id: "tables", title: "Tables", tables });

  return {
    title: `GoldEvidenceBench sweep report: ${basename(root) || root}`,
    subtitle: "Charts are rendered when the report is built; the page needs no network.",
    facts: [
      ["runs", String(runs.length)],
      ["cells", String(rows.length)],
      ["baselines / models", distinct(rows.map((r) => r.baseline)).join(", ")],
      ["state modes", distinct(rows.map((r) => r.state_mode)).join(", ")],
      ["profiles", distinct(rows.map((r) => r.distractor_profile)).join(", ")],
    ],
    // A section with nothing to show is left out (no placeholder).
    sections: sections.filter((x) => (x.charts?.length ?? 0) + (x.tables?.length ?? 0) > 0),
  };
}

export async function writeGebReport(opts: GebReportOptions) {
  const doc = gebReportDoc(opts.dir, opts);
  const out = opts.out ?? join(opts.dir, "report.html");
  const r = await writeReport(doc, out, { png: opts.png, chromium: opts.chromium });
  return { html: r.html, charts: r.charts, tables: r.tables, pngs: r.pngs.length };
}
