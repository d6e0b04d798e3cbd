/**
 * Fixture streams: every trap generator draws its splits from one `PyRandom(seed)`, anchors
 * rows 1..n, then holdout rows 1..n, then canaries 1..n, in that order (a canary may reseed
 * its own instead, `ownStreamCanary`). The order matters: building holdout before anchors
 * would change every fixture. The three shapes the families state it in — one builder for
 * all splits (`fixturesFromOneStream`, the 1.0 variants) or a row and a canary builder
 * (`splitFixtures`, the reference ports) — run this one loop.
 */
import { PyRandom } from "../../../core/random.js";
import { TRAP_SPLITS } from "../types.js";
import type { TrapFixtures, TrapGenerateOptions, TrapRow, TrapSplit } from "../types.js";

/** The split names the episode ids and `meta.split` carry (the families' own, not the file names). */
export type SplitLabels = Record<TrapSplit, string>;
const DEFAULT_SPLIT_LABELS: SplitLabels = { anchors: "anchor", holdout: "holdout", canary: "canary" };

/** The one loop: splits in `TRAP_SPLITS` order, 1-based indices, all from `PyRandom(seed)`. */
function drawSplits(
  o: TrapGenerateOptions,
  build: (split: TrapSplit, index: number, rng: PyRandom) => TrapRow,
): TrapFixtures {
  const rng = new PyRandom(o.seed);
  const out = {} as TrapFixtures;
  for (const split of TRAP_SPLITS)
    out[split] = Array.from({ length: o[split] }, (_, i) => build(split, i + 1, rng));
  return out;
}

/**
 * The fixtures of a family with one builder for every split: `build(label, index, rng)`, the
 * label being the split's name as the family writes it.
 */
export const fixturesFromOneStream = (
  o: TrapGenerateOptions,
  build: (split: string, index: number, rng: PyRandom) => TrapRow,
  labels: SplitLabels = DEFAULT_SPLIT_LABELS,
): TrapFixtures => drawSplits(o, (split, index, rng) => build(labels[split], index, rng));

export interface SplitBuilders {
  /** A base row (anchors or holdout) by the split name the generator writes and its 1-based index. */
  row(split: string, index: number, rng: PyRandom): TrapRow;
  /** A canary row by its 1-based index; default: `row("canary", …)`, continuing the stream. */
  canary?(index: number, rng: PyRandom): TrapRow;
  /** The anchors' split name in rows and episode ids: most generators write "anchor". */
  anchorSplit?: "anchor" | "anchors";
}

/** The fixtures of a family whose canaries are built apart from its base rows. */
export function splitFixtures(o: TrapGenerateOptions, b: SplitBuilders): TrapFixtures {
  const labels = { ...DEFAULT_SPLIT_LABELS, anchors: b.anchorSplit ?? "anchor" };
  return drawSplits(o, (split, index, rng) =>
    split === "canary" && b.canary ? b.canary(index, rng) : b.row(labels[split], index, rng),
  );
}

/**
 * The canaries of generators that seed each one on its own, `PyRandom(seed + offset + index)`
 * (the shared stream is then the anchors' and holdout's only).
 */
export const ownStreamCanary =
  (seed: number, offset: number, build: (index: number, rng: PyRandom) => TrapRow) =>
  (index: number): TrapRow =>
    build(index, new PyRandom(seed + offset + index));
