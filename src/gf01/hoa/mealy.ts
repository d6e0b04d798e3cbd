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
import type { MealyAutomaton, Transition, Valuation } from "../model/types.js";
import { HoaError } from "./errors.js";
import { aliasTable, cubeLabel, evalLabel } from "./label.js";
import { type HoaAutomaton, type HoaState, type LabelExpr, hoaPosition } from "./types.js";

export interface HoaToMealyOptions {
  /** Input APs in official key order (first = most significant). Default: the non-output HOA APs. */
  inputAps?: readonly string[];
  /** Output APs. Default: the `controllable-AP:` APs (label reading only). */
  outputAps?: readonly string[];
  /**
   * Output valuation per state, keyed by state number (as a string) or state name, as in the
   * official `output_by_state`; selects the state-output reading.
   */
  outputByState?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Named in error messages. */
  file?: string;
}

/** Largest input+output AP count the label reading enumerates (2^n letters per state). */
const MAX_LABEL_APS = 20;

/** Name of a state in the Mealy machine: its HOA name, else `s<id>` (official default). */
export function hoaStateName(s: HoaState): string {
  return s.name ?? `s${s.id}`;
}

function valuationText(aps: readonly string[], bits: (i: number) => number): string {
  return aps.map((ap, i) => `${ap}=${bits(i)}`).join("|") || "(no inputs)";
}

/** Effective label of edge `k` of a state: state label, edge label, or implicit label k. */
function edgeLabel(s: HoaState, k: number, nAps: number): LabelExpr {
  return s.label ?? s.edges[k].label ?? cubeLabel(nAps, k);
}

