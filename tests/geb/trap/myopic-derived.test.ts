/**
 * myopic_planning_derived (1.0): the exact oracle program scores 1.0 on every split; the
 * lookup and the greedy (fold) program stay below the floors; the planner agrees with
 * brute-force enumeration; the scorer measures the first error step and the trap.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bestPlan,
  greedyPlan,
  MPD_ID,
  myopicGreedy,
  myopicOracle,
  type PlanEdge,
  planEdges,
  scoreMyopicPlanningDerived,
} from "../../../src/geb/trap/families/myopic-planning-derived.js";
import { serializeTrapRows } from "../../../src/geb/trap/fixtures.js";
import { baselineReport, checkFloors, evaluateSplit } from "../../../src/geb/trap/framework.js";
import { lookupPrediction } from "../../../src/geb/trap/ledger.js";
import { trapFamily } from "../../../src/geb/trap/registry.js";
import { TRAP_SPLITS, type TrapRow } from "../../../src/geb/trap/types.js";
import { visibleRow } from "./harness.js";

const family = trapFamily(MPD_ID)!;
const fx = family.generate(family.defaults);

describe("myopic_planning_derived (1.0)", () => {
  it("is a 1.0 family; no answer is written in the ledger", () => {
    expect(family.compat).toBe("1.0");
    for (const r of [...fx.anchors, ...fx.holdout, ...fx.canary]) {
      expect(r.book).not.toMatch(/decision\.|best|optimal/);
      // A plan string never appears in the ledger (best totals are plain integers, which can).
      if (typeof r.gold.value === "string") expect(r.book).not.toContain(r.gold.value);
    }
  });

  it("the oracle program scores 1.0 on every split (every floor met, no trap)", () => {
    for (const split of TRAP_SPLITS) {
      const e = evaluateSplit(family, split, "target", fx[split], fx[split].map(myopicOracle));
      expect(e.means.value_acc, split).toBe(1);
      expect(e.means.cite_f1, split).toBe(1);
      expect(e.means.trap_entry_rate, split).toBe(0);
      if (split !== "canary") expect(e.status, split).toBe("PASS");
    }
  });

  it("the lookup and the greedy program stay below the floors at every stage; not equivalent to core lookup", () => {
    for (const stage of ["observe", "ramp", "target"] as const) {
      const b = baselineReport(family, fx, stage);
      expect(b.passing).toEqual([]);
      for (const p of ["lookup", "fold"] as const) expect(b.baselines[p].holdout.means.value_acc).toBe(0);
      expect(b.baselines.fold.holdout.means.trap_entry_rate).toBe(1);
    }
    const t = baselineReport(family, fx, "target");
    expect(t.equivalent_to_core_lookup).toBe(false);
    // The figures docs/geb/traps.md quotes.
    expect(t.baselines.fold.holdout.means.cite_f1).toBeCloseTo(0.009, 3);
    expect(t.baselines.fold.anchors.means.cite_f1).toBeCloseTo(0.111, 3);
    const oracle = evaluateSplit(family, "holdout", "target", fx.holdout, fx.holdout.map(myopicOracle));
    expect(oracle.means.first_error_step_mean).toBeCloseTo(3.435, 3);
    expect(checkFloors({ value_acc: 0 }, family.floors.target.holdout)[0].pass).toBe(false);
  });

  it("programs read only the book and the question", () => {
    for (const r of fx.holdout) {
      const bare = visibleRow(r);
      expect(myopicOracle(bare)).toEqual(myopicOracle(r));
      expect(myopicGreedy(bare)).toEqual(myopicGreedy(r));
      expect(lookupPrediction(bare)).toEqual(lookupPrediction(r));
    }
  });

  it("is deterministic and uses its seed", () => {
    // The stream is sequential (anchors, then holdout): a shorter holdout is a prefix.
    const again = family.generate({ ...family.defaults, holdout: 6, canary: 0 });
    expect(serializeTrapRows(again.anchors)).toBe(serializeTrapRows(fx.anchors));
    expect(serializeTrapRows(again.holdout)).toBe(serializeTrapRows(fx.holdout.slice(0, 6)));
    const other = family.generate({ ...family.defaults, seed: 84, anchors: 2, holdout: 0, canary: 0 });
    expect(serializeTrapRows(other.anchors)).not.toBe(serializeTrapRows(fx.anchors.slice(0, 2)));
  });

  it("reads the folded ledger: a re-SET reward counts, a CLEARed move is gone", () => {
    const book = [
      "## State Ledger",
      "- [U000001] step=1 SET edge.s0.a = to=s1 reward=1",
      "- [U000002] step=2 SET edge.s0.b = to=s1 reward=50",
      "- [U000003] step=3 SET edge.s1.c = to=done reward=2",
      "- [U000004] step=4 NOTE edge.s0.a = to=s1 reward=99",
      "- [U000005] step=5 SET edge.s0.a = to=s1 reward=7",
      "- [U000006] step=6 CLEAR edge.s0.b",
    ].join("\n");
    expect(planEdges(book).map((e) => [e.action, e.reward, e.uid])).toEqual([
      ["a", 7, "U000005"],
      ["c", 2, "U000003"],
    ]);
  });

  it("bestPlan equals brute-force enumeration; greedyPlan takes the best immediate move (property)", () => {
    const edgeArb = fc.record({
      from: fc.constantFrom("s0", "x", "y"),
      action: fc.constantFrom("a", "b", "c"),
      to: fc.constantFrom("x", "y", "done"),
      reward: fc.integer({ min: -9, max: 9 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(edgeArb, { selector: (e) => `${e.from}.${e.action}`, maxLength: 9 }),
        fc.integer({ min: 1, max: 4 }),
        (raw, steps) => {
          const edges: PlanEdge[] = raw.map((e, i) => ({ ...e, uid: `U${i}` }));
          const totals: number[] = [];
          const walk = (state: string, left: number, acc: number) => {
            if (left === 0) return void totals.push(acc);
            for (const e of edges) if (e.from === state) walk(e.to, left - 1, acc + e.reward);
          };
          walk("s0", steps, 0);
          const best = bestPlan(edges, "s0", steps);
          if (totals.length === 0) expect(best).toBeNull();
          else {
            expect(best?.total).toBe(Math.max(...totals));
            expect(best?.edges.reduce((s, e) => s + e.reward, 0)).toBe(best?.total);
          }
          const g = greedyPlan(edges, "s0", 1);
          const first = edges.filter((e) => e.from === "s0");
          if (first.length) expect(g?.edges[0].reward).toBe(Math.max(...first.map((e) => e.reward)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("the scorer measures the first error step and the trap from the answer", () => {
    const row = fx.holdout.find((r) => r.meta.profile === "plan")!;
    const plan = row.meta.optimal_plan as string[];
    const greedy = row.meta.greedy_plan as string[];
    const score = (value: unknown) =>
      scoreMyopicPlanningDerived([row], [{ id: row.id, value, support_ids: [] }]).means;
    expect(score(plan.join(" > ").toUpperCase())).toMatchObject({
      value_acc: 1,
      first_error_step_mean: 4,
      trap_entry_rate: 0,
    });
    expect(score([plan[0], "zzz", plan[2]].join(">"))).toMatchObject({
      value_acc: 0,
      first_error_step_mean: 2,
    });
    expect(score(greedy.join(">"))).toMatchObject({
      value_acc: 0,
      first_error_step_mean: 1,
      trap_entry_rate: 1,
    });
    expect(score(7)).toMatchObject({ value_acc: 0, first_error_step_mean: 1, trap_entry_rate: 0 });
    expect(score(null).parse_rate).toBe(1);
    expect(scoreMyopicPlanningDerived([row], []).means.parse_rate).toBe(0);
  });
});

describe("myopic_planning_derived scorer on hand-made rows", () => {
  it("rows without the generator's meta are scored against their gold (no TypeError; no trap without a greedy plan)", () => {
    const row = {
      id: "h1",
      book: "",
      question: "",
      gold: { value: "a>b", support_ids: [] },
      meta: { profile: "plan" },
    } as TrapRow;
    const s = scoreMyopicPlanningDerived([row], [{ id: "h1", value: "a>b", support_ids: [] }]);
    expect(s.means.value_acc).toBe(1);
    expect(s.means.first_error_step_mean).toBe(3);
    expect(s.means.trap_entry_rate).toBe(0);
  });
});
