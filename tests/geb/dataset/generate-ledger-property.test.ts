/**
 * The 1.0 ledger baseline is an oracle: over the generator's whole configuration space (every
 * state mode × distractor profile it accepts, any seed, small sizes) it scores the ideal value
 * on every metric, under both protocols and every citation setting a perfect answer should pass.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Metrics } from "../../../src/geb/grade/grade.js";
import type { GenerateConfig } from "../../../src/geb/dataset/types.js";
import { acceptedModeProfilePairs, rowsOf, score } from "../helpers.js";

const PAIRS = acceptedModeProfilePairs();

/** Ideal value of each metric for a perfect answerer (instr_conflict_present_* describe the data). */
const IDEAL: Partial<Record<keyof Metrics, number>> = {
  value_acc: 1,
  exact_acc: 1,
  cite_f1: 1,
  cite_p: 1,
  cite_r: 1,
  support_bloat: 0,
  entailment: 1,
  twin_consistency: 1,
  twin_flip_rate: 1,
  instruction_acc: 1,
  clean_acc: 1,
  instruction_gap: 0,
  instr_override_rate: 0,
  state_integrity_rate: 1,
};

const rate = fc.double({ min: 0, max: 1, noNaN: true });
const configArb: fc.Arbitrary<Partial<GenerateConfig>> = fc
  .record({
    pair: fc.constantFrom(...PAIRS),
    seed: fc.integer({ min: -1_000_000, max: 2 ** 40 }),
    episodes: fc.integer({ min: 0, max: 2 }),
    steps: fc.integer({ min: 0, max: 60 }),
    // Keys >= 100 exercise the three-digit grammar.
    keys: fc.oneof(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 98, max: 110 })),
    queries: fc.integer({ min: 0, max: 12 }),
    derivedQueryRate: rate,
    chapters: fc.integer({ min: 0, max: 8 }),
    distractorRate: rate,
    tailDistractorSteps: fc.integer({ min: 0, max: 70 }),
    clearRate: rate,
    noteRate: rate,
    updateBurstRate: rate,
    twins: fc.boolean(),
    requireCitations: fc.boolean(),
  })
  .map(({ pair, ...rest }) => ({ ...rest, stateMode: pair[0], distractorProfile: pair[1], compat: "1.0" }));

const gradingArb = fc.record({
  citations: fc.constantFrom("auto", "on") as fc.Arbitrary<"auto" | "on">,
  supportMetric: fc.constantFrom("f1", "exact") as fc.Arbitrary<"f1" | "exact">,
  maxSupportK: fc.integer({ min: 3, max: 6 }),
});

describe("ledger baseline (1.0) is perfect on every metric", () => {
  it(`over ${PAIRS.length} mode × profile pairs, seeds, sizes, knobs and grading options`, () => {
    fc.assert(
      fc.property(configArb, gradingArb, (cfg, grading) => {
        const rows = rowsOf(cfg);
        for (const protocol of ["open_book", "closed_book"] as const) {
          const m = score(rows, "ledger", protocol, { ...grading, entailmentCheck: true, metrics: "1.0" });
          expect(m.n).toBe(rows.length);
          for (const [k, ideal] of Object.entries(IDEAL)) {
            const v = m[k as keyof Metrics];
            if (v !== null) expect(v, `${protocol} ${k}`).toBe(ideal);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
