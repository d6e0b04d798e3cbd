/**
 * The browser's view model (src/web/model.ts) is what both R1 and R2 draw. Property: for random
 * sessions on the official instances, the board shows exactly the observation's per-step
 * content (outputs seen, atoms committed) — read back, it equals the observation — and its input
 * rows follow the public AP order whatever the hidden base trace is.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type LoadedBundle, loadBundle } from "../../src/gf01/artifacts/bundle.js";
import { compileInstance } from "../../src/gf01/model/compile.js";
import type { Gf01Instance } from "../../src/gf01/model/types.js";
import { PlaySession } from "../../src/gf01/play/episode.js";
import {
  boardModel,
  cycle,
  goalSentence,
  modeMeaning,
  observationFromBoard,
  stepFeedback,
} from "../../src/web/model.js";
import { officialBundle } from "./helpers.js";

let bundle: LoadedBundle;
beforeAll(async () => {
  bundle = await loadBundle(officialBundle);
});

const moveArb = fc.array(
  fc.dictionary(fc.constantFrom("in0", "in1", "in2"), fc.constantFrom(0, 1), { maxKeys: 2 }),
  { minLength: 0, maxLength: 12 },
);

describe("web view model", () => {
  it("board read-back equals the observation at every decision point (R1/R2 show O(s_t), no more)", () => {
    fc.assert(
      fc.property(fc.nat(3), moveArb, fc.boolean(), (idx, moves, explore) => {
        const inst = bundle.instances[idx];
        const s = new PlaySession(inst, compileInstance(inst), {
          protocol: explore ? "explore_then_commit" : "commit_only",
          exploreEpisodes: 1,
        });
        let prev = s.observation();
        for (const m of moves) {
          const o = s.submit(m).observation;
          const cols = boardModel(o, {});
          expect(observationFromBoard(cols)).toEqual({ outputs: o.outputs, history_atoms: o.history_atoms });
          expect(cols.length).toBe(o.goal.T);
          expect(cols.filter((c) => c.state === "current").length).toBe(o.done ? 0 : 1);
          for (const c of cols) {
            expect(c.inputs.map((x) => x.ap)).toEqual(o.goal.input_aps);
            expect(c.isTarget).toBe(c.t === o.goal.t_star);
          }
          // Feedback mentions only what the observation says.
          for (const line of stepFeedback(prev, o)) expect(line).not.toMatch(/base|hidden|state s\d/);
          prev = o;
          if (s.finished) break;
        }
      }),
      { numRuns: 200 },
    );
  });

  it("the draft shows only in the current column; clicking cycles keep → 1 → 0 → keep", () => {
    const inst = bundle.instances[0];
    const s = new PlaySession(inst, compileInstance(inst));
    s.submit({ in0: 1 });
    const cols = boardModel(s.observation(), { in1: 0 });
    expect(cols[1].inputs.map((c) => c.draft)).toEqual([null, 0, null]);
    expect(cols[0].inputs.map((c) => c.committed)).toEqual([1, null, null]);
    for (const c of cols) if (c.t !== 1) expect(c.inputs.every((x) => x.draft === null)).toBe(true);
    expect([cycle(null), cycle(1), cycle(0)]).toEqual([1, 0, null]);
  });

  it("input rows never depend on hidden information: twins with other base traces render identically before play", () => {
    const inst = bundle.instances[2];
    const twin: Gf01Instance = {
      ...inst,
      base_trace: inst.base_trace.map((v) =>
        Object.fromEntries(Object.entries(v).map(([k, b]) => [k, 1 - b])),
      ),
    };
    const a = boardModel(new PlaySession(inst, compileInstance(inst)).observation());
    const b = boardModel(new PlaySession(twin, compileInstance(twin)).observation());
    expect(b).toEqual(a);
  });

  it("goal panel text states target, step and window from the public goal", () => {
    const g = new PlaySession(bundle.instances[2], compileInstance(bundle.instances[2])).goal;
    expect(g.mode).toBe("normal");
    expect(goalSentence(g)).toBe(
      `Make ${g.effect_ap} = 1 at least once in steps ${g.window_lo}–${g.window_hi}.`,
    );
    expect(modeMeaning(g)).toContain(`from ${g.window_lo} to ${g.window_hi}`);
    const h = new PlaySession(bundle.instances[0], compileInstance(bundle.instances[0])).goal;
    expect(goalSentence(h)).toBe(`Make ${h.effect_ap} = 1 exactly at step ${h.t_star}.`);
  });
});
