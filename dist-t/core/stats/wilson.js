import { zForLevel } from "./normal.js";
import { DEFAULT_LEVEL } from "./options.js";
/**
 * Wilson score interval for k successes in n independent trials (Wilson 1927):
 * (p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n). Unlike the Wald interval it stays in
 * [0, 1] and is not degenerate at p̂ = 0 or 1, which matters at our sizes (24–40 items a cell).
 * `n` may be fractional (an effective sample size); the bounds are then clamped to [0, 1].
 */
export function wilsonBounds(k, n, level = DEFAULT_LEVEL) {
    if (!(n > 0))
        throw new RangeError(`Wilson interval needs n > 0, got ${n}`);
    if (!(k >= 0 && k <= n))
        throw new RangeError(`Wilson interval needs 0 ≤ k ≤ n, got k=${k} n=${n}`);
    const z = zForLevel(level);
    const p = k / n;
    const z2 = z * z;
    const denom = 1 + z2 / n;
    const centre = (p + z2 / (2 * n)) / denom;
    const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
    // Exact 0 and 1 at the boundary (rounding would otherwise leave 1e-17 off).
    const low = k === 0 ? 0 : Math.max(0, centre - half);
    const high = k === n ? 1 : Math.min(1, centre + half);
    return [Math.min(low, p), Math.max(high, p)];
}
/** Wilson interval as a stored Interval (independent items: n_clusters = n). */
export function wilson(k, n, level = DEFAULT_LEVEL) {
    if (n === 0)
        return emptyInterval();
    const [lo, hi] = wilsonBounds(k, n, level);
    return { value: k / n, ci_low: lo, ci_high: hi, n, n_clusters: n, method: "wilson" };
}
export function emptyInterval() {
    return { value: null, ci_low: null, ci_high: null, n: 0, n_clusters: 0, method: "none" };
}
//# sourceMappingURL=wilson.js.map