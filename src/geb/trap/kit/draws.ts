/**
 * Shared generator draws of the trap families: the reference generators' uid and episode-id
 * formats and the small random picks they repeat. Each draw consumes the seeded `PyRandom`
 * exactly as the Python does, so fixtures stay byte-identical to the reference's.
 */
import type { PyRandom } from "../../../core/random.js";

/** The generators' `f"U{rng.randrange(16**6):06X}"`. */
export const drawUid = (rng: PyRandom): string =>
  `U${rng
    .randrange(16 ** 6)
    .toString(16)
    .toUpperCase()
    .padStart(6, "0")}`;

/** Python `rng.choice([x for x in items if x != exclude])`. */
export const pickExcept = <T>(rng: PyRandom, items: readonly T[], exclude: T | null = null): T =>
  rng.choice(items.filter((x) => x !== exclude));

/** The generators' `f"{PREFIX}-{split.upper()}-{index:04d}"`. */
export const episodeId = (prefix: string, split: string, index: number): string =>
  `${prefix}-${split.toUpperCase()}-${String(index).padStart(4, "0")}`;

/** `n` uids drawn up front, in order (the generators' `[uid() for _ in range(n)]` / successive `uid()` calls). */
export const drawUids = (rng: PyRandom, n: number): string[] => Array.from({ length: n }, () => drawUid(rng));

/**
 * The generators' scenario pick: holdout rows draw one at random, the other splits walk the
 * list in order (`scenarios[(index - 1) % len]`, no draw).
 */
export const holdoutDrawOrCycle = <T>(rng: PyRandom, items: readonly T[], split: string, index: number): T =>
  split === "holdout" ? rng.choice(items) : items[(index - 1) % items.length];

/** `drawUid` until it gives one not in `used` (which it then joins): one uid per ledger line. */
export function drawUniqueUid(rng: PyRandom, used: Set<string>): string {
  for (;;) {
    const u = drawUid(rng);
    if (!used.has(u)) {
      used.add(u);
      return u;
    }
  }
}
