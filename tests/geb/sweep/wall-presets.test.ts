import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pyJsonDumps } from "../../../src/core/pyjson.js";
import { payloadText, RESULT_FLOAT_KEYS } from "../../../src/geb/sweep/cell.js";
import { DEFAULT_SWEEP, expandGrid, shardCells } from "../../../src/geb/sweep/grid.js";
import { loadPresets, presetSpec } from "../../../src/geb/sweep/presets.js";
import { combinedText } from "../../../src/geb/sweep/sweep.js";
import { aggregatePoints, findWall } from "../../../src/geb/sweep/wall.js";
import { gebIn, tmp } from "./helpers.js";

describe("grid", () => {
  it("the reference default grid: 50 cells named as the reference names run dirs, in its loop order", async () => {
    const cells = expandGrid(DEFAULT_SWEEP);
    expect(cells).toHaveLength(50);
    expect(cells.slice(0, 3).map((c) => c.name)).toEqual([
      "seed0-steps150-modekv-profinstruction",
      "seed0-steps150-modekv-profadversarial",
      "seed0-steps150-modekv_commentary-profinstruction",
    ]);
    const withLists = expandGrid({
      ...DEFAULT_SWEEP,
      seeds: 1,
      stepsListRaw: "20,40",
      maxBookTokensListRaw: "200",
      stateModesRaw: "kv",
      distractorProfilesRaw: "standard",
      rateLists: { update_burst_rate: "0.1,0.25" },
      pipelineLists: { k: "2,4" },
    });
    expect(withLists.map((c) => c.name)).toEqual([
      "seed0-steps20-book200-modekv-profstandard-updateburstrate0.1-k2",
      "seed0-steps20-book200-modekv-profstandard-updateburstrate0.1-k4",
      "seed0-steps20-book200-modekv-profstandard-updateburstrate0.25-k2",
      "seed0-steps20-book200-modekv-profstandard-updateburstrate0.25-k4",
      "seed0-steps40-book200-modekv-profstandard-updateburstrate0.1-k2",
      "seed0-steps40-book200-modekv-profstandard-updateburstrate0.1-k4",
      "seed0-steps40-book200-modekv-profstandard-updateburstrate0.25-k2",
      "seed0-steps40-book200-modekv-profstandard-updateburstrate0.25-k4",
    ]);
  });

  it("shards partition the grid (every cell in exactly one shard)", async () => {
    const cells = expandGrid({ ...DEFAULT_SWEEP, seeds: 3 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), (n) => {
        const seen = new Map<number, number>();
        for (let i = 1; i <= n; i++)
          for (const c of shardCells(cells, [i, n])) seen.set(c.index, (seen.get(c.index) ?? 0) + 1);
        return seen.size === cells.length && [...seen.values()].every((v) => v === 1);
      }),
    );
  });

  it("combined.json from the cells' texts equals json.dumps of the list (indent 2)", async () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            value_acc: fc.double({ min: 0, max: 1, noNaN: true }),
            n: fc.nat(),
            tags: fc.array(fc.string(), { maxLength: 2 }),
            empty: fc.constant({}),
          }),
          { maxLength: 4 },
        ),
        (payloads) =>
          combinedText(payloads.map(payloadText)) ===
          pyJsonDumps(payloads, { indent: 2, floatKeys: RESULT_FLOAT_KEYS }),
      ),
    );
  });
});

