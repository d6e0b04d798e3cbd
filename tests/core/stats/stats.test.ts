/**
 * Statistics core (src/core/stats). Expected numbers marked "scipy" come from
 * tests/core/stats/expected.py (scipy 1.17 binomtest / norm.ppf, and a cluster bootstrap written
 * there from the definition over CPython's own random.Random); the others are derived by hand in
 * the comment next to them.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ClusterAccumulator,
  PairedAccumulator,
  accumulateClusters,
  comparePaired,
  comparisonsBlockSchema,
  differenceInterval,
  formatComparison,
  formatInterval,
  intervalSchema,
  intervalsBlockSchema,
  intervalsMeta,
  mcnemarExact,
  meanInterval,
  minimumDetectableDifference,
  normalQuantile,
  proportionInterval,
  wilson,
  wilsonBounds,
} from "../../../src/core/stats/index.js";

// scipy: binomtest(k, n).proportion_ci(confidence_level, method="wilson") → [k, n, level, low, high]
const WILSON: [number, number, number, number, number][] = [
  [0, 10, 0.95, 0.0, 0.27753279986288926],
  [10, 10, 0.95, 0.7224672001371109, 1.0],
  [7, 24, 0.95, 0.14914648196960867, 0.49167693664496637],
  [19, 39, 0.95, 0.3386517532986201, 0.6380063711554202],
  [1, 1, 0.95, 0.20654931437723745, 1.0],
  [50, 100, 0.95, 0.4038315303659956, 0.5961684696340044],
  [19, 39, 0.9, 0.36069992407935636, 0.6153224480760219],
  [19, 39, 0.99, 0.29844627744459684, 0.679640667536503],
  [3, 1000, 0.95, 0.0010207838811386186, 0.008783014053503173],
];
// scipy: binomtest(min(b, c), b + c, 0.5).pvalue → [b, c, p]
const MCNEMAR: [number, number, number][] = [
  [0, 1, 1.0],
  [3, 12, 0.03515625],
  [10, 10, 1.0],
  [0, 6, 0.03125],
  [25, 40, 0.08168153394154003],
  [1, 30, 2.9802322387695312e-8],
  [7, 3, 0.34375],
  [500, 560, 0.06990955946026937],
  [600, 900, 9.509594050178402e-15], // n > 1000: log-space path
  [740, 760, 0.623739686193368],
];
// scipy: norm.ppf(p)
const PPF: [number, number][] = [
  [0.975, 1.959963984540054],
  [0.995, 2.5758293035489004],
  [0.95, 1.6448536269514722],
  [0.8, 0.8416212335729143],
  [0.5, 0.0],
  [1e-10, -6.361340902404056],
  [0.02425, -1.972961051311885],
  [0.3, -0.5244005127080409],
];

describe("normalQuantile", () => {
  it.each(PPF)("Φ⁻¹(%s) matches scipy norm.ppf", (p, z) => {
    expect(normalQuantile(p)).toBeCloseTo(z, 13);
  });
});

describe("Wilson interval", () => {
  it.each(WILSON)("k=%s n=%s level=%s matches scipy", (k, n, level, lo, hi) => {
    const [l, h] = wilsonBounds(k, n, level);
    expect(l).toBeCloseTo(lo, 13);
    expect(h).toBeCloseTo(hi, 13);
  });

  it("7/24 by hand: p=0.2917, z=1.96 → centre (p+z²/2n)/(1+z²/n)=0.3204, half 0.1713", () => {
    const iv = wilson(7, 24);
    expect(iv.ci_low).toBeCloseTo(0.3204 - 0.1713, 3);
    expect(iv.ci_high).toBeCloseTo(0.3204 + 0.1713, 3);
    expect(iv).toMatchObject({ value: 7 / 24, n: 24, n_clusters: 24, method: "wilson" });
  });

  it("n = 0 has no estimate", () => {
    expect(wilson(0, 0)).toEqual({
      value: null,
      ci_low: null,
      ci_high: null,
      n: 0,
      n_clusters: 0,
      method: "none",
    });
  });

  it("contains the estimate, stays in [0,1], narrows with n (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, f) => {
        const k = Math.round(f * n);
        const [lo, hi] = wilsonBounds(k, n);
        const p = k / n;
        expect(lo).toBeGreaterThanOrEqual(0);
        expect(hi).toBeLessThanOrEqual(1);
        expect(lo).toBeLessThanOrEqual(p);
        expect(hi).toBeGreaterThanOrEqual(p);
        // Same proportion with 4× the items: strictly narrower.
        const [lo4, hi4] = wilsonBounds(4 * k, 4 * n);
        expect(hi4 - lo4).toBeLessThan(hi - lo);
      }),
    );
  });
});

describe("exact McNemar", () => {
  it.each(MCNEMAR)("b=%s c=%s matches scipy binomtest", (b, c, p) => {
    expect(mcnemarExact(b, c)).toBeCloseTo(p, 12);
    expect(mcnemarExact(b, c) / p).toBeCloseTo(1, 9);
  });

  it("by hand: b=0, c=6 → 2·(1/2)^6 = 1/32; no discordant pairs → 1", () => {
    expect(mcnemarExact(0, 6)).toBe(1 / 32);
    expect(mcnemarExact(0, 0)).toBe(1);
  });

  it("symmetric, in (0,1], equals the brute-force binomial sum (property)", () => {
    const choose = (n: number, k: number): number => {
      let r = 1;
      for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
      return r;
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), (b, c) => {
        const p = mcnemarExact(b, c);
        expect(mcnemarExact(c, b)).toBe(p);
        expect(p).toBeGreaterThan(0);
        expect(p).toBeLessThanOrEqual(1);
        let tail = 0;
        for (let i = 0; i <= Math.min(b, c); i++) tail += choose(b + c, i) / 2 ** (b + c);
        expect(p).toBeCloseTo(Math.min(1, 2 * tail), 12);
      }),
    );
  });
});

const expected = {
  // scipy file: 8 episodes × 3 queries, B=2000, seed 0, percentile interval
  continuous: {
    values: [
      0.1, 0.2, 0.15, 0.9, 0.8, 0.85, 0.5, 0.55, 0.6, 0.3, 0.25, 0.2, 1.0, 0.95, 0.9, 0.0, 0.05, 0.1, 0.7,
      0.75, 0.65, 0.4, 0.45, 0.35,
    ],
    ci: [0.275, 0.7000000000000001],
  },
  // scipy file: 6 clusters of 4 binary items, B=2000, seed 7 → deff 2.99, Wilson at n/deff
  binary: {
    values: [1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0],
    ci: [0.21545016448869492, 0.7845498355113051],
  },
};

describe("cluster bootstrap", () => {
  it("continuous metric: percentile interval matches the independent Python implementation", () => {
    const v = expected.continuous.values;
    const iv = meanInterval(
      accumulateClusters(
        v,
        v.map((_, i) => Math.floor(i / 3)),
      ),
      { seed: 0 },
    );
    expect(iv.method).toBe("cluster_bootstrap");
    expect(iv.n).toBe(24);
    expect(iv.n_clusters).toBe(8);
    expect(iv.ci_low).toBeCloseTo(expected.continuous.ci[0], 12);
    expect(iv.ci_high).toBeCloseTo(expected.continuous.ci[1], 12);
  });

  it("binary metric with clusters: Wilson at the bootstrap design effect matches Python", () => {
    const v = expected.binary.values;
    const iv = proportionInterval(
      accumulateClusters(
        v,
        v.map((_, i) => Math.floor(i / 4)),
      ),
      { seed: 7 },
    );
    expect(iv.method).toBe("wilson_cluster");
    expect(iv.value).toBe(12 / 24);
    expect(iv.ci_low).toBeCloseTo(expected.binary.ci[0], 10);
    expect(iv.ci_high).toBeCloseTo(expected.binary.ci[1], 10);
  });

  it("is deterministic for a seed and independent of row order and cluster names (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 6 })), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.integer({ min: 0, max: 1000 }),
        (rows, seed) => {
          const a = meanInterval(
            accumulateClusters(
              rows.map((r) => r[0]),
              rows.map((r) => r[1]),
            ),
            { seed, resamples: 200 },
          );
          const rev = rows.slice().reverse();
          const b = meanInterval(
            accumulateClusters(
              rev.map((r) => r[0]),
              rev.map((r) => `c${r[1]}`),
            ),
            { seed, resamples: 200 },
          );
          // Same interval whatever the row order and cluster names: equal up to float rounding
          // (a cluster's sum is accumulated in row order, so its last bits may differ).
          expect({ ...b, value: 0, ci_low: 0, ci_high: 0 }).toEqual({
            ...a,
            value: 0,
            ci_low: 0,
            ci_high: 0,
          });
          for (const k of ["value", "ci_low", "ci_high"] as const)
            expect(b[k] as number).toBeCloseTo(a[k] as number, 9);
          expect(a.ci_low as number).toBeLessThanOrEqual(a.value as number);
          expect(a.ci_high as number).toBeGreaterThanOrEqual(a.value as number);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("is wider than the naive interval on strongly correlated data", () => {
    // 10 episodes × 5 queries, each episode all right or all wrong: 50 items but 10 draws.
    const values: number[] = [];
    const clusters: number[] = [];
    for (let e = 0; e < 10; e++)
      for (let q = 0; q < 5; q++) {
        values.push(e % 2 === 0 || e === 3 ? 1 : 0);
        clusters.push(e);
      }
    const naive = proportionInterval(accumulateClusters(values));
    const clustered = proportionInterval(accumulateClusters(values, clusters));
    expect(naive.method).toBe("wilson");
    expect(clustered.method).toBe("wilson_cluster");
    const w = (iv: typeof naive) => (iv.ci_high as number) - (iv.ci_low as number);
    expect(w(clustered)).toBeGreaterThan(1.5 * w(naive));
    // Continuous version of the same data: cluster bootstrap wider than the item bootstrap.
    const cont = values.map((v, i) => v * 0.8 + 0.01 * (i % 5));
    const itemLevel = meanInterval(accumulateClusters(cont));
    const clusterLevel = meanInterval(accumulateClusters(cont, clusters));
    expect(w(clusterLevel)).toBeGreaterThan(1.5 * w(itemLevel));
  });

  it("with singleton clusters equals the naive interval (rates) and is close to it (means)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 30, maxLength: 200 }), (v) => {
        const ids = v.map((_, i) => i);
        expect(proportionInterval(accumulateClusters(v, ids))).toEqual(
          proportionInterval(accumulateClusters(v)),
        );
        const k = v.reduce((s, x) => s + x, 0);
        const boot = meanInterval(accumulateClusters(v, ids), { resamples: 1000 });
        expect(boot.method).toBe("bootstrap");
        if (k > 3 && k < v.length - 3) {
          const [lo, hi] = wilsonBounds(k, v.length);
          // Percentile bootstrap and Wilson agree to a fraction of the width at these sizes.
          const tol = 0.35 * (hi - lo);
          expect(Math.abs((boot.ci_low as number) - lo)).toBeLessThan(tol);
          expect(Math.abs((boot.ci_high as number) - hi)).toBeLessThan(tol);
        }
      }),
      { numRuns: 30 },
    );
  });

  it("rates stay within [0,1] and contain the estimate with clusters (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 5 })), {
          minLength: 1,
          maxLength: 60,
        }),
        (rows) => {
          const iv = proportionInterval(
            accumulateClusters(
              rows.map((r) => r[0]),
              rows.map((r) => r[1]),
            ),
            { resamples: 200 },
          );
          const p = iv.value as number;
          expect(iv.ci_low as number).toBeGreaterThanOrEqual(0);
          expect(iv.ci_high as number).toBeLessThanOrEqual(1);
          expect(iv.ci_low as number).toBeLessThanOrEqual(p);
          expect(iv.ci_high as number).toBeGreaterThanOrEqual(p);
          expect(intervalSchema.parse(iv)).toEqual(iv);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("rejects non-binary values in a rate", () => {
    expect(() => proportionInterval(accumulateClusters([0.5, 1]))).toThrow(/non-binary/);
    expect(() => new ClusterAccumulator().add(Number.NaN)).toThrow(/non-finite/);
  });
});

describe("paired comparison", () => {
  it("binary, independent items: exact McNemar over the discordant pairs", () => {
    // A right / B wrong on 12 items, the reverse on 3, both right on 10, both wrong on 5.
    const a = [...Array(12).fill(1), ...Array(3).fill(0), ...Array(10).fill(1), ...Array(5).fill(0)];
    const b = [...Array(12).fill(0), ...Array(3).fill(1), ...Array(10).fill(1), ...Array(5).fill(0)];
    const c = comparePaired(a, b, { binary: true });
    expect(c).toMatchObject({ method: "mcnemar_exact", a_only: 12, b_only: 3, n: 30, significant: true });
    expect(c.p_value).toBeCloseTo(0.03515625, 12); // scipy binomtest(3, 15)
    expect(c.diff).toBeCloseTo(9 / 30, 15);
    expect(c.ci_low as number).toBeGreaterThan(0);
    expect(comparisonsBlockSchema.parse({ ...intervalsMeta(), metrics: { acc: c } }).metrics.acc).toEqual(c);
  });

  it("McNemar is symmetric under swapping A and B (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 1 })), {
          minLength: 1,
          maxLength: 80,
        }),
        (pairs) => {
          const a = pairs.map((p) => p[0]);
          const b = pairs.map((p) => p[1]);
          const ab = comparePaired(a, b, { binary: true, resamples: 100 });
          const ba = comparePaired(b, a, { binary: true, resamples: 100 });
          expect(ba.p_value).toBe(ab.p_value);
          expect(ba.diff).toBeCloseTo(-(ab.diff as number), 15);
          expect(ba.a_only).toBe(ab.b_only);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("continuous: paired bootstrap; identical arms give diff 0, p = 1, not significant", () => {
    const a = [0.2, 0.5, 0.9, 0.4];
    const same = comparePaired(a, a, { binary: false });
    expect(same).toMatchObject({
      diff: 0,
      ci_low: 0,
      ci_high: 0,
      p_value: 1,
      significant: false,
      method: "paired_bootstrap",
    });
    const better = comparePaired(
      a.map((x) => x + 0.3),
      a,
      { binary: false },
    );
    // Every item differs by exactly +0.3: every resample does too, p = 2/(B+1).
    expect(better.diff).toBeCloseTo(0.3, 12);
    expect(better.p_value).toBeCloseTo(2 / 2001, 15);
    expect(better.significant).toBe(true);
  });

  it("binary with clusters uses the cluster bootstrap, not McNemar", () => {
    const acc = new PairedAccumulator();
    for (let e = 0; e < 4; e++) for (let q = 0; q < 6; q++) acc.add(e < 3 ? 1 : 0, 0, e);
    const c = acc.compare(true);
    expect(c.method).toBe("paired_bootstrap");
    expect(c.n_clusters).toBe(4);
    // McNemar would call 18 vs 0 discordant highly significant; 4 episodes are not.
    expect(mcnemarExact(18, 0)).toBeLessThan(1e-4);
    expect(c.p_value as number).toBeGreaterThan(1e-4);
  });
});

describe("minimum detectable difference", () => {
  it.each([
    [24, 0.40437399495879967],
    [39, 0.3172170601668292],
    [100, 0.19810199057996727],
  ])("n=%s at p=0.5, α=0.05, power 0.8 (scipy norm.ppf)", (n, mdd) => {
    expect(minimumDetectableDifference({ n })).toBeCloseTo(mdd, 12);
  });
  it("shrinks with n and grows with the design effect", () => {
    expect(minimumDetectableDifference({ n: 400 }) as number).toBeLessThan(
      minimumDetectableDifference({ n: 100 }) as number,
    );
    expect(minimumDetectableDifference({ n: 100, deff: 4 })).toBeCloseTo(
      2 * (minimumDetectableDifference({ n: 100 }) as number),
      12,
    );
    expect(minimumDetectableDifference({ n: 0 })).toBeNull();
  });
});

describe("format and schema", () => {
  it("formats intervals like the issue's example", () => {
    expect(
      formatInterval({
        value: 0.487,
        ci_low: 0.3312,
        ci_high: 0.6404,
        n: 39,
        n_clusters: 39,
        method: "wilson",
      }),
    ).toBe("0.487 [0.33, 0.64]");
    expect(formatInterval(wilson(0, 0))).toBe("-");
    const c = comparePaired([1, 1, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0], { binary: true });
    expect(formatComparison(c)).toBe("+1.000 [1.00, 1.00] p=0.031 *");
  });
  it("the block validates and refuses unknown keys", () => {
    const block = { ...intervalsMeta({}, "episode"), metrics: { acc: wilson(3, 4) } };
    expect(intervalsBlockSchema.parse(block)).toEqual(block);
    expect(() => intervalsBlockSchema.parse({ ...block, extra: 1 })).toThrow();
  });
});

describe("bootstrap draws", () => {
  it("streamed draws (too many to keep as a table) match the independent Python implementation", () => {
    // scipy file, boot_streamed: 2100 singleton clusters × 2000 resamples, seed 3.
    const big = Array.from({ length: 2100 }, (_, i) => (i * 7919) % 13);
    const iv = meanInterval(accumulateClusters(big), { seed: 3 });
    expect(iv.ci_low).toBeCloseTo(5.83952380952381, 10);
    expect(iv.ci_high).toBeCloseTo(6.161940476190476, 10);
  });

  it("reusing the kept index table gives the same numbers as drawing afresh", () => {
    const v = expected.continuous.values;
    const cl = v.map((_, i) => Math.floor(i / 3));
    const first = meanInterval(accumulateClusters(v, cl), { seed: 0 });
    meanInterval(accumulateClusters([1, 2, 3]), { seed: 5 }); // evicts the table
    expect(meanInterval(accumulateClusters(v, cl), { seed: 0 })).toEqual(first);
    expect(meanInterval(accumulateClusters(v, cl), { seed: 0 })).toEqual(first);
  });
});

describe("addCluster", () => {
  it("a cluster added whole equals its items added one by one (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 1, maxLength: 5 }), {
          minLength: 1,
          maxLength: 12,
        }),
        (clusters) => {
          const items = new ClusterAccumulator();
          const whole = new ClusterAccumulator();
          clusters.forEach((c, i) => {
            for (const v of c) items.add(v, i);
            whole.addCluster(
              c.reduce((s, v) => s + v, 0),
              c.length,
            );
          });
          expect(proportionInterval(whole, { resamples: 200 })).toEqual(
            proportionInterval(items, { resamples: 200 }),
          );
          expect(meanInterval(whole, { resamples: 200 })).toEqual(meanInterval(items, { resamples: 200 }));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("difference of two means over shared clusters", () => {
  // scipy file, "difference": 7 episodes; clean rows 3 per episode, instruction rows 2 per
  // episode except episode 3; joint cluster bootstrap, B=2000, seed 0.
  const clean = new ClusterAccumulator();
  const instr = new ClusterAccumulator();
  for (let e = 0; e < 7; e++) for (let q = 0; q < 3; q++) clean.add((e + q) % 3 ? 1 : 0, e);
  for (let e = 0; e < 7; e++) for (let q = 0; q < 2; q++) if (e !== 3) instr.add(e % 2 ? 1 : 0, e);

  it("matches the independent Python joint bootstrap", () => {
    const iv = differenceInterval(clean, instr, { seed: 0 });
    expect(iv.value).toBeCloseTo(14 / 21 - 4 / 12, 15); // episodes 1 and 5 answer right
    expect(iv.ci_low).toBeCloseTo(-0.08333333333333337, 12);
    expect(iv.ci_high).toBeCloseTo(0.6666666666666666, 12);
    expect(iv).toMatchObject({ n: 33, n_clusters: 7, method: "cluster_bootstrap" });
  });

  it("contains the estimate and is antisymmetric in its sides (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 5 }), fc.boolean()), {
          minLength: 2,
          maxLength: 40,
        }),
        (rows) => {
          const a = new ClusterAccumulator();
          const b = new ClusterAccumulator();
          for (const [v, c, side] of rows) (side ? a : b).add(v, c);
          const ab = differenceInterval(a, b, { resamples: 200 });
          if (ab.value === null) return;
          expect(ab.ci_low as number).toBeLessThanOrEqual(ab.value);
          expect(ab.ci_high as number).toBeGreaterThanOrEqual(ab.value);
          const ba = differenceInterval(b, a, { resamples: 200 });
          expect(ba.value).toBeCloseTo(-ab.value, 12);
        },
      ),
      { numRuns: 40 },
    );
  });
});
