export function aliasTable(aliases) {
    return new Map(aliases.map((a) => [a.name, a.expr]));
}
/**
 * Evaluate a label on a letter given as a bitmask: bit j set ⇔ AP j true (the HOA convention,
 * AP 0 least significant). Aliases are resolved through `aliases` (the parser guarantees they exist).
 */
export function evalLabel(e, letter, aliases) {
    switch (e.kind) {
        case "bool":
            return e.value;
        case "ap":
            return ((letter >>> e.index) & 1) === 1;
        case "alias": {
            const def = aliases.get(e.name);
            if (!def)
                throw new Error(`unknown alias ${e.name}`);
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
export function forEachAtom(e, f) {
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
const LABEL_PREC = { or: 1, and: 2, not: 3, bool: 4, ap: 4, alias: 4 };
/**
 * Print a label with the fewest parentheses that parse back to the same tree: binary operators
 * are left-associative, so a right operand of the same operator gets parentheses.
 */
export function formatLabel(e) {
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
        case "or": {
            const p = LABEL_PREC[e.kind];
            const l = formatLabel(e.left);
            const r = formatLabel(e.right);
            const lp = LABEL_PREC[e.left.kind] < p ? `(${l})` : l;
            const rp = LABEL_PREC[e.right.kind] <= p ? `(${r})` : r;
            return `${lp} ${e.kind === "and" ? "&" : "|"} ${rp}`;
        }
    }
}
const ACC_PREC = { or: 1, and: 2, bool: 3, Fin: 3, Inf: 3 };
export function formatAcc(c) {
    switch (c.kind) {
        case "bool":
            return c.value ? "t" : "f";
        case "Fin":
        case "Inf":
            return `${c.kind}(${c.negated ? "!" : ""}${c.set})`;
        case "and":
        case "or": {
            const p = ACC_PREC[c.kind];
            const l = formatAcc(c.left);
            const r = formatAcc(c.right);
            const lp = ACC_PREC[c.left.kind] < p ? `(${l})` : l;
            const rp = ACC_PREC[c.right.kind] <= p ? `(${r})` : r;
            return `${lp} ${c.kind === "and" ? "&" : "|"} ${rp}`;
        }
    }
}
/** Conjunction of literals for one full valuation: `!0 & 1 & !2` (bit j of `letter` = AP j). */
export function cubeLabel(nAps, letter) {
    if (nAps === 0)
        return { kind: "bool", value: true };
    let e;
    for (let j = 0; j < nAps; j++) {
        const ap = { kind: "ap", index: j };
        const lit = (letter >>> j) & 1 ? ap : { kind: "not", arg: ap };
        e = e ? { kind: "and", left: e, right: lit } : lit;
    }
    return e;
}
//# sourceMappingURL=label.js.map