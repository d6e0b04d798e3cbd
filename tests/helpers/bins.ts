/**
 * The real `gf01` / `geb` CLIs (and the queue's sandboxed processor) bundled with esbuild once
 * per test run, for the tests whose point is a process (exit codes, signals, kill -9, workers):
 * each child then starts with ~0.2 s of CPU instead of ~0.8–1.5 s under tsx (same source, same
 * Node; only the module loading differs).
 *
 * The first test file that asks builds the bundle into the folder the global setup named
 * (tests/helpers/global-setup.ts, which removes it at the end); files running at the same time
 * wait for that build instead of making their own. A run that needs no bundle builds none.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";

export const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

declare module "vitest" {
  export interface ProvidedContext {
    /** Where this run's CLI bundle goes (see tests/helpers/global-setup.ts). */
    binDir: string;
  }
}

export type Bin = "gf01" | "geb";

/**
 * Outside vitest (bench/queue.ts uses the queue helpers), a folder of this process's own, which
 * `cleanupBins` removes.
 */
const ownDir = join(repoRoot, "node_modules/.cache/oraclebench-bins", `own-${process.pid}`);

/** This run's bundle folder. */
export function binDir(): string {
  try {
    return inject("binDir") ?? ownDir;
  } catch {
    return ownDir; // not inside a vitest worker
  }
}

/** Remove a bundle built outside vitest (inside, the global setup removes the run's). */
export function cleanupBins(): void {
  if (binDir() === ownDir)
    for (const d of [ownDir, ...[...runs.keys()].filter((k) => k.startsWith(`${ownDir}.`))])
      rmSync(d, { recursive: true, force: true });
  runs.clear();
}

/** The bundled CLI's entry, for `spawn(process.execPath, [binPath("gf01"), …])`. */
export const binPath = (bin: Bin): string => join(binDir(), `${bin}.mjs`);

async function bundle(outdir: string): Promise<void> {
  const esbuild = await import("esbuild");
  await esbuild.build({
    entryPoints: {
      // gf01: src/gf01/cli.ts, which runs itself as the main module (src/bin/gf01.ts imports it
      // and runs it too, which in one bundle would run the command twice).
      gf01: join(repoRoot, "src/gf01/cli.ts"),
      geb: join(repoRoot, "src/bin/geb.ts"),
      // BullMQ forks a child per worker slot that imports this module by path; the worker finds
      // it beside the bundle's chunks (src/core/queue/worker.ts, defaultProcessorFile).
      "queue/processor": join(repoRoot, "src/queue/processor.ts"),
    },
    bundle: true,
    // zod and the report's vega bundled in too: one module to compile instead of hundreds
    // cuts each start from ~0.6 to ~0.2 s of CPU (splitting keeps the report's chunks out of
    // commands that do not draw charts). CJS and optional packages stay external; bullmq finds
    // its own child main file next to itself, so it must stay a package.
    splitting: true,
    external: [
      "commander",
      "bullmq",
      "ioredis",
      "playwright-core",
      "gpt-tokenizer",
      "vite",
      "esbuild",
      "@vitejs/*",
    ],
    platform: "node",
    format: "esm",
    outdir,
    outExtension: { ".js": ".mjs" },
    logLevel: "error",
  });
}

/** Build this run's bundle, or wait for the test file that is building it (`oncePerRun`). */
export async function buildBins(): Promise<void> {
  await oncePerRun("", bundle);
}

const runs = new Map<string, Promise<string>>();

/**
 * `make(dir)` once per test run, in `dir` = this run's bundle folder (or `<that>.<name>` beside
 * it, which the global setup removes with it); resolves with `dir`. The first test file to ask
 * builds, the others (in any worker) wait for it. The folder's creation is the lock (mkdir fails
 * for everyone but the first); `.done` or `.failed` ends the wait.
 */
export function oncePerRun(name: string, make: (dir: string) => Promise<unknown>): Promise<string> {
  const dir = name ? `${binDir()}.${name}` : binDir();
  let p = runs.get(dir);
  if (!p) {
    p = (async () => {
      const done = join(dir, ".done");
      const failed = join(dir, ".failed");
      mkdirSync(dirname(dir), { recursive: true });
      let mine = true;
      try {
        mkdirSync(dir);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
        mine = false;
      }
      if (mine) {
        try {
          await make(dir);
          writeFileSync(done, "");
        } catch (e) {
          writeFileSync(failed, String((e as Error)?.message ?? e));
          throw e;
        }
        return dir;
      }
      const deadline = Date.now() + 180_000;
      while (!existsSync(done)) {
        if (existsSync(failed)) throw new Error(`${dir} failed: ${readFileSync(failed, "utf8")}`);
        if (Date.now() > deadline) throw new Error(`${dir} did not finish`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return dir;
    })();
    runs.set(dir, p);
  }
  return p;
}
