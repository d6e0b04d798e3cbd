import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EpisodeRowDecoder } from "../../../src/geb/dataset/rowreader.js";

describe("EpisodeRowDecoder (parse each episode once)", () => {
  it("decodes every line exactly as JSON.parse, whatever the sharing and layout", () => {
    const text = fc.constantFrom(
      'log A\n- x = "q"',
      "log B \\ back\\slash",
      'say "document": "fake"',
      "",
      "é ünïcode ✓",
      // Longer than the decoder's first buffers (they grow).
      `long\n${'y"z '.repeat(2_000)}`,
    );
    const rowArb = fc.record({
      doc: text,
      book: text,
      nestedDoc: fc.option(text, { nil: undefined }),
      order: fc.boolean(),
      spaced: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 1, maxLength: 8 }), (rows) => {
        const dec = new EpisodeRowDecoder();
        rows.forEach((r, i) => {
          const meta = r.nestedDoc === undefined ? { k: i } : { document: r.nestedDoc, book: r.nestedDoc };
          const obj = r.order
            ? { id: `q${i}`, meta, document: r.doc, book: r.book }
            : { book: r.book, id: `q${i}`, document: r.doc, meta };
          const line = r.spaced ? JSON.stringify(obj, null, 1).replaceAll("\n", "") : JSON.stringify(obj);
          expect(dec.decode(Buffer.from(line, "utf8"))).toEqual(JSON.parse(line));
        });
      }),
      { numRuns: 300 },
    );
  });
});
