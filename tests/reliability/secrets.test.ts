/**
 * Secrets: full engine runs (`geb model`, `gf01 play-llm`) with a marker API key, against a
 * loopback OpenAI-compatible server that echoes the Authorization header back in everything
 * that can fail — 500s (retried, and retried to exhaustion), 200s with a body that is not
 * JSON or not a chat reply, timeouts, and a 401 run. Then EVERY output is grepped: results,
 * error journals, prompt stores, cache entries, predictions, results/summary files, stdout,
 * stderr. The key must appear nowhere, bare or as `Bearer <key>`.
 */
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerReaderAnswer } from "../../src/core/engine/index.js";
import {
  type Fault,
  type Loopback,
  type ReceivedRequest,
  startLoopback,
} from "../fixtures/engine/loopback-server.js";
import { fakeGf01Model } from "../fixtures/gf01/fake-llm.js";
import { buildBins, cleanup, listFiles, type RunResult, runBin, tmp } from "./helpers.js";

const KEY = `sk-k9secret-${randomBytes(12).toString("hex")}`;
/** The key with its first characters cut: a partial echo must not survive either. */
const KEY_TAIL = KEY.slice(-16);

const auth = (r: ReceivedRequest) => String(r.headers.authorization ?? "");
const bucket = (r: ReceivedRequest) => createHash("sha256").update(r.prompt).digest()[0] % 6;

/** Per prompt (deterministic under concurrency): each failure kind, echoing the credentials. */
function faults(r: ReceivedRequest): Fault | undefined {
  const echo = `${auth(r)} key=${KEY}`;
  const fast = { "retry-after-ms": "1" };
  switch (bucket(r)) {
    case 0: // a 500 once, then fine (retried)
      return r.attempt === 0
        ? { status: 500, headers: fast, body: JSON.stringify({ error: { message: `upstream: ${echo}` } }) }
        : undefined;
    case 1: // always 500: retries exhausted, recorded as an error
      return { status: 503, headers: fast, body: `Service Unavailable for ${echo}` };
    case 2: // 200 with a body that is not JSON, then fine
      return r.attempt === 0 ? { status: 200, body: `<html>proxy error ${echo}</html>` } : undefined;
    case 3: // 200 JSON that is not a chat reply, then fine
      return r.attempt === 0
        ? { status: 200, body: JSON.stringify({ error: echo, choices: "nope" }) }
        : undefined;
    case 4: // no answer: the client times out, then fine
      return r.attempt === 0 ? { hang: true } : undefined;
    default:
      return undefined;
  }
}

let ok: Loopback;
let denied: Loopback;

beforeAll(async () => {
  await buildBins();
  const answer = (p: string, r: ReceivedRequest) =>
    JSON.stringify(r.body).includes("GF-01") ? fakeGf01Model(p, r) : ledgerReaderAnswer(p);
  // Bucket 5: a model (or proxy) that repeats the credentials inside its answer text.
  const echoing = (p: string, r: ReceivedRequest) =>
    bucket(r) === 5 ? `${answer(p, r)}\n(${auth(r)})` : answer(p, r);
  ok = await startLoopback({ answer: echoing, fault: faults });
  denied = await startLoopback({
    answer,
    fault: (r) => ({
      status: 401,
      body: JSON.stringify({ error: { message: `Incorrect API key provided: ${auth(r)} (${KEY})` } }),
    }),
  });
}, 60_000);
afterAll(async () => {
  await ok?.close();
  await denied?.close();
  cleanup();
});

/** Every byte a run left: files under its dir, stdout and stderr. */
function outputs(dir: string, runs: RunResult[]): { name: string; text: string }[] {
  const out = listFiles(dir).map((f) => ({ name: f, text: readFileSync(join(dir, f), "latin1") }));
  runs.forEach((r, i) => {
    out.push({ name: `run ${i} stdout`, text: r.stdout });
    out.push({ name: `run ${i} stderr`, text: r.stderr });
  });
  return out;
}

function expectNoSecret(dir: string, runs: RunResult[]): number {
  const all = outputs(dir, runs);
  // The echoes did reach the outputs, scrubbed (so the greps below can fail).
  expect(
    all.some((o) => o.text.includes("[REDACTED]")),
    "no scrubbed echo in any output",
  ).toBe(true);
  for (const { name, text } of all) {
    expect(text.includes(KEY), `${name} holds the API key`).toBe(false);
    expect(text.includes(KEY_TAIL), `${name} holds part of the API key`).toBe(false);
    expect(/Bearer\s+sk-/i.test(text), `${name} holds a Bearer header`).toBe(false);
  }
  return all.length;
}

