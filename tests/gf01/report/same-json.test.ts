import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, PyFloat, PyTuple } from "../../../src/core/pyjson.js";
import { sameCanonicalJson } from "../../../src/gf01/report/validate.js";

/** A copy with keys in reverse order (canonical JSON sorts them: still the same value). */
function reordered(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reordered);
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .reverse()
        .map((k) => [k, reordered(o[k])]),
    );
  }
  return v;
}

const value = fc.jsonValue({ maxDepth: 3 });

describe("sameCanonicalJson(a, b) ⇔ canonicalJson(a) === canonicalJson(b)", () => {
  it("random JSON values, equal copies (keys reordered) and near misses", () => {
    let equal = 0;
    fc.assert(
      fc.property(value, value, fc.nat(2), (a, other, how) => {
        const b =
          how === 0 ? reordered(a) : how === 1 ? other : reordered(JSON.parse(JSON.stringify([a, 0]))[0]);
        const want = canonicalJson(a) === canonicalJson(b);
        expect(sameCanonicalJson(a, b)).toBe(want);
        if (want) equal++;
      }),
      { seed: 1503, numRuns: 1500 },
    );
    expect(equal).toBeGreaterThan(500);
  });

  it("values only the encoder decides: undefined members, NaN, -0, floats, tuples, bigints", () => {
    const cases: Array<[unknown, unknown]> = [
      [{ a: 1, b: undefined }, { a: 1 }],
      [{ a: 1 }, { a: 1, b: undefined }],
      [[undefined], [null]],
      [null, undefined],
      [Number.NaN, Number.NaN],
      [-0, 0],
      [new PyFloat(1), 1],
      [new PyFloat(1), new PyFloat(1)],
      [new PyTuple([1, "a"]), [1, "a"]],
      [10n ** 20n, 1e20],
      [1, "1"],
      [true, 1],
      [{ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] }],
      [{ a: 1 }, [1]],
      [{}, []],
      [{ x: 0.1 }, { x: 0.1 }],
      [{ x: 1e300 }, { x: 1e300 * 10 }],
    ];
    for (const [a, b] of cases)
      expect(sameCanonicalJson(a, b), `${String(a)} ~ ${String(b)}`).toBe(
        canonicalJson(a) === canonicalJson(b),
      );
  });
});
