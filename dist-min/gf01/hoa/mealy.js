/**
 * Reading an HOA automaton as a GF-01 Mealy machine, and writing one back.
 *
 * Two readings:
 *
 * 1. State outputs (the official formal loader, `output_by_state`): the HOA is a transition
 *    graph over the input APs and every state carries an output valuation. On a transition
 *    s --v--> s', the machine emits the output of the *target* state s' (official
 *    `_automaton_from_hoa`: `(next_state, state_outputs[next_state])`). Labels are evaluated
 *    on the input valuation; an HOA AP that is not an input reads as 0 (the official
 *    `valuation.get(name, 0)`).
 *
 * 2. Output APs in labels (the SYNTCOMP/Spot Mealy convention, used by `mealyToHoa`): AP =
 *    inputs ⊎ outputs, outputs named by `outputAps` or by `controllable-AP:`. For each state
 *    and input valuation exactly one output valuation and one edge must be enabled.
 *
 * Both readings reject what is not a total deterministic machine with a clear error: several
 * or no initial states, universal branching, overlapping edges, missing valuations.
 */
import { InputError } from "../../core/errors.js";
import { symbolKey } from "../model/compile.js";
import { HoaError } from "./errors.js";
import { aliasTable, cubeLabel, evalLabel } from "./label.js";
import { hoaPosition } from "./types.js";
/** Largest input+output AP count the label reading enumerates (2^n letters per state). */
const MAX_LABEL_APS = 20;
/** Name of a state in the Mealy machine: its HOA name, else `s<id>` (official default). */
export function hoaStateName(s) {
    return s.name ?? `s${s.id}`;
}
function valuationText(aps, bits) {
    return aps.map((ap, i) => `${ap}=${bits(i)}`).join("|") || "(no inputs)";
}
/** Effective label of edge `k` of a state: state label, edge label, or implicit label k. */
function edgeLabel(s, k, nAps) {
    return s.label ?? s.edges[k].label ?? cubeLabel(nAps, k);
}
export function hoaToMealy(hoa, opts = {}) {
    const file = opts.file;
    const fail = (msg, node) => {
        throw new HoaError(msg, node ? hoaPosition(node) : undefined, file);
    };
    // Structure: one plain initial state, no universal branching.
    if (hoa.start.length === 0)
        fail('the automaton has no initial state (no "Start:" item)');
    if (hoa.start.length > 1)
        fail(`the automaton has ${hoa.start.length} initial states; a Mealy machine needs exactly one`);
    if (hoa.start[0].length > 1)
        fail(`"Start: ${hoa.start[0].join("&")}" is a universal (alternating) start; a Mealy machine needs one initial state`);
    const states = hoa.body.slice().sort((a, b) => a.id - b.id);
    const byId = new Map(states.map((s) => [s.id, s]));
    const names = new Map();
    for (const s of states) {
        const n = hoaStateName(s);
        const other = names.get(n);
        if (other !== undefined)
            fail(`states ${other} and ${s.id} have the same name ${JSON.stringify(n)}`, s);
        names.set(n, s.id);
        for (const e of s.edges)
            if (e.targets.length > 1)
                fail(`state ${s.id} has an edge to ${e.targets.join("&")}: universal branching (alternation) is not a Mealy machine`, e);
    }
    const init = byId.get(hoa.start[0][0]);
    if (!init)
        fail(`initial state ${hoa.start[0][0]} is not defined in the body`);
    if (hoa.states !== undefined)
        for (let id = 0; id < hoa.states; id++)
            if (!byId.has(id))
                fail(`state ${id} is declared by "States: ${hoa.states}" but not listed, so it has no edges (partial automaton)`);
    for (const s of states)
        for (const e of s.edges)
            if (!byId.has(e.targets[0]))
                fail(`state ${e.targets[0]} is a target but has no "State:" entry (partial automaton)`, e);
    const aliases = aliasTable(hoa.aliases);
    const nAps = hoa.aps.length;
    const transitions = {};
    if (opts.outputByState) {
        const inputAps = requireList(opts.inputAps, "inputAps", "the state-output reading");
        const outputAps = requireList(opts.outputAps, "outputAps", "the state-output reading");
        checkDisjoint(inputAps, outputAps);
        // Letter of each input symbol: HOA AP j takes the input's value, or 0 if it is not an input.
        const apToInput = hoa.aps.map((ap) => inputAps.indexOf(ap));
        const nIn = inputAps.length;
        const stateOut = new Map();
        for (const s of states)
            stateOut.set(s.id, stateOutput(opts.outputByState, s, outputAps, file));
        for (const s of states) {
            const row = {};
            for (let sym = 0; sym < 1 << nIn; sym++) {
                let letter = 0;
                for (let j = 0; j < nAps; j++) {
                    const ii = apToInput[j];
                    if (ii >= 0 && (sym >> (nIn - 1 - ii)) & 1)
                        letter |= 1 << j;
                }
                const k = uniqueEdge(s, letter, nAps, aliases, () => valuationText(inputAps, (i) => (sym >> (nIn - 1 - i)) & 1), fail);
                const target = byId.get(s.edges[k].targets[0]);
                row[symbolKey(inputAps, sym)] = {
                    next_state: hoaStateName(target),
                    output: { ...stateOut.get(target.id) },
                };
            }
            transitions[hoaStateName(s)] = row;
        }
        return {
            states: states.map(hoaStateName),
            initial_state: hoaStateName(init),
            input_aps: inputAps.slice(),
            output_aps: outputAps.slice(),
            transitions,
        };
    }
    // Label reading: classify every HOA AP as input or output.
    let outputAps;
    if (opts.outputAps)
        outputAps = opts.outputAps.slice();
    else if (hoa.controllableAps)
        outputAps = hoa.controllableAps.map((j) => hoa.aps[j]);
    else if (opts.inputAps)
        outputAps = hoa.aps.filter((ap) => !opts.inputAps?.includes(ap));
    else
        return fail('cannot tell output APs from input APs: give outputAps or outputByState, or mark outputs with "controllable-AP:"');
    const inputAps = opts.inputAps ? opts.inputAps.slice() : hoa.aps.filter((ap) => !outputAps.includes(ap));
    checkDisjoint(inputAps, outputAps);
    for (const ap of [...inputAps, ...outputAps])
        if (!hoa.aps.includes(ap))
            fail(`AP ${JSON.stringify(ap)} is not declared by "AP:" in the automaton`);
    for (const ap of hoa.aps)
        if (!inputAps.includes(ap) && !outputAps.includes(ap))
            fail(`HOA AP ${JSON.stringify(ap)} is neither an input nor an output AP`);
    const nIn = inputAps.length;
    const nOut = outputAps.length;
    if (nIn + nOut > MAX_LABEL_APS)
        fail(`too many APs (${nIn + nOut}) for the label reading; at most ${MAX_LABEL_APS}`);
    const inBit = inputAps.map((ap) => 1 << hoa.aps.indexOf(ap));
    const outBit = outputAps.map((ap) => 1 << hoa.aps.indexOf(ap));
    for (const s of states) {
        const row = {};
        for (let sym = 0; sym < 1 << nIn; sym++) {
            let inLetter = 0;
            for (let i = 0; i < nIn; i++)
                if ((sym >> (nIn - 1 - i)) & 1)
                    inLetter |= inBit[i];
            const inText = () => valuationText(inputAps, (i) => (sym >> (nIn - 1 - i)) & 1);
            let found;
            for (let code = 0; code < 1 << nOut; code++) {
                let letter = inLetter;
                for (let j = 0; j < nOut; j++)
                    if ((code >> (nOut - 1 - j)) & 1)
                        letter |= outBit[j];
                const k = matchingEdge(s, letter, nAps, aliases, () => `${inText()} with ${valuationText(outputAps, (j) => (code >> (nOut - 1 - j)) & 1)}`, fail);
                if (k < 0)
                    continue;
                if (found)
                    fail(`state ${s.id} does not determine its output on input ${inText()}: both ${valuationText(outputAps, (j) => (found.code >> (nOut - 1 - j)) & 1)} and ${valuationText(outputAps, (j) => (code >> (nOut - 1 - j)) & 1)} are allowed`, s);
                found = { code, edge: k };
            }
            if (!found)
                return fail(`state ${s.id} has no edge for input ${inText()} (partial automaton)`, s);
            const output = {};
            for (let j = 0; j < nOut; j++)
                output[outputAps[j]] = (found.code >> (nOut - 1 - j)) & 1;
            const target = byId.get(s.edges[found.edge].targets[0]);
            row[symbolKey(inputAps, sym)] = { next_state: hoaStateName(target), output };
        }
        transitions[hoaStateName(s)] = row;
    }
    return {
        states: states.map(hoaStateName),
        initial_state: hoaStateName(init),
        input_aps: inputAps,
        output_aps: outputAps,
        transitions,
    };
}
/** Index of the one edge enabled on `letter`, -1 if none; two enabled edges are an error. */
function matchingEdge(s, letter, nAps, aliases, text, fail) {
    let hit = -1;
    for (let k = 0; k < s.edges.length; k++) {
        if (!evalLabel(edgeLabel(s, k, nAps), letter, aliases))
            continue;
        if (hit >= 0) {
            const a = hoaPosition(s.edges[hit]);
            const b = hoaPosition(s.edges[k]);
            const where = a && b ? `edges at lines ${a.line} and ${b.line}` : `edges ${hit} and ${k}`;
            fail(`state ${s.id} is non-deterministic: ${where} both match ${text()}`, s.edges[k]);
        }
        hit = k;
    }
    return hit;
}
function uniqueEdge(s, letter, nAps, aliases, text, fail) {
    const k = matchingEdge(s, letter, nAps, aliases, text, fail);
    if (k < 0)
        fail(`state ${s.id} (${hoaStateName(s)}) has no edge for ${text()} (partial automaton)`, s);
    return k;
}
function requireList(v, name, what) {
    if (!v || v.length === 0)
        throw new InputError(`${what} needs a non-empty ${name}`, { field: name });
    return v.slice();
}
function checkDisjoint(inputs, outputs) {
    const dup = (xs) => xs.find((x, i) => xs.indexOf(x) !== i);
    const di = dup(inputs);
    if (di !== undefined)
        throw new InputError(`input AP ${JSON.stringify(di)} is listed twice`, { field: "input_aps" });
    const dout = dup(outputs);
    if (dout !== undefined)
        throw new InputError(`output AP ${JSON.stringify(dout)} is listed twice`, { field: "output_aps" });
    const both = inputs.find((x) => outputs.includes(x));
    if (both !== undefined)
        throw new InputError(`AP ${JSON.stringify(both)} is both an input and an output AP`, {
            field: "output_aps",
        });
}
/** Output valuation of a state from `output_by_state` (by number first, then name, as the official loader). */
function stateOutput(table, s, outputAps, file) {
    const name = hoaStateName(s);
    const key = Object.hasOwn(table, String(s.id)) ? String(s.id) : name;
    const field = `output_by_state.${key}`;
    const payload = Object.hasOwn(table, key) ? table[key] : undefined;
    if (!payload || typeof payload !== "object" || Array.isArray(payload))
        throw new InputError(`missing output_by_state mapping for state ${name}`, {
            file,
            field: "output_by_state",
        });
    const keys = Object.keys(payload);
    const want = outputAps.slice().sort();
    if (keys.length !== want.length ||
        keys
            .slice()
            .sort()
            .some((k, i) => k !== want[i]))
        throw new InputError(`output_by_state for ${name} must match output_aps exactly (${JSON.stringify(want)}), got ${JSON.stringify(keys.sort())}`, {
            file,
            field,
        });
    const out = {};
    for (const k of keys) {
        const v = payload[k];
        if (v !== 0 && v !== 1)
            throw new InputError(`output value must be 0 or 1, got ${JSON.stringify(v)}`, {
                file,
                field: `${field}.${k}`,
            });
        out[k] = v;
    }
    return out;
}
/**
 * Export a Mealy machine as HOA in the label reading: AP = input_aps then output_aps,
 * `controllable-AP:` marks the outputs, state i is `states[i]` (named), and each transition
 * is an edge labeled by the full input cube and its output cube. `hoaToMealy` reads it back
 * to an equal machine.
 */
