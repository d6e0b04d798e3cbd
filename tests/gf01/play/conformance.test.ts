/**
 * One conformance suite for the three black-box agent interfaces: the same observation-only
 * policy played in-process, as a Python program over stdio, and as an HTTP client must give
 * byte-identical run rows and step logs.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { validateRunsFile } from "../../../src/gf01/api.js";
import { bundleToJson } from "../../../src/gf01/artifacts/bundle.js";
import { startPlayServer } from "../../../src/gf01/play/http.js";
import { playBundle } from "../../../src/gf01/play/runner.js";
import { stdioAgent } from "../../../src/gf01/play/stdio.js";
import { windowAgent, windowPolicy } from "../../fixtures/gf01/window-agent.js";
import { genBundle } from "./helpers.js";
import { writeFileSync } from "node:fs";

const PY = fileURLToPath(new URL("../../fixtures/gf01/stdio_agent.py", import.meta.url));
const { json, bundle } = genBundle(8, 7300);
const dir = mkdtempSync(join(tmpdir(), "gf01-conf-"));
const bundleFile = join(dir, "bundle.json");
writeFileSync(bundleFile, bundleToJson(json));
const read = (f: string) => readFileSync(f, "utf8");
const NAME = "conf-agent";

describe("agent interface conformance (in-process = stdio = HTTP)", () => {
  it("commit_only: identical rows and step logs; rows re-verify", async () => {
    const a = join(dir, "inproc.jsonl");
    const b = join(dir, "stdio.jsonl");
    const ra = await playBundle({ bundle, agent: windowAgent(NAME), out: a, gitCommit: "c0ffee" });
    expect(ra.ok).toBe(true);
    const rb = await playBundle({
      bundle,
      agent: stdioAgent({ command: `python3 ${PY}`, name: NAME, stderr: () => {} }),
      out: b,
      gitCommit: "c0ffee",
      concurrency: 3,
    });
    expect(rb.payload.errors).toEqual([]);
    expect(read(b)).toBe(read(a));
    expect(read(`${b}.steps.jsonl`)).toBe(read(`${a}.steps.jsonl`));
    expect(read(a).trim().split("\n")).toHaveLength(8);
    const steps = read(`${a}.steps.jsonl`)
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(steps[0].rollouts[0].steps[0].rejected[0].code).toBe("unknown_ap");

    // HTTP: a client drives the session API with the same policy.
    const srv = await startPlayServer({
      bundle: bundleFile,
      dataDir: join(dir, "http"),
      gitCommit: "c0ffee",
    });
    try {
      for (const inst of bundle.instances) {
        const policy = windowPolicy();
        const post = async (path: string, body: unknown) =>
          (await fetch(`${srv.url}/api/gf01${path}`, { method: "POST", body: JSON.stringify(body) })).json();
        let v = await post("/sessions", {
          instance_id: inst.instance_id,
          agent_name: NAME,
          renderer_track: "json",
        });
        const id = v.session_id;
        while (!v.finished) v = await post(`/sessions/${id}/actions`, policy(v.observation));
      }
    } finally {
      await srv.close();
    }
    expect(read(join(dir, "http", "runs.jsonl"))).toBe(read(a));
    expect(read(join(dir, "http", "steps.jsonl"))).toBe(read(`${a}.steps.jsonl`));
    const v = await validateRunsFile(a, { instancesFile: bundleFile, strict: true });
    expect(v.ok).toBe(true);
  });

  it("explore_then_commit: stdio = in-process, rows carry the protocol", async () => {
    const a = join(dir, "ex-inproc.jsonl");
    const b = join(dir, "ex-stdio.jsonl");
    const opts = {
      bundle,
      protocol: "explore_then_commit" as const,
      exploreEpisodes: 1,
      gitCommit: "c0ffee",
    };
    await playBundle({ ...opts, agent: windowAgent(NAME), out: a });
    await playBundle({
      ...opts,
      agent: stdioAgent({ command: `python3 ${PY}`, name: NAME, stderr: () => {} }),
      out: b,
    });
    expect(read(b)).toBe(read(a));
    expect(read(`${b}.steps.jsonl`)).toBe(read(`${a}.steps.jsonl`));
    const rows = read(a)
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(
      rows.every((r) => r.play_protocol === "explore_then_commit" && r.scored_commit_episode === true),
    ).toBe(true);
    const logs = read(`${a}.steps.jsonl`)
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(logs[0].rollouts.map((r: { phase: string; scored: boolean }) => [r.phase, r.scored])).toEqual([
      ["explore", false],
      ["commit", true],
    ]);
  });

  it("an agent that prints garbage never breaks the run (and may stop early by committing)", async () => {
    const out = join(dir, "bad.jsonl");
    const r = await playBundle({
      bundle,
      limit: 3,
      agent: stdioAgent({
        command: `python3 -c "import sys; sys.stdin.readline(); print('not json', flush=True); sys.stdin.readline(); print('{\\"in0\\": 9}', flush=True); sys.stdin.readline(); print('{\\"type\\": \\"commit\\"}', flush=True)"`,
        name: "flaky",
        stderr: () => {},
      }),
      out,
      gitCommit: "c0ffee",
      // 2 of its 3 lines are unusable: past the default share the run is not ok (issue 31), so opt in.
      maxUnparseableShare: 1,
    });
    expect(r.ok).toBe(true);
    expect(r.payload).toMatchObject({ agent_replies: 9, unparseable_replies: 6 });
    const logs = read(`${out}.steps.jsonl`)
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const s0 = logs[0].rollouts[0].steps[0];
    expect(s0.rejected.map((x: { code: string }) => x.code)).toEqual(["not_an_object", "bad_value"]);
    expect(s0.forced_skip).toBe("commit");
  });
});
