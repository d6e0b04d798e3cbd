import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import {
  type HoaToMealyOptions,
  hoaToMealy,
  mealyToHoa,
  parseHoa,
  writeHoa,
} from "../../../src/gf01/hoa/index.js";
import type { MealyAutomaton } from "../../../src/gf01/model/types.js";

const read = (text: string, opts: HoaToMealyOptions = {}) =>
  hoaToMealy(parseHoa(text, { file: "m.hoa" }), { file: "m.hoa", ...opts });

function errorOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error("expected an error");
}

/** Targets per official key for a one-state-per-valuation automaton. */
const nextOf = (m: MealyAutomaton, state: string) =>
  Object.fromEntries(Object.entries(m.transitions[state]).map(([k, tr]) => [k, tr.next_state]));

describe("hoaToMealy: state-output reading (official output_by_state)", () => {
  // Implicit labels: edge k has AP j true iff bit j of k is set (AP 0 least significant).
  const IMPLICIT = `HOA: v1
States: 4
Start: 0
AP: 2 "a" "b"
Acceptance: 0 t
--BODY--
State: 0
0 1 2 3
State: 1
1 1 1 1
State: 2 "two"
2 2 2 2
State: 3
3 3 3 3
--END--`;
  const outputs = { s0: { y: 0 }, "1": { y: 1 }, two: { y: 0 }, s3: { y: 1 } };

  it("maps implicit edges to official keys (input_aps[0] most significant)", () => {
    const m = read(IMPLICIT, { inputAps: ["a", "b"], outputAps: ["y"], outputByState: outputs });
    expect(m.states).toEqual(["s0", "s1", "two", "s3"]);
    expect(nextOf(m, "s0")).toEqual({ "a=0|b=0": "s0", "a=1|b=0": "s1", "a=0|b=1": "two", "a=1|b=1": "s3" });
    // the same HOA with the inputs listed the other way round
    const r = read(IMPLICIT, { inputAps: ["b", "a"], outputAps: ["y"], outputByState: outputs });
    expect(nextOf(r, "s0")).toEqual({ "b=0|a=0": "s0", "b=0|a=1": "s1", "b=1|a=0": "two", "b=1|a=1": "s3" });
  });

  it("emits the output of the target state (lookup by number first, then by name)", () => {
    const m = read(IMPLICIT, { inputAps: ["a", "b"], outputAps: ["y"], outputByState: outputs });
    const outs = Object.fromEntries(Object.entries(m.transitions.s0).map(([k, tr]) => [k, tr.output.y]));
    expect(outs).toEqual({ "a=0|b=0": 0, "a=1|b=0": 1, "a=0|b=1": 0, "a=1|b=1": 1 });
  });

  it("reads a state label as the label of every outgoing edge", () => {
    const text = `HOA: v1 Start: 0 AP: 1 "a" Acceptance: 0 t --BODY--
State: [0] 0
1
State: [t] 1
0
--END--`;
    expect(
      errorOf(() =>
        read(text, { inputAps: ["a"], outputAps: ["y"], outputByState: { s0: { y: 0 }, s1: { y: 1 } } }),
      ),
    ).toBe("m.hoa:2:1: state 0 (s0) has no edge for a=0 (partial automaton)");
  });

  it("reads an HOA AP that is not an input as 0 (as the official loader)", () => {
    const text = `HOA: v1 Start: 0 AP: 2 "a" "ghost" Acceptance: 0 t --BODY--
State: 0 [!1 & !0] 0 [!1 & 0] 1 State: 1 [t] 1 --END--`;
    const m = read(text, {
      inputAps: ["a"],
      outputAps: ["y"],
      outputByState: { s0: { y: 0 }, s1: { y: 1 } },
    });
    expect(nextOf(m, "s0")).toEqual({ "a=0": "s0", "a=1": "s1" });
  });

  const TWO = `HOA: v1 Start: 0 AP: 1 "a" Acceptance: 0 t --BODY-- State: 0 [t] 0 State: 1 [t] 1 --END--`;
  it("looks output_by_state up by state number before name (official order), even when that is ambiguous", () => {
    const named = `HOA: v1 Start: 0 AP: 1 "a" Acceptance: 0 t --BODY-- State: 0 "x" [t] 1 State: 1 "0" [t] 0 --END--`;
    const m = read(named, {
      inputAps: ["a"],
      outputAps: ["y"],
      outputByState: { x: { y: 0 }, "0": { y: 1 } },
    });
    // state 0 ("x") takes key "0"; state 1 (named "0") has no key "1", so it takes its name "0" too
    expect(m.transitions["0"]["a=0"]).toEqual({ next_state: "x", output: { y: 1 } });
    expect(m.transitions.x["a=0"]).toEqual({ next_state: "0", output: { y: 1 } });
  });

  it("rejects a missing or mismatched output_by_state entry", () => {
    expect(
      errorOf(() => read(TWO, { inputAps: ["a"], outputAps: ["y"], outputByState: { s0: { y: 0 } } })),
    ).toBe("m.hoa: field output_by_state: missing output_by_state mapping for state s1");
    expect(
      errorOf(() =>
        read(TWO, { inputAps: ["a"], outputAps: ["y"], outputByState: { s0: { y: 0 }, s1: { z: 1 } } }),
      ),
    ).toBe(
      'm.hoa: field output_by_state.s1: output_by_state for s1 must match output_aps exactly (["y"]), got ["z"]',
    );
    expect(errorOf(() => read(TWO, { inputAps: ["a"], outputAps: ["a"], outputByState: {} }))).toBe(
      'field output_aps: AP "a" is both an input and an output AP',
    );
  });
});

