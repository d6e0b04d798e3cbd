/**
 * Parity of every ported family with the reference (reference-0.1): fixtures byte-identical
 * to the files the reference generator wrote with its defaults (copied to
 * tests/fixtures/geb/trap/<family>/; for compression_loss_bounded also identical to the
 * reference's committed data/ files), and scorer means equal to the reference scorer's
 * within 1e-12 on five prediction sets per split (expected_means.json, recorded by running
 * the reference; README there).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pyJsonLoads } from "../../../src/core/pyjsonloads.js";
import { serializeTrapRows } from "../../../src/geb/trap/fixtures.js";
import { TRAP_FAMILIES } from "../../../src/geb/trap/registry.js";
import { TRAP_SPLITS, type TrapRow } from "../../../src/geb/trap/types.js";
import { predSets } from "./preds.js";

const root = join(import.meta.dirname, "../../fixtures/geb/trap");

type Expected = Record<
  string,
  Record<string, { means: Record<string, number>; failure_mode_counts: Record<string, number> | null }>
>;

// Reference ports only: 1.0 families have no reference to match (their own tests hold them).
for (const family of TRAP_FAMILIES.filter((f) => (f.compat ?? "reference-0.1") === "reference-0.1")) {
  const dir = join(root, family.id);
  const refText = (split: string) => readFileSync(join(dir, `${family.id}_${split}.jsonl`), "utf8");
  const cache = new Map<string, TrapRow[]>();
  const refRows = (split: string): TrapRow[] => {
    let rows = cache.get(split);
    if (!rows) {
      rows = refText(split)
        .split("\n")
        .filter((l) => l.trim())
        .map((l) => pyJsonLoads(l) as TrapRow);
      cache.set(split, rows);
    }
    return rows;
  };
  const expected = JSON.parse(readFileSync(join(dir, "expected_means.json"), "utf8")) as Expected;
  const sets = predSets(family.id);

  describe(`${family.id} (reference-0.1)`, () => {
    it("generates the reference's default fixtures byte for byte", () => {
      const f = family.generate(family.defaults);
      for (const split of TRAP_SPLITS) expect(serializeTrapRows(f[split])).toBe(refText(split));
    });

    it("a different seed gives different fixtures (the seed is used)", () => {
      const a = family.generate({ ...family.defaults, seed: family.defaults.seed + 1 });
      expect(serializeTrapRows(a.holdout)).not.toBe(refText("holdout"));
    });

    it("the expected file covers every split and prediction set (no silently skipped case)", () => {
      for (const split of TRAP_SPLITS)
        expect(Object.keys(expected[split]).sort()).toEqual(Object.keys(sets).sort());
    });

    for (const split of TRAP_SPLITS) {
      for (const [name, make] of Object.entries(sets)) {
        it(`${split} × ${name}: means equal the reference scorer's within 1e-12`, () => {
          const rows = refRows(split);
          const want = expected[split][name];
          // Families with an expansion are scored on the predictions of both row sets
          // (each set built with its own generator, as make_expected*.py builds them).
          const preds = family.expand
            ? [...make(family, rows), ...make(family, family.expand(rows))]
            : make(family, rows);
          const got = family.score(rows, preds);
          expect(Object.keys(got.means)).toEqual(Object.keys(want.means));
          for (const [k, v] of Object.entries(want.means))
            expect(Math.abs(got.means[k] - v), k).toBeLessThanOrEqual(1e-12);
          if (want.failure_mode_counts !== null)
            expect(got.failure_mode_counts).toEqual(want.failure_mode_counts);
        });
      }
    }
  });
}
