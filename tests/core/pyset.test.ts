import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PySet, pyStrHash } from "../../src/core/pyset.js";

/** Produced by CPython 3.11 itself: tests/fixtures/core/make-pyset-vectors.py. */
const vectors = JSON.parse(
  readFileSync(new URL("../fixtures/core/pyset-vectors.json", import.meta.url), "utf8"),
) as {
  python: string;
  hash_algorithm: string;
  hashes: [string, string][];
  sequences: (string | number | (string | number)[])[][][];
};

const item = (v: string | number): string =>
  typeof v === "number" ? `item${String(v).padStart(4, "0")}` : v;
const items = (v: unknown): string[] => (v as (string | number)[]).map(item);

describe("pyStrHash (CPython str hash under PYTHONHASHSEED=0)", () => {
  it(`equals CPython ${vectors.python} (${vectors.hash_algorithm}) on ${vectors.hashes.length} strings`, () => {
    expect(vectors.hash_algorithm).toBe("siphash13");
    for (const [s, h] of vectors.hashes) expect(pyStrHash(s), JSON.stringify(s)).toBe(BigInt(h));
  });
});

describe("PySet iteration order", () => {
  it(`replays ${vectors.sequences.length} CPython operation sequences with the same list(s) after every step`, () => {
    let steps = 0;
    vectors.sequences.forEach((ops, n) => {
      let s = new PySet();
      for (const op of ops) {
        const kind = op[0] as string;
        if (kind === "new") s = PySet.from(items(op[1]));
        else if (kind === "copy") s = s.copy();
        else if (kind === "add") s.add(item(op[1] as string | number));
        else if (kind === "remove") expect(s.discard(item(op[1] as string | number))).toBe(true);
        expect(s.toList(), `sequence ${n}, step ${steps}`).toEqual(items(op[op.length - 1]));
        steps++;
      }
    });
    expect(steps).toBeGreaterThan(3000);
  });

  it("behaves as a set (membership and size) under random operations, at any table size", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("add", "discard", "copy"), fc.integer({ min: 0, max: 60 })), {
          maxLength: 300,
        }),
        (ops) => {
          let s = new PySet();
          const model = new Set<string>();
          for (const [op, n] of ops) {
            const k = `k${n}`;
            if (op === "add") {
              s.add(k);
              model.add(k);
            } else if (op === "discard") expect(s.discard(k)).toBe(model.delete(k));
            else s = s.copy();
          }
          expect(s.size).toBe(model.size);
          expect(s.sorted()).toEqual([...model].sort());
          for (let n = 0; n <= 60; n++) expect(s.has(`k${n}`)).toBe(model.has(`k${n}`));
        },
      ),
      { numRuns: 100 },
    );
  });
});
