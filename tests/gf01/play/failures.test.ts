/**
 * Failures are errors, never scores (issue 12 point 4): a dead agent command, an agent that
 * exits mid-episode, one that stops answering, a closed endpoint and a 401 each give an error
 * record, one plain stderr line, a non-zero exit and no scored row; the run stops early.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleToJson } from "../../../src/gf01/artifacts/bundle.js";
import { evaluateOnlineAgent } from "../../../src/gf01/play/api.js";
import { playErrorSchema } from "../../../src/gf01/play/runner.js";
import { type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { gf01In } from "../../helpers/cli-in.js";
import { genBundle } from "./helpers.js";

const PY = fileURLToPath(new URL("../../fixtures/gf01/stdio_agent.py", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "gf01-fail-"));
const { json } = genBundle(8, 9700);
const B = join(dir, "bundle.json");
writeFileSync(B, bundleToJson(json));

/**
 * gf01's main in-process, in the bundle's folder: the agents and endpoints that fail are real
 * processes and servers; the CLI around them needs none (its process contract is
 * tests/meta/cli-convention.test.ts).
 */
async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string; ms: number }> {
  const t0 = Date.now();
  return { ...(await gf01In(args, dir)), ms: Date.now() - t0 };
}

const rowsOf = (f: string) => (existsSync(f) ? readFileSync(f, "utf8").split("\n").filter(Boolean) : []);
// Every error line is a valid gf01.play_error.v1 record.
const errorsOf = (f: string) => rowsOf(`${f}.errors.jsonl`).map((l) => playErrorSchema.parse(JSON.parse(l)));

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

let unauthorized: Loopback;
beforeAll(async () => {
  unauthorized = await startLoopback({ fault: () => ({ status: 401, body: '{"error":"bad key"}' }) });
});
afterAll(async () => {
  await unauthorized.close();
});

/** One plain stderr line, no stack trace. */
const oneLine = (stderr: string, re: RegExp) => {
  const lines = stderr.split("\n").filter(Boolean);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(re);
  expect(stderr).not.toMatch(/\n\s+at /);
};

