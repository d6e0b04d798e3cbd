/**
 * Helpers for the reliability tests: the real `gf01` / `geb` CLIs as bundled once per run
 * (tests/helpers/bins.ts), async runs that can be SIGKILLed on a trigger, and file-tree snapshots.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { type Bin, binPath } from "../helpers/bins.js";

export { buildBins, repoRoot } from "../helpers/bins.js";
export type { Bin };

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Wall time from spawn to exit (ms). */
  ms: number;
  /** ms after spawn when `killWhen` first held (undefined: never). */
  triggeredAt?: number;
  /** The kill was sent before the process exited on its own. */
  killed: boolean;
}

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Polled every few ms; once true, SIGKILL after `killDelayMs`. */
  killWhen?: () => boolean;
  killDelayMs?: number;
  /** Also SIGKILL at this many ms after spawn, whatever the trigger. */
  killAtMs?: number;
  /** Polled while running (the reference run measures when output first appears). */
  watch?: () => boolean;
  stdin?: string;
  /** The signal `killWhen`/`killAtMs` send (default SIGKILL). */
  signal?: NodeJS.Signals;
}

export function runBin(bin: Bin, args: string[], o: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn(process.execPath, [binPath(bin), ...args], {
      cwd: o.cwd,
      env: { ...process.env, ORACLEBENCH_DEBUG: "", ...o.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    p.stdin.end(o.stdin ?? "");
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (b) => (stdout += b));
    p.stderr.on("data", (b) => (stderr += b));
    let exited = false;
    let killed = false;
    let triggeredAt: number | undefined;
    const kill = () => {
      if (exited || killed) return;
      killed = true;
      p.kill(o.signal ?? "SIGKILL");
    };
    const poll = () => {
      if (exited) return;
      const cond = o.killWhen ?? o.watch;
      if (triggeredAt === undefined && cond?.()) {
        triggeredAt = performance.now() - t0;
        if (o.killWhen) setTimeout(kill, o.killDelayMs ?? 0);
      }
      if (triggeredAt === undefined) setTimeout(poll, 2);
    };
    if (o.killWhen || o.watch) poll();
    if (o.killAtMs !== undefined) setTimeout(kill, o.killAtMs);
    p.on("error", reject);
    p.on("close", (code, signal) => {
      exited = true;
      // A SIGKILL sent just as the process was exiting does not count as a kill mid-run.
      resolve({
        code,
        signal,
        stdout,
        stderr,
        ms: performance.now() - t0,
        triggeredAt,
        killed: killed && signal === "SIGKILL",
      });
    });
  });
}

const made: string[] = [];

export const tmp = (tag: string): string => {
  const d = mkdtempSync(join(tmpdir(), `k9-${tag}-`));
  made.push(d);
  return d;
};

/** Remove every temp dir this test file made (call in afterAll). */
export function cleanup(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** Every file under `dir` (relative paths, sorted). */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (!existsSync(d)) return;
    for (const n of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, n.name);
      if (n.isDirectory()) walk(p);
      else out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

export function snapshot(dir: string, keep: (rel: string) => boolean = () => true): Map<string, Buffer> {
  const m = new Map<string, Buffer>();
  for (const f of listFiles(dir)) if (keep(f)) m.set(f, readFileSync(join(dir, f)));
  return m;
}

/** A temp file of the atomic writers (`<file>.tmp-<pid>[-<n>]`): never a final artifact. */
export const isTemp = (rel: string): boolean => /\.tmp-\d+(-\d+)?$/.test(rel);
/** The lock a run holds on its results file or folder (src/core/lock.ts); a killed run leaves it. */
export const isLock = (rel: string): boolean => rel.endsWith(".lock");

export const fileSize = (f: string): number => {
  try {
    return statSync(f).size;
  } catch {
    return 0;
  }
};

/** Number of complete (newline-terminated) lines in a file. */
export function completeLines(f: string): number {
  try {
    const b = readFileSync(f);
    let n = 0;
    for (const c of b) if (c === 10) n++;
    return n;
  } catch {
    return 0;
  }
}

/** mulberry32: a small seeded PRNG for kill delays. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
