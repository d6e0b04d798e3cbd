/**
 * Failure classes through the clients and the engine: a closed loopback port, a `.invalid`
 * host, TLS to a plain-http server, 401 / 403 / 404 (model and path), other 4xx, and
 * 500-then-ok. Each gives one line naming the URL and the fix, never the key; permanent ones
 * stop the run at once (bounded attempts), transient ones are retried.
 */
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CommandClient,
  type EvaluateOptions,
  evaluate,
  LlamaCppClient,
  type ModelClient,
  ModelError,
  modelConfigHash,
  OpenAIClient,
  RunGuard,
  RunStoppedError,
  runJobs,
} from "../../../src/core/engine/index.js";
import {
  type Fault,
  type Loopback,
  type ReceivedRequest,
  startLoopback,
} from "../../fixtures/engine/loopback-server.js";
import { fixtures, signal } from "./helpers.js";

const SECRET = "sk-test-DO-NOT-LEAK-1234567890";
const FAST = { maxRetries: 3, baseDelayMs: 5, maxDelayMs: 20 };

/** A loopback port with nothing listening (bound, then closed). */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const openai = (baseUrl: string, env: NodeJS.ProcessEnv = { OPENAI_API_KEY: SECRET }) =>
  new OpenAIClient({ model: "m", baseUrl, env });

async function failure(c: ModelClient): Promise<ModelError> {
  const e = await c
    .complete({ messages: [{ role: "user", content: "hi" }], params: {} }, { signal: signal() })
    .then(
      () => undefined,
      (x: unknown) => x,
    );
  expect(e).toBeInstanceOf(ModelError);
  const err = e as ModelError;
  expect(err.message).not.toContain(SECRET);
  expect(err.message).not.toContain("\n");
  return err;
}

async function withFault<T>(
  fault: Fault | ((r: ReceivedRequest) => Fault),
  fn: (lb: Loopback) => Promise<T>,
): Promise<T> {
  const lb = await startLoopback({ fault: typeof fault === "function" ? fault : () => fault });
  try {
    return await fn(lb);
  } finally {
    await lb.close();
  }
}

describe("classification and messages", () => {
  it("connection refused names the URL and asks whether the server runs", async () => {
    const port = await closedPort();
    const e = await failure(openai(`http://127.0.0.1:${port}/v1`));
    expect(e.kind).toBe("network");
    expect(e.reason).toBe("connection_refused");
    expect(e.message).toBe(
      `cannot reach http://127.0.0.1:${port}/v1: connection refused — is the server running?`,
    );
    // Retryable per attempt (a server may be restarting); the run guard decides when to stop.
    expect(e.retryable).toBe(true);
    expect(e.permanent).toBe(false);
    const l = await failure(new LlamaCppClient({ baseUrl: `http://127.0.0.1:${port}` }));
    expect(l.reason).toBe("connection_refused");
  });

  it("a host that does not resolve is a DNS failure naming the host", async () => {
    const e = await failure(openai("http://no-such-host.invalid/v1"));
    expect(e.kind).toBe("network");
    expect(e.reason).toBe("dns");
    expect(e.message).toMatch(
      /^cannot resolve host 'no-such-host\.invalid' of http:\/\/no-such-host\.invalid\/v1/,
    );
    expect(e.message).toContain("--base-url");
    expect(e.connectFailure).toBe(true);
  });

  it("https to a plain-http server is a permanent TLS error", async () => {
    await withFault({}, async (lb) => {
      const e = await failure(openai(`${lb.url.replace("http:", "https:")}/v1`));
      expect(e.reason).toBe("tls");
      expect(e.permanent).toBe(true);
      expect(e.retryable).toBe(false);
      expect(e.message).toMatch(/^TLS error talking to https:\/\/127\.0\.0\.1:\d+\/v1 .*http vs https/);
    });
  });

  it("401 names the key variable, shows the server's text, and never the key", async () => {
    // The server echoes the Authorization header it got, as some gateways do.
    const echo = (r: ReceivedRequest): Fault => ({
      status: 401,
      body: `{"error":{"message":"Incorrect API key provided: ${String(r.headers.authorization)}"}}`,
    });
    await withFault(echo, async (lb) => {
      const e = await failure(openai(`${lb.url}/v1`));
      expect(e).toMatchObject({ kind: "client", reason: "unauthorized", status: 401, retryable: false });
      expect(e.permanent).toBe(true);
      expect(e.message).toMatch(
        /^401 Unauthorized from http:\/\/127\.0\.0\.1:\d+\/v1: check OPENAI_API_KEY \/ --api-key-env \(the key was rejected\) \(server said: .*Incorrect API key provided: Bearer \[REDACTED\]/,
      );
      const noKey = await failure(new OpenAIClient({ model: "m", baseUrl: `${lb.url}/v1`, env: {} }));
      expect(noKey.message).toContain("no API key was sent: set OPENAI_API_KEY or pass --api-key-env");
      const custom = await failure(
        new OpenAIClient({
          model: "m",
          baseUrl: `${lb.url}/v1`,
          apiKeyEnv: "MY_KEY",
          env: { MY_KEY: SECRET },
        }),
      );
      expect(custom.message).toContain("check MY_KEY / --api-key-env");
    });
  });

  it("403 is permanent and names the model", async () => {
    await withFault({ status: 403, body: '{"error":"forbidden"}' }, async (lb) => {
      const e = await failure(openai(`${lb.url}/v1`));
      expect(e).toMatchObject({ kind: "client", reason: "forbidden", status: 403, permanent: true });
      expect(e.message).toMatch(/^403 Forbidden from http:\/\/127\.0\.0\.1:\d+\/v1: the key may not use 'm'/);
    });
  });

  it("404 about the model points at the model list; 404 otherwise at --base-url", async () => {
    const body = '{"error":{"message":"The model `m` does not exist","code":"model_not_found"}}';
    await withFault({ status: 404, body }, async (lb) => {
      const e = await failure(openai(`${lb.url}/v1/`));
      expect(e).toMatchObject({ kind: "client", reason: "model_not_found", permanent: true });
      expect(e.message).toMatch(
        /^404 model not found: 'm' — list models at http:\/\/127\.0\.0\.1:\d+\/v1\/models \(server said/,
      );
    });
    await withFault({ status: 404, body: "Not Found" }, async (lb) => {
      const e = await failure(openai(lb.url));
      expect(e).toMatchObject({ reason: "not_found", permanent: true });
      expect(e.message).toMatch(
        /^404 Not Found at http:\/\/127\.0\.0\.1:\d+\/chat\/completions — check --base-url \(OpenAI-compatible servers usually end in \/v1\)/,
      );
    });
  });

  it("other 4xx: not retried, not permanent by itself, server text shown", async () => {
    await withFault({ status: 422, body: '{"error":"max_tokens too large"}' }, async (lb) => {
      const e = await failure(openai(`${lb.url}/v1`));
      expect(e).toMatchObject({ kind: "client", reason: "bad_request", status: 422, retryable: false });
      expect(e.permanent).toBe(false);
      expect(e.message).toMatch(/^HTTP 422 from http:\/\/127\.0\.0\.1:\d+\/v1: .*max_tokens too large/);
    });
  });

  it("URLs in messages never carry user:password", async () => {
    const port = await closedPort();
    const e = await failure(openai(`http://user:${SECRET}@127.0.0.1:${port}/v1`));
    expect(e.message).toContain(`http://127.0.0.1:${port}/v1`);
  });
});

// ---------------------------------------------------------------------------------------

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `i${i}`, q: `question ${i}` }));
type Item = ReturnType<typeof items>[number];

