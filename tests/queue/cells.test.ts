/**
 * The `--queue` cases beyond plain model runs, each against its single-process run on a real
 * Redis with one worker: baseline and pipeline sweep cells (whole cells are jobs), a retrieval
 * pipeline with an answerer model and several --model at once (requests are jobs), and
 * `gf01 evaluate --script` / `--agent-cmd` (episodes are jobs; a worker whose copy of the
 * agent's script differs refuses the job).
 */
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerReaderAnswer } from "../../src/core/engine/clients/builtin.js";
import { SINK_KEY } from "../../src/core/queue/redis.js";
import { parseQueueUrl, type QueueUrl } from "../../src/core/queue/url.js";
import { evaluateOnlineAgent } from "../../src/gf01/play/api.js";
import { type Loopback, startLoopback } from "../fixtures/engine/loopback-server.js";
import { buildBins, type Proc, type RedisServer, runBin, startBin, startRedis, until } from "./helpers.js";

const PY = fileURLToPath(new URL("../fixtures/gf01/stdio_agent.py", import.meta.url));
let redis: RedisServer;
let db: Redis;
let dir: string;
let model: Loopback;
let worker: Proc;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "ob-queue-cells-"));
  for (const d of ["s1", "s2"]) mkdirSync(join(dir, d));
  [redis] = await Promise.all([startRedis(), buildBins()]);
  db = new Redis(redis.port, "127.0.0.1");
  model = await startLoopback({ answer: (p) => ledgerReaderAnswer(`\nLEDGER:\n${p}`) });
  copyFileSync(PY, join(dir, "agent.py"));
  worker = startBin("geb", ["worker", "--queue", redis.url, "--concurrency", "2"], { cwd: dir });
  const gen = await Promise.all([
    runBin("gf01", ["generate", "--seed", "5", "--count", "2", "--git-commit", "q", "--out", "bundle.json"], {
      cwd: dir,
    }),
    runBin("geb", ["generate", "--out", "data.jsonl", "--seed", "2", "--episodes", "1", "--steps", "40"], {
      cwd: dir,
    }),
  ]);
  for (const g of gen) expect(g.code, g.stderr).toBe(0);
  await until(() => worker.stderr().includes("worker on"), 30_000, "worker start");
}, 120_000);