export function mealyToHoa(m, opts = {}) {
    const nIn = m.input_aps.length;
    const nOut = m.output_aps.length;
    const aps = [...m.input_aps, ...m.output_aps];
    checkDisjoint(m.input_aps, m.output_aps);
    const index = new Map(m.states.map((s, i) => [s, i]));
    const init = index.get(m.initial_state);
    if (init === undefined)
        throw new InputError(`initial state ${JSON.stringify(m.initial_state)} is not in states`, {
            field: "initial_state",
        });
    const body = m.states.map((name, id) => {
        const row = m.transitions[name];
        if (!row)
            throw new InputError(`missing transitions for state ${JSON.stringify(name)}`, {
                field: `transitions.${name}`,
            });
        const edges = [];
        for (let sym = 0; sym < 1 << nIn; sym++) {
            const key = symbolKey(m.input_aps, sym);
            const tr = row[key];
            if (!tr)
                throw new InputError(`automaton is partial: missing transition for state=${name} key=${key}`, {
                    field: `transitions.${name}`,
                });
            const target = index.get(tr.next_state);
            if (target === undefined)
                throw new InputError(`next_state ${JSON.stringify(tr.next_state)} is not in states`, {
                    field: `transitions.${name}.${key}.next_state`,
                });
            // HOA letters put AP 0 in the least significant bit; official keys put input 0 first.
            let letter = 0;
            for (let i = 0; i < nIn; i++)
                if ((sym >> (nIn - 1 - i)) & 1)
                    letter |= 1 << i;
            for (let j = 0; j < nOut; j++) {
                const v = tr.output[m.output_aps[j]] ?? 0;
                if (v !== 0 && v !== 1)
                    throw new InputError(`output value must be 0 or 1, got ${JSON.stringify(v)}`, {
                        field: `transitions.${name}.${key}.output.${m.output_aps[j]}`,
                    });
                if (v === 1)
                    letter |= 1 << (nIn + j);
            }
            edges.push({ label: cubeLabel(aps.length, letter), targets: [target] });
        }
        return { id, name, edges };
    });
    const hoa = {
        version: "v1",
        states: m.states.length,
        start: [[init]],
        aps,
        aliases: [],
        acceptance: { sets: 0, condition: { kind: "bool", value: true } },
        accName: { name: "all", params: [] },
        properties: ["trans-labels", "explicit-labels", "deterministic", "complete"],
        controllableAps: m.output_aps.map((_, j) => nIn + j),
        extraHeaders: [],
        body,
    };
    if (opts.name !== undefined)
        hoa.name = opts.name;
    if (opts.tool)
        hoa.tool = { ...opts.tool };
    return hoa;
}
/**
 * Export a Mealy machine in the form the official formal loader reads (state outputs, outputs
 * emitted by the target state). A Mealy machine whose output depends on the transition is
 * split Moore-style: one HOA state per (state, output arriving in it); a state reached with a
 * single output keeps its name, others get `name#bits`. Reading the result back with
 * `hoaToMealy(..., {outputByState})` gives a machine with the same input/output behaviour
 * (not the same states, so not the same content hash).
 */