function run(client: ModelClient, n: number, extra: Partial<EvaluateOptions<Item>> = {}) {
  return evaluate<Item>({
    items: items(n),
    itemId: (it) => it.id,
    build: (it) => ({
      request: { messages: [{ role: "user", content: it.q }], params: {} },
      promptTemplate: null,
    }),
    client,
    configHash: modelConfigHash({ client: client.descriptor, params: {}, prompt: null }),
    maxConcurrency: 4,
    retry: { maxRetries: 6, baseDelayMs: 500, maxDelayMs: 60_000 },
    timeoutMs: 5_000,
    progress: false,
    ...extra,
  });
}

async function stopped(p: Promise<unknown>): Promise<RunStoppedError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(RunStoppedError);
  return e as RunStoppedError;
}

describe("the engine stops early on permanent failures", () => {
  // Default retry policy on purpose: before, a dead endpoint cost every item ~30 s of backoff.
  it("dead endpoint: stops at the first refused connection, no retries", async () => {
    const port = await closedPort();
    const t0 = performance.now();
    const e = await stopped(run(openai(`http://127.0.0.1:${port}/v1`), 200));
    expect(e.message).toBe(
      `cannot reach http://127.0.0.1:${port}/v1: connection refused — is the server running?`,
    );
    expect(e.error.retryable).toBe(false);
    expect(e.completed).toBe(0);
    expect(performance.now() - t0).toBeLessThan(15_000); // generous: minutes before the fix
  });

  it("DNS failure stops the run", async () => {
    const e = await stopped(run(openai("http://no-such-host.invalid/v1"), 50));
    expect(e.error.reason).toBe("dns");
  });

  for (const [status, reason] of [
    [401, "unauthorized"],
    [403, "forbidden"],
    [404, "model_not_found"],
  ] as const) {
    it(`${status}: one request per worker at most, then stop`, async () => {
      const body = status === 404 ? '{"error":"model m not found"}' : "{}";
      await withFault({ status, body }, async (lb) => {
        const e = await stopped(run(openai(`${lb.url}/v1`), 100));
        expect(e.error.reason).toBe(reason);
        expect(lb.requests.length).toBeLessThanOrEqual(4); // max concurrency, no retries
        expect(e.message).not.toContain(SECRET);
      });
    });
  }

  it("500 then ok: retried, answered, no error", async () => {
    const lb = await startLoopback({
      fault: (r) => (r.attempt === 0 ? { status: 500, body: '{"error":"warming up"}' } : undefined),
    });
    try {
      const r = await run(openai(`${lb.url}/v1`), 3, { retry: FAST });
      expect(r.errors).toEqual([]);
      expect(r.records.map((x) => x.runtime.attempts)).toEqual([2, 2, 2]);
      expect(r.summary.retries).toBe(3);
      expect(r.summary.first_error).toBeNull();
    } finally {
      await lb.close();
    }
  });

  it("a transient error left after retries is an error record, and the summary names the first one", async () => {
    const lb = await startLoopback({
      fault: (r) => (r.prompt === "question 1" ? { status: 503, body: "overloaded" } : undefined),
    });
    try {
      const r = await run(openai(`${lb.url}/v1`), 3, { retry: FAST });
      expect(r.records.map((x) => x.item_id)).toEqual(["i0", "i2"]);
      expect(r.errors).toHaveLength(1);
      expect(r.summary.first_error).toMatchObject({ kind: "server", status: 503 });
      expect(r.summary.first_error?.message).toContain("overloaded");
    } finally {
      await lb.close();
    }
  });

  it("the same failure N times in a row stops the run (--max-consecutive-errors)", async () => {
    await withFault({ status: 400, body: '{"error":"unsupported parameter"}' }, async (lb) => {
      const e = await stopped(
        run(openai(`${lb.url}/v1`), 100, { maxConcurrency: 1, maxConsecutiveErrors: 3 }),
      );
      expect(lb.requests.length).toBe(3);
      expect(e.message).toMatch(
        /^HTTP 400 from .*unsupported parameter.* \(3 requests in a row failed this way; stopping\)$/,
      );
    });
    await withFault({ status: 400, body: "{}" }, async (lb) => {
      const r = await run(openai(`${lb.url}/v1`), 6, { maxConcurrency: 1, maxConsecutiveErrors: 0 });
      expect(r.errors).toHaveLength(6);
    });
  });
});

