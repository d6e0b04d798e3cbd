import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AccCond,
  type HeaderValue,
  type HoaAutomaton,
  type HoaEdge,
  type HoaState,
  type LabelExpr,
  hoaToMealy,
  mealyToHoa,
  mealyToStateOutputHoa,
  parseHoa,
  writeHoa,
} from "../../../src/gf01/hoa/index.js";
import { compileSystem, symbolKey } from "../../../src/gf01/model/compile.js";
import { runSystem } from "../../../src/gf01/model/simulate.js";
import type { MealyAutomaton } from "../../../src/gf01/model/types.js";

// Names with the characters that need care in HOA strings: quotes, backslashes, newlines, non-ASCII.
const nameChar = fc.constantFrom(
  "a",
  "b",
  "x",
  "0",
  "_",
  " ",
  '"',
  "\\",
  "\n",
  "/*",
  "é",
  "∀",
  "@",
  "[",
  "]",
);
const hoaName = fc.array(nameChar, { minLength: 1, maxLength: 5 }).map((cs) => cs.join(""));

const identifier = fc
  .tuple(
    fc.constantFrom("a", "Z", "_", "p", "Fin"),
    fc.array(fc.constantFrom("a", "1", "-", "_", "Q"), { maxLength: 4 }),
  )
  .map(([h, t]) => h + t.join(""));

const KNOWN = new Set([
  "HOA",
  "States",
  "Start",
  "AP",
  "Alias",
  "Acceptance",
  "acc-name",
  "tool",
  "name",
  "properties",
  "controllable-AP",
  "State",
]);

const headerValue: fc.Arbitrary<HeaderValue> = fc.oneof(
  fc.nat({ max: 99 }).map((value) => ({ type: "int" as const, value })),
  fc.boolean().map((value) => ({ type: "bool" as const, value })),
  hoaName.map((value) => ({ type: "string" as const, value })),
  identifier.map((value) => ({ type: "identifier" as const, value })),
);

function labelArb(nAps: number, aliases: string[]): fc.Arbitrary<LabelExpr> {
  const leaves: fc.Arbitrary<LabelExpr>[] = [fc.boolean().map((value) => ({ kind: "bool" as const, value }))];
  if (nAps > 0) leaves.push(fc.nat({ max: nAps - 1 }).map((index) => ({ kind: "ap" as const, index })));
  if (aliases.length > 0)
    leaves.push(fc.constantFrom(...aliases).map((name) => ({ kind: "alias" as const, name })));
  const leaf = fc.oneof(...leaves);
  const { expr } = fc.letrec<{ expr: LabelExpr }>((tie) => ({
    expr: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leaf,
      tie("expr").map((arg) => ({ kind: "not" as const, arg })),
      fc
        .tuple(fc.constantFrom("and" as const, "or" as const), tie("expr"), tie("expr"))
        .map(([kind, left, right]) => ({ kind, left, right })),
    ),
  }));
  return expr;
}

