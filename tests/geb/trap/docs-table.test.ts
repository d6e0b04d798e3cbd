/**
 * docs/geb/traps.md's families table is the output of `geb trap list --markdown`
 * (src/geb/trap/table.ts), recomputed here: the test fails when the docs copy is stale.
 * Every 1.0 variant must show its lookup below the headline floor, an oracle at 1.0 that
 * meets every target floor, and no lookup / fold program meeting them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderTrapTable, trapTable } from "../../../src/geb/trap/table.js";

const BEGIN = "<!-- trap-table:begin (geb trap list --markdown) -->\n";
const END = "<!-- trap-table:end -->";
const rows = trapTable();

describe("docs/geb/traps.md families table", () => {
  it("equals geb trap list --markdown (regenerate the block when this fails)", () => {
    const doc = readFileSync(join(import.meta.dirname, "../../../docs/geb/traps.md"), "utf8");
    const a = doc.indexOf(BEGIN);
    const b = doc.indexOf(END);
    expect(a, "begin marker").toBeGreaterThan(-1);
    expect(b, "end marker").toBeGreaterThan(a);
    expect(doc.slice(a + BEGIN.length, b)).toBe(renderTrapTable(rows));
  });

  it("every 1.0 variant: lookup below the floor, oracle 1.0 meeting every target floor, no lookup / fold pass", () => {
    const v10 = rows.filter((r) => r.compat === "1.0");
    expect(v10.map((r) => r.family)).toEqual(
      expect.arrayContaining(["compression_derived", "aggregation_derived", "myopic_planning_derived"]),
    );
    for (const r of v10) {
      expect(r.lookup_below_floor, r.family).toBe(true);
      expect(r.holdout.oracle, r.family).toBe(1);
      expect(r.meets_target, r.family).toContain("oracle");
      expect(r.meets_target, r.family).not.toContain("lookup");
      expect(r.meets_target, r.family).not.toContain("fold");
    }
    // Reference ports ship no oracle; every one is met by a no-model program.
    for (const r of rows.filter((x) => x.compat !== "1.0")) {
      expect(r.holdout.oracle, r.family).toBeUndefined();
      expect(r.meets_target.length, r.family).toBeGreaterThan(0);
    }
  });
});
