import type { Command } from "commander";
import {
  declare,
  intFlag,
  MAX_DURATION_S,
  MAX_INT,
  nonEmptyFlag,
  outDirFlag,
  portFlag,
} from "../../core/cli.js";
import { InputError } from "../../core/errors.js";
// Implementations are imported in the actions (`await import`): `gf01 --help` loads none of them.
// limits.ts has only type imports, so its defaults can be shown in --help for free.
import type { LoadedBundle } from "../artifacts/bundle.js";
import { DEFAULT_LIMITS } from "../server/limits.js";
import type { BundleSource } from "../server/serve.js";

const port = portFlag("--port");
const collect = (v: string, prev: string[] = []) => [...prev, v];
const maxNodes = declare(
  (v: string): number => {
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
  },
  { kind: "int", min: 1, max: Number.MAX_SAFE_INTEGER },
);

/**
 * A non-negative integer flag (`min` 1 where 0 would mean "refuse everything"), at most `max`
 * (durations stop at what a timer can hold).
 */
const count = (flag: string, min = 0, max = MAX_INT) => intFlag(`--${flag}`, { min, max });

/** Registers `gf01 serve` (the browser game) and `gf01 build-web`. */
export function registerServeCommands(program: Command): void {
  program
    .command("serve")
    .description("Serve the GF-01 browser game (R1 side-scroller / R2 puzzle) and the play session API")
    .option("--port <n>", "TCP port (0 = any free port)", port, 8017)
    .option("--host <addr>", "address to listen on (loopback by default; 0.0.0.0 exposes it)", "127.0.0.1")
    .option(
      "--allowed-host <name>",
      "also answer requests whose Host header is this name (repeatable; loopback names and the bound address always pass, others get 403: DNS-rebinding guard; * = any)",
      collect,
      [] as string[],
    )
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
      // The default is play/http.ts's SERVER_BEST_MATCH_MAX_NODES, written out so that `--help`
      // does not load the server (tests/meta/startup.test.ts keeps the two equal).
      'node cap of the AP/TS best-match search when a commit is scored (default 50000; "exact" = unbounded, may block the server on large automata); a hit cap is recorded in the row',
      maxNodes,
    )
    .option(
      "--max-body-bytes <n>",
      "largest request body accepted; larger → 413",
      count("max-body-bytes", 1),
      DEFAULT_LIMITS.maxBodyBytes,
    )
    .option(
      "--max-sessions <n>",
      "live sessions over all bundles; more → 503 server_full",
      count("max-sessions", 1),
      DEFAULT_LIMITS.maxSessions,
    )
    .option(
      "--max-sessions-per-client <n>",
      "live sessions per client address; more → 429 too_many_sessions (0 = no limit)",
      count("max-sessions-per-client"),
      DEFAULT_LIMITS.maxSessionsPerClient,
    )
    .option(
      "--idle-timeout <s>",
      "drop a session untouched this many seconds; later → 410 session_expired (0 = never)",
      count("idle-timeout", 0, MAX_DURATION_S),
      DEFAULT_LIMITS.idleTimeoutS,
    )
    .option(
      "--rate <n>",
      "requests per second per client address, burst 2×; over → 429 rate_limited (0 = off)",
      count("rate"),
      DEFAULT_LIMITS.ratePerClient,
    )
    .option(
      "--max-inflight <n>",
      "requests in progress above which new sessions get 503 busy (moves always pass; 0 = off)",
      count("max-inflight"),
      DEFAULT_LIMITS.maxInflight,
    )
    .option(
      "--score-workers <n>",
      "worker threads that score finished episodes off the request path (0 = on the main thread)",
      count("score-workers", 0, 256),
      1,
    )
    .option(
      "--study <pack-dir>",
      "study mode: serve this P0 seed pack (gf01 p0-init) as the bundle `study`, with consent and a feedback form; study link /#/study/<participant-id>",
      nonEmptyFlag("study"),
    )
    .option(
      "--study-consent <file>",
      "consent text shown before the first study game (UTF-8, ≤ 16 KiB; default: a built-in text)",
      nonEmptyFlag("study-consent"),
    )
    .option(
      "--trust-proxy",
      "take the client address from the last X-Forwarded-For hop (only behind your own reverse proxy)",
      false,
    )
    .action(async (o) => {
      const { currentGitCommit } = await import("../api.js");
      const { bundleSourceName } = await import("../artifacts/bundle.js");
      const { buildWeb } = await import("../server/build.js");
      const { demoBundle, startGf01Server, writeDemoBundle } = await import("../server/serve.js");
      const log = (l: string) => process.stderr.write(`${l}\n`);
      const gitCommit = currentGitCommit();
      // --formal/--hoa add an already loaded bundle (cli/source.ts) next to any --instances files.
      const bundles: BundleSource[] = o.instances.map((x: string | LoadedBundle) =>
        typeof x === "string" ? { file: x } : { bundle: x, name: bundleSourceName(x) },
      );
      if (!bundles.length && !o.study) {
        const demo = demoBundle(gitCommit);
        const f = await writeDemoBundle(o.dataDir, demo.json);
        log(`gf01 serve: no --instances given; serving a demo bundle (written to ${f})`);
        bundles.push({ key: "demo", name: "demo (generated, seeds 0-5)", bundle: demo.bundle });
      }
      if (o.studyConsent && !o.study) {
        throw new InputError("--study-consent needs --study <pack-dir>", { field: "study-consent" });
      }
      const study = o.study
        ? {
            packDir: o.study as string,
            consentText: o.studyConsent
              ? (await import("../server/study.js")).readConsentText(o.studyConsent)
              : undefined,
          }
        : undefined;
      if (o.rebuild) await buildWeb({ log });
      const s = await startGf01Server({
        bundles,
        dataDir: o.dataDir,
        port: o.port,
        host: o.host,
        allowedHosts: o.allowedHost,
        webDir: o.webDir,
        gitCommit,
        bestMatchMaxNodes: o.bestMatchMaxNodes,
        study,
        scoreWorkers: o.scoreWorkers,
        journalThread: true,
        limits: {
          maxBodyBytes: o.maxBodyBytes,
          maxSessions: o.maxSessions,
          maxSessionsPerClient: o.maxSessionsPerClient,
          idleTimeoutS: o.idleTimeout,
          ratePerClient: o.rate,
          maxInflight: o.maxInflight,
          trustProxy: o.trustProxy,
        },
        log,
      });
      log(`gf01 serve: ${s.url}/  (data: ${o.dataDir}; Ctrl-C to stop)`);
      for (const b of s.bundles)
        log(`  bundle ${b.key}: ${b.bundle.instances.length} instance(s) → ${b.dataDir}`);
      if (study) log(`  study link: ${s.url}/#/study/<participant-id>`);
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
      const { buildWeb } = await import("../server/build.js");
      const dir = await buildWeb({ log: (l) => process.stderr.write(`${l}\n`) });
      process.stdout.write(`${dir}\n`);
    });
}
