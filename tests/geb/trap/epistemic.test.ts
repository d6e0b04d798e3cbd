/**
 * epistemic_calibration_suite parity with the reference: fixtures byte-identical to the
 * reference generator's defaults (files it wrote, copied to tests/fixtures/geb/trap), and
 * scorer means equal to the reference scorer's within 1e-12 on five prediction sets per
 * split (expected_means.json, recorded by running the reference; README there).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pyJsonLoads } from "../../../src/core/pyjsonloads.js";
import { epistemicFamily } from "../../../src/geb/trap/families/epistemic.js";
import { serializeTrapRows } from "../../../src/geb/trap/fixtures.js";
import { TRAP_SPLITS, type TrapRow } from "../../../src/geb/trap/types.js";
import { PRED_SETS } from "./preds.js";

const dir = join(import.meta.dirname, "../../fixtures/geb/trap/epistemic_calibration_suite");
const refText = (split: string) =>
  readFileSync(join(dir, `epistemic_calibration_suite_${split}.jsonl`), "utf8");
const refRows = (split: string) =>
  refText(split)
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => pyJsonLoads(l) as TrapRow);
const expected = JSON.parse(readFileSync(join(dir, "expected_means.json"), "utf8")) as Record<
  string,
  Record<string, { means: Record<string, number>; failure_mode_counts: Record<string, number> }>
>;

describe("epistemic_calibration_suite (reference-0.1)", () => {
  it("generates the reference's default fixtures byte for byte", () => {
    const f = epistemicFamily.generate(epistemicFamily.defaults);
    for (const split of TRAP_SPLITS) expect(serializeTrapRows(f[split])).toBe(refText(split));
  });

  it("a different seed gives different fixtures (the seed is used)", () => {
    const a = epistemicFamily.generate({ ...epistemicFamily.defaults, seed: 1 });
    expect(serializeTrapRows(a.holdout)).not.toBe(refText("holdout"));
  });

  for (const split of TRAP_SPLITS) {
    for (const [name, make] of Object.entries(PRED_SETS)) {
      it(`${split} × ${name}: means equal the reference scorer's within 1e-12`, () => {
        const rows = refRows(split);
        const want = expected[split][name];
        const got = epistemicFamily.score(rows, make(epistemicFamily, rows));
        expect(Object.keys(got.means)).toEqual(Object.keys(want.means));
        for (const [k, v] of Object.entries(want.means))
          expect(Math.abs(got.means[k] - v)).toBeLessThanOrEqual(1e-12);
        expect(got.failure_mode_counts).toEqual(want.failure_mode_counts);
      });
    }
  }

  it("the expected file covers every split and prediction set (no silently skipped case)", () => {
    for (const split of TRAP_SPLITS)
      expect(Object.keys(expected[split]).sort()).toEqual(Object.keys(PRED_SETS).sort());
  });
});
