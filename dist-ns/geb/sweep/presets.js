/**
 * Named sweep presets from a versioned JSON file (default: the bundled configs/presets.json),
 * so the README's "one command to reproduce the headline" is `geb run-preset standard
 * --model …` on any OS. Keys are the sweep flags in snake_case; unknown keys are errors.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { InputError } from "../../core/errors.js";
import { parseWith } from "../../core/schema.js";
import { COMPAT_MODES } from "../dataset/types.js";
import { DEFAULT_SWEEP, expandGrid, validateSpec } from "./grid.js";
export const PRESETS_SCHEMA = "oraclebench.geb.presets/1";
export const DEFAULT_PRESETS_FILE = fileURLToPath(new URL("../../../configs/presets.json", import.meta.url));
const list = z.string().min(1);
const rate = z.number().min(0).max(1);
const pos = z.number().int().min(1);
const scalar = z.union([z.number(), z.string(), z.boolean()]);
export const PresetSweepSchema = z.strictObject({
    seeds: pos.optional(),
    episodes: pos.optional(),
    steps: pos.optional(),
    steps_list: list.optional(),
    keys: pos.optional(),
    queries: pos.optional(),
    derived_query_rate: rate.optional(),
    no_derived_queries: z.boolean().optional(),
    chapters: pos.optional(),
    distractor_rate: rate.optional(),
    tail_distractor_steps: z.number().int().min(0).optional(),
    clear_rate: rate.optional(),
    note_rate: rate.optional(),
    update_burst_rate: rate.optional(),
    state_modes: list.optional(),
    distractor_profiles: list.optional(),
    require_citations: z.boolean().optional(),
    twins: z.boolean().optional(),
    max_support_k: pos.optional(),
    max_book_tokens: pos.optional(),
    max_book_tokens_list: list.optional(),
    note_rate_list: list.optional(),
    update_burst_rate_list: list.optional(),
    distractor_rate_list: list.optional(),
    clear_rate_list: list.optional(),
    pipeline: z.record(z.string(), list).optional(),
    pipeline_set: z.record(z.string(), scalar).optional(),
    baseline: z.enum(["ledger", "naive"]).optional(),
    compat: z.enum(COMPAT_MODES).optional(),
    metrics: z.enum(["1.0", "reference-0.1"]).optional(),
});
export const PresetsFileSchema = z.strictObject({
    $schema: z.string().optional(),
    schema: z.literal(PRESETS_SCHEMA),
    version: z.string().min(1),
    notes: z.string().optional(),
    presets: z.record(z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "preset names are lower-case words joined by -"), z.strictObject({ description: z.string().min(1), sweep: PresetSweepSchema })),
});
export function loadPresets(file = DEFAULT_PRESETS_FILE) {
    let data;
    try {
        data = JSON.parse(readFileSync(file, "utf8"));
    }
    catch (e) {
        const err = e;
        throw new InputError(err.code ? `cannot read: ${err.code}` : `invalid JSON: ${err.message}`, { file });
    }
    return parseWith(PresetsFileSchema, data, { file });
}
/** A preset as a full spec (the reference sweep defaults under the preset's values). */
export function presetSpec(file, name, where = "presets") {
    const p = file.presets[name];
    if (!p)
        throw new InputError(`unknown preset "${name}" (have: ${Object.keys(file.presets).join(", ")})`, {
            field: "name",
        });
    const w = p.sweep;
    const s = {
        ...DEFAULT_SWEEP,
        rateLists: {},
        pipelineLists: { ...(w.pipeline ?? {}) },
        pipelineFixed: { ...(w.pipeline_set ?? {}) },
    };
    if (w.seeds !== undefined)
        s.seeds = w.seeds;
    if (w.episodes !== undefined)
        s.episodes = w.episodes;
    if (w.steps !== undefined)
        s.steps = w.steps;
    if (w.steps_list !== undefined)
        s.stepsListRaw = w.steps_list;
    if (w.keys !== undefined)
        s.keys = w.keys;
    if (w.queries !== undefined)
        s.queries = w.queries;
    if (w.derived_query_rate !== undefined)
        s.derivedQueryRate = w.derived_query_rate;
    if (w.no_derived_queries !== undefined)
        s.noDerivedQueries = w.no_derived_queries;
    if (w.chapters !== undefined)
        s.chapters = w.chapters;
    if (w.distractor_rate !== undefined)
        s.distractorRate = w.distractor_rate;
    if (w.tail_distractor_steps !== undefined)
        s.tailDistractorSteps = w.tail_distractor_steps;
    if (w.clear_rate !== undefined)
        s.clearRate = w.clear_rate;
    if (w.note_rate !== undefined)
        s.noteRate = w.note_rate;
    if (w.update_burst_rate !== undefined)
        s.updateBurstRate = w.update_burst_rate;
    if (w.state_modes !== undefined)
        s.stateModesRaw = w.state_modes;
    if (w.distractor_profiles !== undefined)
        s.distractorProfilesRaw = w.distractor_profiles;
    if (w.require_citations !== undefined)
        s.requireCitations = w.require_citations;
    if (w.twins !== undefined)
        s.twins = w.twins;
    if (w.max_support_k !== undefined)
        s.maxSupportK = w.max_support_k;
    if (w.max_book_tokens !== undefined)
        s.maxBookTokens = w.max_book_tokens;
    if (w.max_book_tokens_list !== undefined)
        s.maxBookTokensListRaw = w.max_book_tokens_list;
    if (w.note_rate_list !== undefined)
        s.rateLists.note_rate = w.note_rate_list;
    if (w.update_burst_rate_list !== undefined)
        s.rateLists.update_burst_rate = w.update_burst_rate_list;
    if (w.distractor_rate_list !== undefined)
        s.rateLists.distractor_rate = w.distractor_rate_list;
    if (w.clear_rate_list !== undefined)
        s.rateLists.clear_rate = w.clear_rate_list;
    if (w.compat !== undefined)
        s.compat = w.compat;
    if (w.metrics !== undefined)
        s.metrics = w.metrics;
    const pipeline = Object.keys(s.pipelineLists).length > 0 || Object.keys(s.pipelineFixed).length > 0;
    s.runner = pipeline
        ? { kind: "pipeline", model: null }
        : { kind: "baseline", baseline: w.baseline ?? "ledger" };
    try {
        validateSpec(s);
    }
    catch (e) {
        if (e instanceof InputError)
            throw e.at({ file: where, field: `presets.${name}.sweep` });
        throw e;
    }
    return s;
}
const ANSWERER_KNOBS = ["deterministic_answer", "selector_only"];
/** The pipeline names its answerer (a model, or a deterministic / selector-only answer). */
function hasAnswerer(s) {
    if (s.runner.kind !== "pipeline" || s.runner.model)
        return true;
    return ANSWERER_KNOBS.some((k) => s.pipelineFixed[k] === true || k in s.pipelineLists);
}
/**
 * Offline default for pipeline presets run without `--model`: the deterministic answerer (the
 * value copied from the selected line), recorded in every cell's config. Returns the note to
 * print, or null when the spec already has an answerer.
 */
