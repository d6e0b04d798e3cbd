/**
 * The reference generators' split assembly: one `PyRandom(seed)`, drawn by anchors rows 1..n,
 * then holdout rows 1..n, then canaries 1..n, in that order (a canary may reseed its own
 * instead). The order matters: building holdout before anchors would change every fixture.
 */
import { PyRandom } from "../../../core/random.js";
import type { TrapFixtures, TrapGenerateOptions, TrapRow } from "../types.js";

export interface SplitBuilders {
  /** A base row (anchors or holdout) by the split name the generator writes and its 1-based index. */
  row(split: string, index: number, rng: PyRandom): TrapRow;
  /** A canary row by its 1-based index. */
  canary(index: number, rng: PyRandom): TrapRow;
  /** The anchors' split name in rows and episode ids: most generators write "anchor". */
  anchorSplit?: "anchor" | "anchors";
}

export function splitFixtures(o: TrapGenerateOptions, b: SplitBuilders): TrapFixtures {
  const rng = new PyRandom(o.seed);
  const anchorSplit = b.anchorSplit ?? "anchor";
  const anchors = Array.from({ length: o.anchors }, (_, i) => b.row(anchorSplit, i + 1, rng));
  const holdout = Array.from({ length: o.holdout }, (_, i) => b.row("holdout", i + 1, rng));
  const canary = Array.from({ length: o.canary }, (_, i) => b.canary(i + 1, rng));
  return { anchors, holdout, canary };
}
