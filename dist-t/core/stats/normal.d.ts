/**
 * Standard normal quantile. Wichura's AS 241 (PPND16, relative error about 1e-16), so Wilson
 * bounds match scipy's `norm.ppf` to the last digits we print. Coefficients are the paper's,
 * lowest degree first, written as the doubles they round to.
 */
/** Φ⁻¹(p) for 0 < p < 1 (AS 241). */
export declare function normalQuantile(p: number): number;
/** z such that a two-sided normal interval at `level` covers that probability (1.96 at 0.95). */
export declare function zForLevel(level: number): number;
