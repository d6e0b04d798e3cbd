/**
 * Engine throughput against a loopback OpenAI-compatible server (its own process) that
 * answers every request after 50 ms: 480 GEB queries at --max-concurrency 16 should take
 * about 480/16 × 50 ms = 1.5 s (target ≤ 1.25× that) with harness CPU < 1 ms per request.
 * Baseline: the reference's sequential loop (concurrency 1), measured on 40 queries and
 * scaled to 480. Prints one JSON object on stdout.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { OpenAIClient } from "../src/core/engine/index.js";
import { type GebPromptRow, runModelOverRows } from "../src/geb/model/index.js";
import { readJsonlAll } from "../src/core/jsonl.js";

const LATENCY_MS = 50;
const N = 480;
const CONCURRENCY = 16;
const root = join(import.meta.dirname, "..");

async function gebRows(n: number): Promise<GebPromptRow[]> {
  // Real generator output when the GEB family is present; else the reference rows, re-keyed.
  try {
    const gen = await import("../src/geb/dataset/generate.js");
    const types = await import("../src/geb/dataset/types.js");
    const cfg = { ...types.DEFAULT_GENERATE_CONFIG, episodes: Math.ceil(n / 12), queries: 12, twins: false };
    const out: GebPromptRow[] = [];
    for (const ep of gen.generateDataset(cfg))
      for (const r of ep) if (out.length < n) out.push(r as unknown as GebPromptRow);
    if (out.length === n) return out;
  } catch {}
  const base = await readJsonlAll<GebPromptRow>(
    join(root, "../shared/reference/geb/data/bad_actor_holdout_e0001.jsonl"),
  );
  return Array.from({ length: n }, (_, i) => ({
    ...base[i % base.length],
    id: `${base[i % base.length].id}-${i}`,
  }));
}

const server = spawn(
  process.execPath,
  ["--import", "tsx", join(root, "tests/fixtures/engine/loopback-main.ts"), String(LATENCY_MS)],
  {
    stdio: ["ignore", "pipe", "inherit"],
  },
);
const url: string = await new Promise((resolve, reject) => {
  const rl = createInterface({ input: server.stdout! });
  rl.once("line", resolve);
  server.once("exit", (c) => reject(new Error(`loopback server exited ${c}`)));
});

const dir = await mkdtemp(join(tmpdir(), "ob-bench-engine-"));
try {
  const rows = await gebRows(N);
  const client = new OpenAIClient({ model: "loopback", baseUrl: `${url}/v1`, env: {} });
  const run = (list: GebPromptRow[], concurrency: number, tag: string, cacheDir?: string) =>
    runModelOverRows({
      rows: list,
      client,
      maxConcurrency: concurrency,
      resultsPath: join(dir, `${tag}.jsonl`),
      cacheDir,
      progress: false,
    });
  /** Wall seconds and harness CPU ms per query (process-wide: includes libuv's fs threads). */
  const measure = async (tag: string, cacheDir?: string) => {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const res = await run(rows, CONCURRENCY, tag, cacheDir);
    const wall = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    if (res.records.length !== N || res.errors.length)
      throw new Error(`bench run incomplete: ${res.records.length}`);
    return { wall, cpuMsPerReq: (cpu.user + cpu.system) / 1000 / N, p50: res.summary.latency?.p50_ms ?? 0 };
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

  await run(rows.slice(0, 32), CONCURRENCY, "warmup");
  // Headline: default flags (append-only results file, no response cache); median of 3 runs
  // because the figures come from a shared machine.
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await measure(`main-${i}`));
  const wall = median(runs.map((r) => r.wall));
  const cpuMsPerReq = median(runs.map((r) => r.cpuMsPerReq));
  const p50 = median(runs.map((r) => r.p50));
  // With --cache-dir: a cold cache (every answer written) and a warm re-run (all hits).
  const cold = await measure("cache-cold", join(dir, "cache"));
  const warm = await measure("cache-warm", join(dir, "cache"));

  const SEQ_N = 40;
  const s0 = performance.now();
  await run(rows.slice(0, SEQ_N), 1, "sequential");
  const seqWall = ((performance.now() - s0) / 1000) * (N / SEQ_N);

  const ideal = (N / CONCURRENCY) * (LATENCY_MS / 1000);
  console.log(
    JSON.stringify({
      name: "engine",
      results: [
        {
          metric: `wall_${N}q_c${CONCURRENCY}_${LATENCY_MS}ms`,
          value: wall,
          unit: "s",
          target: `≤ ${(1.25 * ideal).toFixed(3)} (1.25× ideal ${ideal.toFixed(2)})`,
          baseline: `sequential ${seqWall.toFixed(1)} s`,
          ratio: seqWall / wall,
        },
        { metric: "wall_over_ideal", value: wall / ideal, unit: "×", target: "≤ 1.25" },
        { metric: "harness_cpu_per_request", value: cpuMsPerReq, unit: "ms", target: "< 1" },
        {
          metric: "latency_p50_live",
          value: p50,
          unit: "ms",
          target: `≈ ${LATENCY_MS}`,
        },
        {
          metric: `sequential_${N}q_est`,
          value: seqWall,
          unit: "s",
          baseline: "reference loop (concurrency 1)",
        },
        {
          metric: "harness_cpu_per_request_cache_cold",
          value: cold.cpuMsPerReq,
          unit: "ms",
          baseline: `wall ${cold.wall.toFixed(2)} s (one file written per answer)`,
        },
        { metric: `wall_${N}q_cache_warm`, value: warm.wall, unit: "s", baseline: "all cache hits" },
      ],
    }),
  );
} finally {
  server.kill("SIGTERM");
  await rm(dir, { recursive: true, force: true });
}
