import { describe, expect, it } from "vitest";
import { generateBundle } from "../../../src/gf01/api.js";
import { buildRunRecord } from "../../../src/gf01/artifacts/run-record.js";
import { difficultyStratum } from "../../../src/gf01/generate/hardness.js";
import { compileInstance } from "../../../src/gf01/model/compile.js";
import { timestepCost } from "../../../src/gf01/verify/atoms.js";
import { enumerateMinimal } from "../../../src/gf01/verify/index.js";

describe("measured hardness on default-generator instances (issue 12 point 9)", () => {
  const g = generateBundle({ count: 24, seedStart: 500, gitCommit: "x" });

  it("every instance records its knobs and hardness, and the hardness is exact", () => {
    expect(g.instances).toHaveLength(24);
    for (const inst of g.instances) {
      const h = inst.hardness as Record<string, unknown>;
      expect(h.hardness_version).toBe("gf01.hardness.v1");
      const ci = compileInstance(inst);
      const m = enumerateMinimal(ci);
      // independent recomputation from the complete M(I)
      expect(h.m_count).toBe(m.count.toString());
      expect(h.min_witness_atoms).toBe(Math.min(...m.certificates.map((c) => c.length)));
      expect(h.min_witness_timesteps).toBeLessThanOrEqual(
        Math.min(...m.certificates.map((c) => timestepCost(c))),
      );
      expect(h.stratum).toBe(
        difficultyStratum(h.min_witness_atoms as number, h.min_witness_timesteps as number),
      );
      expect(inst.generator_knobs).toMatchObject({
        target_witness_atoms: h.min_witness_atoms,
        trace_length: inst.base_trace.length,
        states: inst.automaton.states.length,
      });
    }
  });

  it("run rows carry the stratum as difficulty_slice", () => {
    const inst = g.instances[0];
    const row = buildRunRecord(
      {
        instance_id: inst.instance_id,
        eval_track: "EVAL-CB",
        renderer_track: "json",
        agent_name: "a",
        certificate: [],
      },
      {
        suff: false,
        min1: false,
        valid: false,
        goal: false,
        eff_t: 0,
        eff_a: 0,
        ap_precision: 0,
        ap_recall: 0,
        ap_f1: 0,
        ts_precision: 0,
        ts_recall: 0,
        ts_f1: 0,
      },
      inst,
    );
    expect(row.difficulty_slice).toBe((inst.hardness as Record<string, unknown>).stratum);
  });

  it("strata: d1 single flip … d4 four+ flips or three+ timesteps", () => {
    expect(difficultyStratum(1, 1)).toBe("d1");
    expect(difficultyStratum(2, 1)).toBe("d2");
    expect(difficultyStratum(2, 2)).toBe("d2");
    expect(difficultyStratum(3, 2)).toBe("d3");
    expect(difficultyStratum(3, 3)).toBe("d4");
    expect(difficultyStratum(4, 1)).toBe("d4");
  });
});

describe("--count N gives exactly N instances or fails loudly", () => {
  it("draws past rejected seeds and records them; seeds + rejected_seeds cover the range", () => {
    // min_witness_timesteps 2 rejects many seeds (it used to give fewer instances than asked)
    const g = generateBundle({
      count: 6,
      seedStart: 2010,
      config: { min_witness_timesteps: 2, max_generation_attempts: 40 },
      gitCommit: "x",
    });
    expect(g.instances).toHaveLength(6);
    expect(g.bundle.count).toBe(6);
    const rej = g.bundle.rejected_seeds as { seed: number; reason: string }[];
    expect(rej.length).toBeGreaterThan(0);
    expect(g.manifest.rejected_seeds).toEqual(rej);
    const all = [...(g.bundle.seeds as number[]), ...rej.map((r) => r.seed)].sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => 2010 + i));
    for (const inst of g.instances) expect(inst.hardness?.min_witness_timesteps).toBeGreaterThanOrEqual(2);
  });

  it("an unreachable count is an InputError naming the count, not a short bundle", () => {
    expect(() =>
      generateBundle({
        count: 2,
        maxSeeds: 3,
        config: { min_witness_timesteps: 9, trace_max: 8, max_generation_attempts: 5 },
        gitCommit: "x",
      }),
    ).toThrow(/only 0 of 2 instances after 3 seeds/);
  });
});
