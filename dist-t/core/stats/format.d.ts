import type { Comparison, Interval } from "./schema.js";
/**
 * Table cell for an interval: `0.487 [0.33, 0.64]` — the value to `digits` places, the bounds
 * to one place fewer (they are themselves uncertain). "-" when there is nothing to estimate.
 */
export declare function formatInterval(iv: Interval | null | undefined, digits?: number): string;
/** p-value cell: 3 significant places, "<0.001" below that. */
export declare function formatPValue(p: number | null | undefined): string;
/** Comparison cell: `+0.125 [0.04, 0.21] p=0.012 *` (`*` when significant). */
export declare function formatComparison(c: Comparison | null | undefined, digits?: number): string;
