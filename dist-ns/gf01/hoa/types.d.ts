/**
 * AST of one automaton in the Hanoi Omega-Automata format, version 1 (https://adl.github.io/hoaf/).
 *
 * The tree keeps what the text says (aliases stay aliases, implicit edges stay unlabeled, state
 * labels stay on the state) so `writeHoa` can print it back faithfully; the Mealy reading in
 * mealy.ts resolves the sugar. Source positions are kept out of the tree (see `hoaPosition`) so
 * two automata compare equal with a plain deep-equality whatever text they came from.
 */
/** Boolean label expression over AP indexes and aliases. `!` > `&` > `|`; binary nodes are left-assoc. */
export type LabelExpr = {
    readonly kind: "bool";
    readonly value: boolean;
} | {
    readonly kind: "ap";
    readonly index: number;
}
/** `name` includes the leading `@`. */
 | {
    readonly kind: "alias";
    readonly name: string;
} | {
    readonly kind: "not";
    readonly arg: LabelExpr;
} | {
    readonly kind: "and" | "or";
    readonly left: LabelExpr;
    readonly right: LabelExpr;
};
/** Acceptance condition: `Fin(x)`, `Fin(!x)`, `Inf(x)`, `Inf(!x)`, `t`, `f`, `&`, `|`. */
export type AccCond = {
    readonly kind: "bool";
    readonly value: boolean;
} | {
    readonly kind: "Fin" | "Inf";
    readonly set: number;
    readonly negated: boolean;
} | {
    readonly kind: "and" | "or";
    readonly left: AccCond;
    readonly right: AccCond;
};
/** A value of an `acc-name:` parameter or an unknown header item. */
export type HeaderValue = {
    readonly type: "int";
    readonly value: number;
} | {
    readonly type: "bool";
    readonly value: boolean;
} | {
    readonly type: "string";
    readonly value: string;
} | {
    readonly type: "identifier";
    readonly value: string;
};
export interface HoaEdge {
    /** Explicit `[...]` label; absent for implicit labels or when the state carries the label. */
    label?: LabelExpr;
    /** Destination conjunction; more than one state means universal branching (alternation). */
    targets: number[];
    /** Acceptance marks `{...}` of this edge. */
    acc?: number[];
}
export interface HoaState {
    id: number;
    name?: string;
    /** State label: sugar for every outgoing edge carrying this label. */
    label?: LabelExpr;
    /** State acceptance marks: sugar for marking every outgoing edge. */
    acc?: number[];
    edges: HoaEdge[];
}
export interface HoaAutomaton {
    /** Format version from `HOA:` (always starts with `v1`). */
    version: string;
    /** `States:` if given. */
    states?: number;
    /** One entry per `Start:` item; an entry with several states is a universal (alternating) start. */
    start: number[][];
    /** Atomic proposition names, indexed from 0 (`AP:`). */
    aps: string[];
    /** `Alias:` items in definition order (later aliases may use earlier ones). */
    aliases: {
        name: string;
        expr: LabelExpr;
    }[];
    acceptance: {
        sets: number;
        condition: AccCond;
    };
    accName?: {
        name: string;
        params: HeaderValue[];
    };
    tool?: {
        name: string;
        version?: string;
    };
    name?: string;
    /** All `properties:` items concatenated. */
    properties: string[];
    /** `controllable-AP:` (SYNTCOMP/Spot extension): AP indexes the system controls (outputs). */
    controllableAps?: number[];
    /** Header items this parser does not interpret, in order (kept so writing does not lose them). */
    extraHeaders: {
        name: string;
        values: HeaderValue[];
    }[];
    /** States in the order they are listed in the body. */
    body: HoaState[];
}
/** 1-based source position of a token. */
export interface HoaPos {
    readonly line: number;
    readonly col: number;
}
/** Where the parser found a state, edge, or label node (undefined for hand-built nodes). */
export declare function hoaPosition(node: object): HoaPos | undefined;
export declare function setHoaPosition(node: object, pos: HoaPos): void;
