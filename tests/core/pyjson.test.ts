import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, pyFloat, pyFloatRepr, pyJsonDumps, pyRepr, PyTuple } from "../../src/core/pyjson.js";
import { roundHalfEven } from "../../src/core/numeric.js";

describe("Python-compatible JSON", () => {
  it("writes floats as CPython repr does", () => {
    const cases: [number, string][] = [
      [1, "1.0"],
      [0.1, "0.1"],
      [1e-5, "1e-05"],
      [1e-4, "0.0001"],
      [1e16, "1e+16"],
      [1.5e16, "1.5e+16"],
      [1e15, "1000000000000000.0"],
      [-2.5e-7, "-2.5e-07"],
      [0.30000000000000004, "0.30000000000000004"],
      [5e-324, "5e-324"],
    ];
    for (const [x, s] of cases) expect(pyFloatRepr(x)).toBe(s);
  });

  it("float repr round-trips for every double", () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (x) => Object.is(Number(pyFloatRepr(x)), x) || x === 0,
      ),
    );
  });

  it("canonical JSON sorts keys, is compact and escapes non-ASCII like ensure_ascii", () => {
    expect(canonicalJson({ b: 1, a: [pyFloat(2), "é\u007f😀"] })).toBe(
      '{"a":[2.0,"\\u00e9\\u007f\\ud83d\\ude00"],"b":1}',
    );
    expect(canonicalJson({ r: 1, n: 1 }, new Set(["r"]))).toBe('{"n":1,"r":1.0}');
  });

  it("indents like json.dumps(indent=2)", () => {
    expect(pyJsonDumps({ a: [], b: {}, c: [1] }, { indent: 2 })).toBe(
      '{\n  "a": [],\n  "b": {},\n  "c": [\n    1\n  ]\n}',
    );
  });

  it("repr of atom lists matches Python", () => {
    expect(pyRepr([new PyTuple([3, "in2", 0]), [1, "it's", true, null]])).toBe(
      `[(3, 'in2', 0), [1, "it's", True, None]]`,
    );
  });
});

describe("roundHalfEven (Python round)", () => {
  it("rounds ties to even and decides on the exact binary value", () => {
    expect([0.5, 1.5, 2.5, 3.5, -2.5].map((x) => roundHalfEven(x))).toEqual([0, 2, 2, 4, -2]);
    expect(roundHalfEven(2.675, 2)).toBe(2.67); // 2.675 is 2.67499999... in binary
    expect(roundHalfEven(0.125, 2)).toBe(0.12);
    expect(roundHalfEven(0.375, 2)).toBe(0.38);
  });
  it("never differs from the nearest integer by more than 0.5", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        (x) => Math.abs(roundHalfEven(x) - x) <= 0.5,
      ),
    );
  });
});
