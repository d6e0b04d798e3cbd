import type { AccCond, LabelExpr } from "./types.js";

/** Alias table: name (with `@`) → definition. */
export type AliasTable = ReadonlyMap<string, LabelExpr>;

export function aliasTable(aliases: readonly { name: string; expr: LabelExpr }[]): Map<string, LabelExpr> {
  return new Map(aliases.map((a) => [a.name, a.expr]));
}

/**
 * Evaluate a label on a letter given as a bitmask: bit j set ⇔ AP j true (the HOA convention,
 * AP 0 least significant). Aliases are resolved through `aliases` (the parser guarantees they exist).
 */
export function evalLabel(e: LabelExpr, letter: number, aliases: AliasTable): boolean {
  switch (e.kind) {
    case "bool":
      return e.value;
    case "ap":
      return ((letter >>> e.index) & 1) === 1;
    case "alias": {
      const def = aliases.get(e.name);
      if (!def) throw new Error(`unknown alias ${e.name}`);
      return evalLabel(def, letter, aliases);
    }
    case "not":
      return !evalLabel(e.arg, letter, aliases);
    case "and":
      return evalLabel(e.left, letter, aliases) && evalLabel(e.right, letter, aliases);
    case "or":
      return evalLabel(e.left, letter, aliases) || evalLabel(e.right, letter, aliases);
  }
}

/** Visit every AP index and alias name a label mentions (not following aliases). */
export function forEachAtom(
  e: LabelExpr,
  f: (atom: Extract<LabelExpr, { kind: "ap" | "alias" }>) => void,
): void {
  switch (e.kind) {
    case "ap":
    case "alias":
      f(e);
      return;
    case "not":
      forEachAtom(e.arg, f);
      return;
    case "and":
    case "or":
      forEachAtom(e.left, f);
      forEachAtom(e.right, f);
      return;
  }
}

const LABEL_PREC = { or: 1, and: 2, not: 3, bool: 4, ap: 4, alias: 4 } as const;

/**
 * `left & right` / `left | right` of a label or acceptance condition: the operators are
 * left-associative, so an operand is parenthesized when it binds more loosely (left) or not
 * more tightly (right) than the operator.
 */
function formatInfix<T extends { kind: string }>(
  kind: "and" | "or",
  left: T,
  right: T,
  prec: Readonly<Record<string, number>>,
  format: (x: T) => string,
): string {
  const p = prec[kind];
  const l = format(left);
  const r = format(right);
  const lp = prec[left.kind] < p ? `(${l})` : l;
  const rp = prec[right.kind] <= p ? `(${r})` : r;
  return `${lp} ${kind === "and" ? "&" : "|"} ${rp}`;
}

/**
 * Print a label with the fewest parentheses that parse back to the same tree: binary operators
 * are left-associative, so a right operand of the same operator gets parentheses.
 */
export function formatLabel(e: LabelExpr): string {
  switch (e.kind) {
    case "bool":
      return e.value ? "t" : "f";
    case "ap":
      return String(e.index);
    case "alias":
      return e.name;
    case "not": {
      const s = formatLabel(e.arg);
      return LABEL_PREC[e.arg.kind] < LABEL_PREC.not ? `!(${s})` : `!${s}`;
    }
    case "and":
    case "or":
      return formatInfix(e.kind, e.left, e.right, LABEL_PREC, formatLabel);
  }
}

const ACC_PREC = { or: 1, and: 2, bool: 3, Fin: 3, Inf: 3 } as const;

export function formatAcc(c: AccCond): string {
  switch (c.kind) {
    case "bool":
      return c.value ? "t" : "f";
    case "Fin":
    case "Inf":
      return `${c.kind}(${c.negated ? "!" : ""}${c.set})`;
    case "and":
    case "or":
      return formatInfix(c.kind, c.left, c.right, ACC_PREC, formatAcc);
  }
}

/** Conjunction of literals for one full valuation: `!0 & 1 & !2` (bit j of `letter` = AP j). */
export function cubeLabel(nAps: number, letter: number): LabelExpr {
  if (nAps === 0) return { kind: "bool", value: true };
  let e: LabelExpr | undefined;
  for (let j = 0; j < nAps; j++) {
    const ap: LabelExpr = { kind: "ap", index: j };
    const lit: LabelExpr = (letter >>> j) & 1 ? ap : { kind: "not", arg: ap };
    e = e ? { kind: "and", left: e, right: lit } : lit;
  }
  return e as LabelExpr;
}
