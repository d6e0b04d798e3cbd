import type { Command } from "commander";
import { outDirFlag, portFlag } from "../../core/cli.js";
import { InputError } from "../../core/errors.js";
import { currentGitCommit } from "../api.js";
import { bundleSourceName, type LoadedBundle } from "../artifacts/bundle.js";
import { SERVER_BEST_MATCH_MAX_NODES } from "../play/http.js";
import { buildWeb } from "../server/build.js";
import { type BundleSource, demoBundle, startGf01Server, writeDemoBundle } from "../server/serve.js";

const port = portFlag("--port");
const collect = (v: string, prev: string[] = []) => [...prev, v];
const maxNodes = (v: string): number => {
  if (v.trim() === "exact") return Number.POSITIVE_INFINITY;
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || n < 1 || !Number.isSafeInteger(n))
    throw new InputError(
      `--best-match-max-nodes must be an integer ≥ 1 or "exact", got ${JSON.stringify(v)}`,
      {
        field: "best-match-max-nodes",
      },
    );
  return n;
};

/** Registers `gf01 serve` (the browser game) and `gf01 build-web`. */
export function registerServeCommands(program: Command): void {
  program
    .command("serve")
    .description("Serve the GF-01 browser game (R1 side-scroller / R2 puzzle) and the play session API")
    .option("--port <n>", "TCP port (0 = any free port)", port, 8017)
    .option("--host <addr>", "address to listen on (loopback by default; 0.0.0.0 exposes it)", "127.0.0.1")
    .option(
      "--instances <bundle>",
      "instance bundle to offer (repeatable); default: a generated demo bundle (seeds 0-5)",
      collect,
      [] as string[],
    )
    .option(
      "--data-dir <dir>",
      "where finished episodes are written (runs.jsonl, steps.jsonl per bundle)",
      outDirFlag("data-dir"),
      ".runs/gf01-web",
    )
    .option("--web-dir <dir>", "prebuilt browser app (default dist/web, built with Vite when missing)")
    .option("--rebuild", "rebuild dist/web before serving", false)
    .option(
      "--best-match-max-nodes <n>",
      `node cap of the AP/TS best-match search when a commit is scored (default ${SERVER_BEST_MATCH_MAX_NODES}; "exact" = unbounded, may block the server on large automata); a hit cap is recorded in the row`,
      maxNodes,
    )
    .action(async (o) => {
      const log = (l: string) => process.stderr.write(`${l}\n`);
      const gitCommit = currentGitCommit();
      // --formal/--hoa add an already loaded bundle (cli/source.ts) next to any --instances files.
      const bundles: BundleSource[] = o.instances.map((x: string | LoadedBundle) =>
        typeof x === "string" ? { file: x } : { bundle: x, name: bundleSourceName(x) },
      );
      if (!bundles.length) {
        const demo = demoBundle(gitCommit);
        const f = await writeDemoBundle(o.dataDir, demo.json);
        log(`gf01 serve: no --instances given; serving a demo bundle (written to ${f})`);
        bundles.push({ key: "demo", name: "demo (generated, seeds 0-5)", bundle: demo.bundle });
      }
      if (o.rebuild) await buildWeb({ log });
      const s = await startGf01Server({
        bundles,
        dataDir: o.dataDir,
        port: o.port,
        host: o.host,
        webDir: o.webDir,
        gitCommit,
        bestMatchMaxNodes: o.bestMatchMaxNodes,
        log,
      });
      log(`gf01 serve: ${s.url}/  (data: ${o.dataDir}; Ctrl-C to stop)`);
      for (const b of s.bundles)
        log(`  bundle ${b.key}: ${b.bundle.instances.length} instance(s) → ${b.dataDir}`);
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      });
      await s.close();
      log("gf01 serve: stopped (all finished runs flushed)");
    });

  program
    .command("build-web")
    .description("Build the browser app into dist/web with Vite (gf01 serve does this on demand)")
    .action(async () => {
      const dir = await buildWeb({ log: (l) => process.stderr.write(`${l}\n`) });
      process.stdout.write(`${dir}\n`);
    });
}