describe("failed agents and endpoints are errors, never scored", () => {
  it("evaluate --agent-cmd /nonexistent: cannot start agent, run stops at once, exit 1", async () => {
    const out = join(dir, "dead.jsonl");
    const r = await run(["evaluate", "--instances", B, "--agent-cmd", "/nonexistent", "--out", out]);
    expect(r.code).toBe(1);
    oneLine(r.stderr, /^gf01: cannot start agent: \/nonexistent: not found$/);
    const p = JSON.parse(r.stdout);
    expect(p).toMatchObject({ status: "error", played: 0, errored: 1, not_played: 7 });
    expect(p.stopped_early).toMatchObject({ kind: "agent_start" });
    expect(rowsOf(out)).toEqual([]); // nothing scored as a miss
    expect(errorsOf(out)).toEqual([
      expect.objectContaining({ status: "error", kind: "agent_start", permanent: true }),
    ]);
  });

  it("play --agent-cmd /nonexistent: one line, exit 1, no payload written", async () => {
    const out = join(dir, "dead-play.json");
    const r = await run(["play", "--instances", B, "--agent-cmd", "/nonexistent", "--out", out]);
    expect(r.code).toBe(1);
    oneLine(r.stderr, /^gf01: cannot start agent: \/nonexistent: not found$/);
    expect(existsSync(out)).toBe(false);
  });

  it("an agent exiting mid-episode: error records, stopped after 3 in a row; --resume retries them", async () => {
    const out = join(dir, "exit.jsonl");
    // Answers two decisions, then exits with code 3.
    const quitter = `sh -c 'read a; echo "{}"; read b; echo "{}"; read c; exit 3'`;
    const r = await run(["evaluate", "--instances", B, "--agent-cmd", quitter, "--out", out]);
    expect(r.code).toBe(1);
    oneLine(r.stderr, /^gf01: agent exited with code 3 before the episode ended \(commit run 0, t=2\)$/);
    const p = JSON.parse(r.stdout);
    expect(p).toMatchObject({ errored: 3, played: 0, not_played: 5 });
    expect(p.stopped_early.reason).toBe("3 consecutive agent_exit failures");
    expect(rowsOf(out)).toEqual([]);
    expect(errorsOf(out).map((e) => e.kind)).toEqual(["agent_exit", "agent_exit", "agent_exit"]);
    // --resume with a working agent plays every errored and unplayed instance, nothing twice.
    const r2 = await run([
      "evaluate",
      "--instances",
      B,
      "--agent-cmd",
      `python3 ${PY}`,
      "--agent-name",
      `stdio:${quitter}`,
      "--out",
      out,
      "--resume",
    ]);
    expect(r2.code).toBe(0);
    expect(JSON.parse(r2.stdout)).toMatchObject({ status: "ok", played: 8, resumed: 0, errored: 0 });
    expect(rowsOf(out)).toHaveLength(8);
    expect(existsSync(`${out}.errors.jsonl`)).toBe(false);
  });

  it("an agent that stops answering times out: error, not a skip", async () => {
    const out = join(dir, "mute.jsonl");
    const r = await evaluateOnlineAgent({
      instancesFile: B,
      agentCmd: "sleep 20",
      agentTimeoutS: 0.3,
      out,
      stopAfterRepeated: 2,
    });
    expect(r.ok).toBe(false);
    expect(r.payload).toMatchObject({ errored: 2, played: 0 });
    expect((r.payload.errors as { kind: string }[])[0].kind).toBe("agent_timeout");
    expect(rowsOf(out)).toEqual([]);
  });

  it("play-llm against a closed port fails in seconds: cannot reach …, exit 1, no rows", async () => {
    const port = await closedPort();
    const res = join(dir, "dead-llm.jsonl");
    const r = await run([
      "play-llm",
      "--instances",
      B,
      "--model",
      "openai:fake",
      "--base-url",
      `http://127.0.0.1:${port}/v1`,
      "--results",
      res,
      "--max-concurrency",
      "1",
      "--no-progress",
    ]);
    expect(r.code).toBe(1);
    oneLine(
      r.stderr,
      new RegExp(
        `^gf01: cannot reach http://127\\.0\\.0\\.1:${port}/v1: connection refused — is the server running\\?$`,
      ),
    );
    expect(JSON.parse(r.stdout)).toMatchObject({ errored: 1, played: 0, not_played: 7 });
    expect(rowsOf(res)).toEqual([]);
    expect(r.ms).toBeLessThan(30_000); // generous bound for a loaded 2-core machine; was minutes
  });

  it("play-llm against a 401 endpoint: one request per attempt budget, permanent error, exit 1", async () => {
    const res = join(dir, "401-llm.jsonl");
    const r = await run([
      "play-llm",
      "--instances",
      B,
      "--model",
      "openai:fake",
      "--base-url",
      `${unauthorized.url}/v1`,
      "--results",
      res,
      "--max-concurrency",
      "1",
      "--no-progress",
    ]);
    expect(r.code).toBe(1);
    oneLine(
      r.stderr,
      /^gf01: http:\/\/127\.0\.0\.1:\d+\/v1 refused the request: HTTP 401 — check the API key$/,
    );
    expect(JSON.parse(r.stdout)).toMatchObject({ errored: 1, played: 0, status: "error" });
    expect(unauthorized.requests.length).toBe(1); // not retried
    expect(rowsOf(res)).toEqual([]);
    expect(errorsOf(res)[0]).toMatchObject({ kind: "model_auth", permanent: true });
  });

  it("a working agent still plays and scores (the error path does not eat successes)", async () => {
    const r = await evaluateOnlineAgent({ instancesFile: B, agent: "online-greedy", limit: 3 });
    expect(r.ok).toBe(true);
    expect(r.payload).toMatchObject({ played: 3, errored: 0 });
  });
});
