/**
 * GEB bench: `npx tsx bench/geb.ts [--reference-geb DIR]` prints one JSON object on stdout.
 *
 * The sizes: default generator settings ×10 (`--episodes 200`, 4,800 rows, ~300 MB).
 * Each command runs in its own process (the CLI bundled once with esbuild, so the TypeScript
 * loader is not timed); we report the median wall time, the child's CPU time (the machine is
 * shared; CPU time moves less with other load) and its peak RSS, read by a preloaded probe
 * (bench/_geb-probe.mjs) from `process.resourceUsage()`.
 *
 * Ratios are against baselines measured in the same run, alternating with our runs:
 * - with the reference harness (`--reference-geb DIR` or `GEB_REFERENCE_DIR=DIR`: an extracted
 *   RaymondCerneyTech/goldevidencebench checkout; python3 runs `python3 -m goldevidencebench`
 *   from a temp dir with PYTHONPATH=DIR/src and PYTHONHASHSEED=0, its CPU and peak RSS read by a
 *   small atexit probe): ratio = reference / ours on the same inputs (our generator in
 *   `--compat reference-0.1`, whose output is byte-identical to the reference's);
 * - always: the floors of this machine (reading the dataset raw; `JSON.parse` of every line).
 * Medians of `GEB_BENCH_REPS` runs (default 3). Nothing is asserted.
 */
import { spawnSync } from "node:child_process";
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { forEachLine } from "../src/geb/io.js";

interface Result {
  metric: string;
  value: number;
  unit: string;
  target: number | string | null;
  baseline: number | string | null;
}

