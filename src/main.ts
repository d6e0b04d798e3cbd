/**
 * `npm start`: the main job on built-in defaults — offline, no API key, deterministic.
 * Writes its artifacts under ./out/ (or $ORACLEBENCH_OUT) and prints the report tables.
 */
import { join, resolve } from "node:path";
import { runGf01MainJob } from "./gf01/main-job.js";

const outDir = resolve(process.env.ORACLEBENCH_OUT ?? "out");
const log = (line: string) => process.stderr.write(`${line}\n`);

const gf01 = await runGf01MainJob({ outDir: join(outDir, "gf01"), seeds: Array.from({ length: 40 }, (_, i) => i), log });
console.log("GF-01 — per agent and track (tracks never pooled)");
console.log(gf01.table);
process.exitCode = gf01.ok ? 0 : 1;
