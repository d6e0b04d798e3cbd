/**
 * Selector-only / deterministic grids: every combination of pipeline settings over one or
 * more datasets, in-process (each dataset is read once), one run directory per cell with the
 * usual artifacts, plus a table. No model is involved, so a grid of dozens of cells over
 * thousands of rows takes seconds.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../../core/errors.js";
import { Progress } from "../../core/progress.js";
import { writeTextAtomic } from "../io.js";
import { gebOptionsFromCli } from "../model/index.js";
import { writeRunArtifacts } from "../summary/artifacts.js";
import { collectRuns } from "../summary/collect.js";
import { summarizeRuns } from "../summary/summarize.js";
import { parseConfigValue, resolvePipelineConfig } from "./config.js";
import { loadRows, runGebModel } from "./gebmodel.js";
/** `key=v1,v2,…` → an axis (values checked against the key's type). */
export function parseAxis(spec) {
    const i = spec.indexOf("=");
    if (i <= 0)
        throw new InputError(`expected key=v1,v2,…, got ${JSON.stringify(spec)}`, { field: "--grid" });
    const key = spec.slice(0, i).trim().replaceAll("-", "_");
    const values = spec
        .slice(i + 1)
        .split(",")
        .map((v) => parseConfigValue(key, v, "--grid"));
    return [key, values];
}
export function gridCells(axes) {
    let cells = [{}];
    for (const [k, vs] of axes)
        cells = cells.flatMap((c) => vs.map((v) => ({ ...c, [k]: v })));
    return cells;
}
export function cellName(cell) {
    const parts = Object.entries(cell).map(([k, v]) => `${k}-${String(v).replace(/[^A-Za-z0-9.]+/g, "_")}`);
    return parts.length ? parts.join("__") : "base";
}
export async function runGrid(opts) {
    const datasets = opts.data.map((d) => [d, loadRows(d)]);
    const cells = gridCells(opts.axes);
    const bar = new Progress(cells.length * datasets.length, "grid", process.stderr, opts.progress === false ? false : undefined);
    const prompt = gebOptionsFromCli({});
    const out = [];
    for (const cell of cells) {
        const resolved = resolvePipelineConfig({
            env: opts.env,
            file: opts.configFile ?? null,
            flags: { ...opts.flags, ...cell },
        });
        if (!resolved.config.selector_only && !resolved.config.deterministic_answer)
            throw new InputError("grids run without a model: add --selector-only or --deterministic-answer", {
                field: "--grid",
            });
        const payloads = [];
        for (const [data, rows] of datasets) {
            const r = await runGebModel({
                data,
                rows,
                model: "retrieval",
                engine: null,
                prompt: prompt.prompt,
                postprocess: "none",
                pipeline: resolved,
                labels: Object.fromEntries(Object.entries(cell).map(([k, v]) => [k, v])),
                timings: false,
            });
            payloads.push(r.payload);
            bar.tick();
        }
        const name = cellName(cell);
        let summary;
        if (opts.outDir) {
            const dir = join(opts.outDir, name);
            mkdirSync(dir, { recursive: true });
            summary = writeRunArtifacts(dir, payloads, { thresholds: opts.thresholds }).summary;
        }
        else
            summary = summarizeRuns(payloads);
        out.push({ name, cell, payloads, summary });
    }
    bar.finish();
    if (opts.outDir) {
        writeTextAtomic(join(opts.outDir, "collect.csv"), collectRuns([opts.outDir]).csv);
        writeTextAtomic(join(opts.outDir, "grid.json"), `${JSON.stringify(gridTable(out), null, 2)}\n`);
    }
    return out;
}
export const GRID_COLUMNS = [
    "value_acc",
    "exact_acc",
    "gold_present_rate",
    "selection_rate",
    "selection_rate_latest_entry",
    "selected_note_rate",
    "wrong_update_rate",
    "spoof_accept_rate_non_gold",
    "abstain_rate",
    "abstain_precision",
    "abstain_recall",
];
export function gridTable(cells) {
    return cells.map((c) => {
        const r = c.summary.retrieval;
        const row = { ...c.cell };
        row.value_acc = c.summary.pooled.value_acc;
        row.exact_acc = c.summary.pooled.exact_acc;
        for (const k of GRID_COLUMNS.slice(2))
            row[k] = r ? r[k] : null;
        return row;
    });
}
export function formatGrid(cells) {
    const rows = gridTable(cells);
    if (rows.length === 0)
        return [];
    const cols = Object.keys(rows[0]);
    const cell = (v) => typeof v === "number" ? (Number.isInteger(v) ? String(v) : v.toFixed(4)) : v === null ? "-" : String(v);
    const text = rows.map((r) => cols.map((c) => cell(r[c])));
    const w = cols.map((c, i) => Math.max(c.length, ...text.map((t) => t[i].length)));
    const line = (cells) => cells.map((s, i) => s.padStart(w[i])).join("  ");
    return [line(cols), ...text.map(line)];
}
//# sourceMappingURL=grid.js.map