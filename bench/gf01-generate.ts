/**
 * GF-01 generator bench: `npx tsx bench/gf01-generate.ts` prints one JSON object on stdout.
 *
 * Measures instances/s for the official-compat generator at the official GeneratorConfig
 * (seeds from 0 upward, as `gf01 generate --seed 0 --count N` would draw them; the official
 * Python harness does ~360/s) and for our default generator at its defaults, each for ≥ 2 s
 * of work after a warm-up, plus RSS before/after, and the CPU cost of the exact |M(I)| count
 * that the default generator's `hardness` block adds per accepted instance (re-run on the
 * compiled accepted instances of seeds 0..499). Nothing here is asserted.
 *
 * Bundle writing (docs/gf01-generator.md, "Writing bundles"), as ratios measured in the same
 * run (medians of alternating repetitions, so machine load cancels out): the Python-compatible
 * encoder against the original encoder (tests/core/pyjson-reference.ts) and against
 * `JSON.stringify` (the floor: same data, JS formatting), on 1,000 official-compat instances,
 * indented (the file) and canonical (the hash); and the streamed `writeGeneratedBundle` of
 * 2,000 instances against the generator loop alone (what writing costs on top), with the
 * process's peak RSS.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { canonicalJson, pyJsonDumps } from "../src/core/pyjson.js";
import { instanceToDict } from "../src/gf01/artifacts/bundle.js";
import { GF01_FLOAT_KEYS } from "../src/gf01/artifacts/meta.js";
import { writeGeneratedBundle } from "../src/gf01/generate/run.js";
import { refPyJsonDumps } from "../tests/core/pyjson-reference.js";
import { defaultConfig, officialConfig } from "../src/gf01/generate/config.js";
import { generateInstance } from "../src/gf01/generate/default.js";
import { generateOfficial, isRejected } from "../src/gf01/generate/official.js";
import { compileInstance } from "../src/gf01/model/compile.js";
import { countMinimal } from "../src/gf01/verify/enumerate.js";

interface Result {
  metric: string;
  value: number;
  unit: string;
  target: number | null;
  baseline: number | null;
}

const MB = 1024 * 1024;

function measure(
  gen: (seed: number) => unknown,
  minMs: number,
): { perSec: number; perCpuSec: number; count: number; rejected: number } {
  for (let s = 0; s < 300; s++) gen(1_000_000 + s); // warm-up on other seeds
  let seed = 0;
  let rejected = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    for (let i = 0; i < 500; i++) if (isRejected(gen(seed++) as never)) rejected++;
    elapsed = performance.now() - t0;
  }
  // CPU time as well as wall time: the bench machine is shared, and wall-clock rates drop
  // with other load while the CPU-time rate does not.
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return { perSec: (seed / elapsed) * 1000, perCpuSec: (seed / cpuMs) * 1000, count: seed, rejected };
}

const rssBefore = process.memoryUsage().rss;
const off = officialConfig();
const compat = measure((s) => generateOfficial(s, off), 2500);
const rssMid = process.memoryUsage().rss;
const def = defaultConfig();
const ours = measure((s) => generateInstance(s, def), 2500);
const rssAfter = process.memoryUsage().rss;

const accepted = [];
for (let s = 0; s < 500; s++) {
  const r = generateInstance(s, def);
  if ("instance" in r) accepted.push(compileInstance(r.instance));
}
for (const ci of accepted) countMinimal(ci); // warm-up
const countCpu0 = process.cpuUsage();
const COUNT_REPS = 5;
for (let i = 0; i < COUNT_REPS; i++) for (const ci of accepted) countMinimal(ci);
const countCpu = process.cpuUsage(countCpu0);
const countUs = (countCpu.user + countCpu.system) / (COUNT_REPS * accepted.length);

const results: Result[] = [
  {
    metric: "compat official-0.1 instances/s",
    value: Math.round(compat.perSec),
    unit: "inst/s",
    target: 7000,
    baseline: 360,
  },
  {
    metric: "compat official-0.1 instances per CPU-second",
    value: Math.round(compat.perCpuSec),
    unit: "inst/cpu-s",
    target: 7000,
    baseline: 360,
  },
  { metric: "compat seeds generated", value: compat.count, unit: "seeds", target: null, baseline: null },
  {
    metric: "compat seeds rejected (20 attempts)",
    value: compat.rejected,
    unit: "seeds",
    target: null,
    baseline: null,
  },
  {
    metric: "default generator instances/s",
    value: Math.round(ours.perSec),
    unit: "inst/s",
    target: null,
    baseline: null,
  },
  {
    metric: "default generator instances per CPU-second",
    value: Math.round(ours.perCpuSec),
    unit: "inst/cpu-s",
    target: null,
    baseline: null,
  },
  { metric: "default seeds generated", value: ours.count, unit: "seeds", target: null, baseline: null },
  { metric: "default seeds rejected", value: ours.rejected, unit: "seeds", target: null, baseline: null },
  {
    metric: "default hardness |M(I)| count CPU per accepted instance",
    value: Math.round(countUs),
    unit: "us/inst",
    target: null,
    baseline: null,
  },
  {
    metric: "default hardness |M(I)| count share of generation CPU",
    value: Math.round((countUs / (1e6 / ours.perCpuSec)) * 100),
    unit: "%",
    target: null,
    baseline: null,
  },
  { metric: "rss before", value: Math.round(rssBefore / MB), unit: "MB", target: null, baseline: null },
  { metric: "rss after compat", value: Math.round(rssMid / MB), unit: "MB", target: null, baseline: null },
  { metric: "rss after default", value: Math.round(rssAfter / MB), unit: "MB", target: null, baseline: null },
];
// ---- bundle writing ------------------------------------------------------------------------
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
/** Median wall ms of each function, run alternately `reps` times (load hits all alike). */
function alternate(fns: Array<() => unknown>, reps: number): number[] {
  const ts: number[][] = fns.map(() => []);
  for (let r = 0; r < reps; r++)
    fns.forEach((f, i) => {
      const t0 = performance.now();
      f();
      ts[i].push(performance.now() - t0);
    });
  return ts.map(median);
}
const dicts: unknown[] = [];
for (let s = 0; dicts.length < 1000; s++) {
  const r = generateOfficial(s, off);
  if (!isRejected(r)) dicts.push(instanceToDict(r.instance));
}
const fileOpts = { indent: 2, sortKeys: true, floatKeys: GF01_FLOAT_KEYS };
const canonOpts = { sortKeys: true, separators: [",", ":"] as [string, string], floatKeys: GF01_FLOAT_KEYS };
const [fastFile, refFile, jsFile] = alternate(
  [
    () => pyJsonDumps(dicts, fileOpts),
    () => refPyJsonDumps(dicts, fileOpts),
    () => JSON.stringify(dicts, null, 2),
  ],
  7,
);
const [fastCanon, refCanon, jsCanon] = alternate(
  [
    () => canonicalJson(dicts, GF01_FLOAT_KEYS),
    () => refPyJsonDumps(dicts, canonOpts),
    () => JSON.stringify(dicts),
  ],
  7,
);
const dir = mkdtempSync(join(tmpdir(), "bench-gf01-gen-"));
const N_WRITE = 2000;
const writeTimes: number[] = [];
const genTimes: number[] = [];
for (let r = 0; r < 3; r++) {
  let t0 = performance.now();
  await writeGeneratedBundle(
    { compat: "official-0.1", count: N_WRITE, seedStart: 0, gitCommit: "bench" },
    { out: join(dir, "b.json"), manifestOut: join(dir, "m.json") },
  );
  writeTimes.push(performance.now() - t0);
  t0 = performance.now();
  for (let s = 0; s < N_WRITE; s++) generateOfficial(s, off);
  genTimes.push(performance.now() - t0);
}
rmSync(dir, { recursive: true, force: true });
const ratio = (x: number) => Math.round(x * 100) / 100;
results.push(
  {
    metric: "pyjson indented encode: speed-up vs original encoder (1,000 instances)",
    value: ratio(refFile / fastFile),
    unit: "x",
    target: null,
    baseline: 1,
  },
  {
    metric: "pyjson indented encode: time vs JSON.stringify(indent 2)",
    value: ratio(fastFile / jsFile),
    unit: "x JSON.stringify",
    target: null,
    baseline: ratio(refFile / jsFile),
  },
  {
    metric: "pyjson canonical encode: speed-up vs original encoder (1,000 instances)",
    value: ratio(refCanon / fastCanon),
    unit: "x",
    target: null,
    baseline: 1,
  },
  {
    metric: "pyjson canonical encode: time vs JSON.stringify",
    value: ratio(fastCanon / jsCanon),
    unit: "x JSON.stringify",
    target: null,
    baseline: ratio(refCanon / jsCanon),
  },
  {
    metric: `streamed generate+write of ${N_WRITE} official instances (+manifest): time vs generating alone`,
    value: ratio(median(writeTimes) / median(genTimes)),
    unit: "x",
    target: null,
    baseline: null,
  },
  {
    metric: "peak RSS of this bench process",
    value: Math.round(process.resourceUsage().maxRSS / 1024),
    unit: "MB",
    target: null,
    baseline: null,
  },
);
process.stdout.write(`${JSON.stringify({ name: "gf01-generate", results })}\n`);
