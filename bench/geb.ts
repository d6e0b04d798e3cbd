/**
 * GEB bench: `npx tsx bench/geb.ts` prints one JSON object on stdout.
 *
 * The sizes: default generator settings ×10 (`--episodes 200`, 4,800 rows, ~300 MB).
 * Each command runs in its own process (the CLI bundled once with esbuild, so the TypeScript
 * loader is not timed), three times; we report the median wall time, the child's CPU time
 * (the machine is shared; CPU time moves less with other load) and its peak RSS, read by a
 * preloaded probe (bench/_geb-probe.mjs) from `process.resourceUsage()`. Peak RSS is also
 * measured at a quarter of the size to show it does not grow with the file. Nothing is asserted.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

interface Result {
  metric: string;
  value: number;
  unit: string;
  target: number | string | null;
  baseline: number | string | null;
}

const here = dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "geb-bench-"));
// Our code in one file, dependencies left as imports (as in the published dist/): the bundle
// lives under node_modules/.cache so those imports resolve, and lazily loaded packages
// (vega, playwright-core, the tokenizer) cost nothing unless a command uses them.
const cacheDir = join(here, "..", "node_modules", ".cache", "oraclebench-bench");
mkdirSync(cacheDir, { recursive: true });
const cli = join(cacheDir, "geb.mjs");
await build({
  entryPoints: [join(here, "../src/geb/cli.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  outfile: cli,
  packages: "external",
  logLevel: "error",
});
const probe = join(here, "_geb-probe.mjs");

interface Run {
  wall: number;
  cpu: number;
  rssMB: number;
}

function geb(args: string[]): Run {
  const probeFile = join(dir, "probe.json");
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ["--import", probe, cli, ...args], {
    encoding: "utf8",
    env: { ...process.env, GEB_BENCH_PROBE: probeFile },
  });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`geb ${args.join(" ")} failed: ${r.stderr}`);
  const p = JSON.parse(readFileSync(probeFile, "utf8"));
  return { wall, cpu: (p.user + p.system) / 1e6, rssMB: p.maxRSS / 1024 };
}

function median(args: string[], reps = 3): Run {
  const runs = Array.from({ length: reps }, () => geb(args)).sort((a, b) => a.wall - b.wall);
  const mid = runs[Math.floor(reps / 2)];
  return {
    wall: mid.wall,
    cpu: [...runs].sort((a, b) => a.cpu - b.cpu)[Math.floor(reps / 2)].cpu,
    rssMB: Math.max(...runs.map((r) => r.rssMB)),
  };
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;
const results: Result[] = [];
try {
  const data = join(dir, "data.jsonl");
  const small = join(dir, "small.jsonl");
  const preds = join(dir, "preds.jsonl");
  const gen = median(["generate", "--episodes", "200", "--out", data]);
  const sizeMB = statSync(data).size / 1e6;
  const run = median(["run", "--data", data, "--baseline", "ledger"]);
  geb(["baseline", "--data", data, "--baseline", "ledger", "--out", preds]);
  const grade = median(["grade", "--data", data, "--pred", preds]);
  // Quarter size: peak RSS should not scale with the file.
  geb(["generate", "--episodes", "50", "--out", small]);
  geb(["baseline", "--data", small, "--baseline", "ledger", "--out", preds]);
  const runSmall = median(["run", "--data", small, "--baseline", "ledger"], 1);
  const gradeSmall = median(["grade", "--data", small, "--pred", preds], 1);

  results.push(
    {
      metric: "dataset size (--episodes 200, 4,800 rows)",
      value: round(sizeMB, 1),
      unit: "MB",
      target: null,
      baseline: "~300 MB",
    },
    {
      metric: "generate wall",
      value: round(gen.wall),
      unit: "s",
      target: 0.8,
      baseline: "2.4–3.1 s (reference)",
    },
    { metric: "generate cpu", value: round(gen.cpu), unit: "s", target: null, baseline: null },
    { metric: "generate peak RSS", value: round(gen.rssMB, 1), unit: "MB", target: 150, baseline: null },
    {
      metric: "run --baseline ledger wall",
      value: round(run.wall),
      unit: "s",
      target: 1.0,
      baseline: "6.5–9.7 s (reference)",
    },
    { metric: "run --baseline ledger cpu", value: round(run.cpu), unit: "s", target: null, baseline: null },
    {
      metric: "run --baseline ledger peak RSS",
      value: round(run.rssMB, 1),
      unit: "MB",
      target: 150,
      baseline: null,
    },
    { metric: "grade wall", value: round(grade.wall), unit: "s", target: 0.6, baseline: "3.4 s (reference)" },
    { metric: "grade cpu", value: round(grade.cpu), unit: "s", target: null, baseline: null },
    {
      metric: "grade peak RSS",
      value: round(grade.rssMB, 1),
      unit: "MB",
      target: 150,
      baseline: "340 MB (reference)",
    },
    {
      metric: "run peak RSS at 1/4 size",
      value: round(runSmall.rssMB, 1),
      unit: "MB",
      target: "≈ full-size RSS",
      baseline: null,
    },
    {
      metric: "grade peak RSS at 1/4 size",
      value: round(gradeSmall.rssMB, 1),
      unit: "MB",
      target: "≈ full-size RSS",
      baseline: null,
    },
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify({ name: "geb", results }));
