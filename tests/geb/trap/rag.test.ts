/**
 * rag_prompt_injection's attack expansion is row-identical to the reference's
 * (`generate_rag_prompt_injection_rows.py --baseline-preds <gold preds>`): 12 → 84,
 * 36 → 252 and 6 → 42 rows, byte for byte; and the expansion never shows the model the
 * answer key beyond what the reference's rows hold.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pyJsonLoads } from "../../../src/core/pyjsonloads.js";
import { expandRagRows, pyEquals } from "../../../src/geb/trap/families/rag-prompt-injection.js";
import { serializeTrapRows } from "../../../src/geb/trap/fixtures.js";
import type { TrapRow } from "../../../src/geb/trap/types.js";
import { goldPreds } from "./preds.js";

const dir = join(import.meta.dirname, "../../fixtures/geb/trap/rag_prompt_injection");
const read = (f: string) => readFileSync(join(dir, f), "utf8");
const rows = (f: string) =>
  read(f)
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => pyJsonLoads(l) as TrapRow);

describe("rag_prompt_injection attack expansion (reference-0.1)", () => {
  for (const [split, n] of [
    ["anchors", 84],
    ["holdout", 252],
    ["canary", 42],
  ] as const) {
    it(`${split}: ${n} attacked rows, byte-identical to the reference's`, () => {
      const base = rows(`rag_prompt_injection_${split}.jsonl`);
      const out = expandRagRows(base, goldPreds(base));
      expect(out).toHaveLength(n);
      expect(serializeTrapRows(out)).toBe(read(`rag_prompt_injection_${split}_attacked_goldpreds.jsonl`));
    });
  }

  it("pyEquals follows Python == on JSON values", () => {
    expect(pyEquals(1, true)).toBe(true);
    expect(pyEquals("1", 1)).toBe(false);
    expect(pyEquals(null, null)).toBe(true);
    expect(pyEquals([1, "a"], [1, "a"])).toBe(true);
    expect(pyEquals({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});
