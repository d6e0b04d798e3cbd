/**
 * Selector-only / deterministic grids: every combination of pipeline settings over one or
 * more datasets, in-process (each dataset is read once), one run directory per cell with the
 * usual artifacts, plus a table. No model is involved, so a grid of dozens of cells over
 * thousands of rows takes seconds.
 */
import { loadThresholds } from "../summary/diagnosis.js";
import { join } from "node:path";
import { InputError } from "../../core/errors.js";
import { Progress } from "../../core/progress.js";
import { writeTextAtomic } from "../io.js";
import { gebOptionsFromCli } from "../model/index.js";
import { writeRunArtifacts } from "../summary/artifacts.js";
import { collectRuns } from "../summary/collect.js";
import type { Summary } from "../summary/summarize.js";
import { summarizeRuns } from "../summary/summarize.js";
import { type PipelineConfig, parseConfigValue, resolvePipelineConfig } from "./config.js";
import { type LoadedRow, loadRows, type ModelRunPayload, runGebModel } from "./gebmodel.js";

export type GridAxis = [key: keyof PipelineConfig, values: unknown[]];

/** `key=v1,v2,…` → an axis (values checked against the key's type). */
export function parseAxis(spec: string): GridAxis {
  const i = spec.indexOf("=");
  if (i <= 0) throw new InputError(`expected key=v1,v2,…, got ${JSON.stringify(spec)}`, { field: "--grid" });
  const key = spec.slice(0, i).trim().replaceAll("-", "_");
  const values = spec
    .slice(i + 1)
    .split(",")
    .map((v) => parseConfigValue(key, v, "--grid"));
  return [key as keyof PipelineConfig, values];
}

export function gridCells(axes: readonly GridAxis[]): Record<string, unknown>[] {
  let cells: Record<string, unknown>[] = [{}];
  for (const [k, vs] of axes) cells = cells.flatMap((c) => vs.map((v) => ({ ...c, [k]: v })));
  return cells;
}

export function cellName(cell: Record<string, unknown>): string {
  const parts = Object.entries(cell).map(([k, v]) => `${k}-${String(v).replace(/[^A-Za-z0-9.]+/g, "_")}`);
  return parts.length ? parts.join("__") : "base";
}

export interface GridCellResult {
  name: string;
  cell: Record<string, unknown>;
  payloads: ModelRunPayload[];
  summary: Summary;
}

export interface GridOptions {
  data: readonly string[];
  axes: readonly GridAxis[];
  /** Base flags applied to every cell (cell values override). */
  flags?: Partial<PipelineConfig>;
  configFile?: string | null;
  outDir?: string;
  thresholds?: string;
  env?: NodeJS.ProcessEnv;
  progress?: boolean;
}

export async function runGrid(opts: GridOptions): Promise<GridCellResult[]> {
  const datasets: [string, LoadedRow[]][] = opts.data.map((d) => [d, loadRows(d)]);
  const cells = gridCells(opts.axes);
  const bar = new Progress(
    cells.length * datasets.length,
    "grid",
    process.stderr,
    opts.progress === false ? false : undefined,
  );
  const prompt = gebOptionsFromCli({});
  // Every input is read before any cell writes (issue 31): the thresholds and each cell's
  // config, so a bad one leaves no half-made --out-dir behind.
  loadThresholds(opts.thresholds);
  const resolvedCells = cells.map((cell) => {
    const resolved = resolvePipelineConfig({
      env: opts.env,
      file: opts.configFile ?? null,
      flags: { ...opts.flags, ...(cell as Partial<PipelineConfig>) },
    });
    if (!resolved.config.selector_only && !resolved.config.deterministic_answer)
      throw new InputError("grids run without a model: add --selector-only or --deterministic-answer", {
        field: "--grid",
      });
    return { cell, resolved };
  });
  const out: GridCellResult[] = [];
  for (const { cell, resolved } of resolvedCells) {
    const payloads: ModelRunPayload[] = [];
    for (const [data, rows] of datasets) {
      const r = await runGebModel({
        data,
        rows,
        model: "retrieval",
        engine: null,
        prompt: prompt.prompt,
        postprocess: "none",
        pipeline: resolved,
        labels: Object.fromEntries(
          Object.entries(cell).map(([k, v]) => [k, v as string | number | boolean | null]),
        ),
        timings: false,
      });
      payloads.push(r.payload);
      bar.tick();
    }
    const name = cellName(cell);
    let summary: Summary;
    if (opts.outDir) {
      const dir = join(opts.outDir, name);
      summary = writeRunArtifacts(dir, payloads, { thresholds: opts.thresholds }).summary;
    } else summary = summarizeRuns(payloads);
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
] as const;

export function gridTable(cells: readonly GridCellResult[]): Record<string, unknown>[] {
  return cells.map((c) => {
    const r = c.summary.retrieval;
    const row: Record<string, unknown> = { ...c.cell };
    row.value_acc = c.summary.pooled.value_acc;
    row.exact_acc = c.summary.pooled.exact_acc;
    for (const k of GRID_COLUMNS.slice(2)) row[k] = r ? (r as unknown as Record<string, unknown>)[k] : null;
    return row;
  });
}

export function formatGrid(cells: readonly GridCellResult[]): string[] {
  const rows = gridTable(cells);
  if (rows.length === 0) return [];
  const cols = Object.keys(rows[0]);
  const cell = (v: unknown) =>
    typeof v === "number" ? (Number.isInteger(v) ? String(v) : v.toFixed(4)) : v === null ? "-" : String(v);
  const text = rows.map((r) => cols.map((c) => cell(r[c])));
  const w = cols.map((c, i) => Math.max(c.length, ...text.map((t) => t[i].length)));
  const line = (cells: string[]) => cells.map((s, i) => s.padStart(w[i])).join("  ");
  return [line(cols), ...text.map(line)];
}
