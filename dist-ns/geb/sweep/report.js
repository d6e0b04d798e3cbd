/**
 * `geb report <run-dir>`: a self-contained HTML page over one sweep (a dir with combined.json)
 * or a tree of them (a preset family, a wall search). Panels: decomposition bars, order bias
 * by gold position, k-curves per reranker, wall curves with the threshold line, accuracy vs
 * steps and vs book tokens, compute vs quality, instruction override; tables of every cell,
 * every group and every wall probe (CSV/JSON beside the page and inside it).
 *
 * A panel whose grid dimension is absent from the runs (no k list, no order list) says so
 * instead of drawing an empty chart.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { InputError } from "../../core/errors.js";
import { readJsonFileSync } from "../../core/jsonl.js";
import { writeReport } from "../../core/report/html.js";
import { formatInterval } from "../../core/stats/index.js";
import { MODEL_RUN_SCHEMA } from "../pipeline/run-schema.js";
import { getPath } from "./thresholds.js";
const obj = (v) => (v && typeof v === "object" && !Array.isArray(v) ? v : {});
const num = (v) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v) => v === undefined || v === null ? null : typeof v === "string" ? v : String(v);
const readJson = (file) => readJsonFileSync(file);
/** A `geb model` / `geb pipeline grid` run dir: results.json holding model-run payloads. */
function modelRunFile(d) {
    const f = join(d, "results.json");
    if (!existsSync(f))
        return null;
    const v = readJson(f);
    const first = Array.isArray(v) ? v[0] : v;
    return obj(first).schema === MODEL_RUN_SCHEMA ? f : null;
}
/**
 * Every run under `root` (itself included), sorted: dirs holding a combined.json (sweep trees,
 * reference sweeps) and `geb model` / pipeline-grid run dirs (results.json of model runs).
 */
