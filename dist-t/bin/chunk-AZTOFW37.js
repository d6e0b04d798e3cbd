import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  asFloat,
  getPath,
  loadChecksConfig
} from "./chunk-L55RCKTC.js";
import {
  runSweep
} from "./chunk-BS7MYLYA.js";
import "./chunk-NDZHQLMR.js";
import "./chunk-YAGFXQZ2.js";
import "./chunk-TIPRZZUQ.js";
import "./chunk-EH22LCP7.js";
import "./chunk-BDOI5KDH.js";
import "./chunk-AQ3C7YHI.js";
import "./chunk-ZUKEXBGA.js";
import {
  pyFixed
} from "./chunk-FEZSZ4TE.js";
import "./chunk-NNDIMO2F.js";
import "./chunk-Q742L2DA.js";
import "./chunk-MNTGVOY3.js";
import "./chunk-7FPTHU2P.js";
import "./chunk-S3MUNSMH.js";
import "./chunk-VPUOSIMC.js";
import {
  RATE_KNOBS
} from "./chunk-QNRWR3W5.js";
import {
  writeTextAtomic
} from "./chunk-Z5G6XQ3A.js";
import "./chunk-XRAGKYZP.js";
import "./chunk-LCTBYAZL.js";
import "./chunk-GL4FS2DM.js";
import "./chunk-Z2F3TC4X.js";
import "./chunk-NIT377TX.js";
import "./chunk-OMQMJS7P.js";
import {
  pyFloatRepr,
  pyJsonDumps
} from "./chunk-KRB3VAEL.js";
import "./chunk-FE7UWTWL.js";
import {
  readJsonFileSync
} from "./chunk-QYZGEUIB.js";
import "./chunk-HFM5OLF6.js";

