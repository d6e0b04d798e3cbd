/**
 * Fuzz soak (issue 16): the properties of tests/fuzz, with fresh seeds, for a given time.
 * Not part of `npm run bench` (leading underscore): run it unattended, e.g. before a release.
 *
 *   npm run fuzz:soak -- --minutes 60          # fresh seeds from the clock (printed)
 *   npm run fuzz:soak -- --minutes 5 --seed 42 # replay a run
 *   npm run fuzz:soak -- --commands            # issue 31: the process-level command campaign
 *   npm run fuzz:soak -- --commands --random 5 --jobs 2 --only 'geb util'
 *   npm run fuzz:soak -- --commands --values 'NaN -1 0' --summary-file tallies.json
 *
 * `--commands` runs tests/fuzz/lib/commands.ts's campaign instead (needs `npm run build`): every
 * (command, file flag) pair of the command table × every damage class (and `--random n` random
 * mutations each, from `--seed`), then every numeric flag of those commands × NaN, Infinity,
 * negative, zero, huge values, each as a real process of the built bins in a fresh working
 * directory. It prints the tallies as JSON on stdout and keeps each failing case's directory
 * (its `repro` line); exit 1 when any case broke the contract.
 *
 * Each round runs every surface (file readers, flag parsers, model replies, play API bodies)
 * for a batch of cases with the round's seed; a failure is reported with its seed and
 * fast-check's shrunk counterexample, and the soak goes on. Output: progress on stderr, one
 * JSON summary on stdout; exit 1 when any property failed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { loadBundle } from "../src/gf01/artifacts/bundle.js";
import { startPlayServer } from "../src/gf01/play/http.js";
import { anyValue, flagSites, parserOf, parserViolation } from "../tests/fuzz/lib/flags.js";
import {
  actionBody,
  closeAgent,
  createBody,
  method,
  oddPath,
  replyViolation,
  send,
} from "../tests/fuzz/lib/http.js";
import { makeFixtures, readerTargets } from "../tests/fuzz/lib/readers.js";
import {
  bodyViolation,
  GEB_REPLY_ARB,
  GF01_REPLY_ARB,
  gebReplyViolation,
  gf01ReplyViolation,
  LLAMA_BODY_ARB,
  OPENAI_BODY_ARB,
} from "../tests/fuzz/lib/replies.js";
import { type FuzzStats, readerProperty } from "../tests/fuzz/lib/run.js";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
if (process.argv.includes("--commands")) {
  await commandCampaign();
  process.exit(process.exitCode ?? 0);
}

async function commandCampaign(): Promise<void> {
  const { existsSync } = await import("node:fs");
  const { DIST, runCampaign } = await import("../tests/fuzz/lib/commands.js");
  if (!existsSync(join(DIST, "gf01.js"))) {
    process.stderr.write("soak: --commands runs the built bins: npm run build first\n");
    process.exit(2);
  }
  const jobs = Number(arg("jobs") ?? 2);
  const random = Number(arg("random") ?? 3);
  const seed = Number(arg("seed") ?? 31);
  const only = arg("only");
  const summaryFile = arg("summary-file");
  const { writeFileSync } = await import("node:fs");
  const dir = mkdtempSync(join(tmpdir(), "fuzz-commands-"));
  const fixtures = await makeFixtures(join(dir, "fixtures"));
  const t0 = Date.now();
  const s = await runCampaign(fixtures, dir, {
    jobs,
    random,
    seed,
    only: only ? new RegExp(only) : undefined,
    flags: !process.argv.includes("--no-flags"),
    values: arg("values")?.split(" "),
    onResult: (r, done, total, sofar) => {
      // The tallies so far, for a campaign cut short.
      if (summaryFile && done % 100 === 0) writeFileSync(summaryFile, `${JSON.stringify(sofar, null, 2)}\n`);
      if (r.violations.length)
        process.stderr.write(
          `soak: FAIL ${r.command} [${r.cls}] ${r.violations
            .map((v) => `${v.kind}: ${v.detail}`)
            .join(" | ")
            .slice(0, 300)}\n`,
        );
      if (done % 100 === 0 || done === total)
        process.stderr.write(`soak: ${done}/${total} cases, ${Math.round((Date.now() - t0) / 1000)} s\n`);
    },
  });
  process.stdout.write(
    `${JSON.stringify({ seed, random, seconds: Math.round((Date.now() - t0) / 1000), dir, ...s }, null, 2)}\n`,
  );
  // Passing cases' directories are gone; failing ones stay for their repro lines.
  process.exitCode = s.failures.length ? 1 : 0;
}
const minutes = Number(arg("minutes") ?? 60);
const baseSeed = Number(arg("seed") ?? Date.now() % 2 ** 31);
const batch = Number(arg("batch") ?? 200);
if (!(minutes > 0) || !Number.isSafeInteger(baseSeed) || !(batch >= 1)) {
  process.stderr.write("usage: _fuzz-soak.ts [--minutes m] [--seed n] [--batch n]\n");
  process.exit(2);
}

const root = mkdtempSync(join(tmpdir(), "fuzz-soak-"));
const fx = await makeFixtures(join(root, "fixtures"));
const readers = readerTargets(fx);
const sites = flagSites().filter((s) => parserOf(s.option));
const bundle = await loadBundle(
  new URL("../tests/fixtures/fuzz/instance_bundle_v1.json", import.meta.url).pathname,
);
const server = await startPlayServer({ bundle, dataDir: join(root, "http-data"), gitCommit: "soak" });

const check = (v: string | undefined) => {
  if (v) throw new Error(v);
};
const counts = new Map<string, FuzzStats & { failures: number }>();
const failures: { surface: string; seed: number; error: string; counterexample: string }[] = [];
const statsOf = (name: string) => {
  let s = counts.get(name);
  if (!s) {
    s = { cases: 0, accepted: 0, rejected: 0, failures: 0 };
    counts.set(name, s);
  }
  return s;
};

/** One batch of one surface; a failure is recorded, not thrown. */
async function soak(
  name: string,
  seed: number,
  make: (s: FuzzStats) => fc.IProperty<unknown> | fc.IAsyncProperty<unknown>,
  runs = batch,
) {
  const s = statsOf(name);
  const before = s.cases;
  const d = await fc.check(make(s) as fc.IAsyncProperty<unknown>, {
    seed,
    numRuns: runs,
    endOnFailure: true,
  });
  // Sync surfaces do not count themselves: fast-check's run count does.
  if (s.cases === before) s.cases += d.numRuns;
  if (d.failed) {
    s.failures++;
    failures.push({
      surface: name,
      seed,
      error: String((d.errorInstance as Error)?.message ?? d.errorInstance).slice(0, 2000),
      counterexample: fc.stringify(d.counterexample).slice(0, 2000),
    });
    process.stderr.write(
      `soak: FAIL ${name} seed ${seed}: ${failures[failures.length - 1].error.split("\n")[0]}\n`,
    );
  }
}