const argRef = process.argv.indexOf("--reference-geb");
const refDir = argRef >= 0 ? process.argv[argRef + 1] : (process.env.GEB_REFERENCE_DIR ?? null);
const reps = Number(process.env.GEB_BENCH_REPS ?? 3);

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
// The reference's probe: same JSON as ours (maxRSS in KiB, CPU in µs), written at exit.
const pyProbe = join(dir, "_geb_probe.py");
writeFileSync(
  pyProbe,
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

interface Run {
  wall: number;
  cpu: number;
  rssMB: number;
}

function measure(cmd: string, args: string[], env: Record<string, string> = {}): Run {
  const probeFile = join(dir, "probe.json");
  rmSync(probeFile, { force: true });
  const t0 = performance.now();
  const r = spawnSync(cmd, args, {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, ...env, GEB_BENCH_PROBE: probeFile },
  });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed: ${r.stderr}`);
  const p = JSON.parse(readFileSync(probeFile, "utf8"));
  return { wall, cpu: (p.user + p.system) / 1e6, rssMB: p.maxRSS / 1024 };
}

const geb = (args: string[]): Run => measure(process.execPath, ["--import", probe, cli, ...args]);
const ref = (args: string[]): Run =>
  measure("python3", [pyProbe, ...args], {
    PYTHONPATH: join(refDir ?? "", "src"),
    PYTHONHASHSEED: "0",
  });

const mid = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function summary(runs: Run[]): Run {
  return {
    wall: mid(runs.map((r) => r.wall)),
    cpu: mid(runs.map((r) => r.cpu)),
    rssMB: Math.max(...runs.map((r) => r.rssMB)),
  };
}

/** Ours and (when given) the reference, alternating, `reps` times each. */
function pair(ours: () => Run, theirs: (() => Run) | null): { ours: Run; ref: Run | null } {
  const a: Run[] = [];
  const b: Run[] = [];
  for (let i = 0; i < reps; i++) {
    a.push(ours());
    if (theirs) b.push(theirs());
  }
  return { ours: summary(a), ref: theirs ? summary(b) : null };
}

/** In-process floors of this machine on the dataset: raw read, and JSON.parse of every line. */
function floors(file: string): { read: number; parse: number } {
  const time = (f: () => void): number => {
    const ts: number[] = [];
    for (let i = 0; i < reps; i++) {
      const t0 = performance.now();
      f();
      ts.push((performance.now() - t0) / 1000);
    }
    return mid(ts);
  };
  const read = time(() => {
    const fd = openSync(file, "r");
    const buf = Buffer.allocUnsafe(1 << 20);
    while (readSync(fd, buf, 0, buf.length, null) > 0);
    closeSync(fd);
  });
  const parse = time(() => forEachLine(file, (line) => JSON.parse(line.toString("utf8"))));
  return { read, parse };
}

/** Byte equality of two files, chunk by chunk (never both whole in memory). */
function sameBytes(a: string, b: string): boolean {
  if (statSync(a).size !== statSync(b).size) return false;
  const fa = openSync(a, "r");
  const fb = openSync(b, "r");
  const ba = Buffer.allocUnsafe(1 << 20);
  const bb = Buffer.allocUnsafe(1 << 20);
  try {
    for (;;) {
      const na = readSync(fa, ba, 0, ba.length, null);
      const nb = readSync(fb, bb, 0, bb.length, null);
      if (na !== nb || ba.compare(bb, 0, nb, 0, na) !== 0) return false;
      if (na === 0) return true;
    }
  } finally {
    closeSync(fa);
    closeSync(fb);
  }
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;
const results: Result[] = [];
function report(name: string, p: { ours: Run; ref: Run | null }, target: string): void {
  results.push(
    {
      metric: `${name} wall`,
      value: round(p.ours.wall),
      unit: "s",
      target: null,
      baseline: p.ref ? round(p.ref.wall) : null,
    },
    {
      metric: `${name} cpu`,
      value: round(p.ours.cpu),
      unit: "s",
      target: null,
      baseline: p.ref ? round(p.ref.cpu) : null,
    },
    {
      metric: `${name} peak RSS`,
      value: round(p.ours.rssMB, 1),
      unit: "MB",
      target: null,
      baseline: p.ref ? round(p.ref.rssMB, 1) : null,
    },
  );
  if (p.ref)
    results.push({
      metric: `${name} ratio (reference wall / ours, same run)`,
      value: round(p.ref.wall / p.ours.wall, 2),
      unit: "×",
      target,
      baseline: `cpu ratio ${round(p.ref.cpu / p.ours.cpu, 2)}`,
    });
}

try {
  const data = join(dir, "data.jsonl");
  const refData = join(dir, "ref-data.jsonl");
  const preds = join(dir, "preds.jsonl");
  const refPreds = join(dir, "ref-preds.jsonl");
  // The reference-0.1 generator writes the reference's bytes, so both sides get the same work.
  const gen = pair(
    () => geb(["generate", "--episodes", "200", "--compat", "reference-0.1", "--out", data]),
    refDir ? () => ref(["generate", "--episodes", "200", "--out", refData]) : null,
  );
  const sizeMB = statSync(data).size / 1e6;
  if (refDir && !sameBytes(data, refData))
    throw new Error(
      "our reference-0.1 data differs from the reference's: ratios would compare different work",
    );
  const base = pair(
    () => geb(["baseline", "--data", data, "--baseline", "ledger", "--out", preds]),
    refDir ? () => ref(["baseline", "--data", data, "--baseline", "ledger", "--out", refPreds]) : null,
  );
  const grade = pair(
    () => geb(["grade", "--data", data, "--pred", preds]),
    refDir ? () => ref(["grade", "--data", data, "--pred", preds]) : null,
  );
  const run = pair(() => geb(["run", "--data", data, "--baseline", "ledger"]), null);
  const floor = floors(data);

  results.push({
    metric: "dataset size (--episodes 200, 4,800 rows)",
    value: round(sizeMB, 1),
    unit: "MB",
    target: null,
    baseline: "~300 MB",
  });
  report("generate ×10", gen, "≥ 3× wall, peak RSS ≤ the reference's");
  report("baseline ledger", base, "≥ 6×");
  report("grade", grade, "≥ 8×");
  report("run --baseline ledger", run, "");
  results.push(
    {
      metric: "floor: raw read of the dataset",
      value: round(floor.read),
      unit: "s",
      target: null,
      baseline: null,
    },
    {
      metric: "floor: JSON.parse of every line",
      value: round(floor.parse),
      unit: "s",
      target: null,
      baseline: null,
    },
    {
      metric: "grade wall / JSON.parse-every-line floor",
      value: round(grade.ours.wall / floor.parse, 2),
      unit: "×",
      target: "< 1 (grade beats parsing every row)",
      baseline: null,
    },
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify({ name: "geb", results }));