// src/geb/sweep/wall.ts
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { InputError } from "../core/errors.js";
var readJson = (file) => readJsonFileSync(file);
function loadPayload(file) {
  if (!existsSync(file)) return null;
  const data = readJson(file);
  if (Array.isArray(data)) {
    for (const item of data)
      if (item && typeof item === "object" && !Array.isArray(item) && item.config)
        return item;
    return null;
  }
  return data && typeof data === "object" ? data : null;
}
function findSummaries(dir) {
  const out = [];
  const walk = (d) => {
    const names = readdirSync(d).sort();
    for (const n of names) {
      const p = join(d, n);
      if (n === "summary.json") out.push(p);
      else if (statSync(p).isDirectory()) walk(p);
    }
  };
  if (!existsSync(dir)) throw new InputError("no such directory", { file: dir });
  walk(dir);
  return out.sort();
}
function loadWallPoints(opts) {
  const points = [];
  for (const file of findSummaries(opts.runsDir)) {
    const summary = readJson(file);
    if (!summary || typeof summary !== "object" || Array.isArray(summary)) continue;
    const metric = asFloat(getPath(summary, opts.metricPath));
    if (metric === null) continue;
    const runDir = join(file, "..");
    const payload = loadPayload(join(runDir, "combined.json")) ?? loadPayload(join(runDir, "results.json"));
    if (!payload) continue;
    const config = payload.config ?? {};
    const param = asFloat(config[opts.paramKey]);
    if (param === null) continue;
    const mode = payload.state_mode || config.state_mode || null;
    const profile = payload.distractor_profile || config.distractor_profile || null;
    if (opts.stateMode && mode !== opts.stateMode) continue;
    if (opts.profile && profile !== opts.profile) continue;
    points.push({ runDir, param, metric, stateMode: mode, profile });
  }
  return points;
}
function aggregatePoints(points, mode) {
  const grouped = /* @__PURE__ */ new Map();
  for (const p of points) {
    const g = grouped.get(p.param);
    if (g) g.push(p);
    else grouped.set(p.param, [p]);
  }
  return [...grouped.values()].map(
    (items) => items.reduce(
      (best, p) => (mode === "min" ? p.metric < best.metric : p.metric > best.metric) ? p : best
    )
  );
}
var crosses = (metric, threshold, dir) => dir === "gte" ? metric >= threshold : metric <= threshold;
function findWall(points, threshold, direction) {
  const ordered = [...points].sort((a, b) => a.param - b.param);
  let lastOk = null;
  for (const p of ordered) {
    if (crosses(p.metric, threshold, direction)) return { lastOk, wall: p };
    lastOk = p;
  }
  return { lastOk, wall: null };
}
var wallFloats = /* @__PURE__ */ new Set(["param", "metric", "threshold"]);
function wallPayload(opts) {
  const entry = (p) => p ? { param: p.param, metric: p.metric, run_dir: p.runDir } : null;
  return {
    metric_path: opts.metricPath,
    param_key: opts.paramKey,
    threshold: opts.threshold,
    direction: opts.direction,
    state_mode: opts.stateMode,
    distractor_profile: opts.profile,
    points: opts.points.map((p) => ({ param: p.param, metric: p.metric, run_dir: p.runDir })),
    last_ok: entry(opts.lastOk),
    wall: entry(opts.wall)
  };
}
function findWallInRuns(opts) {
  let points = loadWallPoints(opts);
  if (points.length === 0) return null;
  const agg = opts.aggregate ?? "max";
  if (agg !== "none") points = aggregatePoints(points, agg);
  points = [...points].sort((a, b) => a.param - b.param);
  const { lastOk, wall } = findWall(points, opts.threshold, opts.direction);
  const payload = wallPayload({
    points,
    metricPath: opts.metricPath,
    paramKey: opts.paramKey,
    threshold: opts.threshold,
    direction: opts.direction,
    stateMode: opts.stateMode ?? null,
    profile: opts.profile ?? null,
    lastOk,
    wall
  });
  const out = opts.out ?? join(opts.runsDir, "wall.json");
  writeTextAtomic(out, pyJsonDumps(payload, { indent: 2, floatKeys: wallFloats }));
  const lines = [
    wall ? `wall_param=${pyFixed(wall.param, 4)} wall_metric=${pyFixed(wall.metric, 4)} run_dir=${wall.runDir}` : "wall_param=None"
  ];
  if (lastOk)
    lines.push(
      `last_ok_param=${pyFixed(lastOk.param, 4)} last_ok_metric=${pyFixed(lastOk.metric, 4)} run_dir=${lastOk.runDir}`
    );
  return { out, payload, lines, wall };
}
function updateThresholdConfig(file, checkId, metricPath, threshold, direction) {
  const config = loadChecksConfig(file);
  const check = config.checks.find((c) => String(c.id) === checkId);
  if (!check) throw new InputError(`check id '${checkId}' not found`, { file, field: "--check-id" });
  if (!Array.isArray(check.metrics)) check.metrics = [];
  const metrics = check.metrics;
  let entry = metrics.find((m) => String(m.path) === metricPath);
  if (!entry) {
    entry = { path: metricPath };
    metrics.push(entry);
  }
  if (direction === "gte") entry.max = threshold;
  else entry.min = threshold;
  writeTextAtomic(file, pyJsonDumps(config, { indent: 2, floatKeys: /* @__PURE__ */ new Set(["min", "max"]) }));
}
function isRate(k) {
  return RATE_KNOBS.includes(k);
}
function pinKnob(spec, knob, value) {
  const s = { ...spec, rateLists: { ...spec.rateLists } };
  if (knob === "steps") {
    s.steps = value;
    s.stepsListRaw = null;
  } else if (knob === "max_book_tokens") {
    s.maxBookTokens = value;
    s.maxBookTokensListRaw = null;
  } else if (isRate(knob)) {
    delete s.rateLists[knob];
    if (knob === "note_rate") s.noteRate = value;
    else if (knob === "update_burst_rate") s.updateBurstRate = value;
    else if (knob === "distractor_rate") s.distractorRate = value;
    else s.clearRate = value;
  } else throw new InputError(`cannot search over "${knob}"`, { field: "--param" });
  return s;
}
async function wallSearch(opts) {
  const knob = opts.param;
  if (!(knob === "steps" || knob === "max_book_tokens" || isRate(knob)))
    throw new InputError(`must be steps, max_book_tokens or one of ${RATE_KNOBS.join(", ")}`, {
      field: "--param"
    });
  const integer = !isRate(knob);
  const values = opts.values.split(",").filter((s) => s.trim()).map((s) => {
    const x = Number(s);
    if (!Number.isFinite(x) || integer && !Number.isInteger(x))
      throw new InputError(`expected ${integer ? "integers" : "numbers"}, got "${s}"`, {
        field: "--values"
      });
    return x;
  });
  if (values.length < 2) throw new InputError("give at least two coarse values", { field: "--values" });
  for (let i = 1; i < values.length; i++)
    if (!(values[i] > values[i - 1]))
      throw new InputError("values must be strictly ascending", { field: "--values" });
  const tolerance = opts.tolerance ?? (integer ? 1 : 0.01);
  const log = opts.log ?? (() => {
  });
  const label = (x) => integer ? String(x) : pyFloatRepr(x);
  const probes = [];
  const probe = async (value, phase, spec = opts.spec) => {
    const dir = join(opts.out, `${phase === "confirm" ? "confirm-" : ""}${knob}${label(value)}`);
    const r = await runSweep({
      spec: pinKnob(spec, knob, value),
      out: dir,
      jobs: opts.jobs,
      progress: opts.progress,
      runtime: opts.runtime
    });
    if (!r.summary) throw new Error(`probe ${dir} did not complete`);
    const metric = asFloat(getPath(readJson(r.summary), opts.metricPath));
    if (metric === null)
      throw new InputError(`metric ${opts.metricPath} is missing in ${r.summary}`, { field: "--metric" });
    const p = { param: value, metric, dir, phase };
    probes.push(p);
    log(`${phase} ${knob}=${label(value)} ${opts.metricPath}=${pyFixed(metric, 4)}`);
    return p;
  };
  const coarse = [];
  for (const v of values) {
    const p = await probe(v, "coarse");
    coarse.push(p);
    if (crosses(p.metric, opts.threshold, opts.direction)) break;
  }
  let { lastOk, wall } = findWall(coarse, opts.threshold, opts.direction);
  if (lastOk && wall) {
    for (let i = 0; i < (opts.refine ?? 4); i++) {
      if (wall.param - lastOk.param <= tolerance) break;
      let mid = (lastOk.param + wall.param) / 2;
      if (integer) mid = Math.floor(mid);
      else mid = Math.round(mid * 1e6) / 1e6;
      if (mid <= lastOk.param || mid >= wall.param) break;
      const p = await probe(mid, "refine");
      if (crosses(p.metric, opts.threshold, opts.direction)) wall = p;
      else lastOk = p;
    }
  }
  let confirm = null;
  if ((opts.confirmSeeds ?? 0) > 0 && wall) {
    const spec = { ...opts.spec, seeds: opts.confirmSeeds ?? opts.spec.seeds };
    const w = await probe(wall.param, "confirm", spec);
    const ok = lastOk ? await probe(lastOk.param, "confirm", spec) : null;
    const holds = crosses(w.metric, opts.threshold, opts.direction) && (!ok || !crosses(ok.metric, opts.threshold, opts.direction));
    confirm = {
      seeds: spec.seeds,
      wall_metric: w.metric,
      last_ok_metric: ok?.metric ?? null,
      holds
    };
  }
  const entry = (p) => p ? { param: p.param, metric: p.metric, run_dir: relative(opts.out, p.dir) || "." } : null;
  const result = {
    metric_path: opts.metricPath,
    param_key: knob,
    threshold: opts.threshold,
    direction: opts.direction,
    probes: probes.map((p) => ({ phase: p.phase, ...entry(p) })),
    last_ok: entry(lastOk),
    wall: entry(wall),
    confirm
  };
  const file = join(opts.out, "wall_search.json");
  writeTextAtomic(
    file,
    pyJsonDumps(result, {
      indent: 2,
      floatKeys: /* @__PURE__ */ new Set([
        "metric",
        "threshold",
        "wall_metric",
        "last_ok_metric",
        ...integer ? [] : ["param"]
      ])
    })
  );
  const lines = [
    wall ? `wall ${knob}=${label(wall.param)} (${opts.metricPath}=${pyFixed(wall.metric, 4)})` : `no wall up to ${knob}=${label(values[values.length - 1])}`
  ];
  if (lastOk) lines.push(`last ok ${knob}=${label(lastOk.param)} (${pyFixed(lastOk.metric, 4)})`);
  if (confirm)
    lines.push(`confirm with ${confirm.seeds} seeds: ${confirm.holds ? "holds" : "does NOT hold"}`);
  return { file, result, lines };
}
export {
  aggregatePoints,
  findWall,
  findWallInRuns,
  loadWallPoints,
  pinKnob,
  updateThresholdConfig,
  wallPayload,
  wallSearch
};
