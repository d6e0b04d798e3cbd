/**
 * Workflows as documented: every bundled preset runs offline at its smallest size; sweeps
 * refuse the reference's retrieval environment knobs with the flag to use; `--model
 * retrieval` makes pipeline cells; summaries, collect, compare and the threshold gates read
 * sweep trees (and refuse an empty run list).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Command } from "commander";
import { beforeAll, describe, expect, it } from "vitest";
import { collectRuns } from "../../../src/geb/summary/collect.js";
import { compareSummaries, summaryFor } from "../../../src/geb/summary/compare.js";
import { loadRuns } from "../../../src/geb/summary/runs.js";
import { addSweepFlags, rejectRetrievalEnv, specFromFlags } from "../../../src/geb/sweep/flags.js";
import { DEFAULT_SWEEP, expandGrid, type SweepSpec } from "../../../src/geb/sweep/grid.js";
import { loadPresets, presetSpec, withOfflineAnswerer } from "../../../src/geb/sweep/presets.js";
import { runSweep } from "../../../src/geb/sweep/sweep.js";
import { evaluateChecks, optionalAbsent } from "../../../src/geb/sweep/thresholds.js";
import { tmp } from "./helpers.js";

await import("../../../src/geb/sweep/pipeline-cell.js");

describe("presets", () => {
  const file = loadPresets();
  for (const name of Object.keys(file.presets))
    it(`${name} runs offline from the bundled files at its smallest size`, async () => {
      const spec: SweepSpec = { ...presetSpec(file, name), seeds: 1, episodes: 1, steps: 40, queries: 4 };
      withOfflineAnswerer(spec, name);
      const out = tmp();
      const r = await runSweep({ spec, out, jobs: 1, progress: false });
      expect(r.complete).toBe(true);
      const runs = loadRuns([out]);
      expect(runs).toHaveLength(expandGrid(spec).length);
      for (const { payload } of runs) expect(typeof payload.metrics.value_acc).toBe("number");
    });
});

function parse(args: string[]): Promise<SweepSpec> {
  const cmd = addSweepFlags(new Command("sweep").exitOverride())
    .option("--model <spec>")
    .option("--adapter <spec>");
  cmd.parse(args, { from: "user" });
  return specFromFlags(cmd);
}

describe("sweep flags", () => {
  it("GOLDEVIDENCEBENCH_RETRIEVAL_* is refused with the flag that does the same", () => {
    expect(() => rejectRetrievalEnv({ GOLDEVIDENCEBENCH_RETRIEVAL_K: "4" })).toThrow(
      /environment GOLDEVIDENCEBENCH_RETRIEVAL_K: is not read by sweeps .* use --pipeline-set k=4/,
    );
    expect(() =>
      rejectRetrievalEnv({
        GOLDEVIDENCEBENCH_RETRIEVAL_RERANK: "linear",
        GOLDEVIDENCEBENCH_RETRIEVAL_K: "2",
      }),
    ).toThrow(/also set: GOLDEVIDENCEBENCH_RETRIEVAL_RERANK/);
    expect(() => rejectRetrievalEnv({ GOLDEVIDENCEBENCH_RETRIEVAL_K: "" })).not.toThrow();
    expect(() => rejectRetrievalEnv({ GOLDEVIDENCEBENCH_MODEL: "x" })).not.toThrow();
  });

  it("--model retrieval and retrieval:<spec> make pipeline cells, as in geb model", async () => {
    expect((await parse(["--model", "retrieval"])).runner).toEqual({ kind: "pipeline", model: null });
    expect((await parse(["--model", "retrieval:openai:gpt-x"])).runner).toEqual({
      kind: "pipeline",
      model: "openai:gpt-x",
    });
    expect((await parse(["--model", "openai:gpt-x"])).runner).toEqual({
      kind: "model",
      model: "openai:gpt-x",
    });
    await expect(parse(["--model", "retrieval:"])).rejects.toThrow(/needs a model spec/);
  });
});

describe("summaries of sweep trees", () => {
  const root = tmp();
  const a = join(root, "a");
  const b = join(root, "b");
  const base: SweepSpec = {
    ...DEFAULT_SWEEP,
    seeds: 2,
    episodes: 1,
    steps: 60,
    stateModesRaw: "kv,kv_commentary",
    distractorProfilesRaw: "standard",
  };
  beforeAll(async () => {
    await runSweep({ spec: base, out: a, jobs: 1, progress: false });
    await runSweep({
      spec: { ...base, runner: { kind: "baseline", baseline: "naive" } },
      out: b,
      jobs: 1,
      progress: false,
    });
  }, 60_000);

  it("summary.json carries recency, drift and the decomposition; check-thresholds evaluates drift gates on it", () => {
    const s = summaryFor(a);
    expect(s.runs).toBe(4);
    expect(s.recency.tokens_since_update.length).toBeGreaterThan(0);
    expect(s.drift?.step_count).toBeGreaterThan(0);
    expect(s.retrieval?.decomposition_line).toMatch(/^1\.0000 -> 1\.0000 -> 1\.0000/);
    const config = {
      checks: [
        {
          id: "drift_gate",
          summary_path: "a/summary.json",
          metrics: [{ path: "drift.step_rate", max: 0.25, required: false }],
        },
        {
          id: "absent",
          summary_path: "a/summary.json",
          metrics: [{ path: "nope.rate", max: 1, required: false }],
        },
      ],
    };
    const { issues } = evaluateChecks(config, { root });
    expect(issues[0].status).toBe("pass");
    expect(optionalAbsent(issues)).toEqual(["absent nope.rate"]);
  });

  it("compare and collect read sweep trees", () => {
    const d = compareSummaries(summaryFor(a), summaryFor(b));
    const v = d.find((x) => x.metric === "value_acc");
    expect(v?.base).toBe(1);
    expect(v?.other).toBeLessThan(1);
    const c = collectRuns([root]);
    expect(c.rows).toHaveLength(8);
    expect(c.files).toBe(2); // one combined.json per tree
  });

  it("an empty run list is an error, not a PASS", () => {
    const f = join(root, "empty.json");
    writeFileSync(f, "[]");
    expect(() => loadRuns([f])).toThrow(/holds no runs/);
    expect(() => loadRuns([])).toThrow(/no runs given/);
  });
});

describe("default --jobs", () => {
  it("one thread on two cores or for tiny grids; more only when the work pays for the workers", async () => {
    const { defaultJobs } = await import("../../../src/geb/sweep/sweep.js");
    expect(defaultJobs(DEFAULT_SWEEP, 50, 2)).toBe(1);
    expect(defaultJobs(DEFAULT_SWEEP, 1, 16)).toBe(1);
    expect(defaultJobs({ ...DEFAULT_SWEEP, steps: 20, episodes: 1, queries: 4 }, 4, 16)).toBe(1);
    const big = defaultJobs(DEFAULT_SWEEP, 50, 8);
    expect(big).toBeGreaterThan(1);
    expect(big).toBeLessThanOrEqual(7);
  });
});

describe("geb report reads every run kind", () => {
  it("a dir holding a sweep tree and a geb model run dir gives both runs", async () => {
    const { findRuns } = await import("../../../src/geb/sweep/report.js");
    const { writeRunArtifacts } = await import("../../../src/geb/summary/artifacts.js");
    const root = tmp();
    const sweepDir = join(root, "sweep");
    const spec: SweepSpec = {
      ...DEFAULT_SWEEP,
      seeds: 1,
      episodes: 1,
      steps: 40,
      stateModesRaw: "kv",
      distractorProfilesRaw: "standard",
    };
    await runSweep({ spec, out: sweepDir, jobs: 1, progress: false });
    // A model-run dir made from the sweep's own run (same payload shape geb model writes).
    const [run] = loadRuns([sweepDir]);
    const { mkdirSync } = await import("node:fs");
    mkdirSync(join(root, "model"));
    writeRunArtifacts(join(root, "model"), [run.payload]);
    const runs = findRuns(root);
    expect(runs.map((r) => r.name)).toEqual(["model", "sweep"]);
    expect(runs[0].payloads[0].metrics).toBeDefined();
  });
});
