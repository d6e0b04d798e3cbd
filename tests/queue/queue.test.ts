/**
 * Distributed runs against a real Redis (Debian redis-server on a free loopback port):
 * a queued run with 3 workers — one SIGKILLed mid-job, one frozen (SIGSTOP) past its lock —
 * writes exactly the bytes of the single-process run, with one sink entry per job and no
 * duplicate row; a dead Redis is one stderr line and exit 1; workers with different lock
 * settings refuse to join. Short locks (1 s) keep the recovery within the test's budget.
 *
 * The three scenarios mostly wait (on workers, locks, the loopback model): they run at once,
 * on one redis-server, each in its own database (helpers.ts redisDb) with its own workers.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerReaderAnswer } from "../../src/core/engine/clients/builtin.js";
import { OFFERS_KEY, SINK_KEY } from "../../src/core/queue/redis.js";
import { type Loopback, startLoopback } from "../fixtures/engine/loopback-server.js";
import {
  buildBins,
  freePort,
  type Proc,
  type RedisServer,
  redisDb,
  runBin,
  startBin,
  startRedis,
  until,
} from "./helpers.js";

let redis: RedisServer;
const clients: Redis[] = [];
let dir: string;
let model: Loopback;
const procs: Proc[] = [];

// Lock 1 s, stall check every 0.5 s: a killed or frozen worker's job runs elsewhere within ~1.5 s.
const LOCK = ["--lock-ms", "1000", "--stalled-ms", "500", "--max-stalled", "3"];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "ob-queue-"));
  [redis] = await Promise.all([startRedis(), buildBins()]);
  model = await startLoopback({ latencyMs: 40, answer: (p) => ledgerReaderAnswer(`\nLEDGER:\n${p}`) });
  const gen = await Promise.all([
    runBin("geb", ["trap", "generate", "--family", "epistemic_calibration_suite", "--out-dir", "trap"], {
      cwd: dir,
    }),
    runBin("gf01", ["generate", "--seed", "5", "--count", "8", "--git-commit", "q", "--out", "bundle.json"], {
      cwd: dir,
    }),
    runBin(
      "geb",
      [
        "generate",
        "--out",
        "data.jsonl",
        "--seed",
        "2",
        "--episodes",
        "2",
        "--steps",
        "60",
        "--queries",
        "4",
      ],
      {
        cwd: dir,
      },
    ),
  ]);
  for (const g of gen) expect(g.code, g.stderr).toBe(0);
}, 120_000);

afterAll(async () => {
  for (const p of procs) p.signal("SIGKILL");
  for (const c of clients) c.disconnect();
  await Promise.all([redis?.stop(), model?.close()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Scenario `n`'s queue: its own database of the one redis-server. */
async function queueDb(n: number): Promise<{ url: string; db: Redis }> {
  const q = await redisDb(redis, n);
  clients.push(q.db);
  return q;
}

const worker = (url: string, bin: "gf01" | "geb", env: NodeJS.ProcessEnv = {}) => {
  const p = startBin(bin, ["worker", "--queue", url, ...LOCK], { cwd: dir, env });
  procs.push(p);
  return p;
};

const ready = (p: Proc) => until(() => p.stderr().includes("worker on"), 30_000, "worker start");

/**
 * 3 workers (each job held 300 ms, so workers are mid-job most of the time) serve two runs at
 * once (one worker runs every job kind): once the first results are in, SIGKILL one worker and
 * SIGSTOP another; the third finishes, taking over the jobs whose locks expired. The frozen one
 * is then woken: its late executions must change nothing.
 */
async function chaosRuns(
  q: { url: string; db: Redis },
  runs: { bin: "gf01" | "geb"; args: string[] }[],
  jobs: number,
): Promise<{ code: number | null; stderr: string }[]> {
  const { url, db } = q;
  const env = { ORACLEBENCH_QUEUE_JOB_DELAY_MS: "300" };
  const ws = [worker(url, "gf01", env), worker(url, "geb", env), worker(url, "gf01", env)];
  await Promise.all(ws.map(ready));
  const ps = runs.map((r) => startBin(r.bin, [...r.args, "--queue", url], { cwd: dir }));
  procs.push(...ps);
  await until(async () => (await db.hlen(SINK_KEY)) >= 2, 30_000, "first results");
  ws[0]?.signal("SIGKILL");
  ws[1]?.signal("SIGSTOP");
  const codes = await Promise.all(ps.map((p) => p.exited));
  ws[1]?.signal("SIGCONT");
  // The woken worker's sandboxed child finishes its stale job: its offer must be refused.
  // SIGTERM (to the worker alone, not its group) stops it once its running jobs are done.
  ws[1]?.child.kill("SIGTERM");
  await ws[1]?.exited;
  expect(await db.hlen(SINK_KEY)).toBe(jobs);
  for (const w of ws) w.signal("SIGKILL");
  return codes.map((code, i) => ({ code, stderr: ps[i]?.stderr() ?? "" }));
}

