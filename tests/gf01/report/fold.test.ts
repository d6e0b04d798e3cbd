import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ReportBuilder } from "../../../src/gf01/report/report.js";

const rows: Record<string, unknown>[] = readFileSync(
  fileURLToPath(
    new URL("../../../../shared/reference/gf01/official_example/runs_v1_valid.jsonl", import.meta.url),
  ),
  "utf8",
)
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l));

const groupsOf = (fold: ("difficulty_slice" | "mode")[], input: Record<string, unknown>[]) => {
  const b = new ReportBuilder(fold);
  for (const r of input) b.add(r);
  return b.finish({ strict: false }).groups as Record<string, unknown>[];
};

describe("report folding (per-agent summary view)", () => {
  it("folds difficulty strata into one group per agent × track, counts preserved", () => {
    const full = groupsOf([], rows);
    const folded = groupsOf(["difficulty_slice", "mode"], rows);
    expect(new Set(rows.map((r) => r.mode)).size).toBeGreaterThan(1);
    expect(full.length).toBeGreaterThan(1);
    expect(folded).toHaveLength(1);
    expect(folded[0]).toMatchObject({ mode: "all", difficulty_slice: "all", count: rows.length });
    expect(full.reduce((n, g) => n + (g.count as number), 0)).toBe(rows.length);
  });

  it("never folds tracks or agents", () => {
    const other = rows.map((r) => ({ ...r, agent_name: "X", eval_track: "EVAL-TA" }));
    const folded = groupsOf(["difficulty_slice", "mode"], [...rows, ...other]);
    expect(folded.map((g) => `${g.agent_name}/${g.eval_track}`).sort()).toEqual([
      "BL-01-GreedyLocal/EVAL-CB",
      "X/EVAL-TA",
    ]);
  });
});
