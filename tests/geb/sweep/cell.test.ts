import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateToFile, runBaseline } from "../../../src/geb/api.js";
import { generateConfigFor, metricsBlock } from "../../../src/geb/sweep/cell.js";
import { DEFAULT_SWEEP, expandGrid, type SweepSpec } from "../../../src/geb/sweep/grid.js";
import { runSweep } from "../../../src/geb/sweep/sweep.js";
import { tmp } from "./helpers.js";

describe("baseline cells", () => {
  const variants: [string, Partial<SweepSpec>][] = [
    ["ledger, 1.0", {}],
    [
      "naive, reference-0.1 generator and metrics",
      { runner: { kind: "baseline", baseline: "naive" }, compat: "reference-0.1", metrics: "reference-0.1" },
    ],
    ["ledger, no citations, no twins", { requireCitations: false, twins: false }],
  ];
  for (const [label, over] of variants)
    it(`one-pass cells write what geb generate writes and score what geb run scores (${label})`, async () => {
      const spec: SweepSpec = {
        ...DEFAULT_SWEEP,
        seeds: 1,
        episodes: 2,
        stateModesRaw: "kv,kv_commentary,counter",
        ...over,
      };
      const out = tmp();
      await runSweep({ spec, out, jobs: 1, progress: false });
      for (const cell of expandGrid(spec)) {
        const dir = join(out, cell.name);
        generateToFile(generateConfigFor(spec, cell), join(dir, "gen.jsonl"));
        expect(readFileSync(join(dir, "gen.jsonl")).equals(readFileSync(join(dir, "data.jsonl")))).toBe(true);
        const results = JSON.parse(readFileSync(join(dir, "results.json"), "utf8"));
        const req = spec.requireCitations ?? true;
        const { reports } = runBaseline({
          data: join(dir, "data.jsonl"),
          baseline: spec.runner.kind === "baseline" ? spec.runner.baseline : "ledger",
          protocol: "closed_book",
          out: join(dir, "check.jsonl"),
          options: { citations: req ? "auto" : "off", maxSupportK: spec.maxSupportK, metrics: spec.metrics },
        });
        expect(readFileSync(join(dir, "check.jsonl"), "utf8")).toBe(
          readFileSync(join(dir, "preds.jsonl"), "utf8"),
        );
        expect(results.metrics).toEqual(metricsBlock(reports[0].metrics, spec.metrics));
        expect(results.efficiency.tokens).toBe(reports[0].efficiency.tokens);
        expect(results.data.n).toBe(reports[0].metrics.n);
      }
    }, 60_000);
});
