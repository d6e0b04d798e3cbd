/**
 * Honest baselines (issue 12 point 3): the EVAL-CB baselines are black-box — they cannot
 * reach hidden state, structurally (imports) and at run time (what the runner hands them) —
 * and the default `npm start` panel shows only them on EVAL-CB, with a real spread.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { probeAgent, targetFlipAgent } from "../../../src/gf01/agents/blackbox.js";
import { onlineGreedyAgent, onlineRandomAgent } from "../../../src/gf01/agents/online.js";
import { bundleToJson, generateBundle } from "../../../src/gf01/api.js";
import { parseBundle } from "../../../src/gf01/artifacts/bundle.js";
import { HONEST_PANEL, runGf01MainJob } from "../../../src/gf01/main-job.js";
import type { EpisodeContext, OnlineAgent } from "../../../src/gf01/play/agent.js";
import type { Observation } from "../../../src/gf01/play/observation.js";
import { playBundle } from "../../../src/gf01/play/runner.js";

const BLACK_BOX: readonly OnlineAgent[] = [onlineRandomAgent, onlineGreedyAgent, targetFlipAgent, probeAgent];
const OBS_KEYS = [
  "budget_a_remaining",
  "budget_t_remaining",
  "done",
  "effect_status_t",
  "episode",
  "explore_remaining",
  "goal",
  "history_atoms",
  "mode",
  "outputs",
  "phase",
  "protocol",
  "schema_version",
  "t",
  "t_star",
];

// A stable source of instances: official-0.1 generation is pinned by the parity corpus.
const official = (() => {
  const g = generateBundle({ seeds: Array.from({ length: 60 }, (_, i) => 7000 + i), compat: "official-0.1" });
  return parseBundle(JSON.parse(bundleToJson(g.bundle)), "official-compat");
})();

/** Wrap an agent so every context and observation it receives is recorded. */
function spy(agent: OnlineAgent) {
  const ctxs: EpisodeContext[] = [];
  const obs: Observation[] = [];
  const wrapped: OnlineAgent = {
    name: agent.name,
    start(ctx) {
      ctxs.push(ctx);
      const p = agent.start(ctx) as ReturnType<OnlineAgent["start"]> & { act: (o: Observation) => unknown };
      return {
        act(o: Observation) {
          obs.push(o);
          return p.act(o);
        },
      };
    },
  };
  return { wrapped, ctxs, obs };
}

describe("black-box baselines see only what a player sees", () => {
  it("blackbox.ts imports no model, verifier, generator or artifact code (types of the play API only)", () => {
    const src = readFileSync(
      fileURLToPath(new URL("../../../src/gf01/agents/blackbox.ts", import.meta.url)),
      "utf8",
    );
    const imports = [...src.matchAll(/^import\s+(type\s+)?[^;]*?from\s+"([^"]+)";/gms)].map((m) => ({
      typeOnly: !!m[1],
      from: m[2],
    }));
    expect(imports.length).toBeGreaterThan(0);
    for (const i of imports) {
      expect(i.typeOnly, `value import from ${i.from}`).toBe(true);
      expect(["../play/agent.js", "../play/observation.js"]).toContain(i.from);
    }
  });

  for (const agent of BLACK_BOX)
    it(`${agent.name}: never white-box, gets no instance, receives only canonical observations`, async () => {
      expect(agent.whiteBox).toBeFalsy();
      for (const protocol of ["commit_only", "explore_then_commit"] as const) {
        const s = spy(agent);
        const r = await playBundle({
          bundle: { ...official, instances: official.instances.slice(0, 8) },
          agent: s.wrapped,
          protocol,
        });
        expect(r.ok).toBe(true);
        for (const c of s.ctxs) {
          expect(c.instance).toBeUndefined();
          expect(
            Object.keys(c)
              .filter((k) => c[k as keyof EpisodeContext] !== undefined)
              .sort(),
          ).toEqual(["exploreEpisodes", "goal", "index", "protocol", "seed"]);
        }
        expect(s.obs.length).toBeGreaterThan(0);
        for (const o of s.obs) expect(Object.keys(o).sort()).toEqual(OBS_KEYS);
      }
    });

  it("on official-compat instances: random < target-flip < probe (< the white-box oracle's 1.0)", async () => {
    const rate = async (agent: OnlineAgent, protocol: "commit_only" | "explore_then_commit") => {
      const r = await playBundle({ bundle: official, agent, protocol });
      return r.rows.filter((x) => x.valid).length / r.rows.length;
    };
    const random = await rate(onlineRandomAgent, "commit_only");
    const flip = await rate(targetFlipAgent, "commit_only");
    const probe = await rate(probeAgent, "explore_then_commit");
    expect(flip).toBeGreaterThan(random + 0.1);
    expect(probe).toBeGreaterThan(flip + 0.1);
    expect(probe).toBeLessThan(1);
  });
});

describe("npm start panel", () => {
  it("default: every EVAL-CB row is a black-box agent; white-box only on EVAL-OC; --official-panel labels them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gf01-panel-"));
    const rowsOf = () =>
      readFileSync(join(dir, "runs.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { agent_name: string; eval_track: string; play_protocol: string });
    const r = await runGf01MainJob({ outDir: dir, seeds: [0, 1, 2, 3] });
    expect(r.ok).toBe(true);
    const blackBox = new Set(HONEST_PANEL.map((p) => p.agent.name));
    const rows = rowsOf();
    const cb = rows.filter((x) => x.eval_track === "EVAL-CB");
    expect(new Set(cb.map((x) => x.agent_name))).toEqual(blackBox);
    expect(new Set(rows.filter((x) => x.eval_track !== "EVAL-CB").map((x) => x.agent_name))).toEqual(
      new Set(["BL-04-ExactOracle"]),
    );
    expect(r.legend).toMatch(/BL-04-ExactOracle is WHITE-BOX/);
    const off = await runGf01MainJob({ outDir: dir, seeds: [0, 1], officialPanel: true });
    expect(off.ok).toBe(true);
    expect(
      rowsOf().some((x) => x.eval_track === "EVAL-CB" && x.agent_name === "BL-02-BudgetAwareSearch"),
    ).toBe(true);
    expect(off.legend).toMatch(/WHITE-BOX/);
  });
});
