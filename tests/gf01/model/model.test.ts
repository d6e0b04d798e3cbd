import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyCertificate,
  compileInstance,
  effectHolds,
  effectHoldsFrom,
  runSystem,
  symbolKey,
} from "../../../src/gf01/model/index.js";
import type { Bit, Gf01Instance, MealyAutomaton } from "../../../src/gf01/model/types.js";

/** A random total Mealy machine in the official table form. */
const machineArb = fc
  .record({
    nStates: fc.integer({ min: 1, max: 4 }),
    nIn: fc.integer({ min: 1, max: 3 }),
    nOut: fc.integer({ min: 1, max: 2 }),
  })
  .chain(({ nStates, nIn, nOut }) =>
    fc
      .array(
        fc.record({
          next: fc.integer({ min: 0, max: nStates - 1 }),
          out: fc.array(fc.integer({ min: 0, max: 1 }), { minLength: nOut, maxLength: nOut }),
        }),
        {
          minLength: nStates << nIn,
          maxLength: nStates << nIn,
        },
      )
      .map((cells): MealyAutomaton => {
        const input_aps = Array.from({ length: nIn }, (_, i) => `in${i}`);
        const output_aps = Array.from({ length: nOut }, (_, i) => `out${i}`);
        const states = Array.from({ length: nStates }, (_, i) => `s${i}`);
        const transitions: MealyAutomaton["transitions"] = {};
        states.forEach((s, si) => {
          transitions[s] = {};
          for (let sym = 0; sym < 1 << nIn; sym++) {
            const c = cells[(si << nIn) + sym];
            transitions[s][symbolKey(input_aps, sym)] = {
              next_state: states[c.next],
              output: Object.fromEntries(output_aps.map((o, j) => [o, c.out[j]])),
            };
          }
        });
        return { states, initial_state: "s0", input_aps, output_aps, transitions };
      }),
  );

/** Reference semantics straight from the spec, on the dict form (no compilation). */
function referenceOutputs(a: MealyAutomaton, trace: Record<string, number>[]): Record<string, number>[] {
  let state = a.initial_state;
  return trace.map((step) => {
    const key = a.input_aps.map((ap) => `${ap}=${step[ap] ?? 0}`).join("|");
    const tr = a.transitions[state][key];
    state = tr.next_state;
    return tr.output;
  });
}

describe("compiled Mealy simulation", () => {
  it("agrees with the dictionary semantics on random machines, traces and certificates", () => {
    fc.assert(
      fc.property(
        machineArb,
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.constantFrom("hard", "normal"),
        (a, T, seed, mode) => {
          let x = seed;
          const bit = () => {
            x = (Math.imul(x, 1103515245) + 12345) >>> 0;
            return (x >>> 16) & 1;
          };
          const base_trace = Array.from({ length: T }, () =>
            Object.fromEntries(a.input_aps.map((ap) => [ap, bit()])),
          );
          const tStar = (seed >>> 3) % T;
          const inst: Gf01Instance = {
            instance_id: "x",
            automaton: a,
            base_trace,
            effect_ap: a.output_aps[0],
            t_star: tStar,
            mode: mode as "hard" | "normal",
            window_size: 1 + (seed % 3),
            budget_timestep: T,
          };
          const ci = compileInstance(inst);
          const cert = a.input_aps.flatMap((ap, i) =>
            bit() ? [[(seed + i) % T, ap, bit() as Bit] as const] : [],
          );
          const trace = base_trace.map((s) => ({ ...s }));
          for (const [t, ap, v] of cert) trace[t][ap] = v;
          const outs = referenceOutputs(a, trace);
          const lo = mode === "hard" ? tStar : Math.max(0, tStar - inst.window_size);
          const expected = outs.slice(lo, tStar + 1).some((o) => o[inst.effect_ap] === 1);
          const sym = applyCertificate(ci, cert);
          expect(effectHolds(ci, sym)).toBe(expected);
          const first = cert.length ? Math.min(...cert.map((c) => c[0])) : T;
          const { states } = runSystem(ci.sys, ci.base);
          expect(effectHoldsFrom(ci, sym, Math.min(first, T), states[Math.min(first, T)])).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("rejects partial automata with a message naming state and key", () => {
    const a: MealyAutomaton = {
      states: ["s0"],
      initial_state: "s0",
      input_aps: ["in0"],
      output_aps: ["out0"],
      transitions: { s0: { "in0=0": { next_state: "s0", output: { out0: 0 } } } },
    };
    expect(() =>
      compileInstance({
        instance_id: "p",
        automaton: a,
        base_trace: [{ in0: 0 }],
        effect_ap: "out0",
        t_star: 0,
        mode: "hard",
        window_size: 1,
        budget_timestep: 1,
      }),
    ).toThrow(/partial: missing transition for state=s0 key=in0=1/);
  });
});
