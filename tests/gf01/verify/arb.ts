import fc from "fast-check";
import { type CompiledInstance, compileInstance, withAtomBudget } from "../../../src/gf01/model/compile.js";
import type { Gf01Instance, MealyAutomaton, Mode, Valuation } from "../../../src/gf01/model/types.js";
import type { RawAtom } from "../../../src/gf01/verify/atoms.js";

/** Binomial sum Σ_{k≤K} C(n, k): the number of subsets brute force will visit at most. */
function subsetsUpTo(n: number, K: number): number {
  let total = 0;
  let c = 1;
  for (let k = 0; k <= Math.min(n, K); k++) {
    total += c;
    c = (c * (n - k)) / (k + 1);
  }
  return total;
}

// AP names deliberately not in alphabetical order, so atom sort order (by name) and the
// official candidate order (by input_aps position) differ.
const IN_NAMES = ["x", "b", "m"];
const OUT_NAMES = ["q", "e"];

export interface Tiny {
  inst: Gf01Instance;
  ci: CompiledInstance;
}

/**
 * Random total Mealy machine instance: 1–4 states, 1–3 inputs, 1–2 outputs, T 1–7, both
 * modes, random budgets. The atom budget is tightened so brute force stays ≤ `maxSubsets`.
 */
export function tinyInstance(
  maxSubsets = 1500,
  states: { min: number; max: number } = { min: 1, max: 4 },
): fc.Arbitrary<Tiny> {
  return fc
    .record({
      nS: fc.integer(states),
      nIn: fc.integer({ min: 1, max: 3 }),
      nOut: fc.integer({ min: 1, max: 2 }),
      T: fc.integer({ min: 1, max: 7 }),
    })
    .chain(({ nS, nIn, nOut, T }) =>
      fc.record({
        nS: fc.constant(nS),
        nIn: fc.constant(nIn),
        nOut: fc.constant(nOut),
        T: fc.constant(T),
        next: fc.array(fc.integer({ min: 0, max: nS - 1 }), { minLength: nS << nIn, maxLength: nS << nIn }),
        // Outputs biased toward 0 so that effects are neither always nor never reachable.
        out: fc.array(fc.integer({ min: 0, max: (1 << nOut) - 1 }), {
          minLength: nS << nIn,
          maxLength: nS << nIn,
        }),
        base: fc.array(fc.integer({ min: 0, max: (1 << nIn) - 1 }), { minLength: T, maxLength: T }),
        tStar: fc.integer({ min: 0, max: T - 1 }),
        mode: fc.constantFrom<Mode>("hard", "normal"),
        w: fc.integer({ min: 0, max: 3 }),
        eff: fc.integer({ min: 0, max: nOut - 1 }),
        bT: fc.integer({ min: -1, max: T }),
        bA: fc.option(fc.integer({ min: -1, max: 5 }), { nil: null }),
        initial: fc.integer({ min: 0, max: nS - 1 }),
      }),
    )
    .map((r) => {
      const inputAps = IN_NAMES.slice(0, r.nIn);
      const outputAps = OUT_NAMES.slice(0, r.nOut);
      const states = Array.from({ length: r.nS }, (_, i) => `s${i}`);
      const transitions: MealyAutomaton["transitions"] = {};
      const nSym = 1 << r.nIn;
      for (let s = 0; s < r.nS; s++) {
        transitions[states[s]] = {};
        for (let sym = 0; sym < nSym; sym++) {
          const key = inputAps.map((ap, i) => `${ap}=${(sym >> (r.nIn - 1 - i)) & 1}`).join("|");
          const code = r.out[s * nSym + sym];
          const output: Valuation = {};
          outputAps.forEach((ap, j) => {
            output[ap] = (code >> (r.nOut - 1 - j)) & 1;
          });
          transitions[states[s]][key] = { next_state: states[r.next[s * nSym + sym]], output };
        }
      }
      const base_trace = r.base.map((sym) =>
        Object.fromEntries(inputAps.map((ap, i) => [ap, (sym >> (r.nIn - 1 - i)) & 1])),
      );
      const n = r.T * r.nIn;
      let bA = r.bA;
      if (bA === null && 2 ** n > maxSubsets) bA = 5;
      while (bA !== null && bA > 0 && subsetsUpTo(n, bA) > maxSubsets) bA--;
      const inst: Gf01Instance = {
        instance_id: "tiny",
        automaton: {
          states,
          initial_state: states[r.initial],
          input_aps: inputAps,
          output_aps: outputAps,
          transitions,
        },
        base_trace,
        effect_ap: outputAps[r.eff],
        t_star: r.tStar,
        mode: r.mode,
        window_size: r.w,
        budget_timestep: r.bT,
        budget_atoms: bA,
      };
      // Scored under the "enforce" atom-budget rule: the tightened B_A keeps brute force small
      // and exercises the budget path; instances with B_A null score as the default rule does.
      return { inst, ci: withAtomBudget(compileInstance(inst), "enforce") };
    });
}

/**
 * Random certificate for an instance: mostly well-formed atoms, with some out-of-range
 * timesteps, unknown APs, bad values, repeats, no-ops and conflicts mixed in.
 */
export function certFor(t: Tiny, maxLen = 5): fc.Arbitrary<RawAtom[]> {
  const aps = t.inst.automaton.input_aps;
  const T = t.ci.T;
  const good = fc.tuple(fc.integer({ min: 0, max: T - 1 }), fc.constantFrom(...aps), fc.constantFrom(0, 1));
  const bad = fc.oneof(
    fc.tuple(fc.constantFrom(-1, T, T + 3), fc.constantFrom(...aps), fc.constantFrom(0, 1)),
    fc.tuple(fc.integer({ min: 0, max: T - 1 }), fc.constant("nope"), fc.constantFrom(0, 1)),
    fc.tuple(fc.integer({ min: 0, max: T - 1 }), fc.constantFrom(...aps), fc.constant(2)),
  );
  const atom = fc.oneof({ weight: 12, arbitrary: good }, { weight: 1, arbitrary: bad });
  return fc
    .tuple(fc.array(atom, { maxLength: maxLen }), fc.boolean())
    .map(([atoms, repeat]) => (repeat && atoms.length > 0 ? [...atoms, atoms[0]] : atoms) as RawAtom[]);
}

/** A certificate made only of flips (the shape of M(I) members), possibly empty. */
export function flipCertFor(t: Tiny, maxLen = 4): fc.Arbitrary<RawAtom[]> {
  const { ci } = t;
  const nIn = ci.sys.nIn;
  return fc.uniqueArray(fc.integer({ min: 0, max: ci.T * nIn - 1 }), { maxLength: maxLen }).map((idxs) =>
    idxs.map((k) => {
      const tt = Math.floor(k / nIn);
      const i = k % nIn;
      return [tt, ci.sys.inputAps[i], 1 - ((ci.base[tt] >> (nIn - 1 - i)) & 1)] as RawAtom;
    }),
  );
}

export const sharedDir = new URL("../../../../shared/reference/gf01/official_example/", import.meta.url);
