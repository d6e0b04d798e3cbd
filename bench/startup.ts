/**
 * CLI start-up bench: `npx tsx bench/startup.ts [--runs N]` prints one JSON object on stdout.
 *
 * Wall time and peak RSS of `gf01 --help` and `geb --help` run as an install runs them (the
 * built bins, dist/bin/*.js: `npm run build` first), against `node -e 0` measured in the same
 * rounds: each round runs every command once, in turn, so machine load hits all of them alike.
 * Figures are medians over the rounds; "over node" is the median of the per-round differences,
 * the part of the start-up that is ours. tsc's unbundled tree (`node dist/gf01/cli.js --help`)
 * is measured too, for the before/after of the bundle (scripts/bundle.ts).
 *
 * `--rt`: run each command at real-time priority (`chrt -f 50`, needs root), so other load on a
 * shared machine does not preempt it: wall times then mean something on a busy machine.
 * `NODE_EXTRA_CA_CERTS` is removed from the children's environment unless `--keep-ca`: node
 * parses that CA bundle at every start (0.13 s here), a cost of this machine, not of ours.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const rounds = Number(arg("--runs") ?? 15);
const rt = process.argv.includes("--rt");
const childEnv = { ...process.env };
if (!process.argv.includes("--keep-ca")) delete childEnv.NODE_EXTRA_CA_CERTS;

export interface Sample {
  wallS: number;
  /** user + system CPU seconds (GNU time; NaN without it): steadier than wall on a busy machine. */
  cpuS: number;
  rssKiB: number;
}

const TIME = "/usr/bin/time";
const hasTime = existsSync(TIME);
const statsFile = join(tmpdir(), `oraclebench-startup-${process.pid}.txt`);

/** One run of `argv`: wall time around the spawn; CPU and peak RSS from GNU time (NaN without it). */
export function sample(argv: string[], cwd = root): Sample {
  const run = rt ? ["chrt", "-f", "50", ...argv] : argv;
  const cmd = hasTime ? [TIME, "-f", "%U %S %M", "-o", statsFile, ...run] : run;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd[0], cmd.slice(1), { cwd, env: childEnv, stdio: ["ignore", "ignore", "pipe"] });
  const wallS = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`${argv.join(" ")} exited ${r.status}: ${r.stderr}`);
  if (!hasTime) return { wallS, cpuS: Number.NaN, rssKiB: Number.NaN };
  const [u, s, m] = (readFileSync(statsFile, "utf8").trim().split("\n").pop() ?? "").split(" ").map(Number);
  return { wallS, cpuS: u + s, rssKiB: m };
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const commands: [string, string[]][] = [
  ["node -e 0", [process.execPath, "-e", "0"]],
  ["gf01 --help", [process.execPath, "dist/bin/gf01.js", "--help"]],
  ["geb --help", [process.execPath, "dist/bin/geb.js", "--help"]],
  ["gf01 --help (tsc tree, unbundled)", [process.execPath, "dist/gf01/cli.js", "--help"]],
  ["geb --help (tsc tree, unbundled)", [process.execPath, "dist/geb/cli.js", "--help"]],
];

if (!existsSync(join(root, "dist/bin/gf01.js"))) {
  process.stderr.write("bench/startup: dist/bin/gf01.js is missing: run `npm run build` first\n");
  process.exit(2);
}
const samples = new Map<string, Sample[]>(commands.map(([n]) => [n, []]));
for (let i = 0; i < rounds; i++) for (const [name, argv] of commands) samples.get(name)?.push(sample(argv));
rmSync(statsFile, { force: true });

const base = samples.get("node -e 0") ?? [];
const results: Record<string, unknown>[] = [];
for (const [name] of commands) {
  const s = samples.get(name) ?? [];
  const wall = median(s.map((x) => x.wallS));
  const over = median(s.map((x, i) => x.wallS - base[i].wallS));
  const isBin = name.endsWith("--help") && !name.startsWith("node");
  results.push({
    metric: `${name}: wall`,
    value: wall,
    unit: "s",
    ...(isBin ? { target: "≤ 0.12", baseline: `node -e 0 + ${(over * 1000).toFixed(0)} ms` } : {}),
  });
  if (hasTime) {
    results.push({
      metric: `${name}: CPU (user+sys)`,
      value: median(s.map((x) => x.cpuS)),
      unit: "s",
      ...(isBin
        ? { baseline: `node -e 0 + ${(median(s.map((x, i) => x.cpuS - base[i].cpuS)) * 1000).toFixed(0)} ms` }
        : {}),
    });
    results.push({
      metric: `${name}: peak RSS`,
      value: median(s.map((x) => x.rssKiB)) / 1024,
      unit: "MiB",
    });
  }
}
console.log(
  JSON.stringify({
    name: "startup",
    rounds,
    realtime: rt,
    ca_bundle: process.argv.includes("--keep-ca") ? (process.env.NODE_EXTRA_CA_CERTS ?? null) : null,
    results,
  }),
);
