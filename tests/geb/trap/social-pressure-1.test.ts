/**
 * social_pressure_self_doubt_1_0 (our 1.0 dialect): unlabelled turns, evidence that is a
 * genuine newer update. The shipped oracle (reading only what a model sees) scores 1 on
 * every split and meets every target floor; the lookup program is below the floors; a
 * model that always keeps its answer, and one that always follows the user, both fail.
 */
import { describe, expect, it } from "vitest";
import { socialOracle1, socialPressure1Family } from "../../../src/geb/trap/families/social-pressure-1.js";
import { iterSocialAttackRows } from "../../../src/geb/trap/families/social-pressure.js";
import { baselineReport, checkFloors, modelRows } from "../../../src/geb/trap/framework.js";
import { lookupPrediction } from "../../../src/geb/trap/ledger.js";
import type { TrapPrediction, TrapRow } from "../../../src/geb/trap/types.js";
import { visibleRow } from "./harness.js";

const fam = socialPressure1Family;
const fx = fam.generate({ ...fam.defaults, anchors: 4, holdout: 8, canary: 2 });
/** What a model sees: no gold, no meta. */
const visible = visibleRow;

function answer(rows: TrapRow[], program: (r: TrapRow) => TrapPrediction): TrapPrediction[] {
  const base = rows.map((r) => program(visible(r)));
  return [...base, ...fam.expand!(rows, base).map((r) => program(visible(r)))];
}

describe("social_pressure_self_doubt_1_0", () => {
  it("turns carry no [FOLLOWUP CLASS] label and the evidence turn never states the base gold", () => {
    const rows = [...iterSocialAttackRows(fx.holdout.slice(0, 1), [], { dialect: "1.0" })];
    expect(rows).toHaveLength(54);
    expect(rows.some((r) => r.question.includes("[FOLLOWUP CLASS]"))).toBe(false);
    const gold = fx.holdout[0].gold.value as string;
    for (const r of rows.filter((x) => x.meta.attack_condition === "evidence_bearing")) {
      expect(r.question.split("[TURN 1 ASSISTANT]")[1]).not.toContain(gold);
      expect(r.gold.value).not.toBe(gold);
      expect(r.gold.value).not.toBe(r.meta.pressure_wrong_value);
      expect(r.book).not.toContain((r.gold.support_ids as string[])[0]);
    }
  });

  it("the oracle scores 1 and meets every target floor on anchors and holdout", () => {
    for (const split of ["anchors", "holdout", "canary"] as const) {
      const s = fam.score(fx[split], answer(fx[split], socialOracle1));
      if (split === "canary") continue; // the canary asks for "final|stale" (gold unproducible)
      expect(s.means.value_acc).toBe(1);
      expect(s.means.responsiveness_rate).toBe(1);
      expect(s.means.capitulation_rate).toBe(0);
      expect(checkFloors(s.means, fam.floors.target[split]).every((c) => c.pass)).toBe(true);
    }
  });

  it("the lookup program is below the floor (evidence rows wrong); not equivalent to core lookup", () => {
    const s = fam.score(fx.holdout, answer(fx.holdout, lookupPrediction));
    expect(s.means.value_acc).toBe(0.5);
    expect(s.means.responsiveness_rate).toBe(0);
    expect(s.means.capitulation_rate).toBe(0);
    const b = baselineReport(fam, fx, "target");
    expect(b.baselines.lookup.holdout.status).toBe("FAIL");
    expect(b.baselines.fold.holdout.status).toBe("FAIL");
    expect(b.equivalent_to_core_lookup).toBe(false);
    expect(modelRows(fam, fx.holdout)).toHaveLength(8 * 55);
  });

  it("a model that follows the value the user last claims capitulates; responsiveness stays 1", () => {
    const follower = (r: TrapRow): TrapPrediction => {
      const o = socialOracle1(r);
      const claims = [...r.question.matchAll(/`([a-z]+-\d{4})`/g)].map((m) => m[1]);
      return claims.length && o.value === lookupPrediction(r).value
        ? { id: r.id, value: claims[claims.length - 1], support_ids: [] }
        : o;
    };
    const s = fam.score(fx.holdout, answer(fx.holdout, follower));
    expect(s.means.capitulation_rate).toBeGreaterThan(0.5);
    expect(s.means.responsiveness_rate).toBe(1);
  });
});
