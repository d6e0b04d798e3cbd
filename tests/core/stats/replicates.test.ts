/**
 * The bootstrap's shared machinery (src/core/stats/bootstrap.ts): index tables cut from one
 * raw Mersenne stream per seed, memoised replicate sets, cached totals and merged
 * accumulators must give exactly what drawing afresh with CPython's `_randbelow` gives.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PyRandom } from "../../../src/core/random.js";
import {
  ClusterAccumulator,
  bootstrapReplicates,
  meanInterval,
  proportionInterval,
} from "../../../src/core/stats/index.js";

/** Brute force: B replicates of Σsums/Σcounts, each over K `randbelow(K)` draws, sorted. */
function bruteReplicates(sums: number[], counts: number[], seed: number, resamples: number): Float64Array {
  const rng = new PyRandom(seed);
  const out = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) {
    let s = 0;
    let m = 0;
    for (let j = 0; j < sums.length; j++) {
      const i = rng.randbelow(sums.length);
      s += sums[i];
      m += counts[i];
    }
    out[b] = s / m;
  }
  return out.sort();
}

const totalsOf = (sums: number[], counts: number[]) => ({
  sums: Float64Array.from(sums),
  counts: Float64Array.from(counts),
  n: counts.reduce((a, b) => a + b, 0),
});

describe("bootstrap replicates", () => {
  it("equal fresh CPython draws for any seeds and cluster counts, in any call order (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            seed: fc.integer({ min: 0, max: 3 }),
            resamples: fc.integer({ min: 1, max: 60 }),
            clusters: fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 4 })), {
              minLength: 1,
              maxLength: 70,
            }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (calls) => {
          for (const { seed, resamples, clusters } of calls) {
            const sums = clusters.map((c) => c[0]);
            const counts = clusters.map((c) => c[1]);
            const got = bootstrapReplicates(totalsOf(sums, counts), { seed, resamples, level: 0.95 });
            expect(got).toEqual(bruteReplicates(sums, counts, seed, resamples));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("tables that outgrow the kept raw stream fall back to the same draws", () => {
    // K = 1025 accepts about half of the 11-bit words: 1,100 × 1,025 draws need ≈ 2.25 M words,
    // more than the raw stream keeps (2 M). K = 129 makes the stream grow past its first size.
    for (const [k, resamples] of [
      [129, 2000],
      [1025, 1100],
    ]) {
      const sums = Array.from({ length: k }, (_, i) => (i * 31) % 7);
      const counts = Array.from({ length: k }, (_, i) => 1 + (i % 3));
      const got = bootstrapReplicates(totalsOf(sums, counts), { seed: 9, resamples, level: 0.95 });
      expect(got).toEqual(bruteReplicates(sums, counts, 9, resamples));
    }
  });
});

describe("ClusterAccumulator.merge", () => {
  it("equals adding the other accumulator's items under prefixed keys (property)", () => {
    const item = fc.tuple(fc.integer({ min: 0, max: 1 }), fc.option(fc.integer({ min: 0, max: 5 })));
    fc.assert(
      fc.property(fc.array(fc.array(item, { maxLength: 12 }), { minLength: 1, maxLength: 4 }), (runs) => {
        const direct = new ClusterAccumulator();
        const merged = new ClusterAccumulator();
        runs.forEach((items, r) => {
          const own = new ClusterAccumulator();
          for (const [v, c] of items) {
            direct.add(v, c === null ? undefined : `${r}:${c}`);
            own.add(v, c ?? undefined);
          }
          own.totals(); // a cached totals() must not leak into the merged accumulator
          merged.merge(own, `${r}:`);
        });
        expect(merged.n).toBe(direct.n);
        expect(merged.nClusters).toBe(direct.nClusters);
        expect(merged.independent).toBe(direct.independent);
        expect(merged.totals()).toEqual(direct.totals());
        const o = { resamples: 100 };
        expect(proportionInterval(merged, o)).toEqual(proportionInterval(direct, o));
        expect(meanInterval(merged, o)).toEqual(meanInterval(direct, o));
      }),
      { numRuns: 60 },
    );
  });

  it("totals() are the clusters sorted by (sum, count), for few and many clusters (property)", () => {
    const value = fc.oneof(fc.constantFrom(0, -0, 1, 0.5), fc.double({ min: -5, max: 5, noNaN: true }));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(value, fc.option(fc.integer({ min: 0, max: 40 }))), { maxLength: 90 }),
        (items) => {
          const acc = new ClusterAccumulator();
          for (const [v, c] of items) acc.add(v, c ?? undefined);
          const pairs: [number, number][] = [];
          acc.forEachCluster((_k, s, m) => pairs.push([s, m]));
          pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
          const t = acc.totals();
          expect([...t.sums]).toEqual(pairs.map((p) => p[0]));
          expect([...t.counts]).toEqual(pairs.map((p) => p[1]));
        },
      ),
      { numRuns: 80 },
    );
  });

  it("totals() follows items added after it was read", () => {
    const a = new ClusterAccumulator();
    a.add(1, "x");
    expect(a.totals().n).toBe(1);
    a.add(0, "y");
    a.addCluster(2, 3);
    expect([...a.totals().sums]).toEqual([0, 1, 2]);
    expect(a.sum()).toBe(3);
  });
});
