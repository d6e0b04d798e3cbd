/**
 * Every registered trap family (reference-0.1 ports and 1.0 variants) passes the
 * conformance suite (src/geb/trap/conformance.ts) with zero findings, and the suite finds
 * each fault of a deliberately broken family.
 */
import { describe, expect, it } from "vitest";
import { checkTrapFamily, type ConformanceOptions } from "../../../src/geb/trap/conformance.js";
import { aggregationDerivedFamily } from "../../../src/geb/trap/families/aggregation-derived.js";
import { lookupPrediction } from "../../../src/geb/trap/ledger.js";
import { TRAP_FAMILIES } from "../../../src/geb/trap/registry.js";
import type { TrapFamily, TrapFixtures } from "../../../src/geb/trap/types.js";

/** What a family needs beyond its TrapFamily declaration (each with its reason). */
const OPTIONS: Record<string, (family: TrapFamily) => ConformanceOptions> = {
  // The reference's static pack and session generator take no seed.
  cross_app_intent_preservation_pack: () => ({ seedless: true }),
  persona_session_drift: () => ({ seedless: true }),
  // The answer is the whole text (its scorer reads the JSON itself); the family's fold writes it exactly.
  epistemic_calibration_suite: (f) => ({ goldText: (row) => String(f.foldPrediction(row).value) }),
  // Its canary asks for "final|stale" against an expected-fail gold no program can produce.
  social_pressure_self_doubt_1_0: () => ({ oracleSplits: ["anchors", "holdout"] }),
};

describe("trap family conformance: every registered family", () => {
  it("covers both dialects", () => {
    const dialects = new Set(TRAP_FAMILIES.map((f) => f.compat ?? "reference-0.1"));
    expect([...dialects].sort()).toEqual(["1.0", "reference-0.1"]);
  });
  for (const family of TRAP_FAMILIES)
    it(`${family.id} (${family.compat ?? "reference-0.1"})`, () => {
      expect(checkTrapFamily(family, OPTIONS[family.id]?.(family))).toEqual([]);
    });
});

describe("trap family conformance: a broken family fails", () => {
  const good = aggregationDerivedFamily;
  const small = { generate: { ...good.defaults, anchors: 3, holdout: 6, canary: 2 } };
  const checks = (family: TrapFamily, opts: ConformanceOptions = small) =>
    [...new Set(checkTrapFamily(family, opts).map((f) => f.check))].sort();
  const mapRows = (fx: TrapFixtures, f: (row: TrapFixtures["anchors"][number], i: number) => unknown) =>
    ({
      anchors: fx.anchors.map(f),
      holdout: fx.holdout.map(f),
      canary: fx.canary.map(f),
    }) as TrapFixtures;

  it("the unbroken family has no findings", () => {
    expect(checks(good)).toEqual([]);
  });
  it("non-deterministic fixtures", () => {
    let calls = 0;
    const generate = (o: Parameters<TrapFamily["generate"]>[0]) => {
      calls++;
      return mapRows(good.generate(o), (r) => ({ ...r, meta: { ...r.meta, call: calls } }));
    };
    expect(checks({ ...good, generate })).toEqual(["deterministic"]);
  });
  it("fixtures that ignore the seed", () => {
    expect(checks({ ...good, generate: (o) => good.generate({ ...o, seed: 1 }) })).toEqual(["seed"]);
  });
  it("duplicate ids, a row without gold.support_ids, a declared-empty split with rows", () => {
    const dup = {
      ...good,
      generate: (o: Parameters<TrapFamily["generate"]>[0]) =>
        mapRows(good.generate(o), (r) => ({ ...r, id: "X" })),
    };
    // (Scoring by id then mixes rows up: gold and oracle findings follow.)
    expect(checks(dup)).toContain("unique-ids");
    const shapeless = {
      ...good,
      generate: (o: Parameters<TrapFamily["generate"]>[0]) =>
        mapRows(good.generate(o), (r) => ({ ...r, gold: { value: r.gold.value } })),
    };
    expect(checkTrapFamily(shapeless, small)[0]).toMatchObject({
      check: "row-shape",
      message: "anchors row 0 has no gold.support_ids",
    });
    expect(checks({ ...good, emptySplits: ["canary"] })).toEqual(["splits"]);
  });
  it("a declared metric the scorer does not write; correct entries that are not one per scored row", () => {
    expect(checks({ ...good, headlineMetric: "no_such_metric" })).toContain("metrics");
    expect(checks({ ...good, jitter: [{ metric: "cite_f9", max: 0.1 }] })).toEqual(["metrics"]);
    const score: TrapFamily["score"] = (rows, preds) => {
      const s = good.score(rows, preds);
      return { ...s, correct: s.correct.slice(1) };
    };
    expect(checks({ ...good, score })).toEqual(["score-shape"]);
  });
  it("gold answers below the floors (a scorer that reads the wrong field)", () => {
    const score: TrapFamily["score"] = (rows, preds) =>
      good.score(
        rows,
        preds.map((p) => ({ ...p, value: "wrong" })),
      );
    expect(checks({ ...good, score })).toContain("gold");
  });
  it("a 1.0 variant without a working oracle, or with a lookup at its floor", () => {
    expect(checks({ ...good, oraclePrediction: undefined })).toEqual(["oracle"]);
    expect(checks({ ...good, oraclePrediction: lookupPrediction })).toEqual(["oracle"]);
    // Fold answers the oracle's answer: the fold now meets the target floors.
    expect(checks({ ...good, foldPrediction: good.oraclePrediction! })).toEqual(["ceiling"]);
    // A reference port ships no oracle.
    expect(checks({ ...good, compat: "reference-0.1" })).toEqual(["oracle"]);
  });
});
