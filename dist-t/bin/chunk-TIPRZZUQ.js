import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  ROW_STATS_FILE,
  baselineRowStat
} from "./chunk-EH22LCP7.js";
import {
  Grader,
  REFERENCE_RESULT_METRICS,
  RESULT_FLOAT_KEYS,
  TextCache,
  countTokens,
  generateDataset,
  makeBaseline,
  pyJsonLine,
  rowPieces,
  validateConfig
} from "./chunk-FEZSZ4TE.js";
import {
  AtomicWriter,
  writeTextAtomic
} from "./chunk-Z5G6XQ3A.js";
import {
  DEFAULT_GENERATE_CONFIG
} from "./chunk-XRAGKYZP.js";
import {
  PyFloat,
  pyJsonDumps
} from "./chunk-KRB3VAEL.js";

// src/geb/sweep/cell.ts
import { mkdirSync, readdirSync, unlinkSync } from "node:fs";
import { join } from "node:path";
function generateConfigFor(spec, cell) {
  return {
    ...DEFAULT_GENERATE_CONFIG,
    seed: cell.seed,
    episodes: spec.episodes,
    steps: cell.steps,
    keys: spec.keys,
    queries: spec.queries,
    derivedQueryRate: spec.noDerivedQueries ? 0 : spec.derivedQueryRate,
    chapters: spec.chapters,
    distractorRate: cell.rates.distractor_rate,
    tailDistractorSteps: spec.tailDistractorSteps,
    clearRate: cell.rates.clear_rate,
    noteRate: cell.rates.note_rate,
    updateBurstRate: cell.rates.update_burst_rate,
    distractorProfile: cell.profile,
    stateMode: cell.stateMode,
    twins: spec.twins,
    requireCitations: spec.requireCitations ?? true,
    compat: spec.compat
  };
}
function validateCells(spec, cells) {
  for (const c of cells) {
    try {
      validateConfig(generateConfigFor(spec, c));
    } catch (e) {
      if (e instanceof Error) e.message = `cell ${c.name}: ${e.message}`;
      throw e;
    }
  }
}
var f = (x) => new PyFloat(x);
function cellConfigBlock(spec, cell) {
  const cfg = {
    seeds: spec.seeds,
    episodes: spec.episodes,
    steps: cell.steps,
    steps_list: spec.stepsListRaw,
    keys: spec.keys,
    queries: spec.queries,
    derived_query_rate: f(spec.noDerivedQueries ? 0 : spec.derivedQueryRate),
    chapters: spec.chapters,
    distractor_rate: f(cell.rates.distractor_rate),
    tail_distractor_steps: spec.tailDistractorSteps,
    clear_rate: f(cell.rates.clear_rate),
    note_rate: f(cell.rates.note_rate),
    update_burst_rate: f(cell.rates.update_burst_rate),
    require_citations: spec.requireCitations ?? true,
    twins: spec.twins,
    state_modes: spec.stateModesRaw,
    distractor_profiles: spec.distractorProfilesRaw,
    max_book_tokens: cell.maxBookTokens,
    max_book_tokens_list: spec.maxBookTokensListRaw,
    no_derived_queries: spec.noDerivedQueries,
    no_require_citations: null
  };
  for (const knob of cell.sweptRates) cfg[`${knob}_list`] = spec.rateLists[knob];
  if (Object.keys(cell.pipeline).length > 0) cfg.pipeline = { ...cell.pipeline };
  if (spec.compat === "reference-0.1" && spec.metrics === "reference-0.1") return cfg;
  cfg.max_support_k = spec.maxSupportK;
  cfg.compat = spec.compat;
  cfg.metrics = spec.metrics;
  return cfg;
}
function metricsBlock(m, dialect) {
  const out = {};
  for (const k of REFERENCE_RESULT_METRICS) out[k] = m[k];
  if (dialect !== "reference-0.1") {
    out.support_bloat = m.support_bloat;
    out.clean_acc = m.clean_acc;
    out.n = m.n;
    out.missing = m.missing;
  }
  return out;
}
function envSnapshot() {
  return {
    GOLDEVIDENCEBENCH_MODEL: process.env.GOLDEVIDENCEBENCH_MODEL ?? null,
    GOLDEVIDENCEBENCH_REQUIRE_CITATIONS: process.env.GOLDEVIDENCEBENCH_REQUIRE_CITATIONS ?? null
  };
}
function cellPayload(spec, cell, outRoot, parts) {
  return {
    adapter_schema_version: "1.0",
    baseline: parts.baseline,
    protocol: "closed_book",
    seed: cell.seed,
    steps: cell.steps,
    state_mode: cell.stateMode,
    distractor_profile: cell.profile,
    data: { path: join(outRoot, cell.name, "data.jsonl"), n: parts.n },
    config: cellConfigBlock(spec, cell),
    env: envSnapshot(),
    metrics: parts.metrics,
    metrics_raw: parts.metricsRaw,
    efficiency: parts.efficiency,
    artifact_stats: parts.artifactStats,
    retrieval_stats: parts.retrievalStats
  };
}
function payloadText(payload) {
  return pyJsonDumps(payload, { indent: 2, floatKeys: RESULT_FLOAT_KEYS });
}
function prepareCellDir(dir) {
  mkdirSync(dir, { recursive: true });
  for (const f2 of readdirSync(dir)) if (/\.tmp-\d+$/.test(f2)) unlinkSync(join(dir, f2));
}
function finishCell(spec, cell, outRoot, parts, wall) {
  const dir = join(outRoot, cell.name);
  const n = parts.n;
  if (spec.timings) {
    parts.efficiency.wall_s = wall;
    parts.efficiency.wall_s_per_q = n ? wall / n : 0;
  }
  const text = payloadText(cellPayload(spec, cell, outRoot, parts));
  writeTextAtomic(
    join(dir, "timing.json"),
    `${pyJsonDumps({ wall_s: wall, wall_s_per_q: n ? wall / n : 0 }, { indent: 2, floatKeys: RESULT_FLOAT_KEYS })}
`,
    { durable: false }
  );
  writeTextAtomic(join(dir, "results.json"), text, { durable: false });
  return { index: cell.index, name: cell.name, text, wall_s: wall };
}
function runBaselineCell(spec, cell, outRoot) {
  if (spec.runner.kind !== "baseline") throw new Error("runBaselineCell needs a baseline runner");
  const start = performance.now();
  const dir = join(outRoot, cell.name);
  prepareCellDir(dir);
  const cfg = generateConfigFor(spec, cell);
  validateConfig(cfg);
  const requireCitations = spec.requireCitations ?? true;
  const predictor = makeBaseline(spec.runner.baseline, "closed_book", spec.metrics);
  const grader = new Grader({
    citations: requireCitations ? "auto" : "off",
    supportMetric: "f1",
    maxSupportK: spec.maxSupportK,
    entailmentCheck: true,
    metrics: spec.metrics
  });
  const data = new AtomicWriter(join(dir, "data.jsonl"), { durable: false });
  const preds = new AtomicWriter(join(dir, "preds.jsonl"), { durable: false });
  const stats = new AtomicWriter(join(dir, ROW_STATS_FILE), { durable: false });
  let tokens = 0;
  const rowStats = [];
  try {
    const cache = new TextCache();
    for (const episode of generateDataset(cfg)) {
      let lastBook = null;
      let lastTokens = 0;
      for (const row of episode) {
        for (const piece of rowPieces(row, cache)) data.write(piece);
        const pred = predictor.predict({ id: row.id, meta: row.meta, text: row.book });
        const g = grader.add(row, pred);
        const stat = baselineRowStat(row, g, pred);
        rowStats.push(stat);
        stats.write(`${JSON.stringify(stat)}
`);
        preds.write(pyJsonLine(pred));
        if (row.book !== lastBook) {
          lastBook = row.book;
          lastTokens = countTokens(row.book);
        }
        tokens += lastTokens;
      }
      cache.clear();
    }
    data.commit();
    preds.commit();
    stats.commit();
  } catch (e) {
    data.abort();
    preds.abort();
    stats.abort();
    throw e;
  }
  const m = grader.result();
  const n = m.n;
  const wall = (performance.now() - start) / 1e3;
  const outcome = finishCell(
    spec,
    cell,
    outRoot,
    {
      baseline: spec.runner.baseline,
      n,
      metrics: metricsBlock(m, spec.metrics),
      metricsRaw: null,
      efficiency: {
        tokens,
        tokens_per_q: n ? tokens / n : 0,
        passes: 1,
        wall_s: null,
        wall_s_per_q: null
      },
      artifactStats: [],
      retrievalStats: []
    },
    wall
  );
  outcome.rowStats = rowStats;
  return outcome;
}

// src/geb/sweep/runners.ts
import { InputError } from "../core/errors.js";
var runners = /* @__PURE__ */ new Map();
var validators = /* @__PURE__ */ new Map();
function registerCellRunner(kind, run, validate) {
  runners.set(kind, run);
  if (validate) validators.set(kind, validate);
}
function validateRunnerCells(kind, spec, cells) {
  validators.get(kind)?.(spec, cells);
}
function cellRunnerFor(kind) {
  const r = runners.get(kind);
  if (!r) {
    throw new InputError(
      kind === "pipeline" ? "pipeline cells need the GEB retrieval/selection pipeline, which is not registered in this build (registerCellRunner('pipeline', \u2026))" : `no cell runner registered for "${kind}"`,
      { field: kind === "pipeline" ? "pipeline grid" : "--model" }
    );
  }
  return r;
}

export {
  generateConfigFor,
  validateCells,
  metricsBlock,
  prepareCellDir,
  finishCell,
  runBaselineCell,
  registerCellRunner,
  validateRunnerCells,
  cellRunnerFor
};