export function hoaToMealy(hoa: HoaAutomaton, opts: HoaToMealyOptions = {}): MealyAutomaton {
  const file = opts.file;
  const fail = (msg: string, node?: object): never => {
    throw new HoaError(msg, node ? hoaPosition(node) : undefined, file);
  };

  // Structure: one plain initial state, no universal branching.
  if (hoa.start.length === 0) fail('the automaton has no initial state (no "Start:" item)');
  if (hoa.start.length > 1)
    fail(`the automaton has ${hoa.start.length} initial states; a Mealy machine needs exactly one`);
  if (hoa.start[0].length > 1)
    fail(
      `"Start: ${hoa.start[0].join("&")}" is a universal (alternating) start; a Mealy machine needs one initial state`,
    );
  const states = hoa.body.slice().sort((a, b) => a.id - b.id);
  const byId = new Map(states.map((s) => [s.id, s]));
  const names = new Map<string, number>();
  for (const s of states) {
    const n = hoaStateName(s);
    const other = names.get(n);
    if (other !== undefined) fail(`states ${other} and ${s.id} have the same name ${JSON.stringify(n)}`, s);
    names.set(n, s.id);
    for (const e of s.edges)
      if (e.targets.length > 1)
        fail(
          `state ${s.id} has an edge to ${e.targets.join("&")}: universal branching (alternation) is not a Mealy machine`,
          e,
        );
  }
  const init = byId.get(hoa.start[0][0]);
  if (!init) fail(`initial state ${hoa.start[0][0]} is not defined in the body`);
  if (hoa.states !== undefined)
    for (let id = 0; id < hoa.states; id++)
      if (!byId.has(id))
        fail(
          `state ${id} is declared by "States: ${hoa.states}" but not listed, so it has no edges (partial automaton)`,
        );
  for (const s of states)
    for (const e of s.edges)
      if (!byId.has(e.targets[0]))
        fail(`state ${e.targets[0]} is a target but has no "State:" entry (partial automaton)`, e);

  const aliases = aliasTable(hoa.aliases);
  const nAps = hoa.aps.length;
  const transitions: MealyAutomaton["transitions"] = {};

  if (opts.outputByState) {
    const inputAps = requireList(opts.inputAps, "inputAps", "the state-output reading");
    const outputAps = requireList(opts.outputAps, "outputAps", "the state-output reading");
    checkDisjoint(inputAps, outputAps);
    // Letter of each input symbol: HOA AP j takes the input's value, or 0 if it is not an input.
    const apToInput = hoa.aps.map((ap) => inputAps.indexOf(ap));
    const nIn = inputAps.length;
    const stateOut = new Map<number, Valuation>();
    for (const s of states) stateOut.set(s.id, stateOutput(opts.outputByState, s, outputAps, file));
    for (const s of states) {
      const row: Record<string, Transition> = {};
      for (let sym = 0; sym < 1 << nIn; sym++) {
        let letter = 0;
        for (let j = 0; j < nAps; j++) {
          const ii = apToInput[j];
          if (ii >= 0 && (sym >> (nIn - 1 - ii)) & 1) letter |= 1 << j;
        }
        const k = uniqueEdge(
          s,
          letter,
          nAps,
          aliases,
          () => valuationText(inputAps, (i) => (sym >> (nIn - 1 - i)) & 1),
          fail,
        );
        const target = byId.get(s.edges[k].targets[0]) as HoaState;
        row[symbolKey(inputAps, sym)] = {
          next_state: hoaStateName(target),
          output: { ...stateOut.get(target.id) },
        };
      }
      transitions[hoaStateName(s)] = row;
    }
    return {
      states: states.map(hoaStateName),
      initial_state: hoaStateName(init as HoaState),
      input_aps: inputAps.slice(),
      output_aps: outputAps.slice(),
      transitions,
    };
  }

  // Label reading: classify every HOA AP as input or output.
  let outputAps: string[];
  if (opts.outputAps) outputAps = opts.outputAps.slice();
  else if (hoa.controllableAps) outputAps = hoa.controllableAps.map((j) => hoa.aps[j]);
  else if (opts.inputAps) outputAps = hoa.aps.filter((ap) => !opts.inputAps?.includes(ap));
  else
    return fail(
      'cannot tell output APs from input APs: give outputAps or outputByState, or mark outputs with "controllable-AP:"',
    );
  const inputAps = opts.inputAps ? opts.inputAps.slice() : hoa.aps.filter((ap) => !outputAps.includes(ap));
  checkDisjoint(inputAps, outputAps);
  for (const ap of [...inputAps, ...outputAps])
    if (!hoa.aps.includes(ap)) fail(`AP ${JSON.stringify(ap)} is not declared by "AP:" in the automaton`);
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
    const row: Record<string, Transition> = {};
    for (let sym = 0; sym < 1 << nIn; sym++) {
      let inLetter = 0;
      for (let i = 0; i < nIn; i++) if ((sym >> (nIn - 1 - i)) & 1) inLetter |= inBit[i];
      const inText = () => valuationText(inputAps, (i) => (sym >> (nIn - 1 - i)) & 1);
      let found: { code: number; edge: number } | undefined;
      for (let code = 0; code < 1 << nOut; code++) {
        let letter = inLetter;
        for (let j = 0; j < nOut; j++) if ((code >> (nOut - 1 - j)) & 1) letter |= outBit[j];
        const k = matchingEdge(
          s,
          letter,
          nAps,
          aliases,
          () => `${inText()} with ${valuationText(outputAps, (j) => (code >> (nOut - 1 - j)) & 1)}`,
          fail,
        );
        if (k < 0) continue;
        if (found)
          fail(
            `state ${s.id} does not determine its output on input ${inText()}: both ${valuationText(outputAps, (j) => (found!.code >> (nOut - 1 - j)) & 1)} and ${valuationText(outputAps, (j) => (code >> (nOut - 1 - j)) & 1)} are allowed`,
            s,
          );
        found = { code, edge: k };
      }
      if (!found) return fail(`state ${s.id} has no edge for input ${inText()} (partial automaton)`, s);
      const output: Valuation = {};
      for (let j = 0; j < nOut; j++) output[outputAps[j]] = (found.code >> (nOut - 1 - j)) & 1;
      const target = byId.get(s.edges[found.edge].targets[0]) as HoaState;
      row[symbolKey(inputAps, sym)] = { next_state: hoaStateName(target), output };
    }
    transitions[hoaStateName(s)] = row;
  }
  return {
    states: states.map(hoaStateName),
    initial_state: hoaStateName(init as HoaState),
    input_aps: inputAps,
    output_aps: outputAps,
    transitions,
  };
}

