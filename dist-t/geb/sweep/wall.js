/**
 * Walls: where a metric crosses a threshold as one parameter grows.
 *
 * `findWall` / `findWallInRuns` follow the reference (`walls.py`, `find_drift_wall.py`): each
 * point is a run dir with a `summary.json` (the metric) and a `combined.json` / `results.json`
 * (whose first payload's `config[param]` is the parameter); points with the same parameter
 * are combined by max or min; the wall is the first point, by ascending parameter, with
 * metric ≥ threshold (`gte`) or ≤ threshold (`lte`), and `last_ok` the point before it.
 * Unlike the reference, run dirs are visited in sorted order so ties resolve the same way on
 * every machine.
 *
 * `wallSearch` adds the adaptive search the reference does with PowerShell pin scripts:
 * a coarse grid, bisection inside the first crossing bracket, and a confirmation re-run of
 * the two bracket points with more seeds. Every probe is an ordinary sweep dir, so
 * `geb wall --runs-dir <out>` reads the same points back.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { InputError } from "../../core/errors.js";
import { readJsonFileSync } from "../../core/jsonl.js";
import { pyFloatRepr, pyJsonDumps } from "../../core/pyjson.js";
import { pyFixed } from "../api.js";
import { writeTextAtomic } from "../io.js";
import { RATE_KNOBS } from "./grid.js";
import { runSweep } from "./sweep.js";
import { asFloat, getPath, loadChecksConfig } from "./thresholds.js";
const readJson = (file) => readJsonFileSync(file);
function loadPayload(file) {
    if (!existsSync(file))
        return null;
    const data = readJson(file);
    if (Array.isArray(data)) {
        for (const item of data)
            if (item &&
                typeof item === "object" &&
                !Array.isArray(item) &&
                item.config)
                return item;
        return null;
    }
    return data && typeof data === "object" ? data : null;
}
/** Every `summary.json` under `dir`, in sorted path order. */
function findSummaries(dir) {
    const out = [];
    const walk = (d) => {
        const names = readdirSync(d).sort();
        for (const n of names) {
            const p = join(d, n);
            if (n === "summary.json")
                out.push(p);
            else if (statSync(p).isDirectory())
                walk(p);
        }
    };
    if (!existsSync(dir))
        throw new InputError("no such directory", { file: dir });
    walk(dir);
    return out.sort();
}
export function loadWallPoints(opts) {
    const points = [];
    for (const file of findSummaries(opts.runsDir)) {
        const summary = readJson(file);
        if (!summary || typeof summary !== "object" || Array.isArray(summary))
            continue;
        const metric = asFloat(getPath(summary, opts.metricPath));
        if (metric === null)
            continue;
        const runDir = join(file, "..");
        const payload = loadPayload(join(runDir, "combined.json")) ?? loadPayload(join(runDir, "results.json"));
        if (!payload)
            continue;
        const config = (payload.config ?? {});
        const param = asFloat(config[opts.paramKey]);
        if (param === null)
            continue;
        const mode = payload.state_mode || config.state_mode || null;
        const profile = payload.distractor_profile ||
            config.distractor_profile ||
            null;
        if (opts.stateMode && mode !== opts.stateMode)
            continue;
        if (opts.profile && profile !== opts.profile)
            continue;
        points.push({ runDir, param, metric, stateMode: mode, profile });
    }
    return points;
}
/** One point per parameter value: the max (or min) metric; first wins ties. */
export function aggregatePoints(points, mode) {
    const grouped = new Map();
    for (const p of points) {
        const g = grouped.get(p.param);
        if (g)
            g.push(p);
        else
            grouped.set(p.param, [p]);
    }
    return [...grouped.values()].map((items) => items.reduce((best, p) => (mode === "min" ? p.metric < best.metric : p.metric > best.metric) ? p : best));
}
const crosses = (metric, threshold, dir) => dir === "gte" ? metric >= threshold : metric <= threshold;
export function findWall(points, threshold, direction) {
    const ordered = [...points].sort((a, b) => a.param - b.param);
    let lastOk = null;
    for (const p of ordered) {
        if (crosses(p.metric, threshold, direction))
            return { lastOk, wall: p };
        lastOk = p;
    }
    return { lastOk, wall: null };
}
const wallFloats = new Set(["param", "metric", "threshold"]);
export function wallPayload(opts) {
    const entry = (p) => (p ? { param: p.param, metric: p.metric, run_dir: p.runDir } : null);
    return {
        metric_path: opts.metricPath,
        param_key: opts.paramKey,
        threshold: opts.threshold,
        direction: opts.direction,
        state_mode: opts.stateMode,
        distractor_profile: opts.profile,
        points: opts.points.map((p) => ({ param: p.param, metric: p.metric, run_dir: p.runDir })),
        last_ok: entry(opts.lastOk),
        wall: entry(opts.wall),
    };
}
export function findWallInRuns(opts) {
    let points = loadWallPoints(opts);
    if (points.length === 0)
        return null;
    const agg = opts.aggregate ?? "max";
    if (agg !== "none")
        points = aggregatePoints(points, agg);
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
        wall,
    });
    const out = opts.out ?? join(opts.runsDir, "wall.json");
    writeTextAtomic(out, pyJsonDumps(payload, { indent: 2, floatKeys: wallFloats }));
    const lines = [
        wall
            ? `wall_param=${pyFixed(wall.param, 4)} wall_metric=${pyFixed(wall.metric, 4)} run_dir=${wall.runDir}`
            : "wall_param=None",
    ];
    if (lastOk)
        lines.push(`last_ok_param=${pyFixed(lastOk.param, 4)} last_ok_metric=${pyFixed(lastOk.metric, 4)} run_dir=${lastOk.runDir}`);
    return { out, payload, lines, wall };
}
/**
 * Write a wall back into a checks config as the reference does: `gte` (the metric rises into
 * failure, e.g. a drift rate) becomes that metric's `max`, `lte` its `min`. The check must
 * exist; the metric entry is created when absent.
 */