function accArb(sets: number): fc.Arbitrary<AccCond> {
  const leaves: fc.Arbitrary<AccCond>[] = [fc.boolean().map((value) => ({ kind: "bool" as const, value }))];
  if (sets > 0)
    leaves.push(
      fc
        .tuple(fc.constantFrom("Fin" as const, "Inf" as const), fc.nat({ max: sets - 1 }), fc.boolean())
        .map(([kind, set, negated]) => ({ kind, set, negated })),
    );
  const { cond } = fc.letrec<{ cond: AccCond }>((tie) => ({
    cond: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.oneof(...leaves),
      fc
        .tuple(fc.constantFrom("and" as const, "or" as const), tie("cond"), tie("cond"))
        .map(([kind, left, right]) => ({ kind, left, right })),
    ),
  }));
  return cond;
}

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/** Random structurally valid HOA automata exercising every part of the AST. */
const hoaArb: fc.Arbitrary<HoaAutomaton> = fc
  .record({
    nAps: fc.nat({ max: 3 }),
    nStates: fc.integer({ min: 1, max: 4 }),
    sets: fc.nat({ max: 3 }),
    nAliases: fc.nat({ max: 3 }),
    withStates: fc.boolean(),
  })
  .chain(({ nAps, nStates, sets, nAliases, withStates }) => {
    const aliasNames = Array.from({ length: nAliases }, (_, i) => `@al${i}`);
    const aliases = fc.tuple(
      ...aliasNames.map((name, i) => labelArb(nAps, aliasNames.slice(0, i)).map((expr) => ({ name, expr }))),
    );
    const label = labelArb(nAps, aliasNames);
    const marks = optional(fc.subarray(Array.from({ length: sets }, (_, i) => i)));
    const conj = fc.array(fc.nat({ max: nStates - 1 }), { minLength: 1, maxLength: 2 });
    const edgeCount = 2 ** nAps;
    const state = (id: number): fc.Arbitrary<HoaState> =>
      fc
        .record({
          name: optional(hoaName),
          acc: marks,
          style: fc.constantFrom("explicit", "state-label", "implicit", "none"),
          stateLabel: label,
          explicit: fc.array(fc.record({ label, targets: conj, acc: marks }), { minLength: 1, maxLength: 3 }),
          plain: fc.array(fc.record({ targets: conj, acc: marks }), {
            minLength: edgeCount,
            maxLength: edgeCount,
          }),
        })
        .map(({ name, acc, style, stateLabel, explicit, plain }) => {
          const s: HoaState = { id, edges: [] };
          if (name !== undefined) s.name = name;
          if (acc !== undefined) s.acc = acc;
          const clean = (e: { label?: LabelExpr; targets: number[]; acc?: number[] }): HoaEdge => {
            const out: HoaEdge = { targets: e.targets };
            if (e.label) out.label = e.label;
            if (e.acc !== undefined) out.acc = e.acc;
            return out;
          };
          if (style === "explicit") s.edges = explicit.map(clean);
          else if (style === "state-label") {
            s.label = stateLabel;
            s.edges = plain.slice(0, 2).map(clean);
          } else if (style === "implicit") s.edges = plain.map(clean);
          return s;
        });
    return fc
      .record({
        aps: fc.uniqueArray(hoaName, { minLength: nAps, maxLength: nAps }),
        aliases,
        start: fc.array(conj, { maxLength: 2 }),
        condition: accArb(sets),
        accName: optional(
          fc.record({
            name: identifier,
            params: fc.array(
              headerValue.filter((v) => v.type !== "string"),
              { maxLength: 3 },
            ),
          }),
        ),
        tool: optional(fc.record({ name: hoaName, version: optional(hoaName) }, { requiredKeys: ["name"] })),
        name: optional(hoaName),
        properties: fc.array(identifier, { maxLength: 3 }),
        controllableAps: optional(fc.subarray(Array.from({ length: nAps }, (_, i) => i))),
        extraHeaders: fc.array(
          fc.record({
            name: identifier.filter((n) => !KNOWN.has(n)),
            values: fc.array(headerValue, { maxLength: 3 }),
          }),
          {
            maxLength: 2,
          },
        ),
        body: fc
          .tuple(...Array.from({ length: nStates }, (_, id) => state(id)))
          .chain((ss) => fc.shuffledSubarray(ss, { minLength: nStates })),
      })
      .map((r): HoaAutomaton => {
        const a: HoaAutomaton = {
          version: "v1",
          start: r.start,
          aps: r.aps,
          aliases: [...r.aliases],
          acceptance: { sets, condition: r.condition },
          properties: r.properties,
          extraHeaders: r.extraHeaders,
          body: r.body,
        };
        if (withStates) a.states = nStates;
        if (r.accName) a.accName = r.accName;
        if (r.tool) a.tool = r.tool.version === undefined ? { name: r.tool.name } : r.tool;
        if (r.name !== undefined) a.name = r.name;
        if (r.controllableAps) a.controllableAps = r.controllableAps;
        return a;
      });
  });