export function withOfflineAnswerer(s, name) {
    if (hasAnswerer(s))
        return null;
    s.pipelineFixed = { ...s.pipelineFixed, deterministic_answer: true };
    return `run-preset ${name}: no --model, so the pipeline answers deterministically (value of the selected line; recorded as deterministic_answer=true); use --model retrieval:<spec> for model answers`;
}
/** One line per preset: name, cell count, what it runs with and what it needs. */
export function describePresets(file) {
    const names = Object.keys(file.presets);
    const w = Math.max(...names.map((n) => n.length));
    return names.map((name) => {
        const s = presetSpec(file, name);
        const cells = expandGrid(s).length;
        const needs = [];
        if (s.runner.kind === "baseline")
            needs.push(`${s.runner.baseline} baseline, offline`);
        else {
            needs.push(hasAnswerer(s)
                ? "pipeline, offline"
                : "pipeline; offline answers deterministically, --model retrieval:<spec> for model answers");
            const lin = [s.pipelineFixed.linear_model].filter((x) => typeof x === "string");
            if (lin.length > 0)
                needs.push(`linear model ${lin[0]}`);
        }
        return `${name.padEnd(w)}  ${String(cells).padStart(3)} cells  ${file.presets[name].description}\n${" ".repeat(w)}  needs: ${needs.join("; ")}`;
    });
}
//# sourceMappingURL=presets.js.map