describe("crashing agent commands", () => {
  const echo = join(fixtures, "echo-model.mjs");
  it("a command that always crashes stops after --max-consecutive-errors runs", async () => {
    const crashing = new CommandClient({
      argv: [process.execPath, echo],
      env: { ...process.env, ECHO_MODEL_FAIL: "1" },
    });
    const e = await stopped(run(crashing, 50, { maxConcurrency: 1, maxConsecutiveErrors: 3 }));
    expect(e.error.kind).toBe("command");
    expect(e.message).toMatch(/exited 3.*\(3 requests in a row failed this way; stopping\)$/);
  });

  it("a missing program stops at once", async () => {
    const e = await stopped(run(new CommandClient({ argv: ["/nonexistent/program-xyz"] }), 50));
    expect(e.error.reason).toBe("cannot_start");
    expect(e.message).toBe(
      "cannot run /nonexistent/program-xyz: ENOENT — check the path and that it is executable (--model command:<program>)",
    );
  });
});

describe("RunGuard", () => {
  const refused = () => new ModelError("network", "refused", { reason: "connection_refused" });
  it("a refused connection is fatal before any success, retried after one", () => {
    const g = new RunGuard(2);
    expect(g.onAttemptError(refused())?.permanent).toBe(true);
    const h = new RunGuard(2);
    h.onSuccess();
    expect(h.onAttemptError(refused())).toBeUndefined();
    expect(h.onJobError(refused())).toBeUndefined();
    expect(h.onJobError(refused())?.message).toMatch(/2 requests in a row/);
  });

  it("a success resets the streak; different failures do not add up", () => {
    const g = new RunGuard(2);
    const e500 = new ModelError("server", "HTTP 500", { status: 500 });
    const e502 = new ModelError("server", "HTTP 502", { status: 502 });
    expect(g.onJobError(e500)).toBeUndefined();
    g.onSuccess();
    expect(g.onJobError(e500)).toBeUndefined();
    expect(g.onJobError(e502)).toBeUndefined();
    expect(g.onJobError(e502)).toBeDefined();
  });

  it("one guard shared by several runJobs calls: after a stop, later calls run nothing", async () => {
    const port = await closedPort();
    const client = openai(`http://127.0.0.1:${port}/v1`);
    const guard = new RunGuard();
    const job = { itemId: "a", trial: 0, item: null, request: { messages: [], params: {} } };
    const seen: string[] = [];
    const s1 = await runJobs([job], {
      client,
      maxConcurrency: 1,
      guard,
      onOutcome: (o) => {
        seen.push(o.error?.reason ?? "ok");
      },
    });
    expect(s1.stopped?.reason).toBe("connection_refused");
    const s2 = await runJobs([job], {
      client,
      maxConcurrency: 1,
      guard,
      onOutcome: () => {
        seen.push("x");
      },
    });
    expect(s2.stopped).toBe(s1.stopped);
    expect(s2.jobs).toBe(0);
    expect(seen).toEqual(["connection_refused"]);
  });
});
