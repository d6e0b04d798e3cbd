/**
 * `npm run bench`: runs every benchmark script in bench/ in its own process (so each gets a
 * clean heap and its own RSS figure) and prints one table. Each script prints a single JSON
 * object `{ name, results: [{ metric, value, unit, target?, baseline? }] }` on stdout.
 * Figures are reported as measured plus, where a script measures a baseline in the same
 * process, the ratio against it — never as timed assertions in tests.
 *
 *   npm run bench               # all
 *   npm run bench -- verify     # only scripts whose name contains "verify"
 *   npm run bench -- --reference-gf01 DIR --reference-geb DIR [--quick] [--runs N] [--doc FILE]
 *                               # only the side-by-side bench against the reference harnesses
 *                               # (bench/side-by-side.ts; its own table, progress on stderr)
 */
import { execFile, spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

interface BenchResult {
  metric: string;
  value: number;
  unit: string;
  target?: string | number;
  baseline?: string | number;
  ratio?: number;
  note?: string;
}

const here = dirname(fileURLToPath(import.meta.url));
const SIDE_BY_SIDE_FLAGS = ["--reference-gf01", "--reference-geb", "--quick", "--runs", "--doc"];
if (process.argv.slice(2).some((a) => SIDE_BY_SIDE_FLAGS.includes(a))) {
  const r = spawnSync(
    process.execPath,
    ["--import", "tsx", join(here, "side-by-side.ts"), ...process.argv.slice(2)],
    {
      stdio: "inherit",
    },
  );
  process.exit(r.status ?? 1);
}
const filters = process.argv.slice(2);
const scripts = readdirSync(here)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts" && !f.startsWith("_"))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

const run = promisify(execFile);
let failed = 0;
const all: { name: string; results: BenchResult[] }[] = [];
for (const script of scripts) {
  process.stderr.write(`bench: ${script} ...\n`);
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", join(here, script)], {
      maxBuffer: 64 * 1024 * 1024,
      timeout: (script === "side-by-side.ts" ? 90 : 10) * 60 * 1000,
    });
    // One JSON object on stdout: either the whole output or its last line.
    const text = stdout.trim();
    let parsed: { name: string; results: BenchResult[] };
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = JSON.parse(text.split("\n").pop() ?? "{}");
    }
    all.push(parsed);
  } catch (e) {
    failed++;
    process.stderr.write(`bench: ${script} failed: ${(e as Error).message}\n`);
  }
}

const rows: string[][] = [["bench", "metric", "value", "unit", "target", "baseline / ratio"]];
for (const b of all) {
  for (const r of b.results) {
    const value = Number.isInteger(r.value) ? String(r.value) : r.value.toPrecision(4);
    const base = [r.baseline ?? "", r.ratio !== undefined ? `×${r.ratio.toFixed(1)}` : ""]
      .filter(Boolean)
      .join(" ");
    rows.push([b.name, r.metric, value, r.unit, String(r.target ?? ""), base]);
  }
}
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const r of rows)
  console.log(
    r
      .map((c, i) => c.padEnd(widths[i]))
      .join("  ")
      .trimEnd(),
  );
if (process.env.BENCH_JSON) console.log(JSON.stringify(all));
process.exitCode = failed ? 1 : 0;
