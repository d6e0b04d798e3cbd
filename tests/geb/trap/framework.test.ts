/**
 * Framework rules: floors (a missing or NaN mean fails), canaries never gate, the
 * reliability check (runs, stage, per-run PASS, jitter bound), the baselines see only the
 * book and question, and the ledger reader / lookup against brute force.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { epistemicFamily as fam } from "../../../src/geb/trap/families/epistemic.js";
import {
  baselineReport,
  checkFloors,
  checkReliability,
  evaluateSplit,
  summarizeRun,
  type TrapRunSummary,
} from "../../../src/geb/trap/framework.js";
import { foldLedger, lookupPrediction, trapLedger } from "../../../src/geb/trap/ledger.js";
import type { TrapPrediction, TrapRow } from "../../../src/geb/trap/types.js";
import { visibleRow } from "./harness.js";

const fixtures = fam.generate({ ...fam.defaults, anchors: 6, holdout: 12, canary: 3 });

function run(
  k: number,
  preds: (r: TrapRow) => TrapPrediction,
  stage: "observe" | "target" = "target",
): TrapRunSummary {
  const ev = (split: "anchors" | "holdout" | "canary") => {
    const { rows: _r, ...rest } = evaluateSplit(
      fam,
      split,
      stage,
      fixtures[split],
      fixtures[split].map(preds),
    );
    return rest;
  };
  return summarizeRun(
    fam,
    stage,
    "m",
    k,
    { anchors: ev("anchors"), holdout: ev("holdout"), canary: ev("canary") },
    baselineReport(fam, fixtures, stage),
  );
}

describe("floors", () => {
  it("a missing or NaN mean fails its floor; bounds are inclusive", () => {
    const floors = [
      { metric: "a", op: ">=" as const, value: 0.5 },
      { metric: "b", op: "<=" as const, value: 0.1 },
      { metric: "c", op: ">=" as const, value: 0 },
    ];
    expect(checkFloors({ a: 0.5, b: 0.1 }, floors).map((c) => c.pass)).toEqual([true, true, false]);
    expect(checkFloors({ a: Number.NaN, b: 0.2, c: 0 }, floors).map((c) => c.pass)).toEqual([
      false,
      false,
      true,
    ]);
  });
});

describe("reliability", () => {
  const good = (r: TrapRow) => fam.foldPrediction(r);
  it("passes for identical good runs; canaries never gate", () => {
    expect(checkReliability(fam, "target", [run(1, good), run(2, good)]).status).toBe("PASS");
    const runs = [run(1, good, "observe"), run(2, good, "observe")];
    expect(runs[0].canary.status).toBe("REPORT");
    // The fold answers canaries well (kkyi .77 >= the observe alert .75): the reference
    // would fail this run for being good; here the alert is reported only.
    expect(runs[0].canary_report.status).toBe("WARN");
    expect(checkReliability(fam, "observe", runs).status).toBe("PASS");
  });

  it("fails on too few runs, a stage mismatch, a failing run, or jitter over the bound", () => {
    expect(checkReliability(fam, "target", [run(1, good)]).failures[0]).toMatch(/at least 2 runs/);
    expect(checkReliability(fam, "observe", [run(1, good), run(2, good)]).status).toBe("FAIL");
    // A run that answers plain text: parse_rate 0 fails the target floors.
    const plain = (r: TrapRow) => lookupPrediction(r);
    const mixed = checkReliability(fam, "target", [run(1, good), run(2, plain)]);
    expect(mixed.status).toBe("FAIL");
    expect(mixed.failures.some((f) => f.startsWith("run 2: holdout"))).toBe(true);
    expect(mixed.jitter.ece.jitter).toBeGreaterThan(0.05);
    expect(mixed.jitter.ece.pass).toBe(false);
    expect(mixed.jitter.kkyi.pass).toBe(true);
  });
});

describe("baselines", () => {
  it("never read meta or gold: stripping them changes nothing", () => {
    for (const r of fixtures.holdout) {
      const bare = visibleRow(r);
      expect(lookupPrediction(bare)).toEqual(lookupPrediction(r));
      expect(fam.foldPrediction(bare)).toEqual(fam.foldPrediction(r));
    }
  });

  it("ledger reader and lookup agree with brute force on random ledgers", () => {
    const entry = fc.record({
      uid: fc
        .integer({ min: 0, max: 0xffffff })
        .map((n) => `U${n.toString(16).toUpperCase().padStart(6, "0")}`),
      op: fc.constantFrom("SET", "CLEAR", "NOTE"),
      key: fc.constantFrom("a.b", "a.c", "tag.01"),
      value: fc.constantFrom("1", "x y", "= z"),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), fc.constantFrom("a.b", "a.c", "tag.01"), (es, key) => {
        const lines = es.map((e, i) =>
          e.op === "CLEAR"
            ? `- [${e.uid}] step=${i + 1} CLEAR ${e.key}`
            : `- [${e.uid}] step=${i + 1} ${e.op} ${e.key} = ${e.value}`,
        );
        const book = `# T\n\n## State Ledger\n${lines.join("\n")}\n## Other\n- [UAAAAAA] step=99 SET ${key} = late`;
        const parsed = trapLedger(book);
        expect(parsed.map((p) => p.uid)).toEqual(es.map((e) => e.uid));
        let want: { value: string | null; ids: string[] } = { value: null, ids: [] };
        for (const e of es)
          if (e.op !== "NOTE" && e.key === key)
            want = { value: e.op === "CLEAR" ? null : e.value, ids: [e.uid] };
        const row = {
          id: "r",
          book,
          question: `What is \`${key}\`?`,
          gold: {},
          meta: {},
        } as unknown as TrapRow;
        const got = lookupPrediction(row);
        expect({ value: got.value, ids: got.support_ids }).toEqual(want);
        const fold = foldLedger(parsed).get(key);
        expect(fold ? fold.value : null).toEqual(want.value);
      }),
      { numRuns: 200 },
    );
  });
});
