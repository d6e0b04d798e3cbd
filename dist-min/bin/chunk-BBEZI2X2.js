import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  DEFAULT_SWEEP,
  expandGrid,
  validateSpec
} from "./chunk-QNRWR3W5.js";
import {
  COMPAT_MODES
} from "./chunk-XRAGKYZP.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import {
  external_exports,
  parseWith
} from "./chunk-FE7UWTWL.js";
import "./chunk-HFM5OLF6.js";

// src/geb/sweep/presets.ts
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { InputError } from "../core/errors.js";
var PRESETS_SCHEMA = "oraclebench.geb.presets/1";
var DEFAULT_PRESETS_FILE = fileURLToPath(new URL("../../../configs/presets.json", new URL("../geb/sweep/presets.js", import.meta.url).href));
var list = external_exports.string().min(1);
var rate = external_exports.number().min(0).max(1);
var pos = external_exports.number().int().min(1);
var scalar = external_exports.union([external_exports.number(), external_exports.string(), external_exports.boolean()]);
var PresetSweepSchema = external_exports.strictObject({
  seeds: pos.optional(),
  episodes: pos.optional(),
  steps: pos.optional(),
  steps_list: list.optional(),
  keys: pos.optional(),
  queries: pos.optional(),
  derived_query_rate: rate.optional(),
  no_derived_queries: external_exports.boolean().optional(),
  chapters: pos.optional(),
  distractor_rate: rate.optional(),
  tail_distractor_steps: external_exports.number().int().min(0).optional(),
  clear_rate: rate.optional(),
  note_rate: rate.optional(),
  update_burst_rate: rate.optional(),
  state_modes: list.optional(),
  distractor_profiles: list.optional(),
  require_citations: external_exports.boolean().optional(),
  twins: external_exports.boolean().optional(),
  max_support_k: pos.optional(),
  max_book_tokens: pos.optional(),
  max_book_tokens_list: list.optional(),
  note_rate_list: list.optional(),
  update_burst_rate_list: list.optional(),
  distractor_rate_list: list.optional(),
  clear_rate_list: list.optional(),
  pipeline: external_exports.record(external_exports.string(), list).optional(),
  pipeline_set: external_exports.record(external_exports.string(), scalar).optional(),
  baseline: external_exports.enum(["ledger", "naive"]).optional(),
  compat: external_exports.enum(COMPAT_MODES).optional(),
  metrics: external_exports.enum(["1.0", "reference-0.1"]).optional()
});
var PresetsFileSchema = external_exports.strictObject({
  $schema: external_exports.string().optional(),
  schema: external_exports.literal(PRESETS_SCHEMA),
  version: external_exports.string().min(1),
  notes: external_exports.string().optional(),
  presets: external_exports.record(
    external_exports.string().regex(/^[a-z0-9][a-z0-9-]*$/, "preset names are lower-case words joined by -"),
    external_exports.strictObject({ description: external_exports.string().min(1), sweep: PresetSweepSchema })
  )
});
function loadPresets(file = DEFAULT_PRESETS_FILE) {
  let data;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    const err = e;
    throw new InputError(err.code ? `cannot read: ${err.code}` : `invalid JSON: ${err.message}`, { file });
  }
  return parseWith(PresetsFileSchema, data, { file });
}
function presetSpec(file, name, where = "presets") {
  const p = file.presets[name];
  if (!p)
    throw new InputError(`unknown preset "${name}" (have: ${Object.keys(file.presets).join(", ")})`, {
      field: "name"
    });
  const w = p.sweep;
  const s = {
    ...DEFAULT_SWEEP,
    rateLists: {},
    pipelineLists: { ...w.pipeline ?? {} },
    pipelineFixed: { ...w.pipeline_set ?? {} }
  };
  if (w.seeds !== void 0) s.seeds = w.seeds;
  if (w.episodes !== void 0) s.episodes = w.episodes;
  if (w.steps !== void 0) s.steps = w.steps;
  if (w.steps_list !== void 0) s.stepsListRaw = w.steps_list;
  if (w.keys !== void 0) s.keys = w.keys;
  if (w.queries !== void 0) s.queries = w.queries;
  if (w.derived_query_rate !== void 0) s.derivedQueryRate = w.derived_query_rate;
  if (w.no_derived_queries !== void 0) s.noDerivedQueries = w.no_derived_queries;
  if (w.chapters !== void 0) s.chapters = w.chapters;
  if (w.distractor_rate !== void 0) s.distractorRate = w.distractor_rate;
  if (w.tail_distractor_steps !== void 0) s.tailDistractorSteps = w.tail_distractor_steps;
  if (w.clear_rate !== void 0) s.clearRate = w.clear_rate;
  if (w.note_rate !== void 0) s.noteRate = w.note_rate;
  if (w.update_burst_rate !== void 0) s.updateBurstRate = w.update_burst_rate;
  if (w.state_modes !== void 0) s.stateModesRaw = w.state_modes;
  if (w.distractor_profiles !== void 0) s.distractorProfilesRaw = w.distractor_profiles;
  if (w.require_citations !== void 0) s.requireCitations = w.require_citations;
  if (w.twins !== void 0) s.twins = w.twins;
  if (w.max_support_k !== void 0) s.maxSupportK = w.max_support_k;
  if (w.max_book_tokens !== void 0) s.maxBookTokens = w.max_book_tokens;
  if (w.max_book_tokens_list !== void 0) s.maxBookTokensListRaw = w.max_book_tokens_list;
  if (w.note_rate_list !== void 0) s.rateLists.note_rate = w.note_rate_list;
  if (w.update_burst_rate_list !== void 0) s.rateLists.update_burst_rate = w.update_burst_rate_list;
  if (w.distractor_rate_list !== void 0) s.rateLists.distractor_rate = w.distractor_rate_list;
  if (w.clear_rate_list !== void 0) s.rateLists.clear_rate = w.clear_rate_list;
  if (w.compat !== void 0) s.compat = w.compat;
  if (w.metrics !== void 0) s.metrics = w.metrics;
  const pipeline = Object.keys(s.pipelineLists).length > 0 || Object.keys(s.pipelineFixed).length > 0;
  s.runner = pipeline ? { kind: "pipeline", model: null } : { kind: "baseline", baseline: w.baseline ?? "ledger" };
  try {
    validateSpec(s);
  } catch (e) {
    if (e instanceof InputError) throw e.at({ file: where, field: `presets.${name}.sweep` });
    throw e;
  }
  return s;
}
var ANSWERER_KNOBS = ["deterministic_answer", "selector_only"];
function hasAnswerer(s) {
  if (s.runner.kind !== "pipeline" || s.runner.model) return true;
  return ANSWERER_KNOBS.some((k) => s.pipelineFixed[k] === true || k in s.pipelineLists);
}
function withOfflineAnswerer(s, name) {
  if (hasAnswerer(s)) return null;
  s.pipelineFixed = { ...s.pipelineFixed, deterministic_answer: true };
  return `run-preset ${name}: no --model, so the pipeline answers deterministically (value of the selected line; recorded as deterministic_answer=true); use --model retrieval:<spec> for model answers`;
}
function describePresets(file) {
  const names = Object.keys(file.presets);
  const w = Math.max(...names.map((n) => n.length));
  return names.map((name) => {
    const s = presetSpec(file, name);
    const cells = expandGrid(s).length;
    const needs = [];
    if (s.runner.kind === "baseline") needs.push(`${s.runner.baseline} baseline, offline`);
    else {
      needs.push(
        hasAnswerer(s) ? "pipeline, offline" : "pipeline; offline answers deterministically, --model retrieval:<spec> for model answers"
      );
      const lin = [s.pipelineFixed.linear_model].filter((x) => typeof x === "string");
      if (lin.length > 0) needs.push(`linear model ${lin[0]}`);
    }
    return `${name.padEnd(w)}  ${String(cells).padStart(3)} cells  ${file.presets[name].description}
${" ".repeat(w)}  needs: ${needs.join("; ")}`;
  });
}
export {
  DEFAULT_PRESETS_FILE,
  PRESETS_SCHEMA,
  PresetSweepSchema,
  PresetsFileSchema,
  describePresets,
  loadPresets,
  presetSpec,
  withOfflineAnswerer
};
