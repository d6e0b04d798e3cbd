/**
 * HOA v1 parser: hand-written lexer + recursive descent over the grammar of the format
 * document (https://adl.github.io/hoaf/). Hand-written because no maintained JavaScript HOA
 * parser exists (the reference parsers are C++/Java/Rust), and because we want errors that
 * name line and column and the exact structural checks GF-01 relies on.
 *
 * The parser checks everything the format itself requires (AP indexes in range, aliases
 * defined before use and never redefined, states in range or defined, acceptance sets in
 * range, the label-mixing rules, 2^|AP| implicit edges). Whether the automaton is usable as a
 * deterministic complete Mealy machine is a separate question, answered by mealy.ts.
 */
import { HoaError } from "./errors.js";
import { tokenize } from "./lexer.js";
import { setHoaPosition, } from "./types.js";
/** Thrown inside the parser when `--ABORT--` is met; caught per automaton. */
class Aborted {
    token;
    constructor(token) {
        this.token = token;
    }
}
/** Header items that may appear at most once (the format allows repeats only for Start/Alias/properties). */
const SINGLE_HEADERS = new Set(["States", "AP", "Acceptance", "acc-name", "tool", "name", "controllable-AP"]);
class Parser {
    toks;
    file;
    i = 0;
    constructor(toks, file) {
        this.toks = toks;
        this.file = file;
    }
    atEof() {
        return this.toks[this.i].kind === "EOF";
    }
    err(msg, at = this.toks[this.i]) {
        return new HoaError(msg, at, this.file);
    }
    peek() {
        const t = this.toks[this.i];
        if (t.kind === "ABORT")
            throw new Aborted(t);
        return t;
    }
    next() {
        const t = this.peek();
        if (t.kind !== "EOF")
            this.i++;
        return t;
    }
    isPunct(p) {
        const t = this.peek();
        return t.kind === "PUNCT" && t.value === p;
    }
    expectPunct(p, what) {
        const t = this.peek();
        if (t.kind !== "PUNCT" || t.value !== p)
            throw this.err(`expected "${p}" ${what}, found ${describe(t)}`);
        return this.next();
    }
    expectInt(what) {
        const t = this.peek();
        if (t.kind !== "INT")
            throw this.err(`expected an integer (${what}), found ${describe(t)}`);
        return this.next();
    }
    /** Skip to just after the next `--ABORT--` (used to resume a stream). */
    skipAbort(tok) {
        this.i = this.toks.indexOf(tok) + 1;
    }
    automaton() {
        const first = this.next();
        if (first.kind !== "HEADERNAME" || first.value !== "HOA")
            throw this.err(`expected "HOA:" at the start of an automaton, found ${describe(first)}`, first);
        const ver = this.next();
        if (ver.kind !== "IDENTIFIER")
            throw this.err(`expected a format version after "HOA:", found ${describe(ver)}`, ver);
        if (!/^v1(?![0-9])/.test(ver.value))
            throw this.err(`unsupported HOA version ${ver.value} (only v1 is supported)`, ver);
        const aut = {
            version: ver.value,
            start: [],
            aps: [],
            aliases: [],
            acceptance: { sets: 0, condition: { kind: "bool", value: true } },
            properties: [],
            extraHeaders: [],
            body: [],
        };
        const seen = new Set();
        let sawAcceptance = false;
        // AP indexes used before `AP:` is read (header items come in any order): checked after the header.
        const apRefs = [];
        const startRefs = [];
        const aliasNames = new Set();
        for (;;) {
            const h = this.peek();
            if (h.kind === "BODY")
                break;
            if (h.kind !== "HEADERNAME")
                throw this.err(`expected a header item or --BODY--, found ${describe(h)}`);
            this.next();
            const name = h.value;
            if (SINGLE_HEADERS.has(name)) {
                if (seen.has(name))
                    throw this.err(`duplicate header item "${name}:"`, h);
                seen.add(name);
            }
            switch (name) {
                case "HOA":
                    throw this.err(`"HOA:" may only start an automaton (missing --BODY--/--END--?)`, h);
                case "States":
                    aut.states = this.expectInt("number of states").int;
                    break;
                case "Start": {
                    const conj = this.stateConj((id, pos) => startRefs.push({ id, pos }));
                    aut.start.push(conj);
                    break;
                }
                case "AP": {
                    const count = this.expectInt("number of atomic propositions");
                    const names = [];
                    while (this.peek().kind === "STRING") {
                        const s = this.next();
                        if (names.includes(s.value))
                            throw this.err(`duplicate atomic proposition ${JSON.stringify(s.value)}`, s);
                        names.push(s.value);
                    }
                    if (names.length !== count.int)
                        throw this.err(`"AP:" declares ${count.int} propositions but lists ${names.length} names`, count);
                    aut.aps = names;
                    break;
                }
                case "Alias": {
                    const a = this.peek();
                    if (a.kind !== "ANAME")
                        throw this.err(`expected an alias name (@name) after "Alias:", found ${describe(a)}`);
                    this.next();
                    if (aliasNames.has(a.value))
                        throw this.err(`alias ${a.value} is already defined`, a);
                    const expr = this.labelExpr(aliasNames, (index, pos) => apRefs.push({ index, pos, what: `alias ${a.value}` }));
                    aliasNames.add(a.value);
                    aut.aliases.push({ name: a.value, expr });
                    break;
                }
                case "Acceptance": {
                    const count = this.expectInt("number of acceptance sets");
                    const condition = this.accCond(count.int);
                    aut.acceptance = { sets: count.int, condition };
                    sawAcceptance = true;
                    break;
                }
                case "acc-name": {
                    const n = this.peek();
                    if (n.kind !== "IDENTIFIER")
                        throw this.err(`expected an acceptance name after "acc-name:", found ${describe(n)}`);
                    this.next();
                    const params = [];
                    for (;;) {
                        const p = this.peek();
                        if (p.kind === "IDENTIFIER")
                            params.push({ type: "identifier", value: p.value });
                        else if (p.kind === "INT")
                            params.push({ type: "int", value: p.int });
                        else if (p.kind === "BOOLEAN")
                            params.push({ type: "bool", value: p.value === "t" });
                        else
                            break;
                        this.next();
                    }
                    aut.accName = { name: n.value, params };
                    break;
                }
                case "tool": {
                    const n = this.peek();
                    if (n.kind !== "STRING")
                        throw this.err(`expected a string after "tool:", found ${describe(n)}`);
                    this.next();
                    aut.tool = { name: n.value };
                    if (this.peek().kind === "STRING")
                        aut.tool.version = this.next().value;
                    break;
                }
                case "name": {
                    const n = this.peek();
                    if (n.kind !== "STRING")
                        throw this.err(`expected a string after "name:", found ${describe(n)}`);
                    this.next();
                    aut.name = n.value;
                    break;
                }
                case "properties":
                    while (this.peek().kind === "IDENTIFIER")
                        aut.properties.push(this.next().value);
                    break;
                case "controllable-AP": {
                    const ids = [];
                    while (this.peek().kind === "INT") {
                        const t = this.next();
                        apRefs.push({ index: t.int, pos: t, what: "controllable-AP:" });
                        ids.push(t.int);
                    }
                    aut.controllableAps = ids;
                    break;
                }
                default: {
                    const values = [];
                    for (;;) {
                        const p = this.peek();
                        if (p.kind === "IDENTIFIER")
                            values.push({ type: "identifier", value: p.value });
                        else if (p.kind === "INT")
                            values.push({ type: "int", value: p.int });
                        else if (p.kind === "BOOLEAN")
                            values.push({ type: "bool", value: p.value === "t" });
                        else if (p.kind === "STRING")
                            values.push({ type: "string", value: p.value });
                        else
                            break;
                        this.next();
                    }
                    aut.extraHeaders.push({ name, values });
                }
            }
        }
        const bodyTok = this.next();
        if (!sawAcceptance)
            throw this.err(`missing mandatory "Acceptance:" header item`, bodyTok);
        for (const r of apRefs)
            this.checkAp(aut, r.index, r.pos, r.what);
        const aliases = new Set(aut.aliases.map((a) => a.name));
        // Body.
        const defined = new Map();
        const targetRefs = [];
        const sets = aut.acceptance.sets;
        const nImplicit = aut.aps.length < 31 ? 2 ** aut.aps.length : Number.POSITIVE_INFINITY;
        for (;;) {
            const t = this.peek();
            if (t.kind === "END")
                break;
            if (t.kind !== "HEADERNAME" || t.value !== "State")
                throw this.err(`expected "State:" or --END--, found ${describe(t)}${t.kind === "EOF" ? " (missing --END--)" : ""}`);
            this.next();
            const state = {};
            setHoaPosition(state, t);
            if (this.isPunct("["))
                state.label = this.bracketLabel(aut, aliases);
            const idTok = this.expectInt("state number");
            state.id = idTok.int;
            if (aut.states !== undefined && state.id >= aut.states)
                throw this.err(`state ${state.id} is out of range ("States: ${aut.states}" allows 0..${aut.states - 1})`, idTok);
            if (defined.has(state.id))
                throw this.err(`state ${state.id} is defined twice (first at line ${defined.get(state.id)?.line})`, idTok);
            defined.set(state.id, idTok);
            if (this.peek().kind === "STRING")
                state.name = this.next().value;
            if (this.isPunct("{"))
                state.acc = this.accSig(sets);
            state.edges = [];
            let labeled = 0;
            while (this.isPunct("[") || this.peek().kind === "INT") {
                const edge = {};
                const at = this.peek();
                setHoaPosition(edge, at);
                if (this.isPunct("[")) {
                    if (state.label)
                        throw this.err(`state ${state.id} has a state label, so its edges must not have labels`);
                    if (labeled < state.edges.length)
                        throw this.err(`state ${state.id} mixes labeled and unlabeled edges (all or none must have labels)`);
                    edge.label = this.bracketLabel(aut, aliases);
                    labeled++;
                }
                else if (labeled > 0) {
                    throw this.err(`state ${state.id} mixes labeled and unlabeled edges (all or none must have labels)`);
                }
                edge.targets = this.stateConj((id, pos) => targetRefs.push({ id, pos }));
                if (this.isPunct("{"))
                    edge.acc = this.accSig(sets);
                state.edges.push(edge);
            }
            if (!state.label && labeled === 0 && state.edges.length > 0 && state.edges.length !== nImplicit)
                throw this.err(`state ${state.id} uses implicit labels, so it needs exactly 2^${aut.aps.length} = ${nImplicit} edges, found ${state.edges.length}`, t);
            aut.body.push(state);
        }
        this.next(); // --END--
        for (const r of [...startRefs, ...targetRefs]) {
            if (aut.states !== undefined) {
                if (r.id >= aut.states)
                    throw this.err(`state ${r.id} is undefined ("States: ${aut.states}" allows 0..${aut.states - 1})`, r.pos);
            }
            else if (!defined.has(r.id))
                throw this.err(`state ${r.id} is used but never defined by "State: ${r.id}"`, r.pos);
        }
        return aut;
    }
    checkAp(aut, index, pos, what) {
        if (index >= aut.aps.length)
            throw this.err(`AP index ${index} in ${what} is out of range (${aut.aps.length === 0 ? "no atomic propositions declared" : `"AP:" declares 0..${aut.aps.length - 1}`})`, pos);
    }
    stateConj(ref) {
        const first = this.expectInt("state number");
        ref(first.int, first);
        const ids = [first.int];
        while (this.isPunct("&")) {
            this.next();
            const t = this.expectInt("state number after &");
            ref(t.int, t);
            ids.push(t.int);
        }
        return ids;
    }
    accSig(sets) {
        this.expectPunct("{", "");
        const ids = [];
        while (this.peek().kind === "INT") {
            const t = this.next();
            if (t.int >= sets)
                throw this.err(`acceptance set ${t.int} is out of range ("Acceptance: ${sets}" declares ${sets === 0 ? "no sets" : `0..${sets - 1}`})`, t);
            ids.push(t.int);
        }
        this.expectPunct("}", "to close the acceptance marks");
        return ids;
    }
    bracketLabel(aut, aliases) {
        const open = this.expectPunct("[", "");
        const e = this.labelExpr(aliases, (index, pos) => this.checkAp(aut, index, pos, "label"));
        this.expectPunct("]", "to close the label");
        setHoaPosition(e, open);
        return e;
    }
    /** label-expr with `!` > `&` > `|`, left-associative. */
    labelExpr(aliases, apRef) {
        const or = () => {
            let l = and();
            while (this.isPunct("|")) {
                this.next();
                l = { kind: "or", left: l, right: and() };
            }
            return l;
        };
        const and = () => {
            let l = not();
            while (this.isPunct("&")) {
                this.next();
                l = { kind: "and", left: l, right: not() };
            }
            return l;
        };
        const not = () => {
            if (this.isPunct("!")) {
                this.next();
                return { kind: "not", arg: not() };
            }
            return atom();
        };
        const atom = () => {
            const t = this.peek();
            if (t.kind === "BOOLEAN") {
                this.next();
                return { kind: "bool", value: t.value === "t" };
            }
            if (t.kind === "INT") {
                this.next();
                apRef(t.int, t);
                return { kind: "ap", index: t.int };
            }
            if (t.kind === "ANAME") {
                if (!aliases.has(t.value))
                    throw this.err(`unknown alias ${t.value} (aliases must be defined by "Alias:" before use)`);
                this.next();
                return { kind: "alias", name: t.value };
            }
            if (this.isPunct("(")) {
                this.next();
                const e = or();
                this.expectPunct(")", "to close the parenthesis");
                return e;
            }
            if (t.kind === "IDENTIFIER")
                throw this.err(`unexpected name ${t.value} in a label (use an AP number, t, f, or an @alias)`);
            throw this.err(`expected a label expression (AP number, t, f, @alias, !, or parenthesis), found ${describe(t)}`);
        };
        return or();
    }
    accCond(sets) {
        const or = () => {
            let l = and();
            while (this.isPunct("|")) {
                this.next();
                l = { kind: "or", left: l, right: and() };
            }
            return l;
        };
        const and = () => {
            let l = atom();
            while (this.isPunct("&")) {
                this.next();
                l = { kind: "and", left: l, right: atom() };
            }
            return l;
        };
        const atom = () => {
            const t = this.peek();
            if (t.kind === "BOOLEAN") {
                this.next();
                return { kind: "bool", value: t.value === "t" };
            }
            if (this.isPunct("(")) {
                this.next();
                const c = or();
                this.expectPunct(")", "to close the parenthesis");
                return c;
            }
            if (t.kind === "IDENTIFIER") {
                if (t.value !== "Fin" && t.value !== "Inf")
                    throw this.err(`unknown acceptance primitive ${t.value} (HOA v1 has only Fin and Inf)`);
                this.next();
                this.expectPunct("(", `after ${t.value}`);
                let negated = false;
                if (this.isPunct("!")) {
                    this.next();
                    negated = true;
                }
                const s = this.expectInt("acceptance set");
                if (s.int >= sets)
                    throw this.err(`acceptance set ${s.int} is out of range ("Acceptance: ${sets}" declares ${sets === 0 ? "no sets" : `0..${sets - 1}`})`, s);
                this.expectPunct(")", `to close ${t.value}(`);
                return { kind: t.value, set: s.int, negated };
            }
            throw this.err(`expected an acceptance condition (Fin, Inf, t, f, or parenthesis), found ${describe(t)}`);
        };
        return or();
    }
}
function describe(t) {
    switch (t.kind) {
        case "EOF":
            return "end of input";
        case "STRING":
            return `string ${JSON.stringify(t.value)}`;
        case "HEADERNAME":
            return `"${t.value}:"`;
        case "PUNCT":
            return `"${t.value}"`;
        case "INT":
            return `integer ${t.value}`;
        default:
            return t.value;
    }
}
/**
 * Parse a stream of automata (the format allows concatenation). Automata ended by
 * `--ABORT--` are discarded and reported in `aborted`.
 */
export function parseHoaAll(text, opts = {}) {
    const toks = tokenize(text, opts.file);
    const p = new Parser(toks, opts.file);
    const out = { automata: [], aborted: [] };
    while (!p.atEof()) {
        try {
            out.automata.push(p.automaton());
        }
        catch (e) {
            if (!(e instanceof Aborted))
                throw e;
            out.aborted.push({ line: e.token.line, col: e.token.col });
            p.skipAbort(e.token);
        }
    }
    return out;
}
/** Parse exactly one automaton. An aborted automaton, an empty text, or several automata are errors. */
export function parseHoa(text, opts = {}) {
    const { automata, aborted } = parseHoaAll(text, opts);
    if (aborted.length > 0)
        throw new HoaError("the automaton was aborted by --ABORT-- and must be discarded", aborted[0], opts.file);
    if (automata.length === 0)
        throw new HoaError('no automaton found (expected "HOA: v1")', { line: 1, col: 1 }, opts.file);
    if (automata.length > 1)
        throw new HoaError(`expected one automaton, found ${automata.length} (use parseHoaAll for streams)`, undefined, opts.file);
    return automata[0];
}
//# sourceMappingURL=parser.js.map