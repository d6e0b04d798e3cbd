/**
 * A sweep folds each cell's per-row statistics as the cell finishes and drops the rows
 * (summary/digest.ts): the summary it writes must be the one assembled from the cells' files
 * alone (results.json + row_stats.jsonl, one cell at a time), byte for byte.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ModelRunPayload } from "../../../src/geb/pipeline/gebmodel.js";
import { DEFAULT_EDGES } from "../../../src/geb/summary/decomposition.js";
import { digestRun } from "../../../src/geb/summary/digest.js";
import { loadRuns } from "../../../src/geb/summary/runs.js";
import { summarizeDigests, summarizeRuns } from "../../../src/geb/summary/summarize.js";
import { DEFAULT_SWEEP, expandGrid, type SweepSpec } from "../../../src/geb/sweep/grid.js";
import { assemble, runSweep } from "../../../src/geb/sweep/sweep.js";
import { tmp } from "./helpers.js";

describe("sweep summaries from folded cells", () => {
  it("summary.json and diagnosis.json equal the ones assembled from the files alone", async () => {
    // The naive baseline: wrong answers (diagnosis examples), rates strictly between 0 and 1
    // (bootstrapped intervals), drift and every recency bucket populated.
    const spec: SweepSpec = {
      ...DEFAULT_SWEEP,
      seeds: 2,
      episodes: 2,
      stateModesRaw: "kv,counter",
      runner: { kind: "baseline", baseline: "naive" },
    };
    const out = tmp();
    await runSweep({ spec, out, jobs: 1, progress: false });
    const folded = ["summary.json", "diagnosis.json"].map((f) => readFileSync(join(out, f), "utf8"));
    const summary = JSON.parse(folded[0]);
    expect(summary.intervals_by_cell).toHaveLength(expandGrid(spec).length);
    expect(Object.keys(summary.intervals.metrics).length).toBeGreaterThan(50);
    expect(JSON.parse(folded[1]).evidence_examples).not.toEqual([]);
    for (const f of ["summary.json", "diagnosis.json"]) rmSync(join(out, f));
    expect(assemble(out, expandGrid(spec))).not.toBeNull();
    expect(["summary.json", "diagnosis.json"].map((f) => readFileSync(join(out, f), "utf8"))).toEqual(folded);
  }, 60_000);

  it("a digest keeps no rows, leaves the run's own rows alone, and refuses other recency edges", async () => {
    const spec: SweepSpec = { ...DEFAULT_SWEEP, seeds: 1, episodes: 2, stateModesRaw: "kv" };
    const out = tmp();
    await runSweep({ spec, out, jobs: 1, progress: false });
    const runs = loadRuns([out]).map((r) => r.payload as ModelRunPayload);
    const n = runs[0].retrieval_stats.length;
    expect(n).toBeGreaterThan(0);
    const d = digestRun(runs[0]);
    expect(d.payload.retrieval_stats).toEqual([]);
    expect(d.rows).toBe(n);
    expect(runs[0].retrieval_stats).toHaveLength(n);
    expect(JSON.stringify(summarizeDigests(runs.map((p) => digestRun(p))))).toBe(
      JSON.stringify(summarizeRuns(runs)),
    );
    const other = { ...DEFAULT_EDGES, writes_to_key: [1, 3] };
    expect(() => summarizeDigests([digestRun(runs[0], other)])).toThrow(/recency edges/);
  }, 60_000);
});
