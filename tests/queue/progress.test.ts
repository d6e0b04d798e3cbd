/**
 * Progress across workers: the coordinator counts results as they reach the sink, whoever
 * wrote them, and shows completed/total on a terminal only. Results here are written into the
 * sink directly, as workers on other machines would (no worker process needed).
 */
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { packageVersion } from "../../src/core/cli.js";
import { Progress } from "../../src/core/progress.js";
import { encodeResult, runJobs } from "../../src/core/queue/coordinator.js";
import { jobIdFor } from "../../src/core/queue/ids.js";
import { SINK_KEY } from "../../src/core/queue/redis.js";
import { parseQueueUrl } from "../../src/core/queue/url.js";
import { type RedisServer, startRedis, until } from "./helpers.js";

let redis: RedisServer;
let db: Redis;

beforeAll(async () => {
  redis = await startRedis();
  db = new Redis(redis.port, "127.0.0.1");
}, 30_000);

afterAll(async () => {
  db?.disconnect();
  await redis?.stop();
});

/** A stream that records what a Progress writes to it. */
const stream = (isTTY: boolean) => {
  const out: string[] = [];
  return { isTTY, columns: 200, out, write: (s: string) => out.push(s) };
};

async function queuedRun(kind: string, p: Progress) {
  const datas = [1, 2, 3, 4];
  const ids = datas.map((data) => jobIdFor({ kind, version: packageVersion(), data }));
  // One result already in the sink (an earlier run's): counted as done, not toward the rate.
  await db.hset(SINK_KEY, ids[0] as string, encodeResult("r1"));
  const done: number[] = [];
  let queued = false;
  const run = runJobs<string>(parseQueueUrl(redis.url), kind, datas, {
    pollMs: 20,
    log: () => {
      queued = true;
    },
    onReused: (n) => p.skip(n),
    onDone: (n) => {
      p.tick(n);
      done.push(n);
    },
  });
  await until(() => queued, 10_000, "the jobs to be queued");
  // "Workers" on other machines finish the other jobs one after another.
  for (const [k, id] of ids.slice(1).entries()) {
    await until(() => done.length === k, 10_000, "the coordinator to see the last result");
    await db.hsetnx(SINK_KEY, id, encodeResult(`r${k + 2}`));
  }
  const r = await run;
  p.finish();
  return r;
}

describe("progress across workers", () => {
  // The default rule is a user's terminal: off under CI=true or TERM=dumb, as CI runs this.
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  it("on a terminal: completed/total from the sink; elsewhere: nothing", async () => {
    vi.stubEnv("CI", "");
    vi.stubEnv("TERM", "xterm");
    const tty = stream(true);
    const r = await queuedRun("test.progress-a", new Progress(4, "run (queue)", tty));
    expect(r.reused).toBe(1);
    expect(r.outcomes.map((o) => (o.ok ? o.result : o.error))).toEqual(["r1", "r2", "r3", "r4"]);
    const text = tty.out.join("");
    // Each result another process wrote is drawn as it arrives (redraws at most every 80 ms,
    // and always at the end).
    expect(text).toMatch(/run \(queue\) \[[#-]{20}\] [234]\/4 /);
    expect(tty.out.at(-1)).toMatch(/^\rrun \(queue\) \[#{20}\] 4\/4 .*\n$/);
    expect(text).not.toMatch(/ [05]\/4 /);

    const pipe = stream(false);
    await queuedRun("test.progress-b", new Progress(4, "run (queue)", pipe));
    expect(pipe.out).toEqual([]);
  }, 30_000);
});
