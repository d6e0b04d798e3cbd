/**
 * `npm start`: the main job on built-in defaults — offline, no API key, deterministic.
 * Writes its artifacts under ./out/ (or $ORACLEBENCH_OUT) and prints the report tables:
 *  1. GF-01: generate a bundle, run the honest baseline panel (black-box agents on EVAL-CB,
 *     the white-box oracle on EVAL-OC; `--official-panel`: the official labelling instead),
 *     validate (every certificate re-verified), report per agent × track.
 *  2. GoldEvidenceBench: generate a small dataset, run both baselines on both protocols,
 *     grade, print the metric table.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { runDemo as runGebDemo } from "../geb/api.js";
import { runGf01MainJob } from "../gf01/main-job.js";

// `npm start --web` (npm sets npm_config_web) or `npm start -- --web`: the browser game instead.
if (process.env.npm_config_web === "true" || process.argv.includes("--web")) {
  const { main: gf01 } = await import("../gf01/cli.js");
  const rest = process.argv.slice(2).filter((a) => a !== "--web");
  process.exitCode = await gf01(["serve", ...rest]);
} else await mainJob();

async function mainJob(): Promise<void> {
  const outDir = resolve(process.env.ORACLEBENCH_OUT ?? "out");
  const log = (line: string) => process.stderr.write(`${line}\n`);

  const gf01 = await runGf01MainJob({
    outDir: join(outDir, "gf01"),
    seeds: Array.from({ length: 100 }, (_, i) => i),
    officialPanel:
      process.argv.includes("--official-panel") || process.env.npm_config_official_panel === "true",
    log,
  });
  console.log("GF-01 — per agent and track (tracks never pooled)");
  console.log(gf01.table);
  console.log(gf01.legend);

  console.log("");
  const gebDir = join(outDir, "geb");
  mkdirSync(gebDir, { recursive: true });
  runGebDemo({ dir: gebDir, log: (line) => console.log(line) });

  console.log(`\nArtifacts: ${outDir}`);
  process.exitCode = gf01.ok ? 0 : 1;
}