export function findRuns(root) {
    if (!existsSync(root) || !statSync(root).isDirectory())
        throw new InputError("not a directory", { file: root });
    const found = [];
    const walk = (d) => {
        const combined = join(d, "combined.json");
        if (existsSync(combined))
            found.push({ dir: d, file: combined });
        else {
            const f = modelRunFile(d);
            if (f)
                found.push({ dir: d, file: f });
        }
        for (const n of readdirSync(d).sort()) {
            const p = join(d, n);
            if (statSync(p).isDirectory() && (!existsSync(join(p, "results.json")) || modelRunFile(p)))
                walk(p);
        }
    };
    walk(root);
    return found
        .sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0))
        .map(({ dir, file }) => {
        const raw = readJson(file);
        const payloads = file.endsWith("results.json") && !Array.isArray(raw) ? [raw] : raw;
        if (!Array.isArray(payloads))
            throw new InputError("must be a list of results", { file });
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
function cellInterval(run, p, metric) {
    const own = obj(obj(obj(p.intervals).metrics)[metric]);
    if (typeof own.value === "number")
        return formatInterval(own);
    const path = obj(p.data).path;
    const list = Array.isArray(run.summary?.intervals_by_cell) ? run.summary.intervals_by_cell : [];
    const hit = obj(list.map(obj).find((e) => e.data_path === path)?.[metric]);
    return typeof hit.value === "number" ? formatInterval(hit) : null;
}
export function cellRows(runs) {
    const rows = [];
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
            });
        }
    return rows;
}
/** Mean of `metric` per distinct tuple of `keys` (first-seen order), skipping nulls. */
function groupMean(rows, keys, metrics) {
    const groups = new Map();
    for (const r of rows) {
        const key = Object.fromEntries(keys.map((k) => [k, r[k]]));
        const id = JSON.stringify(key);
        let g = groups.get(id);
        if (!g) {
            g = { key, sums: new Map() };
            groups.set(id, g);
        }
        for (const m of metrics) {
            const v = r[m];
            if (typeof v !== "number")
                continue;
            const s = g.sums.get(m) ?? [0, 0];
            g.sums.set(m, [s[0] + v, s[1] + 1]);
        }
    }
    const out = [];
    for (const g of groups.values())
        for (const m of metrics) {
            const s = g.sums.get(m);
            if (s)
                out.push({ ...g.key, metric: m, value: s[0] / s[1] });
        }
    return out;
}
const distinct = (xs) => [...new Set(xs)];
const ACC = ["value_acc", "exact_acc", "cite_f1", "entailment"];
function chart(id, title, caption, spec) {
    return { id, title, caption, spec: spec };
}
/** Grouped bars: x = group field, bars per metric. */
function groupedBars(values, x, xTitle, sortX) {
    return {
        width: { step: 18 },
        height: 220,
        data: { values },
        mark: { type: "bar", tooltip: true },
        encoding: {
            x: { field: x, type: "nominal", title: xTitle, sort: sortX ?? null, axis: { labelAngle: -30 } },
            xOffset: { field: "metric", sort: null },
            y: { field: "value", type: "quantitative", title: "mean over cells", scale: { domain: [0, 1] } },
            color: { field: "metric", type: "nominal", sort: null, title: "metric" },
        },
    };
}
function lineChart(values, x, xTitle, color, colorTitle, y = "value", yTitle = "mean over cells") {
    return {
        width: 380,
        height: 220,
        data: { values },
        mark: { type: "line", point: true, tooltip: true },
        encoding: {
            x: { field: x, type: "quantitative", title: xTitle, scale: { zero: false } },
            y: { field: y, type: "quantitative", title: yTitle },
            color: { field: color, type: "nominal", sort: null, title: colorTitle },
        },
    };
}
/** The first wall_search.json (else wall.json) at or below `root`, in sorted path order. */
function findWallFile(root) {
    const found = { "wall_search.json": [], "wall.json": [] };
    const walk = (d) => {
        for (const n of readdirSync(d).sort()) {
            const p = join(d, n);
            if (n in found)
                found[n].push(p);
            else if (statSync(p).isDirectory() && !existsSync(join(p, "results.json")))
                walk(p);
        }
    };
    walk(root);
    return found["wall_search.json"].sort()[0] ?? found["wall.json"].sort()[0] ?? null;
}
function loadWall(root) {
    const f = findWallFile(root);
    if (f) {
        const name = relative(root, f);
        const w = obj(readJson(f));
        const pts = (Array.isArray(w.probes) ? w.probes : Array.isArray(w.points) ? w.points : []).map(obj);
        return {
            source: name,
            param: str(w.param_key) ?? "param",
            metric: str(w.metric_path) ?? "metric",
            threshold: num(w.threshold),
            direction: str(w.direction),
            points: pts
                .filter((p) => num(p.param) !== null && num(p.metric) !== null)
                .map((p) => ({
                param: p.param,
                metric: p.metric,
                phase: str(p.phase) ?? "point",
            })),
            wall: num(obj(w.wall).param),
        };
    }
    return null;
}
/** The report document (pure given the runs); exported for tests and other front ends. */
export function gebReportDoc(root, opts = { dir: root }) {
    const runs = findRuns(root);
    if (runs.length === 0)
        throw new InputError("no combined.json or model-run results.json here or below (run geb sweep or geb model first)", {
            file: root,
        });
    const rows = cellRows(runs);
    const sections = [];
    const multiRun = runs.length > 1;
    const groupKey = multiRun ? "run" : "state_mode";
    // Decomposition.
    const decompCharts = [];
    const decomp = groupMean(rows, [groupKey], ACC);
    for (const run of runs) {
        const r = obj(run.summary?.retrieval);
        for (const k of ["gold_present_rate", "selection_rate", "accuracy_when_gold_present"]) {
            const v = num(r[k]);
            if (v !== null && multiRun)
                decomp.push({ run: run.name, metric: k, value: v });
        }
    }
    decompCharts.push(chart("decomposition", `Decomposition by ${groupKey.replace("_", " ")}`, "value → exact (value with correct, entailed citations); retrieval rates (gold present → selected → answered) where the runs carry them.", groupedBars(decomp, groupKey, groupKey.replace("_", " "))));
    sections.push({ id: "decomposition", title: "Decomposition", charts: decompCharts });
    // Order bias.
    const ordered = rows.filter((r) => r.order !== null);
    const ORDER = ["gold_first", "gold_middle", "gold_last", "shuffle"];
    sections.push({
        id: "order-bias",
        title: "Order bias by gold position",
        charts: ordered.length
            ? [
                chart("order-bias", "Accuracy by gold position in the candidate list", "A flat profile means no order bias; spread between gold_first and gold_last is the bias.", groupedBars(groupMean(ordered, ["order"], ["value_acc", "exact_acc"]), "order", "gold position", ORDER)),
            ]
            : [],
        empty: "No gold-order grid in these runs (pipeline order list, e.g. the order-bias preset).",
    });
    // k-curves.
    const withK = rows.filter((r) => r.k !== null);
    sections.push({
        id: "k-curves",
        title: "k-curves per reranker",
        charts: withK.length && distinct(withK.map((r) => r.k)).length > 1
            ? [
                chart("k-curves", "Exact accuracy vs retrieval k, per reranker", "More candidates make gold more likely present but selection harder.", lineChart(groupMean(withK.map((r) => ({ ...r, rerank: r.rerank ?? "default" })), ["k", "rerank"], ["exact_acc"]), "k", "retrieval k", "rerank", "reranker")),
            ]
            : [],
        empty: "No k grid in these runs (pipeline k list, e.g. the standard preset).",
    });
    // Walls.
    const wall = loadWall(root);
    const wallCharts = [];
    const threshold = wall?.threshold ?? opts.wallThreshold ?? null;
    const wallTables = [];
    if (wall && wall.points.length > 0) {
        const layers = [
            {
                data: { values: wall.points },
                mark: { type: "line", point: { size: 60 }, tooltip: true },
                encoding: {
                    x: { field: "param", type: "quantitative", title: wall.param, scale: { zero: false } },
                    y: { field: "metric", type: "quantitative", title: wall.metric },
                    color: { field: "phase", type: "nominal", title: "probe" },
                },
            },
        ];
        if (threshold !== null)
            layers.push({
                mark: { type: "rule", strokeDash: [6, 4], color: "#c0392b" },
                encoding: { y: { datum: threshold } },
            });
        if (wall.wall !== null)
            layers.push({ mark: { type: "rule", color: "#555" }, encoding: { x: { datum: wall.wall } } });
        wallCharts.push(chart("wall", `Wall: ${wall.metric} vs ${wall.param}`, `From ${wall.source}. Dashed: threshold${threshold !== null ? ` ${threshold}` : ""} (${wall.direction ?? ""}); solid: the wall.`, { width: 420, height: 240, layer: layers }));
        wallTables.push({
            id: "wall-points",
            title: "Wall probes",
            columns: ["phase", wall.param, wall.metric],
            rows: [...wall.points].sort((a, b) => a.param - b.param).map((p) => [p.phase, p.param, p.metric]),
        });
    }
    else if (distinct(rows.map((r) => r.steps)).length > 1) {
        const metric = (opts.wallMetric ?? "overall.value_acc_mean")
            .replace(/^overall\./, "")
            .replace(/_mean$/, "");
        const key = ACC.includes(metric) ? metric : "value_acc";
        const layers = [
            {
                data: { values: groupMean(rows, ["steps", "state_mode"], [key]) },
                mark: { type: "line", point: true, tooltip: true },
                encoding: {
                    x: { field: "steps", type: "quantitative", title: "steps" },
                    y: { field: "value", type: "quantitative", title: `mean ${key}` },
                    color: { field: "state_mode", type: "nominal", title: "state mode" },
                },
            },
        ];
        if (threshold !== null)
            layers.push({
                mark: { type: "rule", strokeDash: [6, 4], color: "#c0392b" },
                encoding: { y: { datum: threshold } },
            });
        wallCharts.push(chart("wall", `Wall curve: ${key} vs steps`, "Dashed: threshold (--wall-threshold).", {
            width: 420,
            height: 240,
            layer: layers,
        }));
    }
    sections.push({
        id: "walls",
        title: "Wall curves",
        charts: wallCharts,
        tables: wallTables,
        empty: "No wall search here and no steps list (run geb wall-search, or a sweep with --steps-list).",
    });
    // Accuracy vs steps / book tokens.
    const scaling = [];
    if (distinct(rows.map((r) => r.steps)).length > 1)
        scaling.push(chart("accuracy-vs-steps", "Accuracy vs steps", "Longer logs: more updates and distractors between a write and its query.", lineChart(groupMean(rows, ["steps"], ["value_acc", "exact_acc"]), "steps", "steps per episode", "metric", "metric")));
    const withBook = rows.filter((r) => r.max_book_tokens !== null);
    if (distinct(withBook.map((r) => r.max_book_tokens)).length > 1)
        scaling.push(chart("accuracy-vs-book-tokens", "Accuracy vs book token budget", "Memory-budget sweep: how much of the book a model may read.", lineChart(groupMean(withBook, ["max_book_tokens"], ["value_acc", "exact_acc"]), "max_book_tokens", "max book tokens", "metric", "metric")));
    for (const knob of ["update_burst_rate", "note_rate"]) {
        if (distinct(rows.map((r) => r[knob])).length > 1 &&
            rows.some((r) => r.cell.includes(knob.replaceAll("_", ""))))
            scaling.push(chart(`accuracy-vs-${knob.replaceAll("_", "-")}`, `Accuracy vs ${knob}`, "Generator rate swept as a list.", lineChart(groupMean(rows, [knob], ["value_acc", "exact_acc"]), knob, knob, "metric", "metric")));
    }
    sections.push({
        id: "scaling",
        title: "Accuracy vs steps / book tokens",
        charts: scaling,
        empty: "Neither steps nor the book budget varies in these runs.",
    });
    // Compute vs quality.
    sections.push({
        id: "compute",
        title: "Compute vs quality",
        charts: [
            chart("compute-vs-quality", "Exact accuracy vs tokens per query", "One point per cell; up and left is better.", {
                width: 420,
                height: 260,
                data: { values: rows.filter((r) => r.tokens_per_q !== null && r.exact_acc !== null) },
                mark: { type: "point", filled: true, size: 60, opacity: 0.8, tooltip: true },
                encoding: {
                    x: {
                        field: "tokens_per_q",
                        type: "quantitative",
                        title: "tokens per query",
                        scale: { zero: false },
                    },
                    y: { field: "exact_acc", type: "quantitative", title: "exact_acc", scale: { domain: [0, 1] } },
                    color: { field: multiRun ? "run" : "state_mode", type: "nominal" },
                    shape: { field: "baseline", type: "nominal" },
                },
            }),
        ],
    });
    // Instruction override.
    const instr = rows.filter((r) => r.instr_override_rate !== null || r.state_integrity_rate !== null);
    sections.push({
        id: "instruction-override",
        title: "Instruction override",
        charts: instr.length
            ? [
                chart("instruction-override", "Instruction-override panel by profile", "Override rate counts answers that followed an injected instruction that conflicts with the ledger; integrity is the share of answers that kept the true state.", groupedBars(groupMean(instr, ["distractor_profile"], [
                    "instr_override_rate",
                    "instr_conflict_present_rate",
                    "state_integrity_rate",
                    "instruction_gap",
                ]).map((o) => ({ ...o, value: Math.max(0, o.value) })), "distractor_profile", "distractor profile")),
            ]
            : [],
        empty: "No instruction-injecting profile in these runs (instruction, instruction_suite).",
    });
    // Tables.
    const cols = Object.keys(rows[0] ?? {});
    const tables = [
        {
            id: "cells",
            title: "Every cell",
            columns: cols,
            rows: rows.map((r) => cols.map((c) => r[c])),
        },
    ];
    const groupRows = [];
    const metricCols = [
        "value_acc_mean",
        "exact_acc_mean",
        "cite_f1_mean",
        "entailment_mean",
        "instr_override_rate_mean",
        "state_integrity_rate_mean",
    ];
    for (const run of runs)
        for (const g of (Array.isArray(run.summary?.by_group) ? run.summary.by_group : []).map(obj))
            groupRows.push([
                run.name,
                str(g.state_mode),
                str(g.distractor_profile),
                num(g.n),
                ...metricCols.map((c) => num(g[c])),
            ]);
    if (groupRows.length)
        tables.push({
            id: "groups",
            title: "Means per state mode × profile (summary.json by_group)",
            columns: ["run", "state_mode", "distractor_profile", "n", ...metricCols],
            rows: groupRows,
        });
    const overallCols = [
        "overall.value_acc_mean",
        "overall.exact_acc_mean",
        "overall.cite_f1_mean",
        "efficiency.tokens_per_q_p90",
    ];
    tables.push({
        id: "runs",
        title: "Runs (summary.json)",
        columns: ["run", "cells", ...overallCols],
        rows: runs.map((r) => [r.name, r.payloads.length, ...overallCols.map((c) => num(getPath(r.summary, c)))]),
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
        sections,
    };
}
export async function writeGebReport(opts) {
    const doc = gebReportDoc(opts.dir, opts);
    const out = opts.out ?? join(opts.dir, "report.html");
    const r = await writeReport(doc, out, { png: opts.png, chromium: opts.chromium });
    return { html: r.html, charts: r.charts, tables: r.tables, pngs: r.pngs.length };
}
//# sourceMappingURL=report.js.map