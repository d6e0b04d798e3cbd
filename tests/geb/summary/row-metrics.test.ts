/**
 * The per-row items behind every summary interval reproduce the numbers they put intervals on:
 * decomposition items ≡ countRows/rates, drift items ≡ driftCounts (fast-check against the
 * counting code, which the parity corpora check against the reference), and the grade's
 * per-row instruction / selection parts ≡ the grader's own metrics; the core estimators over
 * several runs reduce to the one-run ones and average the runs' means.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accumulateClusters,
  ClusterAccumulator,
  comparePairedStatistic,
  differenceInterval,
  meanInterval,
  meanOfDifferencesInterval,
  meanOfMeansInterval,
  proportionInterval,
} from "../../../src/core/stats/index.js";
import { Grader } from "../../../src/geb/grade/grade.js";
import { GradeIntervals } from "../../../src/geb/grade/intervals.js";
import { countRows, driftCounts, driftMetrics, rates } from "../../../src/geb/summary/decomposition.js";
import { decompositionItems, driftItems } from "../../../src/geb/summary/row-metrics.js";
import type { RowStat } from "../../../src/geb/summary/rowstats.js";
import { rowsOf } from "../helpers.js";
import { wilsonBounds } from "../../../src/core/stats/wilson.js";

const uid = fc.constantFrom("U1", "U2", "U3", "U4");
const rowArb = fc.record({
  id: fc.constantFrom("a", "b", "c"),
  trial: fc.constantFrom(0, 1),
  episode_id: fc.constantFrom("E1", "E2", "E2T", null),
  q_index: fc.integer({ min: 0, max: 5 }),
  key: fc.option(fc.constantFrom("k1", "k2"), { nil: null }),
  eligible: fc.boolean(),
  gold_present: fc.boolean(),
  latest_entry_present: fc.boolean(),
  value_ok: fc.boolean(),
  exact_ok: fc.boolean(),
  missing: fc.boolean(),
  pipeline_abstained: fc.boolean(),
  dropped_correct: fc.boolean(),
  gold_rank: fc.option(fc.integer({ min: 0, max: 9 }), { nil: null }),
  gold_uid: fc.option(uid, { nil: null }),
  latest_entry_uid: fc.option(uid, { nil: null }),
  selected_uid: fc.option(uid, { nil: null }),
  selected_op: fc.option(fc.constantFrom("SET", "NOTE", "CLEAR"), { nil: null }),
  spoof_enabled: fc.boolean(),
  selected_spoofed: fc.option(fc.boolean(), { nil: null }),
  pred_support_ids: fc.array(uid, { maxLength: 3 }),
  pred_value: fc.option(fc.constantFrom("x", "y", "xy"), { nil: null }),
  gold_value: fc.option(fc.constantFrom("x", "y"), { nil: null }),
  gold_entry_value: fc.option(fc.constantFrom("x", "xy", "z"), { nil: null }),
}) as fc.Arbitrary<unknown> as fc.Arbitrary<RowStat>;

function ratios(items: Map<string, number[]>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, [s, n]] of items) out[k] = s / n;
  return out;
}

describe("summary row items reproduce the counted numbers", () => {
  it("decompositionItems ≡ rates(countRows(rows)) for every rate, on any rows", () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 30 }), (rows) => {
        const items = new Map<string, number[]>();
        for (const r of rows)
          decompositionItems(r, (m, v) => {
            const t = items.get(m) ?? [0, 0];
            t[0] += v;
            t[1]++;
            items.set(m, t);
          });
        const got = ratios(items);
        const want = rates(countRows(rows)) as unknown as Record<string, number | null>;
        for (const [k, v] of Object.entries(want)) {
          if (k === "n") continue;
          if (v === null) expect(got[k], k).toBeUndefined();
          else expect(got[k], k).toBeCloseTo(v, 12);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("driftItems ≡ driftMetrics(driftCounts(rows))", () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 30 }), (rows) => {
        const items = new Map<string, number[]>();
        driftItems(rows, (m, v) => {
          const t = items.get(m) ?? [0, 0];
          t[0] += v;
          t[1]++;
          items.set(m, t);
        });
        const got = ratios(items);
        const want = driftMetrics(driftCounts(rows));
        for (const k of ["step_rate", "persistence_rate", "wrong_commit_rate", "run_rate"] as const) {
          const v = want[k];
          if (v === null) expect(got[k], k).toBeUndefined();
          else expect(got[k], k).toBeCloseTo(v, 12);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("the grade's per-row instruction and selection parts give the grader's own rates (both dialects)", () => {
    const rows = rowsOf({
      seed: 3,
      episodes: 4,
      steps: 40,
      queries: 8,
      distractorProfile: "instruction",
      twins: false,
    });
    for (const metrics of ["1.0", "reference-0.1"] as const) {
      const g = new Grader({
        citations: "auto",
        supportMetric: "f1",
        maxSupportK: 3,
        entailmentCheck: true,
        metrics,
      });
      const gi = new GradeIntervals();
      rows.forEach((row, i) => {
        const meta = row.meta as unknown as Record<string, unknown>;
        // Mixed answers: some take the injected value, some the gold, some cite nothing.
        const value =
          i % 3 === 0 && meta.instruction_value
            ? meta.instruction_value
            : i % 3 === 1
              ? row.gold.value
              : "nope";
        const res = g.add(row, { value, support_ids: i % 2 ? (row.gold.support_ids ?? []) : [] });
        gi.add(res, row.episode_id);
      });
      const m = g.result();
      const block = gi.finish(undefined); // values from the items alone
      for (const k of [
        "instr_override_rate",
        "instr_conflict_present_rate",
        "answer_correct_given_selected",
      ] as const) {
        expect(m[k], `${metrics} ${k}`).not.toBeNull();
        expect(block.metrics[k].value, `${metrics} ${k}`).toBeCloseTo(m[k] as number, 12);
      }
      expect(m.instr_override_rate).toBeGreaterThan(0);
    }
  });
});

describe("estimators over several runs", () => {
  const accArb = fc
    .array(fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 4 })), {
      minLength: 1,
      maxLength: 25,
    })
    .map((xs) =>
      accumulateClusters(
        xs.map((x) => x[0]),
        xs.map((x) => `e${x[1]}`),
      ),
    );

  it("one run: exactly the one-run interval; several: the mean of the run means, inside the interval", () => {
    fc.assert(
      fc.property(fc.array(accArb, { minLength: 1, maxLength: 4 }), (accs) => {
        if (accs.length === 1) {
          expect(meanOfMeansInterval(accs, "rate")).toEqual(proportionInterval(accs[0]));
          expect(meanOfMeansInterval(accs, "mean")).toEqual(meanInterval(accs[0]));
          return;
        }
        const want = accs.reduce((s, a) => s + a.sum() / a.n, 0) / accs.length;
        for (const kind of ["rate", "mean"] as const) {
          const iv = meanOfMeansInterval(accs, kind, { resamples: 200 });
          expect(iv.value as number).toBeCloseTo(want, 12);
          expect(iv.ci_low as number).toBeLessThanOrEqual(iv.value as number);
          expect(iv.ci_high as number).toBeGreaterThanOrEqual(iv.value as number);
          expect(iv.ci_low as number).toBeGreaterThanOrEqual(0);
          expect(iv.ci_high as number).toBeLessThanOrEqual(1);
          expect(iv.n).toBe(accs.reduce((s, a) => s + a.n, 0));
        }
      }),
      { numRuns: 60 },
    );
  });

  it("a rate of 0 or 1 over clustered runs: Wilson at Kish's n (design effect 1, no bootstrap needed)", () => {
    // Runs of 6, 3 and 12 items in clusters of 3: every item 1 (then every item 0).
    const sizes = [6, 3, 12];
    for (const v of [1, 0]) {
      const accs = sizes.map((m) =>
        accumulateClusters(
          Array(m).fill(v),
          Array.from({ length: m }, (_, i) => `e${Math.floor(i / 3)}`),
        ),
      );
      const nKish = (sizes.length * sizes.length) / sizes.reduce((s, m) => s + 1 / m, 0);
      const [lo, hi] = wilsonBounds(v * nKish, nKish, 0.95);
      expect(meanOfMeansInterval(accs, "rate")).toEqual({
        value: v,
        ci_low: lo,
        ci_high: hi,
        n: 21,
        n_clusters: 7,
        method: "wilson_cluster",
      });
    }
  });

  it("a mean over runs weighs runs equally, not items", () => {
    const big = accumulateClusters(Array(90).fill(1));
    const small = accumulateClusters(Array(10).fill(0));
    const iv = meanOfMeansInterval([big, small], "rate");
    expect(iv.value).toBe(0.5);
    expect(iv.method).toBe("wilson_cluster");
  });

  it("mean of differences: one run is differenceInterval; two equal runs keep the value", () => {
    const a = accumulateClusters([1, 1, 0, 1], ["e1", "e2", "e3", "e4"]);
    const b = accumulateClusters([0, 1, 0], ["e1", "e2", "e3"]);
    expect(meanOfDifferencesInterval([{ a, b }])).toEqual(differenceInterval(a, b));
    const two = meanOfDifferencesInterval([
      { a, b },
      { a, b },
    ]);
    expect(two.value).toBeCloseTo(0.75 - 1 / 3, 12);
    expect(two.ci_low as number).toBeLessThanOrEqual(two.value as number);
  });

  it("comparePairedStatistic: a clear difference is significant, none is not; deterministic and order-free", () => {
    // Per cluster [sum A, items A, sum B, items B]: A right 9 of 10, B 2 of 10, in 20 episodes.
    const clear = Array.from({ length: 20 }, (_, i) => [i % 10 === 0 ? 0 : 1, 1, i % 5 === 0 ? 1 : 0, 1]);
    const diff = (t: ArrayLike<number>) => t[0] / t[1] - t[2] / t[3];
    const c = comparePairedStatistic(clear, diff, { a: 0.9, b: 0.2, n: 20 });
    expect(c.diff).toBeCloseTo(0.7, 12);
    expect(c.significant).toBe(true);
    expect(c.ci_low as number).toBeGreaterThan(0);
    expect(comparePairedStatistic([...clear].reverse(), diff, { a: 0.9, b: 0.2, n: 20 })).toEqual(c);
    const same = Array.from({ length: 20 }, (_, i) => [i % 2, 1, i % 2, 1]);
    const s = comparePairedStatistic(same, diff, { a: 0.5, b: 0.5, n: 20 });
    expect(s.diff).toBe(0);
    expect(s.significant).toBe(false);
    expect(s.p_value).toBe(1);
  });

  it("keeps ClusterAccumulator untouched (inputs are read, not consumed)", () => {
    const a = new ClusterAccumulator();
    a.add(1, "x");
    a.add(0, "x");
    meanOfMeansInterval([a, a], "rate");
    expect(a.n).toBe(2);
  });
});
