/**
 * novel_continuity_derived (1.0): the oracle program scores 1.0 on every split; the lookup
 * and fold programs (the named base key's latest value) are wrong on every row; the oracle
 * agrees with an independent replay on random ledgers.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contractFold } from "../../../src/geb/trap/kit/contract-fold.js";
import {
  continuityAnswer,
  continuityOracle,
  NCD_ID,
} from "../../../src/geb/trap/families/novel-continuity-derived.js";
import { serializeTrapRows } from "../../../src/geb/trap/fixtures.js";
import { lookupPrediction } from "../../../src/geb/trap/ledger.js";
import { trapFamily } from "../../../src/geb/trap/registry.js";
import { expectNoBaselinePasses, expectOracleScoresOne, visibleRow } from "./harness.js";

const family = trapFamily(NCD_ID)!;
const fx = family.generate(family.defaults);
const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

describe("novel_continuity_derived (1.0)", () => {
  it("the oracle scores 1.0 on every split; lookup and fold are wrong on every row, at every stage", () => {
    expect(family.compat).toBe("1.0");
    expectOracleScoresOne(family, fx, continuityOracle, ["value_acc", "cite_f1"]);
    const b = expectNoBaselinePasses(family, fx);
    expect(b.baselines.lookup.holdout.means.cite_f1).toBeCloseTo(0.334, 3); // the figure the docs quote
    for (const split of ["anchors", "holdout", "canary"] as const) {
      expect(b.baselines.lookup[split].means.value_acc, split).toBe(0);
      expect(b.baselines.fold[split].means.value_acc, split).toBe(0);
    }
  });

  it("the answer is never a SET value of the named key (not even a retconned one)", () => {
    for (const r of [...fx.anchors, ...fx.holdout]) {
      const key = /`([a-z_]+\.(?:day|codename|rule))`/.exec(r.question)![1];
      if (r.gold.value !== null) expect(r.book).not.toContain(`SET ${key} = ${r.gold.value}\n`);
    }
  });

  it("programs read only the book and the question; generation is deterministic and seeded", () => {
    for (const r of fx.holdout) {
      const bare = visibleRow(r);
      expect(continuityOracle(bare)).toEqual(continuityOracle(r));
      expect(contractFold(bare)).toEqual(contractFold(r));
      expect(lookupPrediction(bare)).toEqual(lookupPrediction(r));
    }
    const again = family.generate({ ...family.defaults, holdout: 4, canary: 0 });
    expect(serializeTrapRows(again.anchors)).toBe(serializeTrapRows(fx.anchors));
    expect(serializeTrapRows(again.holdout)).toBe(serializeTrapRows(fx.holdout.slice(0, 4)));
    const other = family.generate({ ...family.defaults, seed: 32, anchors: 2, holdout: 0, canary: 0 });
    expect(serializeTrapRows(other.anchors)).not.toBe(serializeTrapRows(fx.anchors.slice(0, 2)));
  });

  it("timeline: agrees with a replay of SET / CLEAR / NOTE lines on random ledgers (property)", () => {
    const entry = fc.record({
      op: fc.constantFrom("SET", "CLEAR", "NOTE"),
      key: fc.constantFrom("e.day", "e.postpone.1", "e.postpone.2", "e.postpone.3"),
      day: fc.constantFrom(...DAYS),
      shift: fc.integer({ min: 0, max: 9 }),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 10 }), (es) => {
        const text = (e: (typeof es)[number]) => (e.key === "e.day" ? e.day : String(e.shift));
        const lines = es.map((e, i) => {
          const uid = `U${String(i).padStart(6, "0")}`;
          return e.op === "CLEAR"
            ? `- [${uid}] step=${i + 1} CLEAR ${e.key}`
            : `- [${uid}] step=${i + 1} ${e.op} ${e.key} = ${text(e)}`;
        });
        const now = new Map<string, string | null>();
        for (const e of es) if (e.op !== "NOTE") now.set(e.key, e.op === "SET" ? text(e) : null);
        const base = now.get("e.day");
        let want: string | null = null;
        if (base) {
          let shift = 0;
          for (const [k, v] of now) if (k !== "e.day" && v !== null) shift += Number(v);
          want = DAYS[(DAYS.indexOf(base) + shift) % 7];
        }
        const got = continuityAnswer(`## State Ledger\n${lines.join("\n")}`, "When? `e.day` …");
        expect(got?.value ?? null).toBe(want);
      }),
      { numRuns: 300 },
    );
  });
});
