/**
 * The engine against a real loopback server: retries and backoff (429 with Retry-After,
 * 5xx, timeouts, garbage bodies), bounded concurrency, cache (hits skip the server and carry
 * no latency; errors never cached), trials, invalid outputs recorded and not fatal, and no
 * API key in any artifact.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  AdaptiveLimiter,
  backoffDelay,
  type EngineRecord,
  evaluate,
  LlamaCppClient,
  modelConfigHash,
  OpenAIClient,
  parseRetryAfter,
  RunStoppedError,
  readResults,
} from "../../../src/core/engine/index.js";
import { type Loopback, type LoopbackOptions, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { withTmp } from "./helpers.js";

const FAST_RETRY = { maxRetries: 4, baseDelayMs: 5, maxDelayMs: 50 };
let server: Loopback | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(opts: LoopbackOptions) {
  server = await startLoopback(opts);
  return server;
}

const items = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `item-${String(i).padStart(3, "0")}`, q: `question ${i}` }));
type Item = ReturnType<typeof items>[number];

function run(
  client: OpenAIClient | LlamaCppClient,
  list: Item[],
  extra: Partial<Parameters<typeof evaluate<Item>>[0]> = {},
) {
  return evaluate<Item>({
    items: list,
    itemId: (it) => it.id,
    build: (it) => ({
      request: { messages: [{ role: "user", content: it.q }], params: { seed: 0 } },
      promptTemplate: "t@1",
    }),
    interpret: (_it, text) => ({
      answer: text.startsWith("ANSWER") ? text : null,
      invalid_reason: text.startsWith("ANSWER") ? null : "not an answer",
    }),
    client,
    configHash: modelConfigHash({ client: client.descriptor, params: { seed: 0 }, prompt: "t@1" }),
    maxConcurrency: 4,
    retry: FAST_RETRY,
    timeoutMs: 5_000,
    progress: false,
    ...extra,
  });
}

const deterministic = (r: EngineRecord) => {
  const { runtime: _runtime, ...rest } = r;
  return rest;
};

describe("retries and backoff", () => {
  it("recovers from 429, 500, garbage bodies and timeouts; counts attempts", async () => {
    const s = await serve({
      answer: (p) => `ANSWER ${p}`,
      fault: (r) => {
        const n = Number(r.prompt.split(" ")[1]);
        if (r.attempt > 0) return undefined;
        if (n % 5 === 1)
          return { status: 429, headers: { "retry-after-ms": "20" }, body: '{"error":"slow down"}' };
        if (n % 5 === 2) return { status: 503, body: "overloaded" };
        if (n % 5 === 3) return { status: 200, body: '{"choices": [' };
        if (n % 5 === 4) return { hang: true };
        return undefined;
      },
    });
    const client = new OpenAIClient({ model: "m", baseUrl: `${s.url}/v1`, env: {} });
    const res = await run(client, items(20), { timeoutMs: 1000 });
    expect(res.errors).toEqual([]);
    expect(res.records).toHaveLength(20);
    for (const r of res.records) {
      const n = Number(r.item_id.slice(5));
      expect(r.raw_text).toBe(`ANSWER question ${n}`);
      expect(r.runtime.attempts).toBe(n % 5 === 0 ? 1 : 2);
    }
    expect(res.summary.retries).toBe(16);
    expect(res.summary.rate_limited).toBe(4);
    expect(s.requests.length).toBe(36);
  });

  it("honours Retry-After in seconds before the next attempt", async () => {
    const s = await serve({
      answer: () => "ANSWER",
      fault: (r) =>
        r.attempt === 0 ? { status: 429, headers: { "retry-after": "1" }, body: "{}" } : undefined,
    });
    const client = new OpenAIClient({ model: "m", baseUrl: `${s.url}/v1`, env: {} });
    const res = await run(client, items(1));
    expect(res.records[0].runtime.attempts).toBe(2);
    // A lower bound only: load can make the gap longer, never shorter.
    expect(s.requests[1].at - s.requests[0].at).toBeGreaterThanOrEqual(950);
  });

  it("does not retry 4xx; gives up after maxRetries; the run goes on and failures are not results", async () => {
    const s = await serve({
      answer: (p) => `ANSWER ${p}`,
      fault: (r) => {
        if (r.prompt === "question 1") return { status: 400, body: '{"error":"context too long"}' };
        if (r.prompt === "question 2") return { status: 500, body: "always down" };
        return undefined;
      },
    });
    await withTmp(async (dir) => {
      const client = new OpenAIClient({ model: "m", baseUrl: `${s.url}/v1`, env: {} });
      const resultsPath = join(dir, "results.jsonl");
      const res = await run(client, items(5), { resultsPath });
      expect(res.records.map((r) => r.item_id)).toEqual(["item-000", "item-003", "item-004"]);
      expect(res.errors.map((e) => [e.item_id, e.error.kind, e.attempts])).toEqual(
        expect.arrayContaining([
          ["item-001", "client", 1],
          ["item-002", "server", 5],
        ]),
      );
      expect(s.requests.filter((r) => r.prompt === "question 1")).toHaveLength(1);
      expect(s.requests.filter((r) => r.prompt === "question 2")).toHaveLength(5);
      expect((await readResults(resultsPath)).map((r) => r.item_id).sort()).toEqual([
        "item-000",
        "item-003",
        "item-004",
      ]);
      const errLines = (await readFile(`${resultsPath}.errors.jsonl`, "utf8")).trim().split("\n");
      expect(errLines).toHaveLength(2);
    });
  });

  it("backoff: full jitter below the cap, never below Retry-After", () => {
    const p = { maxRetries: 5, baseDelayMs: 100, maxDelayMs: 1000 };
    for (let a = 0; a < 8; a++) {
      for (const u of [0, 0.5, 0.999]) {
        const d = backoffDelay(a, p, undefined, () => u);
        expect(d).toBeLessThanOrEqual(Math.min(1000, 100 * 2 ** a));
        expect(d).toBeGreaterThanOrEqual(0);
        expect(backoffDelay(a, p, 2500, () => u)).toBeGreaterThanOrEqual(2500);
      }
    }
    const h = new Headers({ "retry-after": "Wed, 21 Oct 2015 07:28:30 GMT" });
    expect(parseRetryAfter(h, Date.parse("Wed, 21 Oct 2015 07:28:00 GMT"))).toBe(30_000);
    expect(parseRetryAfter(new Headers({ "retry-after": "3" }))).toBe(3000);
    expect(parseRetryAfter(new Headers({ "retry-after-ms": "250", "retry-after": "3" }))).toBe(250);
    expect(parseRetryAfter(new Headers())).toBeUndefined();
  });

  it("adaptive limiter halves on 429 and climbs back one slot per streak of successes", async () => {
    const l = new AdaptiveLimiter(16);
    l.onRateLimit();
    expect(l.limit).toBe(8);
    l.onRateLimit();
    expect(l.limit).toBe(4);
    for (let i = 0; i < 4; i++) l.onSuccess();
    expect(l.limit).toBe(5);
    for (let i = 0; i < 200; i++) l.onSuccess();
    expect(l.limit).toBe(16);
    for (let i = 0; i < 10; i++) l.onRateLimit();
    expect(l.limit).toBe(1);
  });
});

describe("concurrency", () => {
  it("never has more than --max-concurrency requests in flight, and does overlap them", async () => {
    const s = await serve({ latencyMs: 30, answer: () => "ANSWER" });
    const client = new LlamaCppClient({ baseUrl: s.url });
    const res = await run(client, items(40), { maxConcurrency: 6 });
    expect(res.records).toHaveLength(40);
    expect(s.maxInFlight).toBeLessThanOrEqual(6);
    expect(s.maxInFlight).toBeGreaterThan(1);
  });
});

describe("cache", () => {
  it("second run is served from disk: no requests, same deterministic records, no latency; errors never cached", async () => {
    const s = await serve({
      answer: (p) => `ANSWER ${p}`,
      fault: (r) => (r.prompt === "question 3" ? { status: 400, body: "{}" } : undefined),
    });
    await withTmp(async (dir) => {
      const client = new LlamaCppClient({ baseUrl: s.url });
      const cacheDir = join(dir, "cache");
      const a = await run(client, items(8), { cacheDir });
      expect(a.summary.live_calls).toBe(7);
      expect(a.summary.latency?.n).toBe(7);
      const n0 = s.requests.length;
      const b = await run(client, items(8), { cacheDir });
      expect(s.requests.length - n0).toBe(1); // only the failed item goes to the server again
      expect(b.summary.cache_hits).toBe(7);
      expect(b.summary.live_calls).toBe(0);
      expect(b.summary.latency).toBeNull();
      expect(b.records.every((r) => r.runtime.cached && r.runtime.latency_ms === null)).toBe(true);
      expect(b.records.map(deterministic)).toEqual(a.records.map(deterministic));
      // A different trial or model is a different key.
      const c = await run(client, items(2), { cacheDir, trials: 2 });
      expect(c.summary.cache_hits).toBe(2);
      expect(c.summary.live_calls).toBe(2);
      const files = (await readdir(cacheDir, { recursive: true })).filter((f) => f.endsWith(".json"));
      expect(files).toHaveLength(9);
    });
  });
});

describe("trials, invalid outputs, accounting", () => {
  it("trials are separate samples (seed + trial) and records are ordered by trial then item", async () => {
    const s = await serve({ answer: (_p, r) => `ANSWER seed=${r.body.seed}` });
    const client = new OpenAIClient({ model: "m", baseUrl: `${s.url}/v1`, env: {} });
    const res = await run(client, items(3), { trials: 3 });
    expect(res.records.map((r) => `${r.trial}/${r.item_id}`)).toEqual([
      "0/item-000",
      "0/item-001",
      "0/item-002",
      "1/item-000",
      "1/item-001",
      "1/item-002",
      "2/item-000",
      "2/item-001",
      "2/item-002",
    ]);
    expect(res.records.map((r) => r.raw_text)).toEqual(
      ["0", "0", "0", "1", "1", "1", "2", "2", "2"].map((x) => `ANSWER seed=${x}`),
    );
  });

  it("malformed outputs are recorded with a reason and the run continues", async () => {
    const s = await serve({
      answer: (p) => (p.endsWith("2") || p.endsWith("5") ? "\u0000garbage{{{" : `ANSWER ${p}`),
    });
    const client = new OpenAIClient({ model: "m", baseUrl: `${s.url}/v1`, env: {} });
    const res = await run(client, items(7));
    expect(res.records).toHaveLength(7);
    expect(res.summary.invalid).toBe(2);
    const bad = res.records.filter((r) => r.invalid_reason);
    expect(bad.map((r) => r.item_id)).toEqual(["item-002", "item-005"]);
    expect(bad[0].raw_text).toBe("\u0000garbage{{{");
  });

  it("uses server usage when given, estimates (and says so) when not; prices live tokens", async () => {
    const s = await serve({ answer: () => "ANSWER ok", usage: false });
    const client = new OpenAIClient({ model: "m", baseUrl: `${s.url}/v1`, env: {} });
    const price = { input_per_mtok: 2, output_per_mtok: 10 };
    const res = await run(client, items(4), { price });
    for (const r of res.records) {
      expect(r.usage.estimated).toBe(true);
      expect(r.usage.prompt_tokens).toBeGreaterThan(0);
      expect(r.usage.completion_tokens).toBeGreaterThan(0);
    }
    const u = res.summary.usage;
    expect(u.estimated_records).toBe(4);
    expect(u.cost_usd).toBeCloseTo((u.prompt_tokens * 2 + u.completion_tokens * 10) / 1e6, 12);
    expect(res.summary.live_usage.cost_usd).toBeCloseTo(u.cost_usd!, 12);

    await server!.close();
    const s2 = await serve({ answer: () => "ANSWER ok" });
    const c2 = new OpenAIClient({ model: "m", baseUrl: `${s2.url}/v1`, env: {} });
    const res2 = await run(c2, items(2));
    expect(res2.records[0].usage).toEqual({ prompt_tokens: 2, completion_tokens: 2, estimated: false });
  });
});

describe("secrets", () => {
  it("never writes the API key to results, error logs or the cache, even when the server echoes it", async () => {
    const KEY = "sk-live-VERY-SECRET-abcdef123456";
    const s = await serve({
      answer: () => "ANSWER fine",
      fault: (r) =>
        r.prompt === "question 1"
          ? { status: 500, body: `{"error":"bad auth header ${String(r.headers.authorization)}"}` }
          : r.prompt === "question 2"
            ? { status: 400, body: `{"error":"invalid key ${String(r.headers.authorization)}"}` }
            : undefined,
    });
    await withTmp(async (dir) => {
      const client = new OpenAIClient({ model: "m", baseUrl: `${s.url}/v1`, env: { OPENAI_API_KEY: KEY } });
      const res = await run(client, items(4), {
        resultsPath: join(dir, "r.jsonl"),
        cacheDir: join(dir, "cache"),
      });
      expect(s.requests.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
      expect(res.errors).toHaveLength(2);
      expect(JSON.stringify(res)).not.toContain(KEY);
      expect(JSON.stringify(res)).toContain("[REDACTED]");
      for (const f of await readdir(dir, { recursive: true })) {
        const p = join(dir, f);
        if ((await stat(p)).isFile()) expect(await readFile(p, "utf8")).not.toContain(KEY);
      }
    });
  });

  it("a 401 that stops the run keeps the key out of the message and every file", async () => {
    const KEY = "sk-live-VERY-SECRET-abcdef123456";
    const s = await serve({
      fault: (r) => ({ status: 401, body: `{"error":"invalid key ${String(r.headers.authorization)}"}` }),
    });
    await withTmp(async (dir) => {
      const client = new OpenAIClient({ model: "m", baseUrl: `${s.url}/v1`, env: { OPENAI_API_KEY: KEY } });
      const e = await run(client, items(4), { resultsPath: join(dir, "r.jsonl") }).catch((x) => x);
      expect(e).toBeInstanceOf(RunStoppedError);
      expect(e.message).toContain("[REDACTED]");
      expect(e.message).not.toContain(KEY);
      for (const f of await readdir(dir, { recursive: true })) {
        const p = join(dir, f);
        if ((await stat(p)).isFile()) expect(await readFile(p, "utf8")).not.toContain(KEY);
      }
    });
  });
});
