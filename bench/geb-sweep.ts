/**
 * GEB sweep bench: `npx tsx bench/geb-sweep.ts` prints one JSON object on stdout.
 *
 * The reference's default sweep (ledger baseline, 5 seeds × 5 state modes × 2 profiles =
 * 50 cells, each: generate → data.jsonl, predict → preds.jsonl, grade → results.json; then
 * combined.json and summary.json). The sources are transpiled file by file with esbuild into
 * out/bench-geb-sweep/ (the layout of a build, so the worker-thread entry is a plain .js file
 * and the TypeScript loader is not timed). Each run is its own process into a fresh dir;
 * median of 3 wall times, the child's CPU time (main + worker threads) and peak RSS, read by
 * the preloaded probe. Also: the same sweep with one thread (--jobs 1), and a resume of a
 * complete sweep (nothing to run). Nothing is asserted.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..");
const outDir = join(repo, "out/bench-geb-sweep");
rmSync(outDir, { recursive: true, force: true });

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) out.push(...tsFiles(p));
    else if (n.endsWith(".ts") && !n.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

// Only what the sweep imports (core + geb); esbuild keeps the directory layout.
await build({
  entryPoints: [...tsFiles(join(repo, "src/core")), ...tsFiles(join(repo, "src/geb"))],
  outdir: join(outDir, "src"),
  outbase: join(repo, "src"),
  bundle: false,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "error",
});
const entry = join(outDir, "geb-sweep.mjs");
writeFileSync(
  entry,
  `import { Command } from "commander";
import { registerSweepCommands } from "./src/geb/cli/sweep.js";
const p = new Command("geb");
registerSweepCommands(p);
await p.parseAsync(process.argv);
`,
);
const probe = join(here, "_geb-probe.mjs");

interface Run {
  wall: number;
  cpu: number;
  rssMB: number;
}

function sweep(args: string[], dir?: string): Run {
  const cwd = dir ?? mkdtempSync(join(tmpdir(), "geb-sweep-bench-"));
  const probeFile = join(cwd, "probe.json");
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    ["--import", probe, entry, "sweep", "--out", "runs/sweep", "--no-progress", ...args],
    {
      cwd,
      encoding: "utf8",
      env: { ...process.env, GEB_BENCH_PROBE: probeFile },
    },
  );
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`geb sweep failed: ${r.stderr}`);
  const p = JSON.parse(readFileSync(probeFile, "utf8"));
  if (!dir) rmSync(cwd, { recursive: true, force: true });
  return { wall, cpu: (p.user + p.system) / 1e6, rssMB: p.maxRSS / 1024 };
}

function median(f: () => Run, reps = 3): Run {
  const runs = Array.from({ length: reps }, f);
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(reps / 2)];
  return {
    wall: mid(runs.map((r) => r.wall)),
    cpu: mid(runs.map((r) => r.cpu)),
    rssMB: Math.max(...runs.map((r) => r.rssMB)),
  };
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;
const full = median(() => sweep([]));
const single = median(() => sweep(["--jobs", "1"]));
const resumeDir = mkdtempSync(join(tmpdir(), "geb-sweep-bench-"));
sweep([], resumeDir);
const resume = median(() => sweep([], resumeDir));
rmSync(resumeDir, { recursive: true, force: true });

console.log(
  JSON.stringify({
    name: "geb-sweep",
    results: [
      {
        metric: `default sweep, 50 cells, wall (${availableParallelism()} cores, worker threads)`,
        value: round(full.wall),
        unit: "s",
        target: 1.5,
        baseline: "4.6 s (reference)",
        note: `entry ${relative(repo, entry)}`,
      },
      { metric: "default sweep cpu (all threads)", value: round(full.cpu), unit: "s" },
      { metric: "default sweep peak RSS", value: round(full.rssMB, 1), unit: "MB" },
      { metric: "default sweep, --jobs 1, wall", value: round(single.wall), unit: "s" },
      { metric: "resume of a complete sweep, wall", value: round(resume.wall), unit: "s" },
    ],
  }),
);