export function updateThresholdConfig(file, checkId, metricPath, threshold, direction) {
    const config = loadChecksConfig(file);
    const check = config.checks.find((c) => String(c.id) === checkId);
    if (!check)
        throw new InputError(`check id '${checkId}' not found`, { file, field: "--check-id" });
    if (!Array.isArray(check.metrics))
        check.metrics = [];
    const metrics = check.metrics;
    let entry = metrics.find((m) => String(m.path) === metricPath);
    if (!entry) {
        entry = { path: metricPath };
        metrics.push(entry);
    }
    if (direction === "gte")
        entry.max = threshold;
    else
        entry.min = threshold;
    writeTextAtomic(file, pyJsonDumps(config, { indent: 2, floatKeys: new Set(["min", "max"]) }));
}
function isRate(k) {
    return RATE_KNOBS.includes(k);
}
/** The spec with one knob pinned to a value (lists for that knob dropped). */
export function pinKnob(spec, knob, value) {
    const s = { ...spec, rateLists: { ...spec.rateLists } };
    if (knob === "steps") {
        s.steps = value;
        s.stepsListRaw = null;
    }
    else if (knob === "max_book_tokens") {
        s.maxBookTokens = value;
        s.maxBookTokensListRaw = null;
    }
    else if (isRate(knob)) {
        delete s.rateLists[knob];
        if (knob === "note_rate")
            s.noteRate = value;
        else if (knob === "update_burst_rate")
            s.updateBurstRate = value;
        else if (knob === "distractor_rate")
            s.distractorRate = value;
        else
            s.clearRate = value;
    }
    else
        throw new InputError(`cannot search over "${knob}"`, { field: "--param" });
    return s;
}
export async function wallSearch(opts) {
    const knob = opts.param;
    if (!(knob === "steps" || knob === "max_book_tokens" || isRate(knob)))
        throw new InputError(`must be steps, max_book_tokens or one of ${RATE_KNOBS.join(", ")}`, {
            field: "--param",
        });
    const integer = !isRate(knob);
    const values = opts.values
        .split(",")
        .filter((s) => s.trim())
        .map((s) => {
        const x = Number(s);
        if (!Number.isFinite(x) || (integer && !Number.isInteger(x)))
            throw new InputError(`expected ${integer ? "integers" : "numbers"}, got "${s}"`, {
                field: "--values",
            });
        return x;
    });
    if (values.length < 2)
        throw new InputError("give at least two coarse values", { field: "--values" });
    for (let i = 1; i < values.length; i++)
        if (!(values[i] > values[i - 1]))
            throw new InputError("values must be strictly ascending", { field: "--values" });
    const tolerance = opts.tolerance ?? (integer ? 1 : 0.01);
    const log = opts.log ?? (() => { });
    const label = (x) => (integer ? String(x) : pyFloatRepr(x));
    const probes = [];
    const probe = async (value, phase, spec = opts.spec) => {
        const dir = join(opts.out, `${phase === "confirm" ? "confirm-" : ""}${knob}${label(value)}`);
        const r = await runSweep({
            spec: pinKnob(spec, knob, value),
            out: dir,
            jobs: opts.jobs,
            progress: opts.progress,
            runtime: opts.runtime,
        });
        if (!r.summary)
            throw new Error(`probe ${dir} did not complete`);
        const metric = asFloat(getPath(readJson(r.summary), opts.metricPath));
        if (metric === null)
            throw new InputError(`metric ${opts.metricPath} is missing in ${r.summary}`, { field: "--metric" });
        const p = { param: value, metric, dir, phase };
        probes.push(p);
        log(`${phase} ${knob}=${label(value)} ${opts.metricPath}=${pyFixed(metric, 4)}`);
        return p;
    };
    // 1. Coarse: every value, in order (stop at the first crossing; later values add nothing).
    const coarse = [];
    for (const v of values) {
        const p = await probe(v, "coarse");
        coarse.push(p);
        if (crosses(p.metric, opts.threshold, opts.direction))
            break;
    }
    let { lastOk, wall } = findWall(coarse, opts.threshold, opts.direction);
    // 2. Refine: bisection inside (lastOk, wall).
    if (lastOk && wall) {
        for (let i = 0; i < (opts.refine ?? 4); i++) {
            if (wall.param - lastOk.param <= tolerance)
                break;
            let mid = (lastOk.param + wall.param) / 2;
            if (integer)
                mid = Math.floor(mid);
            else
                mid = Math.round(mid * 1e6) / 1e6;
            if (mid <= lastOk.param || mid >= wall.param)
                break;
            const p = await probe(mid, "refine");
            if (crosses(p.metric, opts.threshold, opts.direction))
                wall = p;
            else
                lastOk = p;
        }
    }
    // 3. Confirm: the bracket with more seeds; the wall holds if the crossing stays put.
    let confirm = null;
    if ((opts.confirmSeeds ?? 0) > 0 && wall) {
        const spec = { ...opts.spec, seeds: opts.confirmSeeds ?? opts.spec.seeds };
        const w = await probe(wall.param, "confirm", spec);
        const ok = lastOk ? await probe(lastOk.param, "confirm", spec) : null;
        const holds = crosses(w.metric, opts.threshold, opts.direction) &&
            (!ok || !crosses(ok.metric, opts.threshold, opts.direction));
        confirm = {
            seeds: spec.seeds,
            wall_metric: w.metric,
            last_ok_metric: ok?.metric ?? null,
            holds,
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
        confirm,
    };
    const file = join(opts.out, "wall_search.json");
    writeTextAtomic(file, pyJsonDumps(result, {
        indent: 2,
        floatKeys: new Set([
            "metric",
            "threshold",
            "wall_metric",
            "last_ok_metric",
            ...(integer ? [] : ["param"]),
        ]),
    }));
    const lines = [
        wall
            ? `wall ${knob}=${label(wall.param)} (${opts.metricPath}=${pyFixed(wall.metric, 4)})`
            : `no wall up to ${knob}=${label(values[values.length - 1])}`,
    ];
    if (lastOk)
        lines.push(`last ok ${knob}=${label(lastOk.param)} (${pyFixed(lastOk.metric, 4)})`);
    if (confirm)
        lines.push(`confirm with ${confirm.seeds} seeds: ${confirm.holds ? "holds" : "does NOT hold"}`);
    return { file, result, lines };
}
//# sourceMappingURL=wall.js.map