const end = Date.now() + minutes * 60_000;
let round = 0;
try {
  while (Date.now() < end) {
    const seed = (baseSeed + round * 7919) % 2 ** 31;
    for (const t of readers) {
      if (Date.now() >= end) break;
      await soak(
        `reader: ${t.name}`,
        seed,
        (s) => readerProperty(t, join(root, "readers"), s),
        Math.ceil(batch * (t.weight ?? 1)),
      );
    }
    await soak(
      "flag parsers",
      seed,
      () =>
        fc.property(fc.nat({ max: sites.length - 1 }), anyValue(), (i, v) =>
          check(parserViolation(sites[i], v)),
        ),
      batch * 20,
    );
    await soak("reply: openai body", seed, () =>
      fc.property(OPENAI_BODY_ARB, (b) => check(bodyViolation("openai", b))),
    );
    await soak("reply: llama.cpp body", seed, () =>
      fc.property(LLAMA_BODY_ARB, (b) => check(bodyViolation("llamacpp", b))),
    );
    await soak("reply: geb answer", seed, () =>
      fc.property(GEB_REPLY_ARB, (t) => check(gebReplyViolation(t))),
    );
    await soak("reply: gf01 action", seed, () =>
      fc.property(GF01_REPLY_ARB, (t) => check(gf01ReplyViolation(t))),
    );
    await soak("http: create", seed, () =>
      fc.asyncProperty(createBody, async (b) =>
        check(replyViolation(await send(server.url, "POST", "/api/gf01/sessions", b), "create")),
      ),
    );
    await soak("http: paths", seed, () =>
      fc.asyncProperty(method, oddPath, fc.option(actionBody, { nil: undefined }), async (m, p, b) =>
        check(
          replyViolation(
            await send(server.url, m, p, m === "GET" || m === "HEAD" ? undefined : b),
            `${m} ${p}`,
          ),
        ),
      ),
    );
    round++;
    const total = [...counts.values()].reduce((a, s) => a + s.cases, 0);
    process.stderr.write(
      `soak: round ${round} (seed ${seed}) done; ${total} cases, ${failures.length} failure(s); ${Math.max(0, Math.round((end - Date.now()) / 1000))} s left\n`,
    );
  }
} finally {
  closeAgent();
  await server.close();
  rmSync(root, { recursive: true, force: true });
}

const surfaces = Object.fromEntries([...counts].map(([k, s]) => [k, s]));
const total = [...counts.values()].reduce((a, s) => a + s.cases, 0);
process.stdout.write(
  `${JSON.stringify({ minutes, base_seed: baseSeed, rounds: round, total_cases: total, failures, surfaces }, null, 2)}\n`,
);
process.exitCode = failures.length ? 1 : 0;
