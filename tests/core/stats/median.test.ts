/**
 * medianInterval (GF-01 median Eff_t): against a brute-force percentile cluster bootstrap
 * written the plain way (pool the drawn clusters' items, sort, take the middle; type-7
 * percentiles), invariance to cluster order, known values, and wider on correlated data.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { medianInterval, resampleIndexStream } from "../../../src/core/stats/index.js";

const B = 200;

function plainMedian(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function type7(sorted: number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** The same draws (seed 0) over clusters in the documented canonical order, done naively. */
function bruteForce(clusters: number[][]): [number, number, number] {
  const canon = clusters
    .filter((c) => c.length)
    .map((c) => [...c].sort((a, b) => a - b))
    .sort((a, b) => {
      for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
      return a.length - b.length;
    });
  const draw = resampleIndexStream(0, B, canon.length);
  const reps: number[] = [];
  for (let b = 0; b < B; b++) {
    const items: number[] = [];
    for (let j = 0; j < canon.length; j++) items.push(...canon[draw()]);
    reps.push(plainMedian(items));
  }
  reps.sort((a, b) => a - b);
  const v = plainMedian(canon.flat());
  return [v, Math.min(v, type7(reps, (1 - 0.95) / 2)), Math.max(v, type7(reps, 1 - (1 - 0.95) / 2))];
}

const clustersArb = fc.array(fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 4 }), {
  minLength: 1,
  maxLength: 12,
});

describe("medianInterval", () => {
  it("equals a brute-force percentile cluster bootstrap of the median", () => {
    fc.assert(
      fc.property(clustersArb, (clusters) => {
        const iv = medianInterval(clusters, { resamples: B });
        const [v, lo, hi] = bruteForce(clusters);
        expect([iv.value, iv.ci_low, iv.ci_high]).toEqual([v, lo, hi]);
        expect(iv.n).toBe(clusters.flat().length);
        expect(iv.method).toBe(clusters.every((c) => c.length === 1) ? "bootstrap" : "cluster_bootstrap");
      }),
      { numRuns: 60 },
    );
  });

  it("depends on the multiset of clusters only", () => {
    fc.assert(
      fc.property(clustersArb, fc.integer(), (clusters, salt) => {
        const shuffled = clusters
          .map((c, i) => ({ c: [...c].reverse(), k: (i * 7919 + salt) % 101 }))
          .sort((a, b) => a.k - b.k)
          .map((x) => x.c);
        expect(medianInterval(shuffled, { resamples: B })).toEqual(
          medianInterval(clusters, { resamples: B }),
        );
      }),
      { numRuns: 30 },
    );
  });

  it("known values: constant data, one item, nothing", () => {
    expect(medianInterval([[3, 3], [3]])).toMatchObject({
      value: 3,
      ci_low: 3,
      ci_high: 3,
      n: 3,
      n_clusters: 2,
    });
    expect(medianInterval([[2]])).toMatchObject({ value: 2, ci_low: 2, ci_high: 2, method: "bootstrap" });
    expect(medianInterval([])).toMatchObject({ value: null, ci_low: null, n: 0, method: "none" });
    expect(() => medianInterval([[Number.NaN]])).toThrow(RangeError);
  });

  it("is wider when items of a cluster move together", () => {
    // 12 instances, each attempted 4 times with the same Eff_t; vs the same 48 values independent.
    const base = [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6];
    const clustered = base.map((v) => [v, v, v, v]);
    const naive = clustered.flat().map((v) => [v]);
    const c = medianInterval(clustered);
    const i = medianInterval(naive);
    expect(c.value).toBe(i.value);
    expect((c.ci_high as number) - (c.ci_low as number)).toBeGreaterThan(
      (i.ci_high as number) - (i.ci_low as number),
    );
  });
});
