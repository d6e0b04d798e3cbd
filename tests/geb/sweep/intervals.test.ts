/** Sweep summaries and the sweep report carry each cell's interval (docs/statistics.md). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { intervalSchema } from "../../../src/core/stats/index.js";
import { DEFAULT_SWEEP, type SweepSpec } from "../../../src/geb/sweep/grid.js";
import { gebReportDoc } from "../../../src/geb/sweep/report.js";
import { runSweep } from "../../../src/geb/sweep/sweep.js";
import { tmp } from "./helpers.js";

describe("sweep intervals", () => {
  it("summary.json intervals_by_cell: one per cell, value = the cell's metric; report cells show it", async () => {
    const root = tmp();
    const spec: SweepSpec = {
      ...DEFAULT_SWEEP,
      seeds: 1,
      episodes: 3,
      stateModesRaw: "kv",
      distractorProfilesRaw: "standard,adversarial",
      stepsListRaw: "40",
    };
    const out = join(root, "grid");
    const r = await runSweep({ spec, out, jobs: 1, progress: false });
    expect(r.complete).toBe(true);
    const combined = JSON.parse(readFileSync(join(out, "combined.json"), "utf8")) as {
      data: { path: string };
      metrics: { value_acc: number };
    }[];
    const summary = JSON.parse(readFileSync(join(out, "summary.json"), "utf8"));
    const cells = summary.intervals_by_cell as { data_path: string; value_acc: unknown }[];
    expect(cells.map((c) => c.data_path)).toEqual(combined.map((c) => c.data.path));
    cells.forEach((c, i) => {
      const iv = intervalSchema.parse(c.value_acc);
      expect(iv.value).toBe(combined[i].metrics.value_acc);
      expect(iv.n_clusters).toBe(3);
    });
    const doc = gebReportDoc(root);
    const table = doc.sections.flatMap((s) => s.tables ?? []).find((t) => t.id === "cells");
    const col = table?.columns.indexOf("value_acc_ci") ?? -1;
    expect(col).toBeGreaterThan(0);
    expect(String(table?.rows[0][col])).toMatch(/^\d\.\d{3} \[\d\.\d\d, \d\.\d\d\]$/);
  });
});
