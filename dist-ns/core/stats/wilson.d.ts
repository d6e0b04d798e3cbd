import type { Interval } from "./schema.js";
/**
 * Wilson score interval for k successes in n independent trials (Wilson 1927):
 * (p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n). Unlike the Wald interval it stays in
 * [0, 1] and is not degenerate at p̂ = 0 or 1, which matters at our sizes (24–40 items a cell).
 * `n` may be fractional (an effective sample size); the bounds are then clamped to [0, 1].
 */
export declare function wilsonBounds(k: number, n: number, level?: number): [number, number];
/** Wilson interval as a stored Interval (independent items: n_clusters = n). */
export declare function wilson(k: number, n: number, level?: number): Interval;
export declare function emptyInterval(): Interval;
