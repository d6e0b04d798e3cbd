import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportRunsFile, validateRunsFile } from "../../../src/gf01/api.js";
import { bundleToJson } from "../../../src/gf01/artifacts/bundle.js";
import { evaluateOnlineAgent } from "../../../src/gf01/play/api.js";
import { type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { fakeGf01Model } from "../../fixtures/gf01/fake-llm.js";
import { gf01In } from "../../helpers/cli-in.js";
import { genBundle } from "./helpers.js";

const PY = fileURLToPath(new URL("../../fixtures/gf01/stdio_agent.py", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "gf01-playcli-"));
const { json } = genBundle(12, 9700);
const B = join(dir, "bundle.json");
writeFileSync(B, bundleToJson(json));

/**
 * gf01's main in-process, in the bundle's folder: the stdio agent and the model server are real
 * processes and servers; the CLI around them needs none (its process contract is
 * tests/meta/cli-convention.test.ts).
 */
const run = (args: string[]) => gf01In(args, dir);

let server: Loopback;
beforeAll(async () => {
  server = await startLoopback({ answer: fakeGf01Model });
});
afterAll(async () => {
  await server.close();
});

describe("gf01 play / evaluate / play-llm CLI", () => {
  it("evaluate --agent-cmd: the Python stdio agent plays the bundle; rows validate", async () => {
    const out = join(dir, "py.jsonl");
    const r = await run([
      "evaluate",
      "--instances",
      B,
      "--agent-cmd",
      `python3 ${PY}`,
      "--agent-name",
      "py-agent",
      "--out",
      out,
      "--concurrency",
      "4",
      "--git-commit",
      "c",
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: "ok", played: 12, agent: "py-agent" });
    expect((await validateRunsFile(out, { instancesFile: B, strict: true })).ok).toBe(true);
    // An existing results file is never silently appended to.
    await expect(
      evaluateOnlineAgent({ instancesFile: B, agentCmd: `python3 ${PY}`, agentName: "py-agent", out }),
    ).rejects.toThrow(/file exists; pass --resume/);
  });

  it("evaluate --agent online-oracle is refused off EVAL-OC", async () => {
    const r = await run(["evaluate", "--instances", B, "--agent", "online-oracle"]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ error_type: "track_policy_violation" });
  });

  it("play --agent-cmd writes the official payload shape", async () => {
    const out = join(dir, "payload.json");
    const r = await run([
      "play",
      "--instances",
      B,
      "--instance-index",
      "2",
      "--agent-cmd",
      `python3 ${PY}`,
      "--out",
      out,
      "--git-commit",
      "c",
    ]);
    expect(r.code).toBe(0);
    const p = JSON.parse(readFileSync(out, "utf8"));
    expect(Object.keys(p).sort()).toEqual(["actor", "episode", "instance", "run_contract", "status"]);
    expect(p.run_contract).toMatchObject({
      play_protocol: "commit_only",
      scored_commit_episode: true,
      eval_track: "EVAL-CB",
    });
    expect(p.episode.steps[0]).toHaveProperty("observation");
    expect(p.episode.steps[0]).toHaveProperty("observation_rendered");
    expect(p.episode.steps[0].rejected_actions[0].code).toBe("unknown_ap");
    expect(typeof p.episode.valid).toBe("boolean");
  });

  it("play-llm: EVAL-TA over the loopback server, then --resume adds nothing", async () => {
    const res = join(dir, "llm.jsonl");
    const args = [
      "play-llm",
      "--instances",
      B,
      "--model",
      "openai:fake",
      "--base-url",
      `${server.url}/v1`,
      "--eval-track",
      "EVAL-TA",
      "--results",
      res,
      "--max-concurrency",
      "4",
      "--no-progress",
      "--git-commit",
      "c",
    ];
    const r = await run(args);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: "ok", played: 12, eval_track: "EVAL-TA" });
    const n = server.requests.length;
    const r2 = await run([...args, "--resume"]);
    expect(JSON.parse(r2.stdout)).toMatchObject({ played: 0, resumed: 12 });
    expect(server.requests.length).toBe(n);
    expect((await reportRunsFile(res, { instancesFile: B })).ok).toBe(true);
  });
});
