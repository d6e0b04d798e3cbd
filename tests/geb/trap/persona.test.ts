/**
 * persona_invariance parity with the reference: the perturbed rows of the epistemic holdout
 * are byte-identical to `generate_persona_perturbations.py`'s, and the invariance scorer
 * agrees with `score_persona_invariance.py` (status, rate, changed rows and reasons) on
 * seven pairs of prediction sets × three families (expected.json, recorded by running the
 * reference; tests/fixtures/geb/trap/README.md).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pyJsonLoads } from "../../../src/core/pyjsonloads.js";
import { serializeTrapRows } from "../../../src/geb/trap/fixtures.js";
import {
  personaPersistenceRows,
  personaRows,
  scorePersonaInvariance,
} from "../../../src/geb/trap/persona.js";
import { trapFamily } from "../../../src/geb/trap/registry.js";
import type { TrapPrediction, TrapRow } from "../../../src/geb/trap/types.js";
import {
  jsonRandomCompressionPreds,
  jsonRandomPreds,
  jsonRandomRecoverabilityPreds,
  predSets,
} from "./preds.js";

const root = join(import.meta.dirname, "../../fixtures/geb/trap");
const rowsOf = (file: string): TrapRow[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => pyJsonLoads(l) as TrapRow);
type Expected = Record<
  string,
  Record<
    string,
    {
      status: string;
      row_invariance_rate: number;
      rows_total: number;
      rows_changed: number;
      change_reasons: Record<string, number>;
      changed_ids: string[];
    }
  >
>;
const load = (f: string) => JSON.parse(readFileSync(join(root, "persona_invariance", f), "utf8")) as Expected;

describe("persona_persistence_drift perturbations (reference-0.1)", () => {
  it("wraps the epistemic holdout in the 3-turn override transcript byte for byte (72 → 288 rows)", () => {
    const rows = rowsOf(join(root, "epistemic_calibration_suite/epistemic_calibration_suite_holdout.jsonl"));
    expect(serializeTrapRows(personaPersistenceRows(rows))).toBe(
      readFileSync(
        join(root, "persona_invariance/epistemic_calibration_suite_holdout_persistence.jsonl"),
        "utf8",
      ),
    );
  });
});

for (const [label, file, perturb] of [
  ["persona_invariance", "expected.json", personaRows],
  ["persona_persistence_drift", "expected_persistence.json", personaPersistenceRows],
] as const) {
  const expected = load(file);
  describe(`${label} scorer (reference-0.1)`, () => {
    it("perturbs the epistemic holdout byte for byte as the reference (72 → 288 rows)", () => {
      const rows = rowsOf(
        join(root, "epistemic_calibration_suite/epistemic_calibration_suite_holdout.jsonl"),
      );
      const out = personaRows(rows);
      expect(out).toHaveLength(288);
      expect(serializeTrapRows(out)).toBe(
        readFileSync(
          join(root, "persona_invariance/epistemic_calibration_suite_holdout_persona.jsonl"),
          "utf8",
        ),
      );
    });

    for (const [familyId, cases] of Object.entries(expected)) {
      const family = trapFamily(familyId)!;
      const rows = rowsOf(join(root, familyId, `${familyId}_holdout.jsonl`));
      const perturbed = perturb(rows);
      const sets = predSets(familyId);
      const jr2 = (rs: readonly TrapRow[]): TrapPrediction[] =>
        familyId === "compression_loss_bounded"
          ? jsonRandomCompressionPreds(rs, 2)
          : familyId === "compression_recoverability"
            ? jsonRandomRecoverabilityPreds(rs, 2)
            : jsonRandomPreds(rs, 2);
      const make = (name: string, rs: readonly TrapRow[]) =>
        name === "json_random2" ? jr2(rs) : sets[name](family, rs);
      for (const [pair, want] of Object.entries(cases)) {
        it(`${familyId}: canonical ${pair.replace("|", " vs perturbed ")}`, () => {
          const [a, b] = pair.split("|");
          const got = scorePersonaInvariance(rows, make(a, rows), perturbed, make(b, perturbed));
          expect(got.status).toBe(want.status);
          expect(Math.abs(got.row_invariance_rate - want.row_invariance_rate)).toBeLessThanOrEqual(1e-12);
          expect(got.rows_total).toBe(want.rows_total);
          expect(got.rows_changed).toBe(want.rows_changed);
          expect(got.change_reasons).toEqual(want.change_reasons);
          expect(got.changed_ids).toEqual(want.changed_ids);
        });
      }
    }
  });
}
