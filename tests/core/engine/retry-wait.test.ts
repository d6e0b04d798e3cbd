/**
 * `Retry-After` is capped (`--max-retry-wait-s`, default 60 s): a server answering
 * `429, retry-after: 3600` costs the run the cap, not an hour, and any wait over 5 s is one
 * stderr line (also when stderr is piped). Against a real loopback server.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Command } from "commander";
import { afterEach, describe, expect, it } from "vitest";
import {
  addModelOptions,
  backoffDelay,
  DEFAULT_RETRY,
  engineFromOptions,
  ledgerReaderAnswer,
  type ModelCliValues,
  OpenAIClient,
  runJobs,
} from "../../../src/core/engine/index.js";
import { type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { kvCommentary } from "../../geb/pipeline/helpers.js";
import { gebIn } from "./geb-in.js";
import { withTmp } from "./helpers.js";

let server: Loopback | undefined;
async function serve(o: Parameters<typeof startLoopback>[0]): Promise<Loopback> {
  server = await startLoopback(o);
  return server;
}
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const HOUR_429 = {
  status: 429,
  headers: { "retry-after": "3600" },
  body: '{"error":"come back in an hour"}',
};

describe("Retry-After cap", () => {
  it("backoffDelay never exceeds the cap (default 60 s), however long the server asks", () => {
    for (const u of [0, 0.5, 0.999]) {
      expect(backoffDelay(0, DEFAULT_RETRY, 3_600_000, () => u)).toBeLessThanOrEqual(60_000);
      expect(backoffDelay(0, DEFAULT_RETRY, 3_600_000, () => u)).toBeGreaterThanOrEqual(60_000);
      // A policy built without the field (an older caller) gets the default cap too.
      const bare = { maxRetries: 1, baseDelayMs: 10, maxDelayMs: 100 };
      expect(backoffDelay(0, bare, 3_600_000, () => u)).toBeLessThanOrEqual(60_000);
      expect(backoffDelay(0, { ...bare, maxRetryWaitMs: 2000 }, 3_600_000, () => u)).toBe(2000);
      // Below the cap the server's wait still holds.
      expect(backoffDelay(0, { ...bare, maxRetryWaitMs: 2000 }, 1500, () => u)).toBeGreaterThanOrEqual(1500);
    }
  });

  it("a 429 with retry-after 3600 waits the cap, then retries; one line for the requests waiting together", async () => {
    const s = await serve({
      answer: () => "ANSWER",
      fault: (r) => (r.attempt === 0 ? HOUR_429 : undefined),
    });
    const client = new OpenAIClient({ model: "m", baseUrl: `${s.url}/v1`, env: {} });
    const lines: string[] = [];
    const outcomes: { ok: boolean; attempts: number }[] = [];
    const t0 = Date.now();
    await runJobs(
      ["a", "b"].map((id) => ({
        itemId: id,
        trial: 0,
        item: null,
        request: { messages: [{ role: "user" as const, content: id }], params: {} },
      })),
      {
        client,
        maxConcurrency: 2,
        retry: { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 100, maxRetryWaitMs: 5_600 },
        notice: (l) => lines.push(l),
        onOutcome: (o) => {
          outcomes.push({ ok: !!o.response, attempts: o.attempts });
        },
      },
    );
    const took = Date.now() - t0;
    expect(outcomes).toEqual([
      { ok: true, attempts: 2 },
      { ok: true, attempts: 2 },
    ]);
    expect(took).toBeGreaterThanOrEqual(5_500);
    expect(took).toBeLessThan(20_000);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^model m: rate limited; waiting 5\.6 s before retry 1 of 2 \(the server asked for 3600 s with Retry-After; capped by --max-retry-wait-s\)$/,
    );
  }, 30_000);

  it("--max-retry-wait-s: default 60, range-checked, part of the retry policy", async () => {
    const parse = (argv: string[]) => {
      const cmd = addModelOptions(
        new Command("model").exitOverride().configureOutput({ writeErr: () => {} }),
      );
      cmd.parse(argv, { from: "user" });
      return cmd.opts() as ModelCliValues;
    };
    const d = await engineFromOptions(parse(["--model", "openai:m", "--base-url", "http://127.0.0.1:9/v1"]));
    expect(d.run.retry.maxRetryWaitMs).toBe(60_000);
    const e = await engineFromOptions(
      parse(["--model", "openai:m", "--base-url", "http://127.0.0.1:9/v1", "--max-retry-wait-s", "2.5"]),
    );
    expect(e.run.retry.maxRetryWaitMs).toBe(2_500);
    for (const bad of ["-1", "x", "1e9", "NaN"])
      expect(() => parse(["--model", "openai:m", "--max-retry-wait-s", bad])).toThrow(/--max-retry-wait-s/);
  });

  it("geb model: the wait is one stderr line (not a terminal) and the flag is in the effective config", async () => {
    const s = await serve({
      answer: ledgerReaderAnswer,
      fault: (r) => (r.attempt === 0 ? HOUR_429 : undefined),
    });
    await withTmp(async (dir) => {
      const data = kvCommentary(dir, 0, 1);
      const r = await gebIn(
        ["model", "--data", data, "--model", "openai:m", "--base-url", `${s.url}/v1`, "--limit", "1"].concat([
          "--max-retry-wait-s",
          "6",
          "--out-dir",
          join(dir, "out"),
          "--no-progress",
        ]),
      );
      expect(r.code, r.err).toBe(0);
      expect(r.err).toMatch(
        /^model m: rate limited; waiting 6 s before retry 1 of 6 \(the server asked for 3600 s with Retry-After; capped by --max-retry-wait-s\)$/m,
      );
      expect(s.requests.length).toBe(2);
      expect(s.requests[1]!.at - s.requests[0]!.at).toBeGreaterThanOrEqual(5_900);
      const config = JSON.parse(await readFile(join(dir, "out", "config.json"), "utf8"));
      expect(config["max-retry-wait-s"]).toBe("6");
    });
  }, 60_000);
});