/** Random total deterministic Mealy machines with awkward but legal names. */
const mealyArb: fc.Arbitrary<MealyAutomaton> = fc
  .record({
    nIn: fc.nat({ max: 3 }),
    nOut: fc.integer({ min: 1, max: 3 }),
    nStates: fc.integer({ min: 1, max: 5 }),
  })
  .chain(({ nIn, nOut, nStates }) =>
    fc
      .record({
        aps: fc.uniqueArray(hoaName, { minLength: nIn + nOut, maxLength: nIn + nOut }),
        states: fc.uniqueArray(hoaName, { minLength: nStates, maxLength: nStates }),
        init: fc.nat({ max: nStates - 1 }),
        table: fc.array(fc.tuple(fc.nat({ max: nStates - 1 }), fc.nat({ max: 2 ** nOut - 1 })), {
          minLength: nStates << nIn,
          maxLength: nStates << nIn,
        }),
      })
      .map(({ aps, states, init, table }): MealyAutomaton => {
        const input_aps = aps.slice(0, nIn);
        const output_aps = aps.slice(nIn);
        const transitions: MealyAutomaton["transitions"] = {};
        states.forEach((s, si) => {
          transitions[s] = {};
          for (let sym = 0; sym < 1 << nIn; sym++) {
            const [next, code] = table[(si << nIn) + sym];
            const output: Record<string, number> = {};
            output_aps.forEach((ap, j) => {
              output[ap] = (code >> (nOut - 1 - j)) & 1;
            });
            transitions[s][symbolKey(input_aps, sym)] = { next_state: states[next], output };
          }
        });
        return { states, initial_state: states[init], input_aps, output_aps, transitions };
      }),
  );

describe("round trips (fast-check)", () => {
  it("writeHoa → parseHoa gives back an equal automaton, and writing is a fixed point", () => {
    fc.assert(
      fc.property(hoaArb, (a) => {
        const text = writeHoa(a);
        const b = parseHoa(text);
        expect(b).toEqual(a);
        expect(writeHoa(b)).toBe(text);
      }),
      { numRuns: 400, seed: 20240601 },
    );
  });

  it("Mealy → mealyToHoa → writeHoa → parseHoa → hoaToMealy is the identity, and runs agree", () => {
    fc.assert(
      fc.property(mealyArb, fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), (m, rawTrace) => {
        const back = hoaToMealy(parseHoa(writeHoa(mealyToHoa(m))));
        expect(back).toEqual(m);
        const a = compileSystem(m);
        const b = compileSystem(back);
        const trace = rawTrace.map((x) => x % a.nSymbols);
        const ra = runSystem(a, trace);
        const rb = runSystem(b, trace);
        expect(Array.from(rb.outputs)).toEqual(Array.from(ra.outputs));
        expect(Array.from(rb.states).map((s) => b.stateNames[s])).toEqual(
          Array.from(ra.states).map((s) => a.stateNames[s]),
        );
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it("Mealy → mealyToStateOutputHoa → text → hoaToMealy(outputByState) behaves the same on every trace", () => {
    fc.assert(
      fc.property(
        mealyArb.filter((m) => m.input_aps.length > 0),
        fc.array(fc.nat(), { minLength: 1, maxLength: 12 }),
        (m, rawTrace) => {
          const exp = mealyToStateOutputHoa(m);
          const back = hoaToMealy(parseHoa(writeHoa(exp.hoa)), {
            inputAps: exp.inputAps,
            outputAps: exp.outputAps,
            outputByState: JSON.parse(JSON.stringify(exp.outputByState)),
          });
          const a = compileSystem(m);
          const b = compileSystem(back);
          const trace = rawTrace.map((x) => x % a.nSymbols);
          expect(Array.from(runSystem(b, trace).outputs)).toEqual(Array.from(runSystem(a, trace).outputs));
          // at most one HOA state per (state, arriving output) pair
          expect(back.states.length).toBeLessThanOrEqual(m.states.length << m.output_aps.length);
        },
      ),
      { numRuns: 300, seed: 11 },
    );
  });
});
