/**
 * The example family of docs/task-family.md (docs/examples/trap-family.ts) through the
 * framework: its fixture files, the lookup, fold and oracle programs, its docs-table row and
 * the conformance suite. The page must stay true: its code block is the file, byte for byte,
 * and the row it shows is the row the framework renders.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { METER_SUM_ID, meterSumFamily } from "../../../docs/examples/trap-family.js";
import {
  baselineReport,
  checkTrapFamily,
  evaluateSplit,
  generateTrapFiles,
  loadTrapFixtures,
  programPredictions,
  renderTrapTable,
  TRAP_SPLITS,
  trapTableRow,
} from "../../../src/geb/trap/index.js";

const root = join(import.meta.dirname, "../../..");
const page = readFileSync(join(root, "docs/task-family.md"), "utf8");
const between = (text: string, begin: string, end: string): string => {
  const a = text.indexOf(begin);
  const b = text.indexOf(end, a + begin.length);
  expect(a, begin).toBeGreaterThan(-1);
  expect(b, end).toBeGreaterThan(a);
  return text.slice(a + begin.length, b);
};
const family = meterSumFamily;
const fx = family.generate(family.defaults);

describe("docs/task-family.md: the example family", () => {
  it("the page's code block is docs/examples/trap-family.ts, byte for byte, and at most 150 lines", () => {
    const file = readFileSync(join(root, "docs/examples/trap-family.ts"), "utf8");
    expect(between(page, "```ts\n", "```\n")).toBe(file);
    expect(file.split("\n").length - 1).toBeLessThanOrEqual(150);
  });

  it("passes the conformance suite with zero findings", () => {
    expect(checkTrapFamily(family)).toEqual([]);
  });

  it("the framework writes its fixture files and reads them back unchanged", () => {
    const dir = mkdtempSync(join(tmpdir(), "geb-trap-example-"));
    try {
      const paths = generateTrapFiles(family, dir);
      expect(paths.map((p) => p.slice(dir.length + 1))).toEqual(
        TRAP_SPLITS.map((s) => `${METER_SUM_ID}_${s}.jsonl`),
      );
      expect(loadTrapFixtures(family, dir)).toEqual(JSON.parse(JSON.stringify(fx)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("lookup and fold fail the target floors; the oracle scores 1 and passes them", () => {
    const b = baselineReport(family, fx, "target");
    for (const p of ["lookup", "fold"] as const) {
      expect(b.baselines[p].holdout.status, p).toBe("FAIL");
      expect(b.baselines[p].holdout.means.value_acc, p).toBe(0);
    }
    expect(b.equivalent_to_core_lookup).toBe(false);
    for (const split of ["anchors", "holdout"] as const) {
      const rows = fx[split];
      const e = evaluateSplit(
        family,
        split,
        "target",
        rows,
        programPredictions(family, rows, family.oraclePrediction!),
      );
      expect(e.status, split).toBe("PASS");
      expect(e.means).toEqual({ value_acc: 1, cite_f1: 1 });
    }
  });

  it("the docs-table row on the page is the one the framework renders", () => {
    const row = trapTableRow(family);
    expect(row).toMatchObject({ label: "oracle only", meets_target: ["oracle"], lookup_below_floor: true });
    const rendered = renderTrapTable([row]).split("\n")[2];
    expect(between(page, "<!-- example-row:begin -->\n", "<!-- example-row:end -->")).toBe(`${rendered}\n`);
  });
});
