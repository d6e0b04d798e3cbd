import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadBundle } from "../../../src/gf01/artifacts/bundle.js";
import { compileInstance } from "../../../src/gf01/model/compile.js";
import type { Atom } from "../../../src/gf01/model/types.js";
import { PlaySession } from "../../../src/gf01/play/episode.js";
import { scoreSession } from "../../../src/gf01/play/result.js";
import { enumerateMinimal, verifyCertificate } from "../../../src/gf01/verify/index.js";
import { OFFICIAL_BUNDLE, genBundle } from "./helpers.js";

const { bundle } = genBundle(24);

/** Play a certificate online, one timestep at a time. */
function playCert(s: PlaySession, cert: readonly Atom[]): void {
  while (!s.finished) {
    const t = s.observation().t;
    const set: Record<string, number> = {};
    for (const [tt, ap, v] of cert) if (tt === t) set[ap] = v;
    const r = s.submit(set);
    expect(r.accepted).toBe(true);
  }
}

describe("episode engine", () => {
  it("online play of an exact-oracle witness is certified and re-verifies", async () => {
    const official = await loadBundle(OFFICIAL_BUNDLE);
    for (const inst of [...official.instances, ...bundle.instances]) {
      const ci = compileInstance(inst);
      const w = enumerateMinimal(ci).certificates[0];
      if (!w) continue;
      const s = new PlaySession(inst, ci);
      playCert(s, w);
      const o = scoreSession(s);
      expect(o.verdict).toBe("certified");
      expect(o.certificate).toEqual(
        [...w].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)),
      );
    }
  });

  it("online effect status = offline verifier on random within-budget plays (property)", () => {
    const insts = bundle.instances;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: insts.length - 1 }),
        fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
        (k, noise) => {
          const inst = insts[k];
          const ci = compileInstance(inst);
          const s = new PlaySession(inst, ci);
          let i = 0;
          while (!s.finished) {
            const o = s.observation();
            const set: Record<string, number> = {};
            if (noise[i++ % noise.length] % 3 === 0 && o.budget_t_remaining > 0) {
              const ap = o.goal.input_aps[noise[i++ % noise.length] % o.goal.input_aps.length];
              set[ap] = noise[i++ % noise.length] % 2;
            }
            expect(s.submit(set).accepted).toBe(true);
          }
          const out = scoreSession(s);
          const v = verifyCertificate(ci, out.certificate);
          expect(out.online_goal).toBe(v.goal);
          expect(out.score.valid).toBe(v.valid);
        },
      ),
      { numRuns: 150, seed: 7 },
    );
  });

  it("rejects bad moves with a reason, re-offers the same timestep, never aborts", () => {
    const inst = bundle.instances[0];
    const s = new PlaySession(inst, compileInstance(inst));
    const ap = s.goal.input_aps[0];
    const bad: [unknown, string][] = [
      [[1, 2], "not_an_object"],
      ["x", "not_an_object"],
      [{ nope: 1 }, "unknown_ap"],
      [{ [ap]: 2 }, "bad_value"],
      [{ [ap]: "yes" }, "bad_value"],
      [{ type: "dance" }, "bad_command"],
    ];
    for (const [m, code] of bad) {
      const r = s.submit(m);
      expect(r.accepted).toBe(false);
      expect(r.rejection?.code).toBe(code);
      expect(r.rejection?.message.length).toBeGreaterThan(5);
      expect(r.observation.t).toBe(0);
    }
    // Spend the whole timestep budget, then one more intervention is refused.
    for (let k = 0; k < s.goal.budget_timestep; k++) expect(s.submit({ [ap]: "1" }).accepted).toBe(true);
    const over = s.submit({ [ap]: true });
    expect(over.rejection?.code).toBe("budget_timestep_exceeded");
    expect(s.submit({}).accepted).toBe(true);
    const log = s.rolloutRecords()[0].steps;
    expect(log[s.goal.budget_timestep].rejected.map((r) => r.code)).toEqual(["budget_timestep_exceeded"]);
    expect(log[0].rejected.map((r) => r.code)).toEqual(bad.map((b) => b[1]));
  });

  it("enforces the atom budget on public counters", () => {
    const inst = bundle.instances.find(
      (i) => i.budget_atoms != null && i.budget_atoms < i.automaton.input_aps.length * i.budget_timestep,
    )!;
    const s = new PlaySession(inst, compileInstance(inst));
    const all = Object.fromEntries(s.goal.input_aps.map((a) => [a, 1]));
    let used = 0;
    while (used + s.goal.input_aps.length <= inst.budget_atoms!) {
      expect(s.submit(all).accepted).toBe(true);
      used += s.goal.input_aps.length;
    }
    if (s.observation().budget_t_remaining > 0)
      expect(s.submit(all).rejection?.code).toBe("budget_atoms_exceeded");
  });

  it("records a request equal to the hidden base bit as the player's atom (scored, not hidden)", () => {
    const inst = bundle.instances[1];
    const ci = compileInstance(inst);
    const ap = inst.automaton.input_aps[0];
    const baseBit = inst.base_trace[0][ap];
    const s = new PlaySession(inst, ci);
    s.submit({ [ap]: baseBit });
    expect(s.observation().history_atoms).toEqual([[0, ap, baseBit]]);
    expect(s.observation().budget_t_remaining).toBe(inst.budget_timestep - 1);
    s.end();
    const o = scoreSession(s);
    expect(o.certificate).toEqual([[0, ap, baseBit]]);
    expect(o.score.noops).toEqual([[0, ap, baseBit]]);
    expect(o.score.valid).toBe(false);
  });

  it("explore_then_commit: unscored rollouts, then one scored commit", () => {
    const inst = bundle.instances[2];
    const ci = compileInstance(inst);
    const s = new PlaySession(inst, ci, { protocol: "explore_then_commit", exploreEpisodes: 2 });
    const ap = s.goal.input_aps[0];
    expect(s.observation()).toMatchObject({ phase: "explore", episode: 0, explore_remaining: 1 });
    s.submit({ [ap]: 1 });
    while (!s.observation().done) s.submit({});
    expect(s.observation()).toMatchObject({ phase: "explore", done: true, t: ci.T });
    expect(s.submit({ [ap]: 1 }).rejection?.code).toBe("episode_over");
    s.submit({});
    expect(s.observation()).toMatchObject({
      phase: "explore",
      episode: 1,
      t: 0,
      explore_remaining: 0,
      history_atoms: [],
    });
    s.submit({ type: "commit" });
    expect(s.observation()).toMatchObject({ phase: "commit", episode: 2, t: 0 });
    s.submit({ type: "commit" });
    expect(s.finished).toBe(true);
    const o = scoreSession(s);
    expect(o.exploration_rollouts).toBe(2);
    expect(o.certificate).toEqual([]);
    expect(o.rollouts.map((r) => [r.phase, r.completed])).toEqual([
      ["explore", true],
      ["explore", false],
      ["commit", true],
    ]);
  });

  it("maxInvalidPerStep turns a stuck decision point into a logged skip", () => {
    const inst = bundle.instances[3];
    const s = new PlaySession(inst, compileInstance(inst), { maxInvalidPerStep: 2 });
    s.submit("garbage");
    expect(s.observation().t).toBe(0);
    s.submit("garbage");
    expect(s.observation().t).toBe(1);
    expect(s.rolloutRecords()[0].steps[0]).toMatchObject({
      forced_skip: "invalid_limit",
      set: {},
      atoms: [],
    });
  });

  it("is deterministic: same moves, byte-identical logs", () => {
    const inst = bundle.instances[4];
    const run = () => {
      const s = new PlaySession(inst, compileInstance(inst), {
        protocol: "explore_then_commit",
        exploreEpisodes: 1,
      });
      const ap = s.goal.input_aps[1];
      s.submit({ [ap]: 0 });
      s.submit({ type: "commit" });
      s.submit({ [ap]: 1 });
      s.end();
      return JSON.stringify(scoreSession(s).rollouts);
    };
    expect(run()).toBe(run());
  });
});
