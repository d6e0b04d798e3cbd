import type { HoaPos } from "./types.js";
/**
 * Tokens of HOA v1 ("Common Tokens" in the format document). Newlines are plain whitespace
 * in HOA, so the lexer works on the whole text and each token records its line and column.
 */
export type TokenKind = "HEADERNAME" | "IDENTIFIER" | "BOOLEAN" | "INT" | "STRING" | "ANAME" | "PUNCT" | "BODY" | "END" | "ABORT" | "EOF";
export interface Token extends HoaPos {
    readonly kind: TokenKind;
    readonly value: string;
    /** Numeric value of INT tokens. */
    readonly int: number;
}
export declare function tokenize(text: string, file?: string): Token[];
