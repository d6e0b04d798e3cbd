/**
 * extractJsonObject against the straightforward scan it replaced (a fresh forward scan from
 * every brace: quadratic in the braces of an unbalanced reply), as a brute-force oracle.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractJsonObject } from "../../../src/gf01/play/prompts.js";

function bruteForce(text: string): { value: Record<string, unknown> } | { reason: string } {
  const body = text.replace(/<scratchpad>[\s\S]*?<\/scratchpad>/g, " ");
  let best: Record<string, unknown> | undefined;
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== "{") continue;
    let depth = 0;
    let inStr = false;
    for (let j = i; j < body.length; j++) {
      const c = body[j];
      if (inStr) {
        if (c === "\\") j++;
        else if (c === '"') inStr = false;
      } else if (c === '"') inStr = true;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) {
        try {
          const v = JSON.parse(body.slice(i, j + 1));
          if (v && typeof v === "object" && !Array.isArray(v)) {
            best = v;
            i = j;
          }
        } catch {
          /* keep scanning */
        }
        break;
      }
    }
  }
  return best ? { value: best } : { reason: "no JSON object found in the reply" };
}

describe("extractJsonObject", () => {
  it("agrees with the brute-force scan on brace/quote/escape soups and embedded objects", () => {
    const piece = fc.oneof(
      fc.constantFrom("{", "}", '"', "\\", ":", ",", " ", "a", "1", "<scratchpad>", "</scratchpad>"),
      fc.constantFrom('{"in0": 1}', '{"a": {"b": "}"}}', '{"type": "commit"}', "{}", '"{"', "```json\n"),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (parts) => {
        const text = parts.join("");
        expect(extractJsonObject(text)).toEqual(bruteForce(text));
      }),
      { numRuns: 1500 },
    );
  });

  it("stays linear on unbalanced braces (16,000 took ~5 s with a fresh scan per brace)", () => {
    // Not a timing assertion: the answer is checked, and a quadratic scan would make this
    // test take seconds instead of milliseconds (visible in the suite's timings).
    expect(extractJsonObject(`${"{".repeat(200_000)} {"in0": 1}`)).toEqual({ value: { in0: 1 } });
    expect(extractJsonObject("{".repeat(200_000))).toEqual({ reason: "no JSON object found in the reply" });
    const soup = (n: number) => `${'{"x": "'.repeat(n)} {"in1": 0}`;
    expect(extractJsonObject(soup(50_000))).toEqual(extractJsonObject(soup(800)));
    expect(extractJsonObject(soup(800))).toEqual(bruteForce(soup(800)));
  });
});
