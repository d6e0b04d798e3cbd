/**
 * Helpers for the distributed-run tests: a private redis-server on a free loopback port
 * (Debian's, installed by .ci/run; no persistence unless asked: then an fsynced AOF, for
 * restarts), the CLIs and the sandboxed processor as bundled once per run (tests/helpers/bins.ts:
 * each worker and its children start in ~0.2 s of CPU, not ~1.5 s under tsx), and long-running CLI processes
 * in their own process groups (so a signal reaches a worker and its sandboxed children together).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import type { Redis } from "ioredis";
import { binPath } from "../helpers/bins.js";
import { debianPackages } from "../helpers/debian.js";

export { binPath, buildBins, cleanupBins, repoRoot } from "../helpers/bins.js";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      const port = typeof a === "object" && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * A private redis-server on loopback. `port`: a given one (a restart on the same address);
 * `dir`: persist to an append-only file there, fsynced at every write, so a restart (even
 * after SIGKILL) finds the jobs and results as they were.
 */
export async function startRedis(o: { port?: number; dir?: string } = {}): Promise<RedisServer> {
  await debianPackages();
  const port = o.port ?? (await freePort());
  const persist = o.dir
    ? ["--appendonly", "yes", "--appendfsync", "always", "--dir", o.dir, "--save", ""]
    : ["--save", "", "--appendonly", "no"];
  const p = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", ...persist], {
    stdio: "ignore",
  });
  const { Redis } = await import("ioredis");
  const deadline = Date.now() + 10_000;
  for (;;) {
    const c = new Redis({ port, host: "127.0.0.1", lazyConnect: true, retryStrategy: () => null });
    c.on("error", () => {});
    try {
      await c.connect();
      await c.ping();
      c.disconnect();
      break;
    } catch {
      c.disconnect();
      if (Date.now() > deadline || p.exitCode !== null)
        throw new Error(`redis-server did not start on ${port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url: `redis://127.0.0.1:${port}/0`,
    port,
    stop: async () => {
      p.kill("SIGKILL");
      await new Promise((r) => (p.exitCode !== null || p.signalCode !== null ? r(null) : p.once("exit", r)));
    },
  };
}

/**
 * Database `n` of a private Redis as a scenario's own queue: the queue's keys have fixed names
 * (src/core/queue/redis.ts), so scenarios that run at once on one redis-server each take a
 * database (`redis://…/n`) and flush only theirs. `db`: a client on it (disconnect when done).
 */
export async function redisDb(server: RedisServer, n: number): Promise<{ url: string; db: Redis }> {
  const { Redis } = await import("ioredis");
  return {
    url: server.url.replace(/\/0$/, `/${n}`),
    db: new Redis({ port: server.port, host: "127.0.0.1", db: n }),
  };
}

export interface Proc {
  child: ChildProcess;
  stderr: () => string;
  stdout: () => string;
  exited: Promise<number | null>;
  /** Signal the whole process group (the CLI and its sandboxed children). */
  signal(sig: NodeJS.Signals): void;
}

export function startBin(
  bin: "gf01" | "geb",
  args: string[],
  o: { cwd: string; env?: NodeJS.ProcessEnv },
): Proc {
  const child = spawn(process.execPath, [binPath(bin), ...args], {
    cwd: o.cwd,
    env: { ...process.env, ORACLEBENCH_DEBUG: "", ...o.env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    err += d;
  });
  const exited = new Promise<number | null>((r) => child.once("close", (code) => r(code)));
  return {
    child,
    stderr: () => err,
    stdout: () => out,
    exited,
    signal: (sig) => {
      try {
        process.kill(-(child.pid as number), sig);
      } catch {
        // already gone
      }
    },
  };
}

export async function runBin(
  bin: "gf01" | "geb",
  args: string[],
  o: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const p = startBin(bin, args, o);
  const code = await p.exited;
  return { code, stdout: p.stdout(), stderr: p.stderr() };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Poll `f` every 25 ms until true (or throw after `ms`). */
export async function until(f: () => Promise<boolean> | boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await f())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}
