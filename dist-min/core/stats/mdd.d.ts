export interface MddOptions {
    /** Items per arm. */
    n: number;
    /** Common rate at which to evaluate the variance (default 0.5, the worst case). */
    p?: number;
    /** Two-sided significance level (default 0.05). */
    alpha?: number;
    /** Power (default 0.8). */
    power?: number;
    /** Design effect for clustered items (default 1). */
    deff?: number;
}
export declare function minimumDetectableDifference(o: MddOptions): number | null;
