import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linesAfterHeader, splitLines } from "../../../src/geb/dataset/book.js";

/** The plain rule: split everything, skip to the first line that trims to the header. */
function byScan(text: string, header: string): string[] {
  const lines = splitLines(text);
  const i = lines.findIndex((l) => l.trim() === header);
  return i < 0 ? [] : lines.slice(i + 1);
}

const H = "## State Ledger";
describe("linesAfterHeader", () => {
  it("equals splitting every line and scanning for the header", () => {
    const piece = fc.constantFrom(
      H,
      ` ${H} `,
      `${H}x`,
      `x${H}`,
      "## Chapter 1",
      "- [U000001] step=1 SET tag.01 = a",
      "",
      "\r",
      "  ",
      "text",
    );
    const text = fc
      .array(fc.tuple(piece, fc.constantFrom("\n", "\r\n", "")), { maxLength: 12 })
      .map((parts) => parts.map(([a, b]) => a + b).join(""));
    fc.assert(
      fc.property(text, (t) => {
        expect(linesAfterHeader(t, H)).toEqual(byScan(t, H));
      }),
      { numRuns: 2000 },
    );
  });
  it("finds a header at the very start and at the very end", () => {
    expect(linesAfterHeader(`${H}\na\nb\n`, H)).toEqual(["a", "b"]);
    expect(linesAfterHeader(`x\n${H}`, H)).toEqual([]);
    expect(linesAfterHeader(`x ${H}\n${H}\nz`, H)).toEqual(["z"]);
  });
});
