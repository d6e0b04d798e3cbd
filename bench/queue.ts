/**
 * Distributed-run throughput (docs/scale.md): `geb model --queue` over GEB queries against a
 * loopback OpenAI-compatible server answering each request after a fixed latency, with 1, 2
 * and 4 workers (`geb worker --concurrency C`) on this machine and a private redis-server;
 * the single-process `geb model --max-concurrency C` as the baseline. Throughput counts from
 * the moment the jobs are queued to the coordinator's exit (results collected, files
 * written). Also measured: the Redis round trip (PING) and the Redis commands one job costs.
 *
 *   npx tsx bench/queue.ts [--jobs 240] [--latency-ms 100] [--concurrency 4] [--workers 1,2,4]
 *
 * Prints one JSON object on stdout (bench/run.ts format); progress on stderr.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { ledgerReaderAnswer } from "../src/core/engine/clients/builtin.js";
import { startLoopback } from "../tests/fixtures/engine/loopback-server.js";
import { buildBins, cleanupBins, runBin, startBin, startRedis, until } from "../tests/queue/helpers.js";

const arg = (name: string, d: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? String(process.argv[i + 1]) : d;
};
const JOBS = Number(arg("jobs", "240"));
const LATENCY_MS = Number(arg("latency-ms", "100"));
const CONC = Number(arg("concurrency", "4"));
const WORKERS = arg("workers", "1,2,4").split(",").map(Number);
const log = (s: string) => process.stderr.write(`bench queue: ${s}\n`);

const dir = mkdtempSync(join(tmpdir(), "ob-bench-queue-"));
const [redis] = await Promise.all([startRedis(), buildBins()]);
const db = new Redis(redis.port, "127.0.0.1");
const server = await startLoopback({
  latencyMs: LATENCY_MS,
  answer: (p) => ledgerReaderAnswer(`\nLEDGER:\n${p}`),
});
const results: { metric: string; value: number; unit: string; note?: string }[] = [];
try {
  // Datasets: one per measurement (different seeds), so no result is reused from the sink.
  const queries = Math.ceil(JOBS / 4);
  const datasets = [0, ...WORKERS].map((_, i) => `d${i}.jsonl`);
  for (const [i, f] of datasets.entries()) {
    const g = await runBin(
      "geb",
      [
        "generate",
        "--out",
        f,
        "--seed",
        String(100 + i),
        "--episodes",
        "4",
        "--steps",
        "80",
        "--queries",
        String(queries),
      ],
      { cwd: dir },
    );
    if (g.code !== 0) throw new Error(g.stderr);
  }
  const model = (data: string) => [
    ...["model", "--data", data, "--model", "openai:fake", "--base-url", `${server.url}/v1`],
    ...["--no-timings", "--no-progress", "--limit", String(JOBS)],
  ];

  // Redis round trip and the commands one job costs (INFO commandstats before/after a run).
  const t0 = performance.now();
  for (let i = 0; i < 500; i++) await db.ping();
  const rttMs = (performance.now() - t0) / 500;
  results.push({ metric: "redis PING round trip", value: +rttMs.toFixed(3), unit: "ms" });

  // Baseline: one process, the same concurrency as one worker.
  const b0 = performance.now();
  const base = await runBin(
    "geb",
    [...model(datasets[0] as string), "--max-concurrency", String(CONC), "--out-dir", "base"],
    {
      cwd: dir,
    },
  );
  if (base.code !== 0) throw new Error(base.stderr);
  const baseS = (performance.now() - b0) / 1000;
  results.push({
    metric: `single process, --max-concurrency ${CONC}`,
    value: +(JOBS / baseS).toFixed(1),
    unit: "req/s",
    note: `${JOBS} requests in ${baseS.toFixed(2)} s incl. start-up; ideal ${((CONC * 1000) / LATENCY_MS).toFixed(0)} req/s`,
  });

  for (const [k, n] of WORKERS.entries()) {
    await db.flushdb();
    const ws = Array.from({ length: n }, () =>
      startBin("geb", ["worker", "--queue", redis.url, "--concurrency", String(CONC)], { cwd: dir }),
    );
    await Promise.all(ws.map((w) => until(() => w.stderr().includes("worker on"), 60_000, "worker start")));
    // Warm-up: every sandboxed child started (BullMQ forks them on first use).
    const warm = await runBin(
      "geb",
      [...model(datasets[0] as string), "--limit", String(CONC * n * 2), "--queue", redis.url],
      {
        cwd: dir,
      },
    );
    if (warm.code !== 0) throw new Error(warm.stderr);
    const before = await commandCalls(db);
    const run = startBin("geb", [...model(datasets[k + 1] as string), "--queue", redis.url], { cwd: dir });
    await until(() => run.stderr().includes("queued"), 60_000, "queued");
    const q0 = performance.now();
    const code = await run.exited;
    const s = (performance.now() - q0) / 1000;
    if (code !== 0) throw new Error(run.stderr());
    const after = await commandCalls(db);
    const calls = after.calls - before.calls;
    const usec = after.usec - before.usec;
    for (const w of ws) w.signal("SIGTERM");
    await Promise.all(ws.map((w) => w.exited));
    log(
      `${n} worker(s): ${JOBS} jobs in ${s.toFixed(2)} s, ${(calls / JOBS).toFixed(1)} Redis commands and ${(usec / JOBS).toFixed(0)} µs of Redis CPU per job`,
    );
    results.push({
      metric: `${n} worker(s) × concurrency ${CONC}`,
      value: +(JOBS / s).toFixed(1),
      unit: "req/s",
      note: `${JOBS} jobs in ${s.toFixed(2)} s from queued to written; ideal ${((n * CONC * 1000) / LATENCY_MS).toFixed(0)} req/s; ${(calls / JOBS).toFixed(1)} Redis commands/job`,
    });
    results.push({ metric: `${n} worker(s): Redis CPU per job`, value: Math.round(usec / JOBS), unit: "µs" });
  }
} finally {
  db.disconnect();
  await Promise.all([redis.stop(), server.close()]);
  rmSync(dir, { recursive: true, force: true });
  cleanupBins();
}
process.stdout.write(`${JSON.stringify({ name: "queue", results })}\n`);

/** Commands Redis has served and the CPU µs it spent on them (INFO commandstats). */
async function commandCalls(c: Redis): Promise<{ calls: number; usec: number }> {
  const info = await c.info("commandstats");
  let calls = 0;
  let usec = 0;
  for (const m of info.matchAll(/calls=(\d+),usec=(\d+)/g)) {
    calls += Number(m[1]);
    usec += Number(m[2]);
  }
  return { calls, usec };
}
