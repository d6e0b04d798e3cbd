/**
 * Python's built-in `round(x, ndigits)`: round half to even on the exact binary value.
 *
 * `Math.round` rounds half up and `toFixed` rounds the decimal string; both disagree with
 * Python on ties (round(2.5) == 2) and on values like 2.675 that are below the tie in
 * binary. We decide ties on the exact decimal expansion of the double, as CPython does.
 */
export declare function roundHalfEven(x: number, ndigits?: number): number;
/** The exact decimal value of a double as a string (every double is a finite binary fraction). */
export declare function exactDecimal(x: number): string;
