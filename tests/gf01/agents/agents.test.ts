import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import {
  agentsByName,
  BASELINE_PANEL_FULL,
  exactOracleAgent,
  getAgent,
  greedyAgent,
  listAgents,
  overspecifyAgent,
  randomAgent,
} from "../../../src/gf01/agents/index.js";
import { generateInstance } from "../../../src/gf01/generate/default.js";
import { generateOfficial, isRejected } from "../../../src/gf01/generate/official.js";
import { compileInstance } from "../../../src/gf01/model/compile.js";
import type { Gf01Instance } from "../../../src/gf01/model/types.js";
import { verifyCertificate } from "../../../src/gf01/verify/index.js";

const ref = new URL("../../../../shared/reference/gf01/official_example/", import.meta.url);
const bundle = JSON.parse(readFileSync(new URL("instance_bundle_v1.json", ref), "utf8")) as {
  instances: Gf01Instance[];
};
const runs = readFileSync(new URL("runs_v1_valid.jsonl", ref), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map(
    (l) => JSON.parse(l) as { instance_id: string; agent_name: string; certificate: unknown[]; seed: number },
  );

function sample(kind: "official" | "default", n: number): Gf01Instance[] {
  const out: Gf01Instance[] = [];
  for (let seed = 0; out.length < n; seed++) {
    const r = kind === "official" ? generateOfficial(seed) : generateInstance(seed);
    if (!isRejected(r)) out.push(r.instance);
  }
  return out;
}

describe("baseline agents", () => {
  it("BL-01 proposes the official certificates on the fixture instances", () => {
    expect(runs).toHaveLength(4);
    for (const row of runs) {
      const inst = bundle.instances.find((i) => i.instance_id === row.instance_id)!;
      expect(row.agent_name).toBe(greedyAgent.name);
      expect(greedyAgent.propose(inst, compileInstance(inst), row.seed)).toEqual(row.certificate);
    }
  });

  it("names, tracks and tool allowlists follow the official policy", () => {
    const tracks = Object.fromEntries(
      listAgents().map((a) => [a.id, [a.name, a.eval_track, a.tool_allowlist_id]]),
    );
    expect(tracks).toMatchObject({
      random: ["BL-00-RandomIntervention", "EVAL-CB", "none"],
      greedy: ["BL-01-GreedyLocal", "EVAL-CB", "none"],
      search: ["BL-02-BudgetAwareSearch", "EVAL-CB", "none"],
      tool: ["BL-03-ToolPlanner", "EVAL-TA", "local-planner-v1"],
      oracle: ["BL-04-ExactOracle", "EVAL-OC", "oracle-exact-search-v1"],
    });
    for (const id of BASELINE_PANEL_FULL) expect(getAgent(id).id).toBe(id);
    expect(getAgent(" BL-04 ")).toBe(exactOracleAgent);
    expect(agentsByName.get("BL-01-GreedyLocal")).toBe(greedyAgent);
    expect(() => getAgent("nope")).toThrow(InputError);
  });

  it("the oracle is always valid; overspecify is sufficient but not Min1 unless budgets leave no room", () => {
    let overspecified = 0;
    const insts = [...sample("official", 40), ...sample("default", 40)];
    for (const inst of insts) {
      const ci = compileInstance(inst);
      expect(verifyCertificate(ci, exactOracleAgent.propose(inst, ci, 0)).valid).toBe(true);
      const cert = overspecifyAgent.propose(inst, ci, 0);
      const v = verifyCertificate(ci, cert);
      expect(v.suff).toBe(true);
      if (!v.min1) overspecified++;
      else
        expect(
          cert.length === inst.budget_atoms || new Set(cert.map((a) => a[0])).size === inst.budget_timestep,
        ).toBe(true);
    }
    expect(overspecified).toBeGreaterThan(insts.length * 0.8);
  });

  it("random agent is deterministic per (instance seed, run seed) and respects the budget", () => {
    for (const inst of sample("official", 20)) {
      const ci = compileInstance(inst);
      const a = randomAgent.propose(inst, ci, 3);
      expect(randomAgent.propose(inst, ci, 3)).toEqual(a);
      expect(new Set(a.map((x) => x[0])).size).toBeLessThanOrEqual(inst.budget_timestep);
    }
    const inst = sample("official", 1)[0];
    const ci = compileInstance(inst);
    const runs = new Set([0, 1, 2, 3, 4, 5].map((s) => JSON.stringify(randomAgent.propose(inst, ci, s))));
    expect(runs.size).toBeGreaterThan(1);
  });

  it("greedy single-flip play solves official instances but not our default distribution", () => {
    const rate = (insts: Gf01Instance[]) =>
      insts.filter((inst) => {
        const ci = compileInstance(inst);
        return verifyCertificate(ci, greedyAgent.propose(inst, ci, 0)).valid;
      }).length / insts.length;
    const official = rate(sample("official", 80));
    const ours = rate(sample("default", 80));
    expect(official).toBeGreaterThanOrEqual(0.95);
    expect(ours).toBeLessThanOrEqual(0.7);
  });
});
