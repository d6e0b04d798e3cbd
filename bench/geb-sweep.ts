/**
 * GEB sweep bench: `npx tsx bench/geb-sweep.ts [--reference-geb DIR]` prints one JSON object.
 *
 * The reference's default sweep (ledger baseline, 5 seeds × 5 state modes × 2 profiles =
 * 50 cells, each: generate → data.jsonl, predict → preds.jsonl, grade → results.json; then
 * combined.json and summary.json). The sources are transpiled file by file with esbuild into
 * out/bench-geb-sweep/ (the layout of a build, so the worker-thread entry is a plain .js file
 * and the TypeScript loader is not timed). Each run is its own process into a fresh dir;
 * medians of `GEB_BENCH_REPS` (default 3) wall times, the child's CPU time (main + worker
 * threads) and peak RSS, read by the preloaded probe. Runs alternate: the default `--jobs`,
 * `--jobs 1`, `--jobs 2` (to show the default is never slower than one thread) and, with
 * `--reference-geb DIR` (or GEB_REFERENCE_DIR), the reference's own `sweep` on the same
 * grid (python3 -m goldevidencebench, PYTHONPATH=DIR/src, PYTHONHASHSEED=0), for a same-run
 * ratio. Also a resume of a complete sweep (nothing to run). Nothing is asserted.
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

const argRef = process.argv.indexOf("--reference-geb");
const refDir = argRef >= 0 ? process.argv[argRef + 1] : (process.env.GEB_REFERENCE_DIR ?? null);
const reps = Number(process.env.GEB_BENCH_REPS ?? 3);

/** The reference's `sweep` with its defaults, CPU and peak RSS from an atexit probe. */
function refSweep(): Run {
  const cwd = mkdtempSync(join(tmpdir(), "geb-sweep-ref-"));
  const probeFile = join(cwd, "probe.json");
  const py = join(cwd, "probe.py");
  writeFileSync(
    py,
    `import atexit, json, os, resource, runpy, sys
def _probe():
    r = resource.getrusage(resource.RUSAGE_SELF)
    with open(os.environ["GEB_BENCH_PROBE"], "w") as f:
        json.dump({"maxRSS": r.ru_maxrss, "user": r.ru_utime * 1e6, "system": r.ru_stime * 1e6}, f)
atexit.register(_probe)
sys.argv = ["goldevidencebench"] + sys.argv[1:]
runpy.run_module("goldevidencebench", run_name="__main__", alter_sys=True)
`,
  );
  const t0 = performance.now();
  const r = spawnSync("python3", [py, "sweep", "--out", "runs/sweep"], {
    cwd,
    encoding: "utf8",
    env: {
      ...process.env,
      PYTHONPATH: join(refDir ?? "", "src"),
      PYTHONHASHSEED: "0",
      GEB_BENCH_PROBE: probeFile,
    },
  });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`reference sweep failed: ${r.stderr}`);
  const p = JSON.parse(readFileSync(probeFile, "utf8"));
  rmSync(cwd, { recursive: true, force: true });
  return { wall, cpu: (p.user + p.system) / 1e6, rssMB: p.maxRSS / 1024 };
}

const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function summary(runs: Run[]): Run {
  return {
    wall: mid(runs.map((r) => r.wall)),
    cpu: mid(runs.map((r) => r.cpu)),
    rssMB: Math.max(...runs.map((r) => r.rssMB)),
  };
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;
const runs: Record<"full" | "single" | "two" | "ref", Run[]> = { full: [], single: [], two: [], ref: [] };
for (let i = 0; i < reps; i++) {
  runs.full.push(sweep([]));
  runs.single.push(sweep(["--jobs", "1"]));
  runs.two.push(sweep(["--jobs", "2"]));
  if (refDir) runs.ref.push(refSweep());
}
const full = summary(runs.full);
const single = summary(runs.single);
const two = summary(runs.two);
const reference = refDir ? summary(runs.ref) : null;
const resumeDir = mkdtempSync(join(tmpdir(), "geb-sweep-bench-"));
sweep([], resumeDir);
const resume = summary(Array.from({ length: reps }, () => sweep([], resumeDir)));
rmSync(resumeDir, { recursive: true, force: true });

console.log(
  JSON.stringify({
    name: "geb-sweep",
    results: [
      {
        metric: `default sweep, 50 cells, wall (${availableParallelism()} cores, worker threads)`,
        value: round(full.wall),
        unit: "s",
        target: "≥ 5× the reference",
        baseline: reference ? `${round(reference.wall)} s (reference, same run)` : null,
        note: `entry ${relative(repo, entry)}`,
      },
      { metric: "default sweep cpu (all threads)", value: round(full.cpu), unit: "s" },
      { metric: "default sweep peak RSS", value: round(full.rssMB, 1), unit: "MB" },
      { metric: "default sweep, --jobs 1, wall", value: round(single.wall), unit: "s" },
      { metric: "default sweep, --jobs 1, cpu", value: round(single.cpu), unit: "s" },
      { metric: "default sweep, --jobs 2, wall", value: round(two.wall), unit: "s" },
      { metric: "default sweep, --jobs 2, cpu", value: round(two.cpu), unit: "s" },
      ...(reference
        ? [
            { metric: "reference sweep cpu", value: round(reference.cpu), unit: "s" },
            { metric: "reference sweep peak RSS", value: round(reference.rssMB, 1), unit: "MB" },
            {
              metric: "ratio (reference wall / ours, default --jobs, same run)",
              value: round(reference.wall / full.wall, 2),
              unit: "×",
              target: 5,
              baseline: `cpu ratio ${round(reference.cpu / full.cpu, 2)}`,
            },
          ]
        : []),
      { metric: "resume of a complete sweep, wall", value: round(resume.wall), unit: "s" },
    ],
  }),
);