describe("hoaToMealy: label reading (outputs as APs)", () => {
  const MEALY = `HOA: v1
States: 2
Start: 0
AP: 2 "req" "grant"
controllable-AP: 1
Acceptance: 0 t
--BODY--
State: 0 "idle"
[!0 & !1] 0
[0 & 1] 1
State: 1 "busy"
[!1] 0
--END--`;

  it("takes outputs from controllable-AP and the rest as inputs", () => {
    const m = read(MEALY);
    expect(m).toEqual({
      states: ["idle", "busy"],
      initial_state: "idle",
      input_aps: ["req"],
      output_aps: ["grant"],
      transitions: {
        idle: {
          "req=0": { next_state: "idle", output: { grant: 0 } },
          "req=1": { next_state: "busy", output: { grant: 1 } },
        },
        busy: {
          "req=0": { next_state: "idle", output: { grant: 0 } },
          "req=1": { next_state: "idle", output: { grant: 0 } },
        },
      },
    });
  });

  it("takes outputs from options when controllable-AP is absent", () => {
    const text = MEALY.replace("controllable-AP: 1\n", "");
    expect(read(text, { outputAps: ["grant"] })).toEqual(read(MEALY));
    expect(read(text, { inputAps: ["req"] })).toEqual(read(MEALY));
    expect(errorOf(() => read(text))).toBe(
      'm.hoa: cannot tell output APs from input APs: give outputAps or outputByState, or mark outputs with "controllable-AP:"',
    );
    expect(errorOf(() => read(text, { inputAps: ["req"], outputAps: ["nope"] }))).toBe(
      'm.hoa: AP "nope" is not declared by "AP:" in the automaton',
    );
    expect(
      errorOf(() =>
        read(text.replace('AP: 2 "req" "grant"', 'AP: 3 "req" "grant" "x"'), {
          outputAps: ["grant"],
          inputAps: ["req"],
        }),
      ),
    ).toBe('m.hoa: HOA AP "x" is neither an input nor an output AP');
  });

  it("rejects an edge that leaves an output undetermined", () => {
    const text = MEALY.replace("[!1] 0", "[t] 0");
    expect(errorOf(() => read(text))).toBe(
      "m.hoa:11:1: state 1 does not determine its output on input req=0: both grant=0 and grant=1 are allowed",
    );
  });
});