export function mealyToStateOutputHoa(m, opts = {}) {
    checkDisjoint(m.input_aps, m.output_aps);
    const nIn = m.input_aps.length;
    const nOut = m.output_aps.length;
    const index = new Map(m.states.map((s, i) => [s, i]));
    const init = index.get(m.initial_state);
    if (init === undefined)
        throw new InputError(`initial state ${JSON.stringify(m.initial_state)} is not in states`, {
            field: "initial_state",
        });
    // Dense table: next state and output code per (state, symbol).
    const nSym = 1 << nIn;
    const next = new Int32Array(m.states.length * nSym);
    const code = new Int32Array(m.states.length * nSym);
    m.states.forEach((name, si) => {
        for (let sym = 0; sym < nSym; sym++) {
            const key = symbolKey(m.input_aps, sym);
            const tr = m.transitions[name]?.[key];
            if (!tr)
                throw new InputError(`automaton is partial: missing transition for state=${name} key=${key}`, {
                    field: `transitions.${name}`,
                });
            const t = index.get(tr.next_state);
            if (t === undefined)
                throw new InputError(`next_state ${JSON.stringify(tr.next_state)} is not in states`, {
                    field: `transitions.${name}.${key}.next_state`,
                });
            let c = 0;
            for (let j = 0; j < nOut; j++) {
                const v = tr.output[m.output_aps[j]] ?? 0;
                if (v !== 0 && v !== 1)
                    throw new InputError(`output value must be 0 or 1, got ${JSON.stringify(v)}`, {
                        field: `transitions.${name}.${key}.output.${m.output_aps[j]}`,
                    });
                if (v === 1)
                    c |= 1 << (nOut - 1 - j);
            }
            next[si * nSym + sym] = t;
            code[si * nSym + sym] = c;
        }
    });
    // Moore states: every (state, output) pair that some transition produces, plus the start.
    const variants = m.states.map(() => new Set());
    for (let i = 0; i < next.length; i++)
        variants[next[i]].add(code[i]);
    if (variants[init].size === 0)
        variants[init].add(0);
    const pairs = [];
    const pairId = new Map();
    variants.forEach((codes, si) => {
        for (const c of [...codes].sort((a, b) => a - b)) {
            pairId.set(si * (1 << nOut) + c, pairs.length);
            pairs.push([si, c]);
        }
    });
    const bits = (c) => Array.from({ length: nOut }, (_, j) => (c >> (nOut - 1 - j)) & 1).join("");
    const names = pairs.map(([si, c]) => variants[si].size === 1 ? m.states[si] : `${m.states[si]}#${bits(c)}`);
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    if (dup !== undefined)
        throw new InputError(`state name ${JSON.stringify(dup)} would be used twice in the Moore split`, {
            field: "states",
        });
    const outputByState = {};
    const body = pairs.map(([si, c], id) => {
        const out = {};
        m.output_aps.forEach((ap, j) => {
            out[ap] = (c >> (nOut - 1 - j)) & 1;
        });
        outputByState[String(id)] = out;
        const edges = [];
        for (let sym = 0; sym < nSym; sym++) {
            let letter = 0;
            for (let i = 0; i < nIn; i++)
                if ((sym >> (nIn - 1 - i)) & 1)
                    letter |= 1 << i;
            const k = si * nSym + sym;
            const target = pairId.get(next[k] * (1 << nOut) + code[k]);
            edges.push({ label: cubeLabel(nIn, letter), targets: [target] });
        }
        return { id, name: names[id], edges };
    });
    const start = pairs.findIndex(([si]) => si === init);
    const hoa = {
        version: "v1",
        states: pairs.length,
        start: [[start]],
        aps: m.input_aps.slice(),
        aliases: [],
        acceptance: { sets: 0, condition: { kind: "bool", value: true } },
        accName: { name: "all", params: [] },
        properties: ["trans-labels", "explicit-labels", "deterministic", "complete"],
        extraHeaders: [],
        body,
    };
    if (opts.name !== undefined)
        hoa.name = opts.name;
    if (opts.tool)
        hoa.tool = { ...opts.tool };
    return { hoa, inputAps: m.input_aps.slice(), outputAps: m.output_aps.slice(), outputByState };
}
//# sourceMappingURL=mealy.js.map