import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bestMatch,
  bruteForceBestMatch,
  bruteForceMinimal,
  certKey,
  enumerateMinimal,
  MinimalEngine,
  verifyCertificate,
} from "../../../src/gf01/verify/index.js";
import { certFor, flipCertFor, tinyInstance } from "./arb.js";

const keys = (cs: readonly (readonly (readonly [number, string, number])[])[]) => cs.map(certKey).sort();

// Above 30 states the removal-run state set no longer fits a 32-bit mask; the engine interns
// sets instead (issue 12 point 5: it used to throw "at most 30 states").
describe("M(I) and best match on automata larger than 30 states = brute force", () => {
  for (const nS of [31, 64, 256]) {
    it(`${nS} states`, () => {
      let nonEmpty = 0;
      fc.assert(
        fc.property(
          tinyInstance(400, { min: nS, max: nS }).chain((t) =>
            fc.tuple(fc.constant(t), fc.oneof(certFor(t, 3), flipCertFor(t, 3))),
          ),
          ([t, agent]) => {
            const bf = bruteForceMinimal(t.ci);
            const e = enumerateMinimal(t.ci);
            expect(e.count).toBe(BigInt(bf.length));
            expect(keys(e.certificates)).toEqual(keys(bf));
            for (const c of e.certificates) expect(verifyCertificate(t.ci, c).valid).toBe(true);
            const got = bestMatch(t.ci, agent, { method: "search" });
            expect(got.m_count).toBe(BigInt(bf.length));
            if (bf.length === 0) expect(got.target).toBeNull();
            else expect(certKey(got.target ?? [])).toBe(certKey(bruteForceBestMatch(agent, bf)));
            if (bf.length > 0) nonEmpty++;
          },
        ),
        { seed: 1200 + nS, numRuns: nS === 256 ? 60 : 150 },
      );
      expect(nonEmpty).toBeGreaterThan(5);
    });
  }

  it("the interned state-set path equals the bitmask path on small automata", () => {
    fc.assert(
      fc.property(tinyInstance(), (t) => {
        const dense = new MinimalEngine(t.ci);
        const sparse = new MinimalEngine(t.ci, { stateSets: "interned" });
        expect(sparse.count()).toBe(dense.count());
        expect(sparse.list(50)).toEqual(dense.list(50));
      }),
      { seed: 1205, numRuns: 1500 },
    );
  });
});