/** Index of the one edge enabled on `letter`, -1 if none; two enabled edges are an error. */
function matchingEdge(
  s: HoaState,
  letter: number,
  nAps: number,
  aliases: ReturnType<typeof aliasTable>,
  text: () => string,
  fail: (msg: string, node?: object) => never,
): number {
  let hit = -1;
  for (let k = 0; k < s.edges.length; k++) {
    if (!evalLabel(edgeLabel(s, k, nAps), letter, aliases)) continue;
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

/** The one edge enabled on `letter` (as `matchingEdge`); none is an error (a partial automaton). */
function uniqueEdge(...args: Parameters<typeof matchingEdge>): number {
  const [s, , , , text, fail] = args;
  const k = matchingEdge(...args);
  if (k < 0) fail(`state ${s.id} (${hoaStateName(s)}) has no edge for ${text()} (partial automaton)`, s);
  return k;
}

function requireList(v: readonly string[] | undefined, name: string, what: string): string[] {
  if (!v || v.length === 0) throw new InputError(`${what} needs a non-empty ${name}`, { field: name });
  return v.slice();
}

function checkDisjoint(inputs: readonly string[], outputs: readonly string[]): void {
  const dup = (xs: readonly string[]) => xs.find((x, i) => xs.indexOf(x) !== i);
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
function stateOutput(
  table: Readonly<Record<string, Readonly<Record<string, number>>>>,
  s: HoaState,
  outputAps: readonly string[],
  file?: string,
): Valuation {
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
  if (
    keys.length !== want.length ||
    keys
      .slice()
      .sort()
      .some((k, i) => k !== want[i])
  )
    throw new InputError(
      `output_by_state for ${name} must match output_aps exactly (${JSON.stringify(want)}), got ${JSON.stringify(keys.sort())}`,
      {
        file,
        field,
      },
    );
  const out: Valuation = {};
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

export interface MealyToHoaOptions {
  name?: string;
  tool?: { name: string; version?: string };
}

/**
 * The transition of state `name` on input key `key` (official key order), checked: its target's
 * state index and its output bits in output-AP order. Both HOA exports read transitions so.
 */
function checkedTransition(
  m: MealyAutomaton,
  index: ReadonlyMap<string, number>,
  name: string,
  key: string,
): { target: number; outputs: (0 | 1)[] } {
  const tr = m.transitions[name]?.[key];
  if (!tr)
    throw new InputError(`automaton is partial: missing transition for state=${name} key=${key}`, {
      field: `transitions.${name}`,
    });
  const target = index.get(tr.next_state);
  if (target === undefined)
    throw new InputError(`next_state ${JSON.stringify(tr.next_state)} is not in states`, {
      field: `transitions.${name}.${key}.next_state`,
    });
  const outputs = m.output_aps.map((ap): 0 | 1 => {
    const v = tr.output[ap] ?? 0;
    if (v !== 0 && v !== 1)
      throw new InputError(`output value must be 0 or 1, got ${JSON.stringify(v)}`, {
        field: `transitions.${name}.${key}.output.${ap}`,
      });
    return v;
  });
  return { target, outputs };
}

/**
 * Export a Mealy machine as HOA in the label reading: AP = input_aps then output_aps,
 * `controllable-AP:` marks the outputs, state i is `states[i]` (named), and each transition
 * is an edge labeled by the full input cube and its output cube. `hoaToMealy` reads it back
 * to an equal machine.
 */
export function mealyToHoa(m: MealyAutomaton, opts: MealyToHoaOptions = {}): HoaAutomaton {
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
  const body = m.states.map((name, id): HoaState => {
    const row = m.transitions[name];
    if (!row)
      throw new InputError(`missing transitions for state ${JSON.stringify(name)}`, {
        field: `transitions.${name}`,
      });
    const edges = [];
    for (let sym = 0; sym < 1 << nIn; sym++) {
      const { target, outputs } = checkedTransition(m, index, name, symbolKey(m.input_aps, sym));
      // HOA letters put AP 0 in the least significant bit; official keys put input 0 first.
      let letter = 0;
      for (let i = 0; i < nIn; i++) if ((sym >> (nIn - 1 - i)) & 1) letter |= 1 << i;
      for (let j = 0; j < nOut; j++) if (outputs[j] === 1) letter |= 1 << (nIn + j);
      edges.push({ label: cubeLabel(aps.length, letter), targets: [target] });
    }
    return { id, name, edges };
  });
  const hoa: HoaAutomaton = {
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
  if (opts.name !== undefined) hoa.name = opts.name;
  if (opts.tool) hoa.tool = { ...opts.tool };
  return hoa;
}

/** A Moore-style HOA export: the automaton plus the official `output_by_state` table. */
export interface StateOutputHoa {
  hoa: HoaAutomaton;
  inputAps: string[];
  outputAps: string[];
  /**
   * A formal task's `output_by_state`, keyed by HOA state number: the official lookup tries the
   * number before the name, so name keys would be ambiguous when a state is named like another
   * state's number (e.g. a state named "0" that is not state 0).
   */
  outputByState: Record<string, Record<string, number>>;
}

/**
 * Export a Mealy machine in the form the official formal loader reads (state outputs, outputs
 * emitted by the target state). A Mealy machine whose output depends on the transition is
 * split Moore-style: one HOA state per (state, output arriving in it); a state reached with a
 * single output keeps its name, others get `name#bits`. Reading the result back with
 * `hoaToMealy(..., {outputByState})` gives a machine with the same input/output behaviour
 * (not the same states, so not the same content hash).
 */
export function mealyToStateOutputHoa(m: MealyAutomaton, opts: MealyToHoaOptions = {}): StateOutputHoa {
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
      const { target: t, outputs } = checkedTransition(m, index, name, symbolKey(m.input_aps, sym));
      let c = 0;
      for (let j = 0; j < nOut; j++) if (outputs[j] === 1) c |= 1 << (nOut - 1 - j);
      next[si * nSym + sym] = t;
      code[si * nSym + sym] = c;
    }
  });
  // Moore states: every (state, output) pair that some transition produces, plus the start.
  const variants: Set<number>[] = m.states.map(() => new Set<number>());
  for (let i = 0; i < next.length; i++) variants[next[i]].add(code[i]);
  if (variants[init].size === 0) variants[init].add(0);
  const pairs: [number, number][] = [];
  const pairId = new Map<number, number>();
  variants.forEach((codes, si) => {
    for (const c of [...codes].sort((a, b) => a - b)) {
      pairId.set(si * (1 << nOut) + c, pairs.length);
      pairs.push([si, c]);
    }
  });
  const bits = (c: number) => Array.from({ length: nOut }, (_, j) => (c >> (nOut - 1 - j)) & 1).join("");
  const names = pairs.map(([si, c]) =>
    variants[si].size === 1 ? m.states[si] : `${m.states[si]}#${bits(c)}`,
  );
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup !== undefined)
    throw new InputError(`state name ${JSON.stringify(dup)} would be used twice in the Moore split`, {
      field: "states",
    });
  const outputByState: Record<string, Record<string, number>> = {};
  const body: HoaState[] = pairs.map(([si, c], id) => {
    const out: Record<string, number> = {};
    m.output_aps.forEach((ap, j) => {
      out[ap] = (c >> (nOut - 1 - j)) & 1;
    });
    outputByState[String(id)] = out;
    const edges = [];
    for (let sym = 0; sym < nSym; sym++) {
      let letter = 0;
      for (let i = 0; i < nIn; i++) if ((sym >> (nIn - 1 - i)) & 1) letter |= 1 << i;
      const k = si * nSym + sym;
      const target = pairId.get(next[k] * (1 << nOut) + code[k]) as number;
      edges.push({ label: cubeLabel(nIn, letter), targets: [target] });
    }
    return { id, name: names[id], edges };
  });
  const start = pairs.findIndex(([si]) => si === init);
  const hoa: HoaAutomaton = {
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
  if (opts.name !== undefined) hoa.name = opts.name;
  if (opts.tool) hoa.tool = { ...opts.tool };
  return { hoa, inputAps: m.input_aps.slice(), outputAps: m.output_aps.slice(), outputByState };
}