describe("walls", () => {
  const P = (param: number, metric: number, runDir = `r${param}-${metric}`) => ({
    runDir,
    param,
    metric,
    stateMode: null,
    profile: null,
  });

  it("first crossing by ascending param; last_ok is the point before; aggregate keeps the max (first on ties)", async () => {
    const pts = [P(80, 0.7), P(20, 0.99), P(40, 0.95), P(40, 0.8), P(160, 0.5)];
    const agg = aggregatePoints(pts, "max");
    expect(agg.map((p) => [p.param, p.metric])).toEqual([
      [80, 0.7],
      [20, 0.99],
      [40, 0.95],
      [160, 0.5],
    ]);
    const { lastOk, wall } = findWall(agg, 0.9, "lte");
    expect([lastOk?.param, wall?.param]).toEqual([40, 80]);
    expect(findWall(agg, 0.1, "lte").wall).toBeNull();
    expect(findWall(aggregatePoints(pts, "min"), 0.9, "lte").wall?.param).toBe(40);
    // Oracle: the wall is the smallest param whose metric crosses.
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.double({ min: 0, max: 1, noNaN: true })), {
          minLength: 1,
        }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (raw, t) => {
          const ps = aggregatePoints(
            raw.map(([a, b]) => P(a, b)),
            "max",
          );
          const crossing = ps.filter((p) => p.metric >= t).map((p) => p.param);
          const w = findWall(ps, t, "gte").wall;
          return crossing.length ? w?.param === Math.min(...crossing) : w === null;
        },
      ),
    );
  });

  it("geb wall reads summary.json runs, writes wall.json, and writes the threshold back into a checks config", async () => {
    const root = tmp();
    for (const [steps, acc] of [
      [40, 0.99],
      [80, 0.93],
      [160, 0.81],
    ] as const) {
      const d = join(root, "runs", `s${steps}`);
      mkdirSync(d, { recursive: true });
      writeFileSync(join(d, "summary.json"), JSON.stringify({ overall: { value_acc_mean: acc } }));
      writeFileSync(join(d, "combined.json"), JSON.stringify([{ state_mode: "kv", config: { steps } }]));
    }
    const cfg = join(root, "checks.json");
    writeFileSync(cfg, JSON.stringify({ checks: [{ id: "wall_gate", summary_path: "x", metrics: [] }] }));
    const r = await gebIn(
      root,
      "wall",
      "--runs-dir",
      "runs",
      "--metric",
      "overall.value_acc_mean",
      "--param",
      "steps",
      "--threshold",
      "0.9",
      "--direction",
      "lte",
      "--update-config",
      cfg,
      "--check-id",
      "wall_gate",
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("wall_param=160.0000 wall_metric=0.8100 run_dir=runs/s160");
    expect(r.stdout).toContain("last_ok_param=80.0000 last_ok_metric=0.9300 run_dir=runs/s80");
    const wall = JSON.parse(readFileSync(join(root, "runs/wall.json"), "utf8"));
    expect(wall.wall).toEqual({ param: 160, metric: 0.81, run_dir: "runs/s160" });
    expect(readFileSync(join(root, "runs/wall.json"), "utf8")).toContain('"param": 160.0');
    expect(JSON.parse(readFileSync(cfg, "utf8")).checks[0].metrics).toEqual([
      { path: "overall.value_acc_mean", min: 0.9 },
    ]);
    const none = await gebIn(
      root,
      "wall",
      "--runs-dir",
      "runs",
      "--metric",
      "nope",
      "--threshold",
      "1",
      "--direction",
      "gte",
    );
    expect(none.status).toBe(1);
    expect(none.stdout).toContain("No matching runs found.");
  }, 60_000);
});

