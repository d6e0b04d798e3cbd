/** True when `text` holds whitespace other than space and newline (then count with `countTokens`). */
export declare const hasOtherWhitespace: (text: string) => boolean;
/** Python `len(text.split())`. */
export declare function countTokens(text: string): number;
/**
 * `countTokens` for a text known to hold no whitespace but spaces and newlines (the caller
 * tested a text containing it with `hasOtherWhitespace`): runs between separators, counted
 * with native indexOf.
 */
export declare function countPlainTokens(text: string): number;
