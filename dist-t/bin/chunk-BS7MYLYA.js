import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  runIntervals,
  summarizeRuns
} from "./chunk-NDZHQLMR.js";
import {
  buildDiagnosis,
  evidenceExamples,
  loadThresholds
} from "./chunk-YAGFXQZ2.js";
import {
  cellRunnerFor,
  finishCell,
  generateConfigFor,
  prepareCellDir,
  runBaselineCell,
  validateCells,
  validateRunnerCells
} from "./chunk-TIPRZZUQ.js";
import {
  ROW_STATS_FILE,
  fromReferencePayload
} from "./chunk-EH22LCP7.js";
import {
  countRows,
  decompositionLine,
  rates
} from "./chunk-BDOI5KDH.js";
import {
  generateToFile
} from "./chunk-FEZSZ4TE.js";
import {
  Progress
} from "./chunk-7FPTHU2P.js";
import {
  expandGrid,
  shardCells,
  specHash
} from "./chunk-QNRWR3W5.js";
import {
  writeTextAtomic
} from "./chunk-Z5G6XQ3A.js";
import {
  PyFloat,
  compareCodePoints,
  pyJsonDumps,
  pyJsonString
} from "./chunk-KRB3VAEL.js";

// src/geb/sweep/sweep.ts
import { closeSync, cpSync, existsSync, fstatSync, openSync, readFileSync, readSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { join as join2, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { InputError } from "../core/errors.js";

// src/geb/sweep/summary.ts
import { join } from "node:path";
var SUMMARY_METRICS = [
  "value_acc",
  "exact_acc",
  "cite_f1",
  "entailment",
  "instr_override_rate",
  "instr_conflict_present_rate",
  "instr_conflict_present_count",
  "state_integrity_rate"
];
var asObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v) ? v : {};
function toFloat(v) {
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  return null;
}
var mean = (xs) => {
  let s = 0;
  for (const x of xs) s += x;
  return xs.length ? s / xs.length : 0;
};
function percentile(xs, q) {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return lo === hi ? s[lo] : s[lo] + (s[hi] - s[lo]) * (pos - lo);
}
function groupMeans(rows, field) {
  const grouped = /* @__PURE__ */ new Map();
  const overall = /* @__PURE__ */ new Map();
  for (const row of rows) {
    const metrics = asObj(row[field]);
    const mode = typeof row.state_mode === "string" ? row.state_mode : "";
    const profile = typeof row.distractor_profile === "string" ? row.distractor_profile : "";
    const key = JSON.stringify([mode, profile]);
    for (const k of SUMMARY_METRICS) {
      const v = toFloat(metrics[k]);
      if (v === null) continue;
      let g = grouped.get(key);
      if (!g) {
        g = { mode, profile, m: /* @__PURE__ */ new Map() };
        grouped.set(key, g);
      }
      if (!g.m.has(k)) g.m.set(k, []);
      g.m.get(k)?.push(v);
      if (!overall.has(k)) overall.set(k, []);
      overall.get(k)?.push(v);
    }
  }
  const groups = [...grouped.values()].sort(
    (a, b) => compareCodePoints(a.mode, b.mode) || compareCodePoints(a.profile, b.profile)
  );
  const byGroup = groups.map((g) => {
    const entry = {
      state_mode: g.mode,
      distractor_profile: g.profile,
      n: Math.max(0, ...[...g.m.values()].map((v) => v.length))
    };
    for (const [k, v] of g.m) entry[`${k}_mean`] = new PyFloat(mean(v));
    return entry;
  });
  const overallMeans = {};
  for (const [k, v] of overall) overallMeans[`${k}_mean`] = new PyFloat(mean(v));
  return { overall: overallMeans, byGroup };
}
var fl = (x) => x === null ? null : new PyFloat(x);
function summarizeSweep(rows) {
  const main = groupMeans(rows, "metrics");
  const raw = groupMeans(rows, "metrics_raw");
  const summary = {
    rows: rows.length,
    overall: main.overall,
    overall_raw: raw.overall,
    by_group: main.byGroup,
    by_group_raw: raw.byGroup
  };
  const stats = [];
  for (const row of rows) {
    const s = row.retrieval_stats;
    if (Array.isArray(s)) {
      for (const x of s) if (x && typeof x === "object" && !Array.isArray(x)) stats.push(x);
    }
  }
  if (stats.length > 0 && "gold_present" in stats[0] && "stage" in stats[0]) {
    const r = rates(countRows(stats));
    const retrieval = {};
    for (const [k, v] of Object.entries(r))
      retrieval[k] = typeof v === "number" && k !== "n" ? new PyFloat(v) : v;
    const acc = main.overall.value_acc_mean?.value ?? null;
    retrieval.decomposition_line = decompositionLine(r, acc);
    summary.retrieval = retrieval;
  } else if (stats.length > 0) {
    const total = stats.length;
    const ranks = stats.map((s) => s.correct_rank).filter((r) => typeof r === "number");
    summary.retrieval = {
      n: total,
      gold_in_context_rate: new PyFloat(stats.filter((s) => s.correct_included === true).length / total),
      correct_rank_mean: ranks.length ? new PyFloat(mean(ranks)) : null,
      drop_rate: new PyFloat(stats.filter((s) => s.dropped_correct === true).length / total)
    };
  }
  const tokens = [];
  const wall = [];
  for (const row of rows) {
    const e = asObj(row.efficiency);
    if (typeof e.tokens_per_q === "number") tokens.push(e.tokens_per_q);
    if (typeof e.wall_s_per_q === "number") wall.push(e.wall_s_per_q);
  }
  summary.efficiency = {
    tokens_per_q_mean: fl(tokens.length ? mean(tokens) : null),
    tokens_per_q_p50: fl(percentile(tokens, 0.5)),
    tokens_per_q_p90: fl(percentile(tokens, 0.9)),
    wall_s_per_q_mean: fl(wall.length ? mean(wall) : null),
    wall_s_per_q_p90: fl(percentile(wall, 0.9))
  };
  return summary;
}
var pyFloats = (o, ints = []) => Object.fromEntries(
  Object.entries(o).map(([k, v]) => [k, typeof v === "number" && !ints.includes(k) ? new PyFloat(v) : v])
);
function rowBlocks(s) {
  const out = {};
  if (s.rows === 0) return out;
  const rec = (b) => b.map((x) => pyFloats({ ...x }, ["n"]));
  out.recency = {
    tokens_since_update: rec(s.recency.tokens_since_update),
    distractors_since_update: rec(s.recency.distractors_since_update),
    writes_to_key: rec(s.recency.writes_to_key)
  };
  if (s.drift) out.drift = pyFloats({ ...s.drift }, ["step_count", "run_count"]);
  if (s.retrieval) {
    const { counts: _c, gold_in_context_rate: _g, ...rates2 } = s.retrieval;
    out.decomposition = pyFloats(rates2, ["n"]);
  }
  return out;
}
function sweepRunsSummary(runs) {
  return summarizeRuns(runs);
}
function cellIntervals(rows, runs) {
  return runs.map((r, i) => ({ data_path: asObj(rows[i]?.data).path ?? null, ...runIntervals(r) }));
}
function summaryText(rows, runsSummary = null, runs) {
  return pyJsonDumps(
    {
      ...summarizeSweep(rows),
      ...runsSummary ? rowBlocks(runsSummary) : {},
      ...runs ? { intervals_by_cell: cellIntervals(rows, runs) } : {}
    },
    { indent: 2 }
  );
}
function writeSweepDiagnosis(out, runs, summary) {
  const d = buildDiagnosis(summary, {
    thresholds: loadThresholds().thresholds,
    runDir: null,
    examples: evidenceExamples(runs.flatMap((p) => p.retrieval_stats))
  });
  writeTextAtomic(join(out, "diagnosis.json"), `${JSON.stringify(d, null, 2)}
`);
}

// src/geb/sweep/sweep.ts
var MANIFEST = "sweep.json";
var MANIFEST_SCHEMA = "oraclebench.geb.sweep/1";
function manifestText(spec, out, cells) {
  const m = {
    schema: MANIFEST_SCHEMA,
    spec_hash: specHash(spec),
    out,
    spec,
    cells: cells.map((c) => c.name)
  };
  return `${pyJsonDumps(m, { indent: 2, ensureAscii: false })}
`;
}
function readManifest(dir) {
  const file = join2(dir, MANIFEST);
  if (!existsSync(file)) return null;
  let m;
  try {
    m = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new InputError(`invalid JSON: ${e.message}`, { file });
  }
  const mm = m;
  if (!mm || mm.schema !== MANIFEST_SCHEMA || typeof mm.spec_hash !== "string" || !mm.spec)
    throw new InputError(`not a sweep manifest (schema ${MANIFEST_SCHEMA})`, { file, field: "schema" });
  return mm;
}
function combinedText(texts) {
  if (texts.length === 0) return "[]";
  const items = texts.map((t) => t.replace(/^/gm, "  "));
  return `[
${items.join(",\n")}
]`;
}
var CELL_LINE_FILES = ["data.jsonl", "preds.jsonl", ROW_STATS_FILE];
function cellDone(out, c) {
  const dir = join2(out, c.name);
  let n;
  try {
    const p = JSON.parse(readFileSync(join2(dir, "results.json"), "utf8"));
    n = p?.data?.n;
  } catch {
    return false;
  }
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0) return false;
  const baseline = existsSync(join2(dir, ROW_STATS_FILE));
  for (const f of CELL_LINE_FILES) {
    const file = join2(dir, f);
    if (!existsSync(file)) continue;
    const lines = wholeLines(file);
    if (lines === null || (baseline ? lines !== n : lines === 0 && n > 0)) return false;
  }
  return true;
}
function wholeLines(file) {
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return 0;
    const buf = Buffer.allocUnsafe(Math.min(size, 1 << 20));
    let lines = 0;
    let last = 0;
    for (let pos = 0; pos < size; ) {
      const got = readSync(fd, buf, 0, buf.length, pos);
      if (got <= 0) return null;
      const view = got === buf.length ? buf : buf.subarray(0, got);
      for (let i = view.indexOf(10); i >= 0; i = view.indexOf(10, i + 1)) lines++;
      last = view[got - 1];
      pos += got;
    }
    return last === 10 ? lines : null;
  } finally {
    closeSync(fd);
  }
}
function workerEntry() {
  if (!new URL("../geb/sweep/sweep.js", import.meta.url).href.endsWith(".ts")) return new URL("./worker.js", new URL("../geb/sweep/sweep.js", import.meta.url).href);
  const api = createRequire(new URL("../geb/sweep/sweep.js", import.meta.url).href).resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs");
  const target = new URL("./worker.ts", new URL("../geb/sweep/sweep.js", import.meta.url).href).href;
  const boot = `import { register } from ${JSON.stringify(pathToFileURL(api).href)}; register(); await import(${JSON.stringify(target)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}
async function runInWorkers(jobs, spec, out, cells, onDone) {
  if (jobs <= 1 || cells.length <= 1) {
    for (const c of cells) onDone(runBaselineCell(spec, c, out));
    return;
  }
  const url = workerEntry();
  let next = 0;
  let failure = null;
  const workers = [];
  const lanes = Array.from({ length: Math.min(jobs, cells.length) }, () => {
    const w = new Worker(url);
    workers.push(w);
    return new Promise((resolveLane) => {
      const feed = () => {
        if (failure || next >= cells.length) {
          resolveLane();
          return;
        }
        const job = { spec, cell: cells[next++], outRoot: out };
        w.postMessage(job);
      };
      w.on(
        "message",
        (msg) => {
          if (msg.ok && msg.outcome) onDone(msg.outcome);
          else if (!failure) {
            const m = msg.error?.message ?? "worker failed";
            failure = msg.error?.input ? new InputError(m) : new Error(m);
          }
          feed();
        }
      );
      w.on("error", (e) => {
        failure ??= e;
        resolveLane();
      });
      feed();
    });
  });
  try {
    await Promise.all(lanes);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  if (failure) throw failure;
}
async function runOnMainThread(spec, out, cells, runtime, onDone) {
  const run = cellRunnerFor(spec.runner.kind);
  for (const cell of cells) {
    const start = performance.now();
    const dir = join2(out, cell.name);
    prepareCellDir(dir);
    const dataPath = join2(dir, "data.jsonl");
    generateToFile(generateConfigFor(spec, cell), dataPath);
    const parts = await run({ spec, cell, dir, dataPath, predsPath: join2(dir, "preds.jsonl"), runtime });
    onDone(finishCell(spec, cell, out, parts, (performance.now() - start) / 1e3));
  }
}
var ROW_STEP_S = 8e-6;
var WORKER_START_S = 0.3;
function defaultJobs(spec, cells, cores) {
  if (cores <= 2 || cells <= 1) return 1;
  const work = cells * spec.episodes * spec.steps * spec.queries * ROW_STEP_S;
  return Math.max(1, Math.min(cores - 1, cells, Math.floor(work / (2 * WORKER_START_S))));
}
function assemble(out, cells, resultsJson, ran) {
  if (!cells.every((c) => ran?.has(c.name) || cellDone(out, c))) return null;
  const texts = cells.map(
    (c) => ran?.get(c.name)?.text ?? readFileSync(join2(out, c.name, "results.json"), "utf8")
  );
  const combined = combinedText(texts);
  const combinedPath = join2(out, "combined.json");
  writeTextAtomic(combinedPath, combined);
  if (resultsJson && resolve(resultsJson) !== resolve(combinedPath)) writeTextAtomic(resultsJson, combined);
  const summaryPath = join2(out, "summary.json");
  const payloads = texts.map((t) => JSON.parse(t));
  const runs = payloads.map(
    (p, i) => fromReferencePayload(
      p,
      join2(out, cells[i].name, "results.json"),
      "[0]",
      ran?.get(cells[i].name)?.rowStats
    )
  );
  const runsSummary = sweepRunsSummary(runs);
  writeTextAtomic(summaryPath, summaryText(payloads, runsSummary, runs));
  writeSweepDiagnosis(out, runs, runsSummary);
  return { combined: combinedPath, summary: summaryPath };
}
async function runSweep(opts) {
  const { spec, out } = opts;
  const log = opts.log ?? (() => {
  });
  const grid = expandGrid(spec);
  validateCells(spec, grid);
  if (spec.runner.kind !== "baseline") {
    cellRunnerFor(spec.runner.kind);
    validateRunnerCells(spec.runner.kind, spec, grid);
  }
  const mine = shardCells(grid, opts.shard ?? null);
  const existing = readManifest(out);
  if (existing && existing.spec_hash !== specHash(spec)) {
    if (!opts.overwrite)
      throw new InputError(
        "holds a different sweep (other flags); use another --out, or --overwrite to discard it",
        { file: join2(out, MANIFEST) }
      );
  }
  if (opts.overwrite) {
    const old = existing ? existing.cells : [];
    for (const name of /* @__PURE__ */ new Set([...old, ...grid.map((c) => c.name)]))
      rmSync(join2(out, name), { recursive: true, force: true });
    for (const f of ["combined.json", "summary.json", MANIFEST]) rmSync(join2(out, f), { force: true });
  }
  writeTextAtomic(join2(out, MANIFEST), manifestText(spec, out, grid));
  const pending = mine.filter((c) => !cellDone(out, c));
  const skipped = mine.length - pending.length;
  if (skipped > 0) log(`resuming: ${skipped} of ${mine.length} cells already done`);
  const bar = new Progress(mine.length, "sweep", process.stderr, opts.progress === false ? false : void 0);
  bar.tick(skipped);
  const ran = /* @__PURE__ */ new Map();
  const onDone = (o) => {
    ran.set(o.name, o);
    bar.tick();
  };
  try {
    if (spec.runner.kind === "baseline") {
      const jobs = opts.jobs ?? defaultJobs(spec, pending.length, availableParallelism());
      await runInWorkers(jobs, spec, out, pending, onDone);
    } else {
      await runOnMainThread(spec, out, pending, opts.runtime ?? {}, onDone);
    }
  } finally {
    bar.finish();
  }
  const done = assemble(out, grid, opts.resultsJson, ran);
  return {
    cells: mine.length,
    ran: pending.length,
    skipped,
    complete: done !== null,
    combined: done?.combined ?? null,
    summary: done?.summary ?? null
  };
}
function mergeSweeps(inputs, out) {
  if (inputs.length === 0) throw new InputError("nothing to merge", { field: "inputs" });
  const manifests = inputs.map((d) => {
    const m = readManifest(d);
    if (!m) throw new InputError(`no ${MANIFEST} (not a sweep dir)`, { file: d });
    return m;
  });
  const first = manifests[0];
  manifests.forEach((m, i) => {
    if (m.spec_hash !== first.spec_hash)
      throw new InputError(
        `holds a different grid than ${inputs[0]} (spec hash ${m.spec_hash} \u2260 ${first.spec_hash})`,
        {
          file: join2(inputs[i], MANIFEST)
        }
      );
  });
  const target = readManifest(out);
  if (target && target.spec_hash !== first.spec_hash)
    throw new InputError("holds a different sweep", { file: join2(out, MANIFEST) });
  const grid = expandGrid(first.spec);
  writeTextAtomic(join2(out, MANIFEST), manifestText(first.spec, out, grid));
  let copied = 0;
  const missing = [];
  for (const cell of grid) {
    if (cellDone(out, cell)) continue;
    const k = inputs.findIndex((d) => cellDone(d, cell));
    if (k < 0) {
      missing.push(cell.name);
      continue;
    }
    const src = join2(inputs[k], cell.name);
    const dst = join2(out, cell.name);
    rmSync(dst, { recursive: true, force: true });
    cpSync(src, dst, { recursive: true });
    const oldPath = join2(manifests[k].out, cell.name, "data.jsonl");
    const newPath = join2(out, cell.name, "data.jsonl");
    if (oldPath !== newPath) {
      const file = join2(dst, "results.json");
      const text = readFileSync(file, "utf8");
      const needle = `"path": ${pyJsonString(oldPath)}`;
      if (!text.includes(needle))
        throw new InputError(`data.path is not ${oldPath}`, { file, field: "data.path" });
      writeTextAtomic(file, text.replace(needle, `"path": ${pyJsonString(newPath)}`));
    }
    copied++;
  }
  if (missing.length > 0)
    throw new InputError(
      `${missing.length} of ${grid.length} cells are in none of the inputs (first: ${missing.slice(0, 3).join(", ")})`
    );
  const done = assemble(out, grid);
  return {
    cells: grid.length,
    ran: 0,
    skipped: grid.length - copied,
    complete: done !== null,
    combined: done?.combined ?? null,
    summary: done?.summary ?? null
  };
}

export {
  MANIFEST,
  MANIFEST_SCHEMA,
  readManifest,
  combinedText,
  defaultJobs,
  assemble,
  runSweep,
  mergeSweeps
};
