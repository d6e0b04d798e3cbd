import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileRaw, type RawCandidate } from "../../../src/gf01/generate/build.js";
import { CertificateSearch, minTimesteps } from "../../../src/gf01/generate/search.js";
import { effectHolds } from "../../../src/gf01/model/simulate.js";
import { bruteFindValid } from "./helpers.js";

/** Small random instances: every field the search depends on varies. */
const arbCandidate = fc
  .record({
    nStates: fc.integer({ min: 1, max: 4 }),
    nIn: fc.integer({ min: 1, max: 3 }),
    nOut: fc.integer({ min: 1, max: 2 }),
    T: fc.integer({ min: 1, max: 5 }),
    hard: fc.boolean(),
    w: fc.integer({ min: 0, max: 3 }),
    seed: fc.integer({ min: 0, max: 2 ** 30 }),
    tFrac: fc.double({ min: 0, max: 0.999, noNaN: true }),
    bFrac: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map((p): RawCandidate => {
    let x = p.seed;
    const rnd = (n: number) => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return (x >>> 8) % n;
    };
    const nSym = 1 << p.nIn;
    const next = new Int32Array(p.nStates * nSym).map(() => rnd(p.nStates));
    const out = new Uint32Array(p.nStates * nSym).map(() => rnd(1 << p.nOut));
    const base = new Uint32Array(p.T).map(() => rnd(nSym));
    return {
      nStates: p.nStates,
      inputAps: Array.from({ length: p.nIn }, (_, i) => `i${p.nIn - i}`), // names not in input order
      outputAps: Array.from({ length: p.nOut }, (_, i) => `o${i}`),
      next,
      out,
      base,
      effectIdx: rnd(p.nOut),
      tStar: Math.floor(p.tFrac * p.T),
      mode: p.hard ? "hard" : "normal",
      windowSize: p.w,
      budgetTimestep: Math.round(p.bFrac * p.T),
      budgetAtoms: null,
    };
  });

describe("CertificateSearch (official find_valid_certificates semantics)", () => {
  it("agrees with brute-force enumeration: certificates, order, truncation", () => {
    fc.assert(
      fc.property(
        arbCandidate,
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 6 }),
        (raw, maxNodes, maxResults) => {
          const ci = compileRaw(raw);
          const fast = new CertificateSearch(ci).findValid({ maxNodes, maxResults });
          const slow = bruteFindValid(ci, maxNodes, maxResults);
          expect(fast.certificates).toEqual(slow.certificates);
          expect(fast.truncated).toBe(slow.truncated);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("minAtoms is the smallest sufficient size within budget; minTimesteps the fewest steps", () => {
    fc.assert(
      fc.property(arbCandidate, (raw) => {
        const ci = compileRaw(raw);
        const all = bruteFindValid(ci, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY).certificates;
        const minSize = all.length ? Math.min(...all.map((c) => c.length)) : Number.POSITIVE_INFINITY;
        expect(new CertificateSearch(ci).minAtoms()).toBe(minSize);
        // Unbounded budget: the fewest distinct timesteps over all valid certificates.
        const free = compileRaw({ ...raw, budgetTimestep: raw.base.length });
        const allFree = bruteFindValid(free, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY).certificates;
        const minTs = effectHolds(free, free.base)
          ? 0
          : allFree.length
            ? Math.min(...allFree.map((c) => new Set(c.map((a) => a[0])).size))
            : Number.POSITIVE_INFINITY;
        expect(minTimesteps(free)).toBe(minTs);
      }),
      { numRuns: 300 },
    );
  });

  it("leafCount(k) counts k-combinations with ≤ B distinct timesteps", () => {
    const raw: RawCandidate = {
      nStates: 1,
      inputAps: ["a", "b", "c"],
      outputAps: ["o"],
      next: new Int32Array(8),
      out: new Uint32Array(8),
      base: new Uint32Array(6),
      effectIdx: 0,
      tStar: 5,
      mode: "hard",
      windowSize: 1,
      budgetTimestep: 2,
      budgetAtoms: null,
    };
    const s = new CertificateSearch(compileRaw(raw));
    // k=2 with ≤2 timesteps: all C(18,2)=153; k=4: pairs of timesteps C(6,2)·(C(6,4) - 2·C(3,4)) = 15·15.
    expect(s.leafCount(2)).toBe(153);
    expect(s.leafCount(4)).toBe(225);
    expect(s.leafCount(7)).toBe(0);
  });
});
