import type { AccCond, LabelExpr } from "./types.js";
/** Alias table: name (with `@`) → definition. */
export type AliasTable = ReadonlyMap<string, LabelExpr>;
export declare function aliasTable(aliases: readonly {
    name: string;
    expr: LabelExpr;
}[]): Map<string, LabelExpr>;
/**
 * Evaluate a label on a letter given as a bitmask: bit j set ⇔ AP j true (the HOA convention,
 * AP 0 least significant). Aliases are resolved through `aliases` (the parser guarantees they exist).
 */
export declare function evalLabel(e: LabelExpr, letter: number, aliases: AliasTable): boolean;
/** Visit every AP index and alias name a label mentions (not following aliases). */
export declare function forEachAtom(e: LabelExpr, f: (atom: Extract<LabelExpr, {
    kind: "ap" | "alias";
}>) => void): void;
/**
 * Print a label with the fewest parentheses that parse back to the same tree: binary operators
 * are left-associative, so a right operand of the same operator gets parentheses.
 */
export declare function formatLabel(e: LabelExpr): string;
export declare function formatAcc(c: AccCond): string;
/** Conjunction of literals for one full valuation: `!0 & 1 & !2` (bit j of `letter` = AP j). */
export declare function cubeLabel(nAps: number, letter: number): LabelExpr;
