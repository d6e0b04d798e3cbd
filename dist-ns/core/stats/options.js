import { INTERVALS_SCHEMA_VERSION } from "./ids.js";
export const DEFAULT_LEVEL = 0.95;
export const DEFAULT_RESAMPLES = 2000;
export const DEFAULT_SEED = 0;
export function resolveStatsOptions(o = {}) {
    const level = o.level ?? DEFAULT_LEVEL;
    const resamples = o.resamples ?? DEFAULT_RESAMPLES;
    const seed = o.seed ?? DEFAULT_SEED;
    if (!(level > 0 && level < 1))
        throw new RangeError(`confidence level must be in (0, 1), got ${level}`);
    if (!Number.isSafeInteger(resamples) || resamples < 1)
        throw new RangeError(`resamples must be a positive integer, got ${resamples}`);
    if (!Number.isSafeInteger(seed) || seed < 0)
        throw new RangeError(`seed must be a non-negative integer, got ${seed}`);
    return { level, resamples, seed };
}
/** The conventions header of an `intervals`/`comparisons` block. */
export function intervalsMeta(o = {}, cluster) {
    const r = resolveStatsOptions(o);
    return {
        schema_version: INTERVALS_SCHEMA_VERSION,
        level: r.level,
        resamples: r.resamples,
        seed: r.seed,
        ...(cluster === undefined ? {} : { cluster }),
    };
}
//# sourceMappingURL=options.js.map