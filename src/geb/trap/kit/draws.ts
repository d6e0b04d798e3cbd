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

/** `n` uids in a row (`[uid(rng) for _ in range(n)]`), drawn in order. */
export const drawUids = (rng: PyRandom, n: number): string[] => Array.from({ length: n }, () => drawUid(rng));

/**
 * The generators' per-row pick of a profile / key / subfamily: drawn with `rng.choice` on
 * holdout rows, rotated through the list by 1-based index elsewhere (no draw).
 */
export const rotateOrDraw = <T>(rng: PyRandom, items: readonly T[], split: string, index: number): T =>
  split === "holdout" ? rng.choice(items) : items[(index - 1) % items.length];
