/**
 * RowEncoder (the generator's byte encoder) writes the bytes of rowPieces (the string encoder
 * every other writer uses) for rows with everything a row can hold: escapes, non-ASCII, lone
 * surrogates, floats, nested lists and objects, undefined fields, null, and a row bigger than
 * the encoder's first scratch buffer.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RowEncoder, rowPieces, TextCache } from "../../../src/geb/dataset/serialize.js";
import type { GebRow } from "../../../src/geb/dataset/types.js";

const join = (pieces: readonly (string | Buffer)[]): Buffer =>
  Buffer.concat(pieces.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : Buffer.from(p))));

const value = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    fc.string({ unit: "binary" }),
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(tie("v"), { maxLength: 4 }),
    fc.dictionary(fc.string(), tie("v"), { maxKeys: 4 }),
  ),
})).v;

describe("RowEncoder = rowPieces, byte for byte", () => {
  it("on arbitrary row-shaped values", () => {
    const enc = new RowEncoder();
    const cache = new TextCache({ reuse: true });
    fc.assert(
      fc.property(
        fc.record({
          id: fc.string(),
          document: fc.string({ unit: "binary" }),
          book: fc.oneof(fc.string(), fc.integer()),
          question: value,
          gold: value,
          meta: fc.dictionary(fc.string(), value),
        }),
        (row) => {
          const r = row as unknown as GebRow;
          const expected = join(rowPieces(r, new TextCache()));
          expect(join(enc.encode(r, cache)).equals(expected)).toBe(true);
          cache.clear();
        },
      ),
      { numRuns: 300 },
    );
  });

  it("grows its scratch buffer for a row bigger than it (and keeps later rows right)", () => {
    const enc = new RowEncoder();
    const cache = new TextCache({ reuse: true });
    const big = {
      id: "x",
      document: "d\n".repeat(10),
      book: "b",
      question: 'é"q'.repeat(20_000),
      gold: { value: null, support_ids: ["U0"] },
      meta: { a: 1.5, b: [1, undefined, "ü"] },
    } as unknown as GebRow;
    for (const row of [big, { ...big, question: "small" } as GebRow, big]) {
      const expected = join(rowPieces(row, new TextCache()));
      expect(join(enc.encode(row, cache)).equals(expected)).toBe(true);
    }
  });
});
