/**
 * `geb ui generate`: reference-0.1 byte parity against the reference's own output
 * (tests/fixtures/geb-ui/reference/generate, produced by running it), the reference's
 * generate tests, and the 1.0 dialect's solvability.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { rowIssues } from "../../../src/geb/ui/fixture.js";
import {
  DEFAULT_UI_GENERATE,
  generateUiRows,
  parseLabels,
  type UiGenerateOptions,
  uiRowsToJsonl,
} from "../../../src/geb/ui/generate.js";
import { checkSolvable } from "../../../src/geb/ui/solvable.js";
import { refDir } from "./helpers.js";

const gen = (o: Partial<UiGenerateOptions>) => generateUiRows({ ...DEFAULT_UI_GENERATE, ...o });
const ref = (name: string) => readFileSync(`${refDir}generate/${name}.jsonl`, "utf8");

describe("reference-0.1: byte-identical to the reference's ui-generate", () => {
  for (const profile of ["same_label", "popup_overlay"] as const)
    it(`${profile}, seeds 0-9`, () => {
      for (let seed = 0; seed < 10; seed++)
        expect(uiRowsToJsonl(gen({ profile, seed, compat: "reference-0.1" }))).toBe(
          ref(`${profile}_seed${seed}`),
        );
    });
  it("non-default flags, non-ASCII and quoted labels", () => {
    const popup = gen({
      profile: "popup_overlay",
      seed: 42,
      steps: 5,
      duplicates: 3,
      overlayDuplicates: 2,
      labels: parseLabels('Öffnen,Next,"Quote"'),
      appPathPrefix: "App ✓",
      compat: "reference-0.1",
    });
    expect(uiRowsToJsonl(popup)).toBe(ref("popup_overlay_custom"));
    const one = gen({ seed: 7, steps: 4, duplicates: 1, labels: ["OK"], compat: "reference-0.1" });
    expect(uiRowsToJsonl(one)).toBe(ref("same_label_custom"));
  });
  it("reference test_ui_generate: gold = last duplicate, task_0000, step indices, valid rows", () => {
    const rows = gen({
      steps: 2,
      duplicates: 3,
      labels: ["Next"],
      appPathPrefix: "Test",
      compat: "reference-0.1",
    });
    expect(rows.map((r) => [r.candidates.length, r.gold.candidate_id, r.task_id, r.step_index])).toEqual([
      [3, "btn_next_3", "task_0000", 1],
      [3, "btn_next_3", "task_0000", 2],
    ]);
    const popup = gen({ profile: "popup_overlay", steps: 2, labels: ["Save"], compat: "reference-0.1" });
    for (const r of popup) {
      expect(r.candidates).toHaveLength(3);
      expect(r.gold.candidate_id).toMatch(/^btn_/);
      expect(r.candidates.some((c) => c.modal_scope === "popup")).toBe(true);
    }
    for (const r of [...rows, ...popup]) expect(rowIssues(r, "g", 1)).toEqual([]);
  });
  it("its rows cannot be solved from what an agent sees (finding F5)", () => {
    const r = checkSolvable(gen({ compat: "reference-0.1" }));
    expect(r.solvable).toBe(0);
    expect(r.failures.map((f) => f.reason)).toEqual(Array(3).fill("instruction_not_in_target_grammar"));
  });
});

describe("1.0: an instruction identifies the gold in every step", () => {
  it("solvable = 100 % for duplicates 1-5, overlay duplicates 1-3, both profiles, seeds 0-9", () => {
    let golds = new Set<number>();
    for (const profile of ["same_label", "popup_overlay"] as const)
      for (let duplicates = 1; duplicates <= 5; duplicates++)
        for (let overlayDuplicates = 1; overlayDuplicates <= 3; overlayDuplicates++)
          for (let seed = 0; seed < 10; seed++) {
            const rows = gen({ profile, duplicates, overlayDuplicates, seed, steps: 4 });
            for (const r of rows) expect(rowIssues(r, "g", 1)).toEqual([]);
            const s = checkSolvable(rows);
            expect(s.failures).toEqual([]);
            expect(s.solvable).toBe(4);
            if (duplicates === 5)
              golds = new Set([
                ...golds,
                ...rows.map((r) => r.candidates.findIndex((c) => c.candidate_id === r.gold.candidate_id)),
              ]);
          }
    // The gold position is drawn, not fixed: every one of 5 positions occurs.
    expect([...golds].sort()).toEqual([0, 1, 2, 3, 4]);
  });
  it("instruction text and determinism", () => {
    const a = gen({ profile: "popup_overlay", seed: 3, duplicates: 3 });
    expect(a[0].instruction).toMatch(
      /^Click "(Next|Continue|Save)" in the main window: the \d(st|nd|rd) of 3 from the left\.$/,
    );
    expect(gen({ duplicates: 1 })[0].instruction).toMatch(/^Click "\w+"\.$/);
    expect(uiRowsToJsonl(gen({ seed: 5 }))).toBe(uiRowsToJsonl(gen({ seed: 5 })));
  });
  it("rejects what the reference rejects", () => {
    expect(() => gen({ steps: 0 })).toThrow("steps must be > 0");
    expect(() => gen({ duplicates: 0 })).toThrow("duplicates must be > 0");
    expect(() => gen({ labels: [] })).toThrow("labels must be non-empty");
    expect(parseLabels(" a, ,b,")).toEqual(["a", "b"]);
  });
});
