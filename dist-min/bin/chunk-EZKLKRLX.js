import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  collectRuns
} from "./chunk-X6QBASRC.js";
import {
  writeRunArtifacts
} from "./chunk-OZDHIRZJ.js";
import {
  summarizeRuns
} from "./chunk-NDZHQLMR.js";
import "./chunk-YAGFXQZ2.js";
import "./chunk-EH22LCP7.js";
import {
  loadRows,
  runGebModel
} from "./chunk-MCQXORDE.js";
import "./chunk-3SVLQJSD.js";
import "./chunk-BDOI5KDH.js";
import "./chunk-AQ3C7YHI.js";
import "./chunk-ZUKEXBGA.js";
import "./chunk-FEZSZ4TE.js";
import "./chunk-NNDIMO2F.js";
import "./chunk-Q742L2DA.js";
import "./chunk-MNTGVOY3.js";
import {
  parseConfigValue,
  resolvePipelineConfig
} from "./chunk-LW3MUNPG.js";
import "./chunk-DMNN6MZC.js";
import "./chunk-TNHSOIRF.js";
import "./chunk-KU3RCWH4.js";
import {
  Progress
} from "./chunk-7FPTHU2P.js";
import "./chunk-S3MUNSMH.js";
import "./chunk-VPUOSIMC.js";
import {
  gebOptionsFromCli
} from "./chunk-CTXZW2OD.js";
import {
  writeTextAtomic
} from "./chunk-Z5G6XQ3A.js";
import "./chunk-XRAGKYZP.js";
import "./chunk-LCTBYAZL.js";
import "./chunk-LD6HLM5A.js";
import "./chunk-GL4FS2DM.js";
import "./chunk-Z2F3TC4X.js";
import "./chunk-NIT377TX.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-3RFMFL4K.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-LXQA6YAV.js";
import "./chunk-QYZGEUIB.js";
import "./chunk-TXADI6DU.js";
import "./chunk-4LXGBU3I.js";
import "./chunk-CRNPPSQM.js";
import "./chunk-DXD3EPTX.js";
import "./chunk-JPE6EABB.js";
import "./chunk-HFM5OLF6.js";

// src/geb/pipeline/grid.ts
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../core/errors.js";
function parseAxis(spec) {
  const i = spec.indexOf("=");
  if (i <= 0) throw new InputError(`expected key=v1,v2,\u2026, got ${JSON.stringify(spec)}`, { field: "--grid" });
  const key = spec.slice(0, i).trim().replaceAll("-", "_");
  const values = spec.slice(i + 1).split(",").map((v) => parseConfigValue(key, v, "--grid"));
  return [key, values];
}
function gridCells(axes) {
  let cells = [{}];
  for (const [k, vs] of axes) cells = cells.flatMap((c) => vs.map((v) => ({ ...c, [k]: v })));
  return cells;
}
function cellName(cell) {
  const parts = Object.entries(cell).map(([k, v]) => `${k}-${String(v).replace(/[^A-Za-z0-9.]+/g, "_")}`);
  return parts.length ? parts.join("__") : "base";
}
async function runGrid(opts) {
  const datasets = opts.data.map((d) => [d, loadRows(d)]);
  const cells = gridCells(opts.axes);
  const bar = new Progress(
    cells.length * datasets.length,
    "grid",
    process.stderr,
    opts.progress === false ? false : void 0
  );
  const prompt = gebOptionsFromCli({});
  const out = [];
  for (const cell of cells) {
    const resolved = resolvePipelineConfig({
      env: opts.env,
      file: opts.configFile ?? null,
      flags: { ...opts.flags, ...cell }
    });
    if (!resolved.config.selector_only && !resolved.config.deterministic_answer)
      throw new InputError("grids run without a model: add --selector-only or --deterministic-answer", {
        field: "--grid"
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
        labels: Object.fromEntries(
          Object.entries(cell).map(([k, v]) => [k, v])
        ),
        timings: false
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
    } else summary = summarizeRuns(payloads);
    out.push({ name, cell, payloads, summary });
  }
  bar.finish();
  if (opts.outDir) {
    writeTextAtomic(join(opts.outDir, "collect.csv"), collectRuns([opts.outDir]).csv);
    writeTextAtomic(join(opts.outDir, "grid.json"), `${JSON.stringify(gridTable(out), null, 2)}
`);
  }
  return out;
}
var GRID_COLUMNS = [
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
  "abstain_recall"
];
function gridTable(cells) {
  return cells.map((c) => {
    const r = c.summary.retrieval;
    const row = { ...c.cell };
    row.value_acc = c.summary.pooled.value_acc;
    row.exact_acc = c.summary.pooled.exact_acc;
    for (const k of GRID_COLUMNS.slice(2)) row[k] = r ? r[k] : null;
    return row;
  });
}
function formatGrid(cells) {
  const rows = gridTable(cells);
  if (rows.length === 0) return [];
  const cols = Object.keys(rows[0]);
  const cell = (v) => typeof v === "number" ? Number.isInteger(v) ? String(v) : v.toFixed(4) : v === null ? "-" : String(v);
  const text = rows.map((r) => cols.map((c) => cell(r[c])));
  const w = cols.map((c, i) => Math.max(c.length, ...text.map((t) => t[i].length)));
  const line = (cells2) => cells2.map((s, i) => s.padStart(w[i])).join("  ");
  return [line(cols), ...text.map(line)];
}
export {
  GRID_COLUMNS,
  cellName,
  formatGrid,
  gridCells,
  gridTable,
  parseAxis,
  runGrid
};