const EVAL = ["evaluate", "--instances", "bundle.json", "--agent", "greedy", "--git-commit", "q"];
const MODEL = () => [
  ...["model", "--data", "data.jsonl", "--model", "openai:fake", "--base-url", `${model.url}/v1`],
  ...["--no-timings", "--no-progress", "--max-concurrency", "2"],
];

describe.concurrent("distributed runs on a real Redis", () => {
  it("gf01 evaluate and geb model --queue through a kill -9 and a frozen worker: the single-process bytes", async () => {
    const q = await queueDb(1);
    const { db } = q;
    // The single-process runs go on while the workers start and the queued runs go on.
    const singles = Promise.all([
      runBin("gf01", [...EVAL, "--out", "single.jsonl"], { cwd: dir }),
      runBin("geb", [...MODEL(), "--out-dir", "single"], { cwd: dir }),
    ]);
    const rows = readFileSync(join(dir, "data.jsonl"), "utf8").trim().split("\n").length;
    const [ev, mo] = await chaosRuns(
      q,
      [
        { bin: "gf01", args: [...EVAL, "--out", "queued.jsonl"] },
        { bin: "geb", args: [...MODEL(), "--out-dir", "queued"] },
      ],
      8 + rows,
    );
    expect(ev?.code, ev?.stderr).toBe(0);
    expect(mo?.code, mo?.stderr).toBe(0);
    for (const r of await singles) expect(r.code, r.stderr).toBe(0);

    // gf01: the same bytes, 8 distinct rows.
    const a = readFileSync(join(dir, "single.jsonl"));
    const b = readFileSync(join(dir, "queued.jsonl"));
    expect(b.equals(a)).toBe(true);
    const ids = b
      .toString()
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l).instance_id);
    expect(ids.length).toBe(8);
    expect(new Set(ids).size).toBe(8);
    // Every execution offered its result; the sink kept one per job.
    const offers = Object.values(await db.hgetall(OFFERS_KEY)).reduce((s, v) => s + Number(v), 0);
    expect(offers).toBeGreaterThanOrEqual(8 + rows);

    // geb: every artifact the same; the effective config records --queue (and its own --out-dir).
    const files = readdirSync(join(dir, "single")).sort();
    expect(readdirSync(join(dir, "queued")).sort()).toEqual(files);
    for (const f of files) {
      const x = readFileSync(join(dir, "single", f), "utf8");
      const y = readFileSync(join(dir, "queued", f), "utf8");
      if (f === "config.json")
        expect(y.replace(/\n\s*"queue": "redis:[^"]*",/, "").replace('"queued"', '"single"')).toBe(x);
      else expect(y, f).toBe(x);
    }

    // --resume across the queue: a cut file is completed from the sink alone (no worker
    // running), bytes as before.
    const lines = a.toString().split("\n");
    writeFileSync(join(dir, "resumed.jsonl"), `${lines.slice(0, 3).join("\n")}\n`);
    const r = await runBin("gf01", [...EVAL, "--out", "resumed.jsonl", "--resume", "--queue", q.url], {
      cwd: dir,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, "resumed.jsonl")).equals(a)).toBe(true);
  }, 90_000);

  it("geb sweep --queue (model cells) and geb trap run --queue: the single-process files", async () => {
    const { url, db } = await queueDb(2);
    const w = worker(url, "geb");
    const sweep = (out: string) => [
      ...["sweep", "--out", out, "--seeds", "1", "--state-modes", "kv", "--episodes", "1", "--steps", "60"],
      ...["--model", "openai:fake", "--base-url", `${model.url}/v1`, "--no-progress"],
    ];
    // The same --out in two folders: the files record their paths.
    for (const d of ["s1", "s2"]) mkdirSync(join(dir, d));
    // geb trap run: the fake model fails the family's floors (exit 1), the same way both times.
    const trap = (d: string) => [
      ...["trap", "run", "--family", "epistemic_calibration_suite", "--fixtures", join(dir, "trap")],
      ...["--model", "openai:fake", "--base-url", `${model.url}/v1`, "--max-retries", "0", "--no-progress"],
      ...["--runs", "1", "--min-runs", "1", "--out-dir", join(dir, d, "trap-out")],
    ];
    const noServer = `http://127.0.0.1:${await freePort()}/v1`;
    // The single-process runs (in s1), and once the worker is up the queued ones (in s2, and
    // the failing model run below): each run has its own files, so they all run at once.
    const local = Promise.all([
      runBin("geb", sweep("sw"), { cwd: join(dir, "s1") }),
      runBin("geb", trap("s1"), { cwd: join(dir, "s1") }),
    ]);
    await ready(w);
    const queued = Promise.all([
      runBin("geb", [...sweep("sw"), "--queue", url], { cwd: join(dir, "s2") }),
      runBin("geb", [...trap("s2"), "--queue", url], { cwd: join(dir, "s2") }),
    ]);
    // A request that fails on the worker (no model server there) is a failed job: the run
    // reports it as it would locally (one line, exit 1, no scores), never as an answer.
    const failing = runBin(
      "geb",
      [
        "model",
        "--data",
        "data.jsonl",
        "--model",
        "openai:fake",
        "--base-url",
        noServer,
        "--max-retries",
        "0",
      ].concat(["--no-progress", "--out-dir", "failed", "--queue", url]),
      { cwd: dir },
    );
    const [[single, t1], [q, t2], f] = await Promise.all([local, queued, failing]);
    expect(single.code, single.stderr).toBe(0);
    expect(q.code, q.stderr).toBe(0);
    expect([t1.code, t2.code], t1.stderr + t2.stderr).toEqual([1, 1]);
    expect(t2.stdout.replaceAll("/s2/", "/s1/"), JSON.stringify(t2.stderr)).toBe(t1.stdout);
    expect(f.code, f.stderr).toBe(1);
    expect(f.stderr).toMatch(/^geb: .*(refused|ECONNREFUSED)/m);
    expect(f.stderr).not.toMatch(/internal error|\n\s+at /);
    // As locally: the effective config is written before the run, no predictions or scores.
    expect(readdirSync(join(dir, "failed"))).toEqual(["config.json"]);
    w.signal("SIGKILL");
    const list = (d: string): string[] =>
      readdirSync(join(dir, d), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name).slice(join(dir, d).length + 1))
        .sort();
    const files = list("s1");
    expect(list("s2")).toEqual(files);
    expect(await db.hlen(SINK_KEY)).toBeGreaterThan(0);
    for (const f of files) {
      // Wall-clock figures, and the engine journals' per-request latencies, are not results.
      if (/timing\.json$|config\.json$|engine\.jsonl|results\.jsonl/.test(f)) continue;
      const a = readFileSync(join(dir, "s1", f), "utf8");
      expect(readFileSync(join(dir, "s2", f), "utf8").replaceAll("/s2/", "/s1/"), f).toBe(a);
    }
  }, 60_000);

  it("a dead Redis is one stderr line and exit 1; mismatched worker settings are refused", async () => {
    const dead = `redis://127.0.0.1:${await freePort()}/0`;
    // Settings as the chaos runs' workers record them: a worker with other ones exits 2.
    const { url, db } = await queueDb(3);
    await db.set("oraclebench:settings", JSON.stringify({ lockMs: 1000, stalledMs: 500, maxStalled: 3 }));
    const [r, w, m] = await Promise.all([
      runBin("gf01", ["evaluate", "--instances", "bundle.json", "--queue", dead], { cwd: dir }),
      runBin("geb", ["worker", "--queue", dead], { cwd: dir }),
      runBin("gf01", ["worker", "--queue", url, "--lock-ms", "2000"], { cwd: dir }),
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/^gf01: cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+\/0: .*ECONNREFUSED/);
    expect(w.code).toBe(1);
    expect(w.stderr).toMatch(/^geb: cannot reach Redis/);
    expect(m.code).toBe(2);
    expect(m.stderr).toMatch(/differ from the queue's/);
  }, 60_000);
});
