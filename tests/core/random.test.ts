import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PyRandom, bitLength } from "../../src/core/random.js";

describe("PyRandom (CPython random.Random port)", () => {
  it("matches CPython getrandbits(32) vectors", () => {
    const r0 = new PyRandom(0);
    expect([0, 1, 2].map(() => r0.getrandbits(32))).toEqual([3626764237n, 1654615998n, 3255389356n]);
    const r1 = new PyRandom(1337);
    expect([0, 1, 2].map(() => r1.getrandbits(32))).toEqual([2653228291n, 3975144315n, 2290358181n]);
  });

  it("matches CPython randrange/random/randint sequence for seed 1337", () => {
    const r = new PyRandom(1337);
    expect([0, 1, 2, 3, 4].map(() => r.randrange(0, 2))).toEqual([1, 0, 1, 1, 1]);
    expect(r.random()).toBe(0.9217265098962596);
    expect(r.randint(6, 12)).toBe(8);
  });

  it("negative seeds seed like their absolute value (CPython semantics)", () => {
    expect(new PyRandom(-42).random()).toBe(new PyRandom(42).random());
  });

  it("randbelow stays in range and shuffle is a permutation", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 1, max: 2 ** 35 }), (seed, n) => {
        const r = new PyRandom(seed);
        const x = r.randbelow(n);
        const arr = Array.from({ length: 20 }, (_, i) => i);
        r.shuffle(arr);
        return x >= 0 && x < n && [...arr].sort((a, b) => a - b).every((v, i) => v === i);
      }),
    );
  });

  it("bitLength agrees with the binary representation", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        (n) => bitLength(n) === n.toString(2).length,
      ),
    );
  });
});
