/**
 * `geb model` as a user runs it (a child process, stderr a pipe): each failure class ends in
 * one stderr line naming the URL and the fix, exit 1, no scores on stdout, within seconds
 * (the old behaviour was minutes of retries); no control characters on a piped stderr, even
 * with --progress; no API key anywhere in the output.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { binPath, buildBins } from "../../helpers/bins.js";
import { ledgerReaderAnswer } from "../../../src/core/engine/index.js";
import { type Fault, type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { kvCommentary } from "../../geb/pipeline/helpers.js";
import { gebIn as runGebIn } from "./geb-in.js";
import { repoRoot } from "./helpers.js";

const SECRET = "sk-test-DO-NOT-LEAK-1234567890";
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f\u009b]/;

interface Ran {
  code: number | null;
  out: string;
  err: string;
  ms: number;
}

function gebCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Ran> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [binPath("geb"), ...args], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, OPENAI_API_KEY: SECRET, OPENAI_BASE_URL: "", CI: "", ...env },
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => {
    out += d;
  });
  child.stderr.on("data", (d) => {
    err += d;
  });
  return new Promise((resolve) =>
    child.on("close", (code) => resolve({ code, out, err, ms: performance.now() - t0 })),
  );
}

/**
 * The same command in-process (the real commander command; stdout, stderr and exit code
 * captured): child processes cost seconds each on a loaded machine, so only two tests spawn.
 */
const gebIn = (args: string[], env: NodeJS.ProcessEnv = {}): Promise<Ran> =>
  runGebIn(args, { OPENAI_API_KEY: SECRET, ...env });

async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

let dir: string;
let data: string;
const servers: Loopback[] = [];
beforeAll(async () => {
  await buildBins(); // the geb CLI bundle: a child starts in ~0.2 s of CPU, not ~1 s under tsx
  dir = mkdtempSync(join(tmpdir(), "ob-cli-fail-"));
  data = kvCommentary(dir, 0, 1);
});
afterAll(async () => {
  for (const s of servers) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

async function faulty(fault: (attempt: number) => Fault | undefined): Promise<Loopback> {
  const s = await startLoopback({ answer: ledgerReaderAnswer, fault: (r) => fault(r.attempt) });
  servers.push(s);
  return s;
}

/** One stderr line, exit 1, nothing on stdout, no key, no control character, seconds. */
function expectOneLineFailure(r: Ran, line: RegExp): void {
  expect(r.err).not.toMatch(CONTROL);
  expect(r.err).not.toContain(SECRET);
  expect(r.out).not.toContain(SECRET);
  const lines = r.err.trimEnd().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(line);
  expect(r.code).toBe(1);
  expect(r.out).toBe("");
  expect(r.ms).toBeLessThan(30_000); // generous for a loaded machine; was 40 minutes
}

const model = (base: string, ...more: string[]) => [
  "model",
  "--data",
  data,
  "--model",
  "openai:m",
  "--base-url",
  base,
  ...more,
];

describe.concurrent("geb model as a child process with a piped stderr", () => {
  it("dead endpoint", async () => {
    const port = await closedPort();
    const r = await gebCli(model(`http://127.0.0.1:${port}/v1`));
    expectOneLineFailure(
      r,
      new RegExp(
        `^geb: cannot reach http://127\\.0\\.0\\.1:${port}/v1: connection refused — is the server running\\?$`,
      ),
    );
  });

  it("500 then ok: retried, scored, exit 0; --progress on a pipe writes plain lines only", async () => {
    const s = await faulty((attempt) => (attempt === 0 ? { status: 500, body: "{}" } : undefined));
    const r = await gebCli(model(`${s.url}/v1`, "--limit", "4", "--progress"));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^model=openai:m protocol=closed_book n=4 value_acc=1\.000 /);
    expect(r.err).not.toMatch(CONTROL);
    expect(r.err).toMatch(/^m \[#+\] 4\/4 .* eta 0s .*tok/m);
    expect(r.err).not.toContain(SECRET);
  });
});

// In-process from here: the same command and checks, without a process start each.
describe("geb model failures", () => {
  it("DNS failure (OPENAI_BASE_URL is read when --base-url is absent)", async () => {
    const r = await gebIn(["model", "--data", data, "--model", "openai:m"], {
      OPENAI_BASE_URL: "http://no-such-host.invalid/v1",
    });
    expectOneLineFailure(
      r,
      /^geb: cannot resolve host 'no-such-host\.invalid' of http:\/\/no-such-host\.invalid\/v1/,
    );
  });

  it("401", async () => {
    const s = await faulty(() => ({ status: 401, body: '{"error":"bad key"}' }));
    const r = await gebIn(model(`${s.url}/v1`));
    expectOneLineFailure(
      r,
      /^geb: 401 Unauthorized from http:\/\/127\.0\.0\.1:\d+\/v1: check OPENAI_API_KEY \/ --api-key-env .*bad key/,
    );
    expect(s.requests.length).toBeLessThanOrEqual(4);
  });

  it("403", async () => {
    const s = await faulty(() => ({ status: 403, body: "{}" }));
    expectOneLineFailure(await gebIn(model(`${s.url}/v1`)), /^geb: 403 Forbidden from /);
  });

  it("404 model (inspect's openai/<model> spelling is accepted with a note)", async () => {
    const s = await faulty(() => ({ status: 404, body: '{"error":"model \'m\' not found"}' }));
    const r = await gebIn(["model", "--data", data, "--model", "openai/m", "--base-url", `${s.url}/v1`]);
    const [note, ...rest] = r.err.split("\n");
    expect(note).toBe("note: reading --model openai/m as openai:m (the colon form is ours)");
    expectOneLineFailure(
      { ...r, err: rest.join("\n") },
      /^geb: 404 model not found: 'm' — list models at http:\/\/127\.0\.0\.1:\d+\/v1\/models/,
    );
  });

  it("without --progress a non-terminal stderr stays empty on success", async () => {
    const s = await faulty(() => undefined);
    const r = await gebIn(model(`${s.url}/v1`, "--limit", "2"));
    expect(r.code).toBe(0);
    expect(r.err).toBe("");
  });
});
