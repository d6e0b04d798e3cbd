/**
 * `gf01 play-llm --queue` against a real Redis: 3 workers play whole multi-turn episodes
 * against a loopback model (some replies malformed, so episodes re-ask); one worker is
 * SIGKILLed mid-run. The rows, step logs and prompt store are the bytes of the single-process
 * run, with one row per instance; `--resume` completes a cut file from the sink alone.
 *
 * The scenarios mostly wait (on workers, locks, loopback models), so they run at once: the
 * kill scenario on its own Redis database with its own workers, the local one without Redis,
 * and the three on the shared worker one after another (`onSharedWorker`: they count the sink).
 */
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SINK_KEY } from "../../src/core/queue/redis.js";
import { type Loopback, startLoopback } from "../fixtures/engine/loopback-server.js";
import {
  buildBins,
  type Proc,
  type RedisServer,
  redisDb,
  runBin,
  startBin,
  startRedis,
  until,
} from "./helpers.js";

let redis: RedisServer;
let db: Redis;
const clients: Redis[] = [];
let dir: string;
let model: Loopback;
const procs: Proc[] = [];
const LOCK = ["--lock-ms", "1000", "--stalled-ms", "500", "--max-stalled", "3"];
const N = 4;
let shared: Promise<Proc> | undefined;
/** One worker for the tests after the kill test (a worker start costs ~1 s of CPU). */
const sharedWorker = () => {
  shared ??= (async () => {
    const w = startBin("gf01", ["worker", "--queue", redis.url, ...LOCK, "--concurrency", "2"], { cwd: dir });
    procs.push(w);
    await until(() => w.stderr().includes("worker on"), 30_000, "worker start");
    return w;
  })();
  return shared;
};
let turn: Promise<unknown> = Promise.resolve();
/** The scenarios on the shared worker (database 0) take turns: each flushes and counts its sink. */
function onSharedWorker(f: () => Promise<void>): Promise<void> {
  const mine = turn.then(async () => {
    await sharedWorker();
    await f();
  });
  turn = mine.catch(() => {});
  return mine;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "ob-queue-play-"));
  [redis] = await Promise.all([startRedis(), buildBins()]);
  db = new Redis(redis.port, "127.0.0.1");
  // A deterministic function of the prompt: about one reply in four is malformed (re-asked).
  model = await startLoopback({
    latencyMs: 10,
    answer: (p) => (createHash("sha256").update(p).digest()[0]! < 64 ? "no idea" : "{}"),
  });
  const g = await runBin(
    "gf01",
    ["generate", "--seed", "7", "--count", String(N), "--git-commit", "q", "--out", "bundle.json"],
    { cwd: dir },
  );
  expect(g.code, g.stderr).toBe(0);
  // The single-process run every scenario compares with (the shared worker starts meanwhile).
  const [single] = await Promise.all([runBin("gf01", PLAY("single.jsonl"), { cwd: dir }), sharedWorker()]);
  expect(single.code, single.stderr).toBe(0);
}, 120_000);

