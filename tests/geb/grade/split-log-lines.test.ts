import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pySplitLines } from "../../../src/core/pyjson.js";
import { logEntries } from "../../../src/geb/grade/grade.js";

describe("logEntries line splitting", () => {
  it("reads the same entries as splitting with Python's splitlines() rules", () => {
    const piece = fc.constantFrom(
      "## Episode Log",
      "- [U00000A] UPDATE step=1 SET tag.01 = amber-0001",
      "- [U00000B] UPDATE step=2 CLEAR tag.02",
      "- [U00000C] UPDATE step=3 NOTE tag.03 = x",
      "text",
      "",
    );
    const sep = fc.constantFrom("\n", "\r\n", "\r", "\v", "\u2028", "\x1c", "\x85");
    fc.assert(
      fc.property(fc.array(fc.tuple(piece, sep), { maxLength: 10 }), (parts) => {
        const doc = parts.map(([a, b]) => a + b).join("");
        // The plain rule: pySplitLines, then the entries of the lines after the header.
        const lines = pySplitLines(doc);
        const h = lines.findIndex((l) => l.trim() === "## Episode Log");
        const uids = h < 0 ? [] : lines.slice(h + 1).filter((l) => /^- \[U[0-9A-F]{6}\] UPDATE /.test(l));
        expect(logEntries(doc).map((e) => e.uid)).toEqual(uids.map((l) => l.slice(3, 10)));
      }),
      { numRuns: 500 },
    );
  });
});
