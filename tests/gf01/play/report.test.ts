import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reportRunsFile } from "../../../src/gf01/api.js";
import { onlineGreedyAgent, onlineOracleAgent, onlineRandomAgent } from "../../../src/gf01/agents/online.js";
import { bundleToJson } from "../../../src/gf01/artifacts/bundle.js";
import { playBundle } from "../../../src/gf01/play/runner.js";
import { genBundle } from "./helpers.js";

const { json, bundle } = genBundle(10, 9500);
const dir = mkdtempSync(join(tmpdir(), "gf01-rep-"));
const bundleFile = join(dir, "bundle.json");
writeFileSync(bundleFile, bundleToJson(json));
const read = (f: string) => readFileSync(f, "utf8");

describe("reports over played runs (DEC-001/046 separation)", () => {
  it("per-agent, per-track, per-protocol groups; the online oracle is certified everywhere", async () => {
    const out = join(dir, "all.jsonl");
    const c = { bundle, gitCommit: "c0ffee", out, resume: true };
    await playBundle({ ...c, agent: onlineOracleAgent, evalTrack: "EVAL-OC" });
    await playBundle({ ...c, agent: onlineRandomAgent, seed: 3 });
    await playBundle({
      ...c,
      agent: onlineGreedyAgent,
      protocol: "explore_then_commit",
      exploreEpisodes: 40,
    });
    await playBundle({ ...c, agent: onlineGreedyAgent });
    const rep = await reportRunsFile(out, { instancesFile: bundleFile });
    expect(rep.ok).toBe(true);
    const groups = rep.payload.groups as Record<string, unknown>[];
    const by = (agent: string, protocol: string) =>
      groups.filter((g) => g.agent_name === agent && g.play_protocol === protocol);
    const oracle = by("BL-04-ExactOracle-Online", "commit_only");
    expect(oracle.every((g) => g.eval_track === "EVAL-OC" && g.certified_rate === 1)).toBe(true);
    // Greedy with exploration is a separate condition from greedy without it, never pooled.
    const explore = by("BL-01-GreedyLocal-Online", "explore_then_commit");
    const commit = by("BL-01-GreedyLocal-Online", "commit_only");
    expect(explore.length).toBeGreaterThan(0);
    expect(commit.length).toBeGreaterThan(0);
    const rate = (gs: Record<string, unknown>[]) =>
      gs.reduce((s, g) => s + (g.goal_rate as number) * (g.count as number), 0);
    expect(rate(explore)).toBeGreaterThan(rate(commit));
  });

  it("a track-bound agent on another track is a track_mixing error", async () => {
    const oc = join(dir, "oc.jsonl");
    await playBundle({ bundle, agent: onlineOracleAgent, evalTrack: "EVAL-OC", gitCommit: "c", out: oc });
    const asCb = read(oc)
      .trim()
      .split("\n")
      .map((l) => ({
        ...JSON.parse(l),
        eval_track: "EVAL-CB",
        tool_allowlist_id: "none",
        tool_log_hash: "",
      }));
    const bad = join(dir, "mixed.jsonl");
    writeFileSync(bad, `${asCb.map((r) => JSON.stringify(r)).join("\n")}\n`);
    const rep = await reportRunsFile(bad, { instancesFile: bundleFile });
    expect(rep.ok).toBe(false);
    expect(rep.payload).toMatchObject({ error_type: "track_mixing", error_count: 10 });
    expect(rep.payload.errors_preview).toContainEqual(
      expect.stringMatching(/EVAL-OC-only but the row says eval_track=EVAL-CB/),
    );
  });

  it("the same run recorded twice is a duplicate_run error", async () => {
    const a = join(dir, "dup.jsonl");
    await playBundle({ bundle, agent: onlineRandomAgent, gitCommit: "c", out: a, limit: 2 });
    writeFileSync(a, `${read(a) + read(a).split("\n")[0]}\n`);
    const rep = await reportRunsFile(a, { instancesFile: bundleFile });
    expect(rep.payload).toMatchObject({ error_type: "duplicate_run", error_count: 1 });
  });
});