const common = (url: string) => [
  ...["--base-url", `${url}/v1`, "--max-retries", "1", "--timeout-s", "0.5", "--max-concurrency", "4"],
  ...["--max-consecutive-errors", "0", "--progress", "--cache-dir", "cache"],
];

describe("secrets never reach an output", () => {
  let data = "";
  let bundle = "";
  beforeAll(async () => {
    const inputs = tmp("secret-inputs");
    data = join(inputs, "data.jsonl");
    bundle = join(inputs, "bundle.json");
    const g = await runBin(
      "geb",
      ["generate", "--out", data, "--seed", "2", "--episodes", "2", "--steps", "60"],
      {
        cwd: inputs,
      },
    );
    expect(g.code, g.stderr).toBe(0);
    const b = await runBin("gf01", ["generate", "--seed", "11", "--count", "4", "--out", bundle], {
      cwd: inputs,
    });
    expect(b.code, b.stderr).toBe(0);
  }, 60_000);

  it("geb model: env key (default and --api-key-env), retries, exhausted retries, garbage, timeouts, 401", async () => {
    const dir = tmp("secret-geb");
    const n0 = ok.requests.length;
    const outs = ["--out", "preds.jsonl", "--results-json", "r.json", "--out-dir", "od"];
    const a = await runBin(
      "geb",
      ["model", "--data", data, "--model", "openai:m", ...common(ok.url), "--results", "a.jsonl", ...outs],
      { cwd: dir, env: { OPENAI_API_KEY: KEY } },
    );
    // Some items failed for good: recorded, exit 1, never scored.
    expect(a.code, a.stderr).toBe(1);
    const b = await runBin(
      "geb",
      [
        ...["model", "--data", data, "--model", "openai:m", ...common(ok.url), "--results", "b.jsonl"],
        ...["--api-key-env", "K9_KEY", "--limit", "12"],
      ],
      { cwd: dir, env: { OPENAI_API_KEY: "", K9_KEY: KEY } },
    );
    expect([0, 1], b.stderr).toContain(b.code);
    const c = await runBin(
      "geb",
      ["model", "--data", data, "--model", "openai:m", ...common(denied.url), "--results", "c.jsonl"],
      { cwd: dir, env: { OPENAI_API_KEY: KEY } },
    );
    expect(c.code).toBe(1);
    expect(c.stderr).toMatch(/401/);

    // The runs did send the key, and every failure kind happened.
    const sent = ok.requests.slice(n0);
    expect(sent.some((r) => auth(r) === `Bearer ${KEY}`)).toBe(true);
    for (const k of [0, 1, 2, 3, 4])
      expect(
        sent.some((r) => bucket(r) === k && r.attempt === 0),
        `bucket ${k}`,
      ).toBe(true);
    expect(readFileSync(join(dir, "a.jsonl.errors.jsonl"), "utf8")).toMatch(/"server"/);
    expect(expectNoSecret(dir, [a, b, c])).toBeGreaterThan(5);
  }, 120_000);

  it("gf01 play-llm: the same failures, EVAL-CB and EVAL-TA", async () => {
    const dir = tmp("secret-gf01");
    const runs: RunResult[] = [];
    for (const track of ["EVAL-CB", "EVAL-TA"]) {
      const r = await runBin(
        "gf01",
        [
          ...["play-llm", "--instances", bundle, "--model", "openai:fake-llm", ...common(ok.url)],
          ...["--eval-track", track, "--results", `${track}.jsonl`, "--git-commit", "k9"],
        ],
        { cwd: dir, env: { OPENAI_API_KEY: KEY } },
      );
      expect([0, 1], r.stderr).toContain(r.code);
      runs.push(r);
    }
    const d = await runBin(
      "gf01",
      [
        "play-llm",
        "--instances",
        bundle,
        "--model",
        "openai:fake-llm",
        ...common(denied.url),
        "--results",
        "d.jsonl",
      ],
      { cwd: dir, env: { OPENAI_API_KEY: KEY } },
    );
    expect(d.code).toBe(1);
    expect(d.stderr).toMatch(/401/);
    runs.push(d);
    expect(listFiles(dir).some((f) => f.endsWith(".errors.jsonl"))).toBe(true);
    expect(expectNoSecret(dir, runs)).toBeGreaterThan(5);
  }, 120_000);
});