describe("hoaToMealy: what is not a total deterministic Mealy machine", () => {
  const opts = { inputAps: ["a"], outputAps: ["y"], outputByState: { s0: { y: 0 }, s1: { y: 1 } } };
  const aut = (header: string, body: string) =>
    `HOA: v1\n${header}\nAP: 1 "a"\nAcceptance: 0 t\n--BODY--\n${body}\n--END--\n`;

  it("non-deterministic: two edges overlap on a valuation", () => {
    expect(errorOf(() => read(aut("Start: 0", "State: 0\n[t] 0\n[0] 1\nState: 1\n[t] 1"), opts))).toBe(
      "m.hoa:8:1: state 0 is non-deterministic: edges at lines 7 and 8 both match a=1",
    );
  });

  it("partial: names the state and the valuation", () => {
    expect(errorOf(() => read(aut("Start: 0", "State: 0\n[0] 1\nState: 1\n[t] 1"), opts))).toBe(
      "m.hoa:6:1: state 0 (s0) has no edge for a=0 (partial automaton)",
    );
    expect(errorOf(() => read(aut("States: 2\nStart: 0", "State: 0\n[t] 1"), opts))).toBe(
      'm.hoa: state 1 is declared by "States: 2" but not listed, so it has no edges (partial automaton)',
    );
  });

  it("alternating: universal branching in a target or in Start", () => {
    expect(errorOf(() => read(aut("Start: 0", "State: 0\n[t] 0&1\nState: 1\n[t] 1"), opts))).toBe(
      "m.hoa:7:1: state 0 has an edge to 0&1: universal branching (alternation) is not a Mealy machine",
    );
    expect(errorOf(() => read(aut("Start: 0&1", "State: 0\n[t] 0\nState: 1\n[t] 1"), opts))).toBe(
      'm.hoa: "Start: 0&1" is a universal (alternating) start; a Mealy machine needs one initial state',
    );
  });

  it("initial states: none or several", () => {
    expect(errorOf(() => read(aut("", "State: 0\n[t] 0\nState: 1\n[t] 1"), opts))).toBe(
      'm.hoa: the automaton has no initial state (no "Start:" item)',
    );
    expect(errorOf(() => read(aut("Start: 0\nStart: 1", "State: 0\n[t] 0\nState: 1\n[t] 1"), opts))).toBe(
      "m.hoa: the automaton has 2 initial states; a Mealy machine needs exactly one",
    );
  });

  it("two states with the same name", () => {
    expect(errorOf(() => read(aut("Start: 0", 'State: 0 "s1"\n[t] 0\nState: 1\n[t] 1'), opts))).toBe(
      'm.hoa:8:1: states 0 and 1 have the same name "s1"',
    );
  });
});

describe("mealyToHoa", () => {
  it("writes the label form, which reads back to the same machine", () => {
    const m: MealyAutomaton = {
      states: ["q1", "q0"],
      initial_state: "q0",
      input_aps: ["x", "y"],
      output_aps: ["o"],
      transitions: {
        q0: {
          "x=0|y=0": { next_state: "q0", output: { o: 0 } },
          "x=0|y=1": { next_state: "q1", output: { o: 1 } },
          "x=1|y=0": { next_state: "q1", output: { o: 0 } },
          "x=1|y=1": { next_state: "q0", output: { o: 1 } },
        },
        q1: {
          "x=0|y=0": { next_state: "q1", output: { o: 1 } },
          "x=0|y=1": { next_state: "q1", output: { o: 1 } },
          "x=1|y=0": { next_state: "q0", output: { o: 0 } },
          "x=1|y=1": { next_state: "q0", output: { o: 0 } },
        },
      },
    };
    const text = writeHoa(mealyToHoa(m, { name: "demo" }));
    expect(text).toContain('AP: 3 "x" "y" "o"\ncontrollable-AP: 2\n');
    expect(text).toContain("Start: 1\n");
    // key x=0|y=1 is HOA letter y (AP 1) only; output o=1 is AP 2
    expect(text).toContain('State: 1 "q0"\n[!0 & !1 & !2] 1\n[!0 & 1 & 2] 0\n');
    expect(hoaToMealy(parseHoa(text))).toEqual(m);
  });

  it("rejects a partial machine", () => {
    const m: MealyAutomaton = {
      states: ["a"],
      initial_state: "a",
      input_aps: ["x"],
      output_aps: ["o"],
      transitions: { a: { "x=0": { next_state: "a", output: { o: 0 } } } },
    };
    expect(errorOf(() => mealyToHoa(m))).toBe(
      "field transitions.a: automaton is partial: missing transition for state=a key=x=1",
    );
  });
});
