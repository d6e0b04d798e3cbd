/**
 * The reference's own summary script reads our pipeline runs correctly: a perfect pipeline
 * sweep must not be diagnosed "primary bottleneck = retrieval" (it was, before our per-row
 * stats carried the reference's `correct_included` / `correct_uid` keys).
 *
 * Needs python3 and the reference source (GEB_REFERENCE_SRC, default
 * /work/ref/RaymondCerneyTech+goldevidencebench); skipped where either is missing.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { summaryFor } from "../../../src/geb/summary/compare.js";
import { DEFAULT_SWEEP, type SweepSpec } from "../../../src/geb/sweep/grid.js";
import { runSweep } from "../../../src/geb/sweep/sweep.js";
import { tmp } from "./helpers.js";

const refSrc = process.env.GEB_REFERENCE_SRC ?? "/work/ref/RaymondCerneyTech+goldevidencebench";
const python = spawnSync("python3", ["--version"]).status === 0;
const available = python && existsSync(join(refSrc, "scripts/summarize_results.py"));

const py = (cwd: string, args: string[]) =>
  spawnSync("python3", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, PYTHONPATH: join(refSrc, "src"), PYTHONHASHSEED: "0" },
  });

describe("geb summarize on a reference run folder", () => {
  it.skipIf(!available)("reads the reference's own sweep; recency equals its summary script's", () => {
    const cwd = tmp();
    const grid = ["--seeds", "1", "--episodes", "1", "--steps", "60", "--state-modes", "kv,kv_commentary"];
    const r = py(cwd, [
      "-m",
      "goldevidencebench",
      "sweep",
      "--out",
      "rs",
      ...grid,
      "--results-json",
      "rs/combined.json",
    ]);
    expect(r.status, r.stderr).toBe(0);
    const s = py(cwd, [
      join(refSrc, "scripts/summarize_results.py"),
      "--in",
      "rs/combined.json",
      "--out-json",
      "rs/ref.json",
    ]);
    expect(s.status, s.stderr).toBe(0);
    const ref = JSON.parse(readFileSync(join(cwd, "rs/ref.json"), "utf8"));
    // From another directory: data paths are found beside the folder.
    const ours = summaryFor(join(cwd, "rs"));
    expect(ours.runs).toBe(4);
    for (const f of ["tokens_since_update", "distractors_since_update", "writes_to_key"] as const)
      expect(ours.recency[f], f).toEqual(ref.recency[f]);
    expect(ours.overall.value_acc_mean).toBe(ref.overall.value_acc_mean);
    expect(ours.drift?.step_count).toBeGreaterThan(0);
  });
});

describe("reference summarize_results.py on our runs", () => {
  it.skipIf(!available)("a perfect pipeline sweep is a PASS, not a retrieval bottleneck", async () => {
    const cwd = tmp();
    const spec: SweepSpec = {
      ...DEFAULT_SWEEP,
      seeds: 1,
      episodes: 1,
      steps: 60,
      stateModesRaw: "kv",
      distractorProfilesRaw: "standard",
      noDerivedQueries: true,
      runner: { kind: "pipeline", model: null },
      pipelineFixed: { k: 4, rerank: "latest_step", selector_only: true },
    };
    await import("../../../src/geb/sweep/pipeline-cell.js");
    // Relative out: the reference script opens data.path relative to its cwd.
    const out = "ps";
    const prev = process.cwd();
    process.chdir(cwd);
    try {
      await runSweep({ spec, out, jobs: 1, progress: false });
    } finally {
      process.chdir(prev);
    }
    const combined = JSON.parse(readFileSync(join(cwd, out, "combined.json"), "utf8"));
    expect(combined[0].metrics.value_acc).toBe(1);
    mkdirSync(join(cwd, "configs"), { recursive: true });
    const r = spawnSync(
      "python3",
      [
        join(refSrc, "scripts/summarize_results.py"),
        "--in",
        `${out}/combined.json`,
        "--out-json",
        `${out}/ref.json`,
      ],
      {
        cwd,
        encoding: "utf8",
        env: { ...process.env, PYTHONPATH: join(refSrc, "src"), PYTHONHASHSEED: "0" },
      },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("Diagnosis: PASS");
    expect(r.stdout).not.toContain("primary bottleneck = retrieval");
    const s = JSON.parse(readFileSync(join(cwd, out, "ref.json"), "utf8"));
    expect(s.retrieval.gold_present_rate).toBe(1);
    expect(s.retrieval.selection_rate).toBe(1);
  });
});
