import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { canonicalHash } from "../../../src/core/hash.js";
import { generateBundleInstances } from "../../../src/gf01/generate/bundle.js";
import {
  configHash,
  type DefaultGeneratorConfig,
  defaultConfig,
  officialConfig,
  parseDefaultConfig,
} from "../../../src/gf01/generate/config.js";
import { generateInstance } from "../../../src/gf01/generate/default.js";
import { complexity, complexityScore, computeWindow } from "../../../src/gf01/generate/knobs.js";
import { isRejected } from "../../../src/gf01/generate/official.js";
import { compileInstance } from "../../../src/gf01/model/compile.js";
import { instanceIdFor } from "../../../src/gf01/model/identity.js";
import { effectHolds } from "../../../src/gf01/model/simulate.js";
import { verifyCertificate } from "../../../src/gf01/verify/index.js";
import { bruteFindValid } from "./helpers.js";

const small: DefaultGeneratorConfig = {
  ...defaultConfig(),
  trace_min: 3,
  trace_max: 5,
  states_min: 2,
  states_max: 3,
  n_inputs: 2,
  witness_atoms_weights: [0.3, 0.4, 0.3],
  ident_min_unique_signatures: 3,
  ident_min_response_ratio: 0.3,
};

describe("default generator (oraclebench-gf01-gen/1)", () => {
  it("is deterministic, order-free, and identical in a fresh process", () => {
    const seeds = [3, 1, 4, 15, 9, 2, 6];
    const a = generateBundleInstances(seeds, defaultConfig(), "default");
    const b = generateBundleInstances(seeds.slice().reverse(), defaultConfig(), "default");
    expect(b.instances.slice().reverse()).toEqual(a.instances);
    const h = canonicalHash(a.instances);
    const repo = fileURLToPath(new URL("../../../", import.meta.url));
    const code =
      'import { generateBundleInstances } from "./src/gf01/generate/bundle.ts";' +
      'import { defaultConfig } from "./src/gf01/generate/config.ts";' +
      'import { canonicalHash } from "./src/core/hash.ts";' +
      `process.stdout.write(canonicalHash(generateBundleInstances(${JSON.stringify(seeds)}, defaultConfig(), "default").instances));`;
    const child = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
      cwd: repo,
      encoding: "utf8",
    });
    expect(child).toBe(h);
  });

  it("accepted instances have M(I) ≠ ∅ and the target minimum witness size (brute force)", () => {
    let checked = 0;
    for (let seed = 0; seed < 60; seed++) {
      const r = generateInstance(seed, small);
      if (isRejected(r)) continue;
      const ci = compileInstance(r.instance);
      expect(effectHolds(ci, ci.base)).toBe(false);
      const all = bruteFindValid(ci, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY).certificates;
      expect(all.length).toBeGreaterThan(0);
      const k = Math.min(...all.map((c) => c.length));
      expect(k).toBe(r.stats?.min_witness_atoms);
      expect(k).toBe(r.stats?.target_witness_atoms);
      expect(verifyCertificate(ci, r.witness).valid).toBe(true);
      expect(r.witness).toEqual(all.find((c) => c.length === k));
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
  });

  it("respects its knobs", () => {
    const cfg: DefaultGeneratorConfig = {
      ...defaultConfig(),
      trace_min: 9,
      trace_max: 11,
      states_min: 5,
      states_max: 6,
      n_inputs: 2,
      n_outputs: 3,
      p_hard: 1,
      witness_atoms_weights: [0, 1, 0],
      min_witness_timesteps: 2,
      budget_slack_timesteps: 0,
      budget_slack_atoms: 2,
    };
    const { instances, witnesses, rejected } = generateBundleInstances([...Array(30).keys()], cfg, "default");
    expect(instances.length).toBeGreaterThan(25);
    instances.forEach((inst, i) => {
      const T = inst.base_trace.length;
      expect(T).toBeGreaterThanOrEqual(9);
      expect(T).toBeLessThanOrEqual(11);
      expect(inst.automaton.states.length).toBeGreaterThanOrEqual(5);
      expect(inst.automaton.states.length).toBeLessThanOrEqual(6);
      expect(inst.automaton.input_aps).toEqual(["in0", "in1"]);
      expect(inst.automaton.output_aps).toEqual(["out0", "out1", "out2"]);
      expect(inst.mode).toBe("hard");
      expect(witnesses[i]).toHaveLength(2);
      // two atoms at two distinct timesteps, budget exactly the minimum (slack 0)
      expect(new Set(witnesses[i].map((a) => a[0])).size).toBe(2);
      expect(inst.budget_timestep).toBe(2);
      expect(inst.budget_atoms).toBe(Math.min(T * 2, Math.max(3, 2 + 2)));
      expect(inst.t_star).toBeGreaterThanOrEqual(Math.floor(0.5 * T));
      expect(inst.instance_id).toBe(instanceIdFor({ ...inst, provenance: {} }));
    });
    for (const r of rejected) expect(r.reason).toMatch(/attempts/);
    const normal = generateBundleInstances(
      [...Array(20).keys()],
      { ...defaultConfig(), p_hard: 0 },
      "default",
    );
    for (const inst of normal.instances) {
      expect(inst.mode).toBe("normal");
      const cx = complexity(inst.automaton.states.length, inst.base_trace.length, 3, inst.t_star);
      expect(inst.complexity).toEqual(cx);
      expect(inst.window_size).toBe(
        computeWindow(defaultConfig(), inst.base_trace.length, complexityScore(cx)),
      );
    }
  });

  it("records seeds it cannot accept instead of throwing", () => {
    const impossible: DefaultGeneratorConfig = {
      ...defaultConfig(),
      trace_min: 2,
      trace_max: 3,
      n_inputs: 1,
      witness_atoms_weights: [0, 0, 0, 0, 0, 1],
      max_generation_attempts: 5,
    };
    const r = generateBundleInstances([7, 8, 9], impossible, "default");
    expect(r.instances).toEqual([]);
    expect(r.rejected.map((x) => x.seed)).toEqual([7, 8, 9]);
    expect(r.rejected[0].reason).toMatch(/within 5 attempts for target witness size 6/);
  });

  it("config hash pins every knob and the version; bad configs name the field", () => {
    expect(configHash(defaultConfig())).not.toBe(configHash({ ...defaultConfig(), p_hard: 0.25 }));
    expect(configHash(defaultConfig())).toMatch(/^[0-9a-f]{64}$/);
    expect(parseDefaultConfig({ p_hard: 0.3 }).p_hard).toBe(0.3);
    expect(() => parseDefaultConfig({ trace_min: "8" }, { file: "cfg.json" })).toThrow(InputError);
    expect(() => parseDefaultConfig({ trace_min: 9, trace_max: 8 })).toThrow(/trace_min/);
    expect(() => parseDefaultConfig({ bogus: 1 })).toThrow(/bogus/);
    expect(() => generateBundleInstances([1], officialConfig(), "default")).toThrow(TypeError);
  });
});
