/**
 * Leakage audit (DEC-005, §10): every emitted observation, rejection and R1 screen must be
 * a function of public information and the player's own moves. We replay the same moves on
 * twin instances that differ only in hidden state and require byte-identical output.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileInstance } from "../../../src/gf01/model/compile.js";
import type { Gf01Instance, MealyAutomaton } from "../../../src/gf01/model/types.js";
import { PlaySession } from "../../../src/gf01/play/episode.js";
import { renderObservation } from "../../../src/gf01/play/render-text.js";
import { genBundle } from "./helpers.js";

const { bundle } = genBundle(16, 5200);

type Move = unknown;
type Protocol = "commit_only" | "explore_then_commit";

/**
 * Base bits the transcript cannot depend on: (t, ap) such that every rollout of the session
 * either set ap at t itself or never reached t.
 */
function irrelevantBaseBits(inst: Gf01Instance, moves: readonly Move[], protocol: Protocol): Set<string> {
  const s = new PlaySession(inst, compileInstance(inst), { protocol, exploreEpisodes: 1 });
  for (const m of moves) if (!s.finished) s.submit(m);
  const rollouts = s.rolloutRecords();
  const out = new Set<string>();
  for (let t = 0; t < inst.base_trace.length; t++)
    for (const ap of inst.automaton.input_aps)
      if (rollouts.every((r) => r.steps.length <= t || ap in r.steps[t].set)) out.add(`${t}:${ap}`);
  return out;
}

/**
 * Twin of `inst` with different hidden state but identical observable behaviour under
 * `moves`: states renamed and permuted, a bisimilar copy of every state (the twin starts in
 * the copy of the initial state), and every irrelevant base bit flipped.
 */
function twin(inst: Gf01Instance, moves: readonly Move[], protocol: Protocol, salt: number): Gf01Instance {
  const a = inst.automaton;
  const n = a.states.length;
  const name = (s: string, copy: boolean) =>
    `${copy ? "c" : "h"}${(a.states.indexOf(s) * 7 + salt) % (n * 7 + 3)}_${s.length}`;
  const transitions: MealyAutomaton["transitions"] = {};
  const states: string[] = [];
  for (const copy of [true, false]) {
    for (const s of a.states) {
      const row: Record<string, { next_state: string; output: Record<string, number> }> = {};
      for (const [k, tr] of Object.entries(a.transitions[s]))
        row[k] = { next_state: name(tr.next_state, false), output: { ...tr.output } };
      transitions[name(s, copy)] = row;
      states.push(name(s, copy));
    }
  }
  states.reverse();
  const flip = irrelevantBaseBits(inst, moves, protocol);
  const base = inst.base_trace.map((v, t) => {
    const o = { ...v };
    for (const ap of a.input_aps) if (flip.has(`${t}:${ap}`)) o[ap] = 1 - o[ap];
    return o;
  });
  return {
    ...inst,
    instance_id: `${inst.instance_id}-twin`,
    automaton: { ...a, states, initial_state: name(a.initial_state, true), transitions },
    base_trace: base,
  };
}

/** Everything a player can see, as one string. */
function transcript(
  inst: Gf01Instance,
  moves: readonly Move[],
  protocol: "commit_only" | "explore_then_commit",
): string {
  const s = new PlaySession(inst, compileInstance(inst), { protocol, exploreEpisodes: 1 });
  const out: string[] = [JSON.stringify(s.observation()), renderObservation(s.observation())];
  for (const m of moves) {
    if (s.finished) break;
    const r = s.submit(m);
    out.push(JSON.stringify(r), renderObservation(r.observation));
  }
  return out.join("\n");
}

const moveArb = (aps: string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant({}) },
    {
      weight: 4,
      arbitrary: fc.dictionary(fc.constantFrom(...aps), fc.constantFrom(0, 1), { maxKeys: aps.length }),
    },
    { weight: 1, arbitrary: fc.constantFrom({ bogus: 1 }, { [aps[0]]: 7 }, "x", [], { type: "commit" }) },
  );

describe("leakage audit", () => {
  it("observations, rejections and screens are identical on hidden-state twins (property)", () => {
    const arb = fc
      .integer({ min: 0, max: bundle.instances.length - 1 })
      .chain((k) =>
        fc.tuple(
          fc.constant(k),
          fc.array(moveArb(bundle.instances[k].automaton.input_aps), { minLength: 1, maxLength: 30 }),
          fc.constantFrom("commit_only" as const, "explore_then_commit" as const),
          fc.nat(50),
        ),
      );
    fc.assert(
      fc.property(arb, ([k, moves, protocol, salt]) => {
        const inst = bundle.instances[k];
        const tw = twin(inst, moves, protocol, salt);
        expect(transcript(tw, moves, protocol)).toBe(transcript(inst, moves, protocol));
      }),
      { numRuns: 200, seed: 11 },
    );
  });

  it("the twins really differ in hidden state (the audit is not vacuous)", () => {
    const inst = bundle.instances[0];
    const ap = inst.automaton.input_aps[0];
    const moves = [{ [ap]: 1 }, {}, { [ap]: 0 }];
    const tw = twin(inst, moves, "commit_only", 3);
    expect(tw.base_trace[0][ap]).toBe(1 - inst.base_trace[0][ap]);
    expect(tw.automaton.initial_state).not.toBe(inst.automaton.initial_state);
    expect(tw.automaton.states.length).toBe(2 * inst.automaton.states.length);
  });

  it("catches the official submitted-vs-committed leak (negative control)", () => {
    // The official loop commits only atoms that differ from the base bit and echoes the
    // committed set; on a twin whose base bit differs, that echo differs.
    const inst = bundle.instances[0];
    const ap = inst.automaton.input_aps[0];
    const moves = [{ [ap]: 1 }];
    const tw = twin(inst, moves, "commit_only", 1);
    const officialCommitted = (i: Gf01Instance) => (i.base_trace[0][ap] === 1 ? {} : { [ap]: 1 });
    expect(JSON.stringify(officialCommitted(tw))).not.toBe(JSON.stringify(officialCommitted(inst)));
    // Ours records the request itself on both.
    expect(transcript(tw, moves, "commit_only")).toBe(transcript(inst, moves, "commit_only"));
  });
});