describe("presets", () => {
  it("every bundled preset resolves to a valid grid; the pipeline ones say what they need", async () => {
    const file = loadPresets();
    expect(Object.keys(file.presets)).toEqual(
      expect.arrayContaining([
        "smoke",
        "triage",
        "standard",
        "reference",
        "authority-filter",
        "update-burst",
        "abstain",
        "instruction-override",
        "order-bias",
      ]),
    );
    for (const name of Object.keys(file.presets))
      expect(expandGrid(presetSpec(file, name)).length).toBeGreaterThan(0);
    expect(expandGrid(presetSpec(file, "reference"))).toHaveLength(50);
    expect(expandGrid(presetSpec(file, "standard"))).toHaveLength(5 * 3 * 2);
    expect(presetSpec(file, "standard").runner).toEqual({ kind: "pipeline", model: null });
    expect(() => presetSpec(file, "nope")).toThrow(/unknown preset "nope"/);
  });

  it("run-preset smoke runs end to end; flags override the preset; bad presets files name the field", async () => {
    const root = tmp();
    const r = await gebIn(root, "run-preset", "smoke", "--seeds", "2", "--no-progress");
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("sweep: 2 cells (2 run, 0 already done) in runs/smoke");
    const combined = JSON.parse(readFileSync(join(root, "runs/smoke/combined.json"), "utf8"));
    expect(combined.map((p: { seed: number; steps: number }) => [p.seed, p.steps])).toEqual([
      [0, 40],
      [1, 40],
    ]);
    const bad = join(root, "bad.json");
    writeFileSync(
      bad,
      JSON.stringify({
        schema: "oraclebench.geb.presets/1",
        version: "1",
        presets: { x: { description: "d", sweep: { seeds: 0 } } },
      }),
    );
    const e = await gebIn(root, "run-preset", "x", "--presets", bad);
    expect(e.status).toBe(2);
    expect(e.stderr).toMatch(/bad\.json: field presets\.x\.sweep\.seeds: /);
  }, 60_000);

  it("pipeline presets run through the retrieval pipeline (deterministic answerer offline); without an answerer they say so", async () => {
    const root = tmp();
    const small = ["--seeds", "1", "--steps", "80", "--queries", "6", "--no-progress"];
    const r = await gebIn(
      root,
      "run-preset",
      "order-bias",
      ...small,
      "--pipeline-set",
      "deterministic_answer=true",
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("sweep: 4 cells");
    const combined = JSON.parse(readFileSync(join(root, "runs/order-bias/combined.json"), "utf8"));
    expect(combined.map((p: { config: { pipeline: { order: string } } }) => p.config.pipeline.order)).toEqual(
      ["gold_first", "gold_middle", "gold_last", "shuffle"],
    );
    expect(combined[0].baseline).toBe("retrieval");
    const summary = JSON.parse(readFileSync(join(root, "runs/order-bias/summary.json"), "utf8"));
    expect(summary.retrieval.n).toBe(
      combined.reduce((a: number, p: { retrieval_stats: unknown[] }) => a + p.retrieval_stats.length, 0),
    );
    expect(typeof summary.retrieval.selection_rate).toBe("number");
    // Without an answerer run-preset falls back to the deterministic one and says so; a plain
    // sweep refuses, and leaves nothing behind, so the corrected retry needs no --overwrite.
    const d = await gebIn(root, "run-preset", "order-bias", ...small, "--out", "runs/d");
    expect(d.status, d.stderr).toBe(0);
    expect(d.stderr).toMatch(/no --model, so the pipeline answers deterministically/);
    const dc = JSON.parse(readFileSync(join(root, "runs/d/combined.json"), "utf8"));
    expect(dc[0].config.pipeline.deterministic_answer).toBe(true);
    const grid = [
      "--seeds",
      "1",
      "--steps",
      "60",
      "--state-modes",
      "kv",
      "--distractor-profiles",
      "standard",
    ];
    const e = await gebIn(
      root,
      "sweep",
      "--out",
      "runs/x",
      ...grid,
      "--pipeline-set",
      "k=4",
      "--no-progress",
    );
    expect(e.status).toBe(2);
    expect(e.stderr.trim().split("\n")).toHaveLength(1);
    expect(e.stderr).toMatch(/the pipeline needs an answerer.*--pipeline-set deterministic_answer=true/);
    expect(existsSync(join(root, "runs/x"))).toBe(false);
    const ok = await gebIn(
      root,
      "sweep",
      "--out",
      "runs/x",
      ...grid,
      "--model",
      "retrieval",
      "--pipeline-set",
      "k=4",
      "--pipeline-set",
      "deterministic_answer=true",
      "--no-progress",
    );
    expect(ok.status, ok.stderr).toBe(0);
  }, 60_000);

  it("run-preset --list names every preset with its cells and needs; no name is a one-line error", async () => {
    const root = tmp();
    const r = await gebIn(root, "run-preset", "--list");
    expect(r.status, r.stderr).toBe(0);
    for (const name of Object.keys(loadPresets().presets))
      expect(r.stdout).toMatch(new RegExp(`^${name} +\\d+ cells`, "m"));
    expect(r.stdout).toMatch(/needs: .*linear model bundled:linear-selector/);
    const c = await gebIn(root, "sweep", "--out", "x", "--baseline", "foo");
    expect(c.status).toBe(2);
    expect(c.stderr.trim().split("\n")).toEqual([
      "geb: option '--baseline <b>' argument 'foo' is invalid. Allowed choices are ledger, naive.",
    ]);
    const e = await gebIn(root, "run-preset");
    expect(e.status).toBe(2);
    expect(e.stderr).toMatch(/^geb: field name: a preset name is required/);
  });
});
