/**
 * Drive the fuzz properties with fast-check: fixed seeds in the test suite, fresh ones in the
 * soak script (bench/_fuzz-soak.ts). Counts say how many cases were accepted or rejected.
 */
import fc from "fast-check";
import { join } from "node:path";
import { mutationsOf } from "./mutate.js";
import { checkReader, type ReaderTarget } from "./readers.js";

export interface FuzzStats {
  cases: number;
  accepted: number;
  rejected: number;
}

/** The reader contract as a fast-check property; `stats` counts the cases it ran. */
export function readerProperty(t: ReaderTarget, dir: string, stats: FuzzStats) {
  return fc.asyncProperty(mutationsOf(t.valid, t.shape), async (bytes) => {
    const r = await checkReader(t, bytes, join(dir, "case"));
    stats.cases++;
    if (r.violation) throw new Error(r.violation);
    if (r.ok) stats.accepted++;
    else stats.rejected++;
  });
}

/** Fuzz one reader; throws (fast-check's report, shrunk, with the seed) on a violation. */
export async function fuzzReader(
  t: ReaderTarget,
  o: { seed: number; numRuns: number; dir: string },
): Promise<FuzzStats> {
  const stats: FuzzStats = { cases: 0, accepted: 0, rejected: 0 };
  await fc.assert(readerProperty(t, o.dir, stats), { seed: o.seed, numRuns: o.numRuns, endOnFailure: true });
  return stats;
}

/** A stable 31-bit seed per target name (so adding a target does not reseed the others). */
export function seedOf(name: string, base = 16): number {
  let h = 2166136261 ^ base;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return (h >>> 1) & 0x7fffffff;
}
