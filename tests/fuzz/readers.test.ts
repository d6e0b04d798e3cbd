/**
 * Issue 16: every file reader under grammar-aware mutations of a valid artifact and random
 * bytes. Contract (tests/fuzz/lib/readers.ts): a result or a one-line InputError naming the
 * file; never another error type; input unchanged; no temp file left. Fixed seeds;
 * FUZZ_RUNS scales the cases per reader (bench/_fuzz-soak.ts runs the same for hours).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkOddPaths, checkReader, makeFixtures, readerTargets } from "./lib/readers.js";
import { fuzzReader, seedOf } from "./lib/run.js";

// 100 cases per reader in `npm test` (fixed seeds; 200 until issue 33 cut the suite's CPU):
// every reader and every mutation kind stays covered, and the depth is npm run fuzz:soak's.
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const root = mkdtempSync(join(tmpdir(), "fuzz-readers-"));
const fx = await makeFixtures(join(root, "fixtures"));
const targets = readerTargets(fx);

describe("file readers under mutation (InputError naming the file, or a result)", () => {
  for (const t of targets) {
    it(t.name, async () => {
      const dir = join(root, t.name.replace(/\W+/g, "-"));
      // The unmutated artifact is read without error (else the mutations test nothing).
      const clean = await checkReader(t, t.valid, join(dir, "clean"));
      expect(clean.violation ?? clean.error?.message).toBeUndefined();
      const numRuns = Math.ceil(RUNS * (t.weight ?? 1));
      const stats = await fuzzReader(t, { seed: seedOf(t.name), numRuns, dir });
      expect(stats.cases).toBe(numRuns);
      // The mutations reach the validation (some cases rejected), not just the JSON parser.
      expect(stats.rejected).toBeGreaterThan(0);
    });
  }
});

describe("missing files, directories, symlink loops and dangling links", () => {
  for (const t of targets)
    it(t.name, async () => {
      expect(await checkOddPaths(t, join(root, `odd-${t.name.replace(/\W+/g, "-")}`))).toEqual([]);
    });
});