afterAll(async () => {
  worker?.signal("SIGKILL");
  db?.disconnect();
  await Promise.all([redis?.stop(), model?.close()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every file under d, relative. */
const list = (d: string): string[] =>
  readdirSync(d, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(d.length + 1))
    .sort();

/** The files of two runs are the same (but for wall-clock files and the recorded --queue). */
// The engine journal (`results.jsonl` and its side files) is written in completion order by a
// local run: two local runs differ there too (docs/scale.md).
function sameTree(a: string, b: string, skip = /timing\.json$|config\.json$|engine\.jsonl$|results\.jsonl/) {
  const files = list(a);
  expect(list(b)).toEqual(files);
  expect(files.length).toBeGreaterThan(2);
  for (const f of files) {
    if (skip.test(f)) continue;
    const x = readFileSync(join(a, f), "utf8");
    expect(readFileSync(join(b, f), "utf8").replaceAll("/s2/", "/s1/"), f).toBe(x);
  }
}

/**
 * Run in s1 without and in s2 with --queue (the same relative paths), at once (their own
 * folders; the queued one mostly waits on the worker); both must succeed.
 */
async function both(bin: "gf01" | "geb", args: string[]): Promise<void> {
  const [a, b] = await Promise.all([
    runBin(bin, args, { cwd: join(dir, "s1") }),
    runBin(bin, [...args, "--queue", redis.url], { cwd: join(dir, "s2") }),
  ]);
  expect(a.code, a.stderr).toBe(0);
  expect(b.code, b.stderr).toBe(0);
  expect(b.stdout.replaceAll("/s2/", "/s1/")).toBe(a.stdout);
}

const SWEEP = [
  ...["sweep", "--seeds", "1", "--state-modes", "kv", "--distractor-profiles", "instruction"],
  ...["--episodes", "1", "--steps", "40", "--no-progress"],
];

describe("--queue beyond plain model runs (real Redis, one worker)", () => {
  it("geb sweep: baseline cells and pipeline cells without a model are whole-cell jobs", async () => {
    await both("geb", [...SWEEP, "--out", "base"]);
    sameTree(join(dir, "s1/base"), join(dir, "s2/base"));
    const n = await db.hlen(SINK_KEY);
    expect(n).toBe(1); // one cell, one job
    await both("geb", [
      ...SWEEP,
      ...["--k-list", "2,4", "--pipeline-set", "deterministic_answer=true"],
      ...["--out", "pipe"],
    ]);
    sameTree(join(dir, "s1/pipe"), join(dir, "s2/pipe"));
    expect(await db.hlen(SINK_KEY)).toBe(n + 2);
  }, 40_000);

  it("geb model: a retrieval pipeline with an answerer and several --model: requests are jobs", async () => {
    const data = join(dir, "data.jsonl");
    const M = ["model", "--data", data, "--base-url", `${model.url}/v1`, "--no-timings", "--no-progress"];
    // A pipeline that makes no model request has nothing to distribute: refused, one line.
    const refused = runBin(
      "geb",
      [...M, "--model", "retrieval", "--deterministic-answer", "--out-dir", "x", "--queue", redis.url],
      { cwd: dir },
    );
    await Promise.all([
      both("geb", [...M, "--model", "retrieval:openai:fake", "--k", "3", "--out-dir", "ret"]),
      both("geb", [...M, "--model", "openai:fake-a", "--model", "openai:fake-b", "--out-dir", "two"]),
    ]);
    sameTree(join(dir, "s1/ret"), join(dir, "s2/ret"));
    sameTree(join(dir, "s1/two"), join(dir, "s2/two"));
    expect(list(join(dir, "s2/two"))).toContain("comparison.json");
    // --cache-dir: the coordinator answers cache hits itself, queues only the misses, and writes
    // the workers' answers back to the cache.
    await db.flushdb();
    const C = [...M, "--model", "openai:fake-c", "--cache-dir", "cache", "--queue", redis.url];
    const part = await runBin("geb", [...C, "--limit", "2", "--out-dir", "c1"], { cwd: dir });
    expect(part.code, part.stderr).toBe(0);
    const rows = readFileSync(data, "utf8").trim().split("\n").length;
    expect(part.stderr).toMatch(/queued 2 engine\.complete job/);
    await db.flushdb(); // the misses must come from workers, the hits from the cache
    const full = await runBin("geb", [...C, "--out-dir", "c2"], { cwd: dir });
    expect(full.code, full.stderr).toBe(0);
    expect(full.stderr).toContain(`queued ${rows - 2} engine.complete job`);
    expect(await db.hlen(SINK_KEY)).toBe(rows - 2);
    expect(readFileSync(join(dir, "c2/preds.jsonl"), "utf8").trim().split("\n")).toHaveLength(rows);
    const r = await refused;
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("--queue");
  }, 90_000);

  it("gf01 evaluate with an action script and --agent-cmd; a worker with another copy of the agent refuses", async () => {
    const B = join(dir, "bundle.json");
    writeFileSync(join(dir, "s1/script.json"), JSON.stringify({ actions: [{ t: 1, set: { in0: 1 } }] }));
    copyFileSync(join(dir, "s1/script.json"), join(dir, "s2/script.json"));
    // An action script (API only: `gf01 evaluate` has no --script flag): it travels in the jobs.
    const script = (d: string, queue?: QueueUrl) =>
      evaluateOnlineAgent({
        instancesFile: B,
        script: join(dir, d, "script.json"),
        gitCommit: "q",
        out: join(dir, d, "o.jsonl"),
        queue,
      });
    const [sa, sb] = await Promise.all([script("s1"), script("s2", parseQueueUrl(redis.url))]);
    expect(sb.payload.out_jsonl).toContain("/s2/");
    expect({ ...sb.payload, out_jsonl: "", steps_jsonl: "" }).toEqual({
      ...sa.payload,
      out_jsonl: "",
      steps_jsonl: "",
    });
    expect(sa.ok && sa.rows.length === 2).toBe(true);
    for (const f of ["o.jsonl", "o.jsonl.steps.jsonl"])
      expect(readFileSync(join(dir, "s2", f), "utf8"), f).toBe(readFileSync(join(dir, "s1", f), "utf8"));
    const EV = ["evaluate", "--instances", B, "--git-commit", "q", "--out", "o.jsonl"];
    // The worker runs in `dir`, with its own agent.py: the coordinators' copies are the same.
    copyFileSync(PY, join(dir, "s1/agent.py"));
    copyFileSync(PY, join(dir, "s2/agent.py"));
    const CMD = [...EV.slice(0, -1), "p.jsonl", "--agent-cmd", "python3 agent.py", "--agent-name", "py"];
    await both("gf01", CMD);
    for (const f of ["p.jsonl", "p.jsonl.steps.jsonl"])
      expect(readFileSync(join(dir, "s2", f), "utf8"), f).toBe(readFileSync(join(dir, "s1", f), "utf8"));
    // Another script under the same name: other job ids, and the worker refuses to run them.
    writeFileSync(join(dir, "s2/agent.py"), `${readFileSync(PY, "utf8")}\n# changed\n`);
    const r = await runBin("gf01", [...CMD.slice(0, -5), "q.jsonl", ...CMD.slice(-4), "--queue", redis.url], {
      cwd: join(dir, "s2"),
    });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/agent\.py differs from the coordinator's/);
    expect(readFileSync(join(dir, "s2/q.jsonl"), "utf8")).toBe("");
  }, 60_000);
});