afterAll(async () => {
  for (const p of procs) p.signal("SIGKILL");
  db?.disconnect();
  for (const c of clients) c.disconnect();
  await Promise.all([redis?.stop(), model?.close()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const PLAY = (results: string) => [
  ...["play-llm", "--instances", "bundle.json", "--model", "openai:fake", "--base-url", `${model.url}/v1`],
  ...["--results", results, "--no-progress", "--max-concurrency", "1", "--git-commit", "q"],
];
const FILES = (base: string) => [base, `${base}.steps.jsonl`, `${base}.prompts.jsonl`];
const read = (f: string) => readFileSync(join(dir, f));

describe.concurrent("gf01 play-llm --queue on a real Redis", () => {
  it("3 workers, one SIGKILLed mid-run: the single-process rows, step logs and prompts; --resume from the sink", async () => {
    // Its own database (and workers), away from the shared worker's.
    const { url, db } = await redisDb(redis, 1);
    clients.push(db);
    const env = { ORACLEBENCH_QUEUE_JOB_DELAY_MS: "300" };
    const ws = [0, 1, 2].map(() => {
      const p = startBin("gf01", ["worker", "--queue", url, ...LOCK], { cwd: dir, env });
      procs.push(p);
      return p;
    });
    await Promise.all(ws.map((p) => until(() => p.stderr().includes("worker on"), 30_000, "worker start")));
    const run = startBin("gf01", [...PLAY("queued.jsonl"), "--queue", url], { cwd: dir });
    procs.push(run);
    await until(async () => (await db.hlen(SINK_KEY)) >= 1, 30_000, "first result");
    ws[0]?.signal("SIGKILL");
    const code = await run.exited;
    expect(code, run.stderr()).toBe(0);
    expect(await db.hlen(SINK_KEY)).toBe(N);

    for (const [a, b] of FILES("single.jsonl").map((f, i) => [f, FILES("queued.jsonl")[i]] as const))
      expect(read(b as string).toString(), `${b} vs ${a}`).toBe(read(a).toString());
    const rows = read("queued.jsonl").toString().trim().split("\n");
    expect(rows).toHaveLength(N);
    expect(new Set(rows.map((l) => JSON.parse(l).instance_id)).size).toBe(N);
    // The model was really asked several times per episode (malformed replies re-asked).
    expect(read("queued.jsonl.prompts.jsonl").toString().trim().split("\n").length).toBeGreaterThan(N);
    for (const w of ws) w.signal("SIGKILL");

    // --resume with no worker at all: the missing episodes come from the sink.
    writeFileSync(
      join(dir, "resumed.jsonl"),
      `${read("single.jsonl").toString().split("\n").slice(0, 1).join("\n")}\n`,
    );
    // The step log as a kill leaves it (lines past the last row: dropped on resume); the prompt
    // store complete (the resumed episodes must not add a line twice).
    copyFileSync(join(dir, "single.jsonl.steps.jsonl"), join(dir, "resumed.jsonl.steps.jsonl"));
    copyFileSync(join(dir, "single.jsonl.prompts.jsonl"), join(dir, "resumed.jsonl.prompts.jsonl"));
    const r = await runBin("gf01", [...PLAY("resumed.jsonl"), "--resume", "--queue", url], {
      cwd: dir,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(read("resumed.jsonl").equals(read("single.jsonl"))).toBe(true);
    expect(read("resumed.jsonl.steps.jsonl").equals(read("single.jsonl.steps.jsonl"))).toBe(true);
    expect(read("resumed.jsonl.prompts.jsonl").equals(read("single.jsonl.prompts.jsonl"))).toBe(true);
  }, 60_000);

  it("local --max-concurrency 4, completion order reversed: the sequential prompt store, rows and step logs", async () => {
    // Episodes start in bundle order; the earlier an episode, the slower its replies, so the
    // episodes finish in reverse order and their calls interleave.
    const rank = new Map<string, number>();
    const slow = await startLoopback({
      answer: (p) => (createHash("sha256").update(p).digest()[0]! < 64 ? "no idea" : "{}"),
      latencyFor: (req) => {
        const system = String((req.body.messages as { content: string }[])[0]?.content);
        if (!rank.has(system)) rank.set(system, rank.size);
        return 2 + (N - 1 - (rank.get(system) as number)) * 12;
      },
    });
    try {
      const args = PLAY("conc.jsonl").map((a) => (a === `${model.url}/v1` ? `${slow.url}/v1` : a));
      args[args.indexOf("--max-concurrency") + 1] = "4";
      const r = await runBin("gf01", args, { cwd: dir });
      expect(r.code, r.stderr).toBe(0);
      expect(slow.maxInFlight).toBeGreaterThan(1);
      // Prompt store and rows: byte for byte; the step log names the (other) endpoint's port.
      const same = (a: string, b: string, f = (t: string) => t) =>
        expect(f(read(b).toString()) === f(read(a).toString()), `${b} vs ${a}`).toBe(true);
      same("single.jsonl.prompts.jsonl", "conc.jsonl.prompts.jsonl");
      same("single.jsonl", "conc.jsonl");
      same("single.jsonl.steps.jsonl", "conc.jsonl.steps.jsonl", (t) =>
        t.replaceAll(slow.url, "URL").replaceAll(model.url, "URL"),
      );
    } finally {
      await slow.close();
    }
  }, 30_000);

  it(
    "a failed episode is the single-process error record, stderr line and exit code, never a row",
    () =>
      onSharedWorker(async () => {
        await db.flushdb();
        const bad = await startLoopback({ fault: () => ({ status: 401, body: '{"error":"bad key"}' }) });
        try {
          const args = (f: string) => PLAY(f).map((a) => (a === `${model.url}/v1` ? `${bad.url}/v1` : a));
          const [s, q] = await Promise.all([
            runBin("gf01", args("e1.jsonl"), { cwd: dir }),
            runBin("gf01", [...args("e2.jsonl"), "--queue", redis.url], { cwd: dir }),
          ]);
          expect(s.code, s.stderr).toBe(1);
          expect(q.code, q.stderr).toBe(1);
          expect(q.stdout.replaceAll("e2.jsonl", "e1.jsonl")).toBe(s.stdout);
          expect(JSON.parse(s.stdout)).toMatchObject({ errored: 1, played: 0, not_played: N - 1 });
          expect(read("e2.jsonl").toString()).toBe("");
          expect(read("e2.jsonl.errors.jsonl").toString()).toBe(read("e1.jsonl.errors.jsonl").toString());
          expect(read("e2.jsonl.prompts.jsonl").toString()).toBe(read("e1.jsonl.prompts.jsonl").toString());
          const line = (t: string) => t.split("\n").filter((l) => l.includes("401"));
          expect(line(q.stderr)).toEqual(line(s.stderr));
          expect(line(s.stderr)).toHaveLength(1);
          // Nothing of a failed episode is in the sink: a re-run or --resume plays it again.
          expect(await db.hlen(SINK_KEY)).toBe(0);
        } finally {
          await bad.close();
        }
      }),
    120_000,
  );

  it(
    "gf01 evaluate --agent online-random --queue: the single-process rows and step logs",
    () =>
      onSharedWorker(async () => {
        await db.flushdb();
        {
          const EV = (out: string) => [
            ...["evaluate", "--instances", "bundle.json", "--agent", "online-random", "--seed", "3"],
            ...["--git-commit", "q", "--out", out],
          ];
          const [s, q] = await Promise.all([
            runBin("gf01", EV("o1.jsonl"), { cwd: dir }),
            runBin("gf01", [...EV("o2.jsonl"), "--queue", redis.url], { cwd: dir }),
          ]);
          expect(s.code, s.stderr).toBe(0);
          expect(q.code, q.stderr).toBe(0);
          expect(read("o2.jsonl").toString()).toBe(read("o1.jsonl").toString());
          expect(read("o2.jsonl.steps.jsonl").toString()).toBe(read("o1.jsonl.steps.jsonl").toString());
          expect(read("o1.jsonl").toString().trim().split("\n")).toHaveLength(N);
          expect(await db.hlen(SINK_KEY)).toBe(N);
        }
      }),
    120_000,
  );

  it(
    "--cache-dir: the coordinator plays what the cache holds, queues the rest with their cached calls; the local bytes",
    () =>
      onSharedWorker(async () => {
        await db.flushdb();
        const C = (f: string, cache: string, ...more: string[]) => [
          ...PLAY(f),
          "--cache-dir",
          cache,
          ...more,
        ];
        const run = async (args: string[]) => {
          const r = await runBin("gf01", args, { cwd: dir });
          expect(r.code, r.stderr).toBe(0);
          return r;
        };
        const same = (a: string, b: string) => {
          for (const [x, y] of FILES(a).map((f, i) => [f, FILES(b)[i] as string] as const))
            expect(read(y).equals(read(x)), `${y} vs ${x}`).toBe(true);
        };
        const entries = (d: string) =>
          readdirSync(join(dir, d), { recursive: true, withFileTypes: true })
            .filter((e) => e.isFile())
            .map((e) => join(e.parentPath, e.name).slice(join(dir, d).length + 1))
            .sort();
        // Half the bundle, then all of it (half from the cache): locally, and queued (the two
        // chains at once: their own caches and files).
        const [, [q1, q2]] = await Promise.all([
          (async () => {
            await run(C("l1.jsonl", "cl", "--limit", "2"));
            await run(C("l2.jsonl", "cl"));
          })(),
          (async () => [
            await run([...C("q1.jsonl", "cq", "--limit", "2"), "--queue", redis.url]),
            await run([...C("q2.jsonl", "cq"), "--queue", redis.url]),
          ])(),
        ]);
        expect(q1.stderr).toContain("queued 2 gf01.play-llm job(s)");
        expect(q2.stderr).toContain("queued 2 gf01.play-llm job(s)"); // episodes 0 and 1 were played here
        same("l1.jsonl", "q1.jsonl");
        same("l2.jsonl", "q2.jsonl");
        // The workers' answers were written into the coordinator's cache, as a local run writes them.
        expect(entries("cq")).toEqual(entries("cl"));
        for (const f of entries("cl")) expect(read(`cq/${f}`).equals(read(`cl/${f}`)), f).toBe(true);
        // A cache entry missing with later calls of its episode cached: the queued run still gives
        // the local bytes. The entry removed is the first call the local run made (files written in
        // call order at --max-concurrency 1); picking it by file name depended on the hashes, hence
        // on the loopback port, and made this test pass or fail by chance (it asserted two rounds,
        // which depends on where the missing entry falls). The rounds are not asserted; the bytes
        // (rows, step logs with their cache-hit counts, prompts) are.
        const byAge = entries("cl").sort((a, b) => {
          const [x, y] = [a, b].map((f) => statSync(join(dir, "cl", f), { bigint: true }).mtimeNs);
          return x < y ? -1 : x > y ? 1 : a < b ? -1 : 1;
        });
        const gone = byAge[0] as string;
        for (const d of ["cl", "cq"]) rmSync(join(dir, d, gone));
        const [, q3] = await Promise.all([
          run(C("l3.jsonl", "cl")),
          run([...C("q3.jsonl", "cq"), "--queue", redis.url]),
        ]);
        expect(q3.stderr).toContain("queued 1 gf01.play-llm job");
        same("l3.jsonl", "q3.jsonl");
      }),
    200_000,
  );
});
