/**
 * Screenshots of the two HTML reports for the docs (docs/img/report-gf01.png,
 * docs/img/report-geb.png), made from real runs in a temp folder and photographed in Debian
 * chromium (playwright-core). Usage: `npx tsx scripts/report-screenshots.ts [--keep]`
 * (`--keep` leaves the temp folder and prints it). Takes a minute or two; not part of CI.
 *
 * GF-01: a 20-instance bundle, three black-box agents on EVAL-CB and the exact oracle on EVAL-OC.
 * GEB: ledger and naive sweeps over steps, the authority-filter, order-bias and standard
 * presets (deterministic pipeline answers) and a wall search over steps.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM } from "../src/core/report/png.js";

const repo = fileURLToPath(new URL("..", import.meta.url));
const tsx = join(repo, "node_modules/.bin/tsx");
const work = mkdtempSync(join(tmpdir(), "report-shots-"));
const run = (bin: "gf01" | "geb", args: string[]) =>
  execFileSync(tsx, [join(repo, `src/bin/${bin}.ts`), ...args], {
    cwd: work,
    stdio: ["ignore", "ignore", "inherit"],
  });

// GF-01.
run("gf01", ["generate", "--seed", "0", "--count", "20", "--out", "bundle.json"]);
const gfRuns: string[] = [];
// The honest closed-book panel (black-box agents that see what a person sees) and the oracle.
for (const [agent, ...extra] of [
  ["online-random"],
  ["online-target-flip"],
  ["online-greedy", "--protocol", "explore_then_commit"],
  [
    "oracle",
    "--eval-track",
    "EVAL-OC",
    "--tool-allowlist-id",
    "oracle-exact-search-v1",
    "--tool-log-hash",
    "screenshots",
  ],
]) {
  const out = `runs-${agent}.jsonl`;
  run("gf01", ["evaluate", "--instances", "bundle.json", "--agent", agent, ...extra, "--out", out]);
  gfRuns.push(readFileSync(join(work, out), "utf8"));
}
writeFileSync(join(work, "all.jsonl"), gfRuns.join(""));
run("gf01", ["report", "--runs", "all.jsonl", "--instances", "bundle.json", "--html", "gf01-report.html"]);

// GEB.
const sweep = ["--seeds", "2", "--state-modes", "kv,kv_commentary", "--steps-list", "20,40,80"];
run("geb", ["sweep", "--out", "runs/sweep", ...sweep]);
run("geb", ["sweep", "--out", "runs/naive", "--baseline", "naive", ...sweep]);
for (const p of ["authority-filter", "order-bias", "standard"])
  run("geb", ["run-preset", p, "--out", `runs/${p}`]);
run("geb", [
  "wall-search",
  ...["--out", "runs/wall", "--param", "steps", "--values", "40,160,640", "--metric"],
  ...["efficiency.tokens_per_q_mean", "--threshold", "2500", "--direction", "gte", "--refine", "2"],
  ...["--seeds", "1", "--episodes", "1", "--state-modes", "kv", "--distractor-profiles", "standard"],
]);
run("geb", ["report", "runs", "--out", "geb-report.html"]);

// Photographs: the charts part of each page (tables are long; they are in the page itself).
const exe = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
if (!existsSync(exe)) throw new Error(`chromium not found at ${exe} (set CHROMIUM_PATH)`);
const { chromium } = await import("playwright-core");
const browser = await chromium.launch({ executablePath: exe, args: CHROMIUM_ARGS });
const img = join(repo, "docs/img");
mkdirSync(img, { recursive: true });
try {
  for (const name of ["gf01", "geb"]) {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(pathToFileURL(join(work, `${name}-report.html`)).href);
    await page.addStyleTag({ content: "section#tables{display:none}" });
    const file = join(img, `report-${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
    await page.close();
  }
} finally {
  await browser.close();
}
if (process.argv.includes("--keep")) console.log(`inputs kept in ${work}`);
else rmSync(work, { recursive: true, force: true });
