/**
 * aggregation_derived (1.0): the oracle scores 1.0 on every split; the lookup and the fold
 * answer null (no single key is named) and fail every floor at every stage; no stale
 * reading (every SET counted, CLEARs ignored) gives the answer; the oracle agrees with a
 * brute-force aggregate on random inventory ledgers (fast-check).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AD_ID,
  aggregationAnswer,
  aggregationOracle,
  scoreAggregationDerived,
} from "../../../src/geb/trap/families/aggregation-derived.js";
import { contractFold } from "../../../src/geb/trap/kit/contract-fold.js";
import { serializeTrapRows } from "../../../src/geb/trap/fixtures.js";
import { lookupPrediction } from "../../../src/geb/trap/ledger.js";
import { trapFamily } from "../../../src/geb/trap/registry.js";
import { TRAP_SPLITS } from "../../../src/geb/trap/types.js";
import { expectNoBaselinePasses, expectOracleScoresOne, visibleRow } from "./harness.js";

const family = trapFamily(AD_ID)!;
const fx = family.generate(family.defaults);
const bare = visibleRow;

describe("aggregation_derived (1.0)", () => {
  it("the oracle scores 1.0 on every split; lookup and fold fail every floor at every stage", () => {
    expect(family.compat).toBe("1.0");
    expectOracleScoresOne(family, fx, aggregationOracle, ["value_acc", "cite_f1"]);
    const b = expectNoBaselinePasses(family, fx);
    for (const split of TRAP_SPLITS) {
      expect(b.baselines.lookup[split].means.value_acc, split).toBe(0);
      expect(b.baselines.fold[split].means.value_acc, split).toBe(0);
    }
    // Every profile occurs on the default holdout.
    for (const p of ["total", "count_above", "argmax"])
      expect(
        fx.holdout.some((r) => r.meta.profile === p),
        p,
      ).toBe(true);
  });

  it("a stale reading never gives the answer, and the scorer names it", () => {
    for (const r of [...fx.anchors, ...fx.holdout, ...fx.canary]) {
      const stale = r.meta.stale_answers as unknown[];
      for (const s of stale) expect(String(s), r.id).not.toBe(String(r.gold.value));
      const sc = scoreAggregationDerived([r], [{ id: r.id, value: stale[1], support_ids: [] }]);
      expect(sc.means).toMatchObject({ value_acc: 0, stale_answer_rate: 1 });
    }
    const r = fx.holdout.find((x) => typeof x.gold.value === "number")!;
    // Numbers compare as numbers or their strings; prose is unparsed and wrong.
    expect(scoreAggregationDerived([r], [{ id: r.id, value: String(r.gold.value) }]).means.value_acc).toBe(1);
    const prose = scoreAggregationDerived(
      [r],
      [{ id: r.id, value: String(r.gold.value), raw_unparsed: true }],
    );
    expect(prose.means).toMatchObject({ value_acc: 0, parse_rate: 0 });
  });

  it("on random seeds the oracle scores 1.0 on every split and the lookup / fold 0 (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const g = family.generate({ seed, anchors: 2, holdout: 4, canary: 1 });
        for (const split of TRAP_SPLITS) {
          const rows = g[split];
          expect(family.score(rows, rows.map(aggregationOracle)).means.value_acc).toBe(1);
          expect(family.score(rows, rows.map(lookupPrediction)).means.value_acc).toBe(0);
          expect(family.score(rows, rows.map(family.foldPrediction)).means.value_acc).toBe(0);
        }
      }),
      { numRuns: 15 },
    );
  });

  it("programs read only the book and the question; generation is deterministic and seeded", () => {
    for (const r of fx.holdout) {
      expect(aggregationOracle(bare(r))).toEqual(aggregationOracle(r));
      expect(contractFold(bare(r))).toEqual(contractFold(r));
      expect(lookupPrediction(bare(r))).toEqual(lookupPrediction(r));
    }
    const again = family.generate({ ...family.defaults, holdout: 4, canary: 0 });
    expect(serializeTrapRows(again.anchors)).toBe(serializeTrapRows(fx.anchors));
    expect(serializeTrapRows(again.holdout)).toBe(serializeTrapRows(fx.holdout.slice(0, 4)));
    const other = family.generate({ ...family.defaults, seed: 68, anchors: 2, holdout: 0, canary: 0 });
    expect(serializeTrapRows(other.anchors)).not.toBe(serializeTrapRows(fx.anchors.slice(0, 2)));
  });

  it("agrees with a brute-force aggregate on random inventory ledgers (property)", () => {
    const ITEMS = ["bolt", "cable", "drill"];
    const entry = fc.record({
      op: fc.constantFrom("SET", "CLEAR", "NOTE"),
      key: fc.constantFrom(...ITEMS.map((i) => `stock.${i}`), "price.bolt"),
      units: fc.integer({ min: 0, max: 50 }),
    });
    const questions = [
      "How many units are in stock in total, over every `stock.<item>` key?",
      "How many items have more than 20 units in stock (`stock.<item>` keys)?",
      "Which item has the most units in stock (`stock.<item>` keys)?",
    ];
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 10 }), fc.constantFrom(0, 1, 2), (es, qi) => {
        const lines = es.map((e, i) => {
          const uid = `U${String(i).padStart(6, "0")}`;
          return e.op === "CLEAR"
            ? `- [${uid}] step=${i + 1} CLEAR ${e.key}`
            : `- [${uid}] step=${i + 1} ${e.op} ${e.key} = ${e.units}`;
        });
        // Brute force: each item's last SET/CLEAR found by scanning backwards.
        const units: [string, number][] = [];
        for (const item of ITEMS) {
          for (let i = es.length - 1; i >= 0; i--) {
            const e = es[i];
            if (e.key !== `stock.${item}` || e.op === "NOTE") continue;
            if (e.op === "SET") units.push([item, e.units]);
            break;
          }
        }
        let want: number | string | null;
        if (qi === 0) want = units.reduce((a, [, u]) => a + u, 0);
        else if (qi === 1) want = units.filter(([, u]) => u > 20).length;
        else {
          const top = Math.max(...units.map(([, u]) => u));
          const at = units.filter(([, u]) => u === top);
          want = at.length === 1 ? at[0][0] : null;
        }
        const got = aggregationAnswer(`## State Ledger\n${lines.join("\n")}`, questions[qi]);
        expect(got?.value ?? null).toBe(want);
      }),
      { numRuns: 300 },
    );
  });
});
