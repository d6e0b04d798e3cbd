/**
 * Kill -9 matrix: every command that writes files is run once uninterrupted (the reference),
 * then, for several seeds, SIGKILLed at a point chosen from that measured run (a delay after
 * its first output file appears, or a fraction of its run time), and run again (with --resume
 * where the command has it). Checked each time:
 *  - right after the kill, every file under a final name is either absent or complete: an
 *    atomic artifact equals the reference's bytes; an append-only journal holds only complete
 *    reference lines (plus at most a torn tail, which --resume cuts off);
 *  - the re-run's files are byte-identical to the reference (wall-clock fields aside, listed
 *    per case); `<file>.tmp-<pid>` files a kill left behind are never final names.
 * Inputs are small so the whole matrix stays within ~40 s on 2 loaded cores.
 *
 * One case per writer code path: `gf01 report --html` writes through core/report/html
 * writeReport as `geb report` does (which also writes the table files), `gf01 export --format
 * inspect` through core/interop/inspect writeInspectExport as `geb export` does, `gf01
 * identifiability-check` and `gf01 play --out` (like import and manifest) through core/jsonl
 * writeFileAtomic as `gf01 generate` does, `geb baseline --out` and `geb grade --row-results`
 * through geb/api withWriter (io.ts AtomicWriter) as `geb generate` does, and `geb selector
 * export --out` through io.ts writeTextAtomic as `geb run --results-json` and `geb model --out`
 * do, and `geb model --model retrieval --out-dir` through the same runGebModel and --out-dir
 * block of geb/cli/model.ts as `geb model` with a server: those writers are killed in the
 * cases kept.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerReaderAnswer } from "../../src/core/engine/index.js";
import { type Loopback, startLoopback } from "../fixtures/engine/loopback-server.js";
import { fakeGf01Model } from "../fixtures/gf01/fake-llm.js";
import {
  type Bin,
  buildBins,
  cleanup,
  completeLines,
  isLock,
  isTemp,
  listFiles,
  rng,
  runBin as runBinOnce,
  snapshot,
  tmp,
} from "./helpers.js";

/**
 * The engine journals get both kill modes (seed 1: at a fraction of the run time; seed 2:
 * soon after output appears); other writers seed 2 alone: the trigger counts a writer's temp
 * file as output, so the kill lands while an artifact is being written or between the files of
 * a run, where a kill finds partial output (a kill at a fraction of the run mostly landed
 * before any output: a kill that checks nothing). Each process costs ~0.5 s of CPU to start,
 * so the matrix stays under 50 processes.
 */
const SEEDS = [1, 2];
/** `ORACLEBENCH_KILL9_SEEDS=n`: every case with seeds 1..n (a longer soak than CI's). */
const SOAK = Number(process.env.ORACLEBENCH_KILL9_SEEDS ?? 0);

/** First differing line of two texts, for a readable failure. */
function firstDiff(a: string | undefined, b: string): string {
  if (a === undefined) return "missing";
  const la = a.split("\n");
  const lb = b.split("\n");
  for (let i = 0; i < Math.max(la.length, lb.length); i++)
    if (la[i] !== lb[i])
      return `line ${i + 1}: got ${String(la[i]).slice(0, 160)} / want ${String(lb[i]).slice(0, 160)}`;
  return "same";
}

/** Wall-clock seconds in geb payloads (diagnostics, not results). */
const dropWall = (_rel: string, text: string): string =>
  text.replace(/"(wall_s[a-z_]*|elapsed_s|seconds)": [0-9.e+-]+/g, '"$1": 0');

interface Ctx {
  inputs: string;
  url: string;
}

interface Case {
  name: string;
  bin: Bin;
  args: (c: Ctx) => string[];
  /** Extra flags for the run after a kill (commands that resume). */
  resume?: string[];
  /** Append-only JSONL journals (relative paths): visible while they grow. */
  journals?: string[];
  /** Output folders (`dir/`) whose stale temp files a resume removes (besides the journals'). */
  outDirs?: string[];
  /** Lines of these files may come in any order (concurrent writers): compare sorted. */
  unordered?: string[];
  /** Make a file's text comparable across runs (drop wall-clock fields). */
  normalize?: (rel: string, text: string) => string;
  /** Files set up in the run dir before each run (copied from inputs). */
  setup?: (dir: string, c: Ctx) => void;
  /** Seeds to kill with (default: [2], soon after output appears). */
  seeds?: number[];
  /** Exit code of a complete run (default 0; 1: a gate the fake model fails, still a whole run). */
  code?: number;
  /** Kill only after this holds (default: some file appeared in the run dir). */
  ready?: (dir: string) => boolean;
  /**
   * The command mostly waits (on the loopback model): its seeds run at once, and the case runs
   * alongside the other waiting ones, so their waits overlap instead of holding a worker in turn.
   */
  waits?: boolean;
}

/** Drop the engine's wall-clock diagnostics (`runtime`) from every JSONL row. */
const dropRuntime = (_rel: string, text: string): string =>
  text
    .split("\n")
    .map((l) => {
      if (!l.trim()) return l;
      try {
        const v = JSON.parse(l);
        if (v && typeof v === "object") delete v.runtime;
        return JSON.stringify(v);
      } catch {
        return l;
      }
    })
    .join("\n");

const cases: Case[] = [
  // ---- gf01 ----
  {
    name: "gf01 generate --out --manifest-out",
    bin: "gf01",
    args: () => [
      "generate",
      ...["--seed", "100", "--count", "12", "--git-commit", "k9"],
      ...["--out", "out/bundle.json", "--manifest-out", "out/manifest.json"],
    ],
  },
  {
    name: "gf01 evaluate --out (journal, --resume)",
    bin: "gf01",
    args: (c) => [
      "evaluate",
      ...["--instances", join(c.inputs, "bundle.json"), "--agent", "search", "--git-commit", "k9"],
      ...["--out", "runs.jsonl"],
    ],
    resume: ["--resume"],
    seeds: [2],
    journals: ["runs.jsonl"],
    ready: (d) => completeLines(join(d, "runs.jsonl")) >= 1,
  },
  {
    name: "gf01 evaluate --agent online-… --out (journal, --resume)",
    bin: "gf01",
    args: (c) => [
      "evaluate",
      ...["--instances", join(c.inputs, "bundle.json"), "--agent", "online-greedy", "--git-commit", "k9"],
      ...["--out", "runs.jsonl"],
    ],
    resume: ["--resume"],
    seeds: [2],
    journals: ["runs.jsonl", "runs.jsonl.steps.jsonl", "runs.jsonl.errors.jsonl"],
    ready: (d) => completeLines(join(d, "runs.jsonl")) >= 1,
  },
  {
    name: "gf01 play-llm --results (journal, --resume)",
    bin: "gf01",
    args: (c) => [
      "play-llm",
      ...["--instances", join(c.inputs, "bundle.json"), "--model", "openai:fake-llm"],
      ...["--base-url", `${c.url}/v1`, "--max-concurrency", "2", "--git-commit", "k9", "--no-progress"],
      ...["--results", "llm.jsonl", "--cache-dir", "cache", "--limit", "6"],
    ],
    resume: ["--resume"],
    seeds: SEEDS,
    waits: true,
    journals: ["llm.jsonl", "llm.jsonl.steps.jsonl", "llm.jsonl.errors.jsonl", "llm.jsonl.prompts.jsonl"],
    // A step log's agent_log.cache_hits counts this invocation's cache hits (an episode
    // replayed after a kill finds its earlier answers cached): accounting, not results.
    normalize: (_rel, text) => text.replace(/"cache_hits":\d+/g, '"cache_hits":0'),
    unordered: ["llm.jsonl.prompts.jsonl"],
    ready: (d) => completeLines(join(d, "llm.jsonl")) >= 2,
  },
  {
    name: "gf01 checks (writes no file)",
    bin: "gf01",
    // No output ever appears to trigger on: killed at a fraction of its run time.
    seeds: [1],
    args: () => ["checks", "--count", "2"],
  },
  // ---- geb ----
  {
    name: "geb generate --out",
    bin: "geb",
    args: () => ["generate", "--out", "d/data.jsonl", "--seed", "3", "--episodes", "6", "--steps", "300"],
  },
  {
    name: "geb run --out --results-json (both protocols)",
    bin: "geb",
    args: (c) => [
      "run",
      ...["--data", join(c.inputs, "data.jsonl"), "--protocol", "both"],
      ...["--out", "p.jsonl", "--results-json", "r.json"],
    ],
    normalize: dropWall,
  },
  {
    name: "geb model --results (journal, --resume) --out --results-json --out-dir",
    bin: "geb",
    args: (c) => [
      "model",
      ...["--data", join(c.inputs, "data.jsonl"), "--model", "openai:fake", "--base-url", `${c.url}/v1`],
      ...["--max-concurrency", "2", "--no-progress", "--no-timings", "--results", "res.jsonl"],
      ...["--out", "preds.jsonl", "--results-json", "r.json", "--out-dir", "od"],
    ],
    resume: ["--resume"],
    seeds: SEEDS,
    waits: true,
    journals: ["res.jsonl", "res.jsonl.errors.jsonl", "res.jsonl.prompts.jsonl"],
    unordered: ["res.jsonl", "res.jsonl.prompts.jsonl"],
    // live_calls / cache_hits / resumed count what this invocation did (a resumed run calls
    // less): accounting, not results.
    normalize: (rel, text) =>
      dropWall(rel, dropRuntime(rel, text)).replace(/"(live_calls|cache_hits|resumed)": \d+/g, '"$1": 0'),
    ready: (d) => completeLines(join(d, "res.jsonl")) >= 2,
  },
  {
    name: "geb sweep (cells, resumes on re-run)",
    bin: "geb",
    seeds: [2],
    args: () => [
      "sweep",
      ...["--out", "sw", "--seeds", "2", "--state-modes", "kv,counter", "--episodes", "2"],
      ...["--steps", "150", "--jobs", "1", "--no-progress"],
    ],
    normalize: (rel, text) => (rel.endsWith("timing.json") ? "" : text),
  },
  {
    name: "geb pipeline grid --out-dir",
    bin: "geb",
    args: (c) => [
      "pipeline",
      "grid",
      ...["--data", join(c.inputs, "data.jsonl"), "--grid", "k=2,4", "--deterministic-answer"],
      ...["--out-dir", "grid", "--no-progress"],
    ],
    normalize: dropWall,
  },
  {
    name: "geb summarize --out-dir (summaries)",
    bin: "geb",
    args: (c) => ["summarize", "--in", join(c.inputs, "sw"), "--out-dir", "summ"],
  },
  {
    name: "geb export --format inspect --out-dir (eval logs of a sweep)",
    bin: "geb",
    args: (c) => ["export", "--format", "inspect", "--out-dir", "logs", join(c.inputs, "sw")],
  },
  {
    name: "geb trap run --runs 2 --out-dir (summaries, reliability; --resume)",
    bin: "geb",
    args: (c) => [
      ...["trap", "run", "--family", "epistemic_calibration_suite", "--fixtures", join(c.inputs, "trap")],
      ...["--model", "openai:fake", "--base-url", `${c.url}/v1`, "--max-retries", "0", "--no-progress"],
      ...["--stage", "observe", "--runs", "2", "--out-dir", "trap-out"],
    ],
    resume: ["--resume"],
    waits: true,
    // The fake model fails the family's floors: exit 1 with every summary and the reliability file written.
    code: 1,
    outDirs: ["trap-out/"],
    journals: ["anchors", "holdout", "canary"].flatMap((s) => [
      `trap-out/${s}.results.jsonl`,
      `trap-out/${s}.results.jsonl.errors.jsonl`,
      `trap-out/${s}.results.jsonl.prompts.jsonl`,
    ]),
    unordered: ["anchors", "holdout", "canary"].flatMap((s) => [
      `trap-out/${s}.results.jsonl`,
      `trap-out/${s}.results.jsonl.prompts.jsonl`,
    ]),
    normalize: (rel, text) =>
      dropWall(rel, dropRuntime(rel, text)).replace(/"(live_calls|cache_hits|resumed)": \d+/g, '"$1": 0'),
  },
  {
    name: "geb report --out (HTML + table files)",
    bin: "geb",
    setup: (dir, c) => {
      for (const f of listFiles(join(c.inputs, "sw"))) {
        mkdirSync(join(dir, "sw", f, ".."), { recursive: true });
        copyFileSync(join(c.inputs, "sw", f), join(dir, "sw", f));
      }
    },
    args: () => ["report", "sw", "--out", "rep/report.html"],
  },
];

const stats = { procs: 0, kills: 0, midRun: 0, torn: 0, tempsLeft: 0 };
/** helpers.ts runBin, counted: the matrix's cost is mostly its processes. */
const runBin: typeof runBinOnce = (...a) => {
  stats.procs++;
  return runBinOnce(...a);
};

let server: Loopback;
const ctx: Ctx = { inputs: "", url: "" };

beforeAll(async () => {
  await buildBins();
  server = await startLoopback({
    latencyMs: 10,
    answer: (p, r) =>
      String(r.path).endsWith("/chat/completions") && JSON.stringify(r.body).includes("GF-01")
        ? fakeGf01Model(p, r)
        : ledgerReaderAnswer(p),
  });
  ctx.url = server.url;
  ctx.inputs = tmp("inputs");
  const inp = (bin: Bin, args: string[]) =>
    runBin(bin, args, { cwd: ctx.inputs }).then((r) => expect(r.code, r.stderr).toBe(0));
  await Promise.all([
    inp("gf01", ["generate", "--seed", "7", "--count", "10", "--git-commit", "k9", "--out", "bundle.json"]),
    inp("geb", ["generate", "--out", "data.jsonl", "--seed", "1", "--episodes", "2", "--steps", "80"]),
    inp("geb", [
      ...["trap", "generate", "--family", "epistemic_calibration_suite", "--out-dir", "trap"],
      ...["--anchors", "2", "--holdout", "4", "--canary", "1"],
    ]),
    inp("geb", [
      ...["sweep", "--out", "sw", "--seeds", "1", "--state-modes", "kv,counter"],
      ...["--episodes", "1", "--steps", "60", "--no-progress"],
    ]),
  ]);
}, 60_000);
afterAll(async () => {
  await server?.close();
  cleanup();
});

/** Text of every final file in `dir`, normalised for comparison. */
function finals(dir: string, k: Case): Map<string, string> {
  const m = new Map<string, string>();
  for (const [rel, buf] of snapshot(dir, (f) => !isTemp(f))) {
    let text = buf.toString("utf8");
    if (k.normalize) text = k.normalize(rel, text);
    if (k.unordered?.includes(rel)) text = text.split("\n").sort().join("\n");
    m.set(rel, text);
  }
  return m;
}

describe("kill -9 anywhere: no torn file under a final name; the re-run equals an uninterrupted run", () => {
  afterAll(() => {
    console.log(
      `kill9: ${stats.procs} processes, ${stats.kills} kills landed, ${stats.midRun} with partial output on disk, ${stats.torn} torn journal tails, ${stats.tempsLeft} temp files left by kills`,
    );
    // The matrix is only worth something if kills land while output is being written.
    if (stats.kills >= 5) expect(stats.midRun).toBeGreaterThan(0);
  });

  // The waiting cases first, side by side (vitest runs adjacent concurrent tests together).
  const order = [...cases].sort((a, b) => Number(!!b.waits) - Number(!!a.waits));
  for (const k of order) {
    it(k.name, { timeout: 180_000, concurrent: !!k.waits }, async () => {
      const refDir = tmp("ref");
      k.setup?.(refDir, ctx);
      const inputFiles = new Set(listFiles(refDir));
      const hasOutput = (d: string) => () =>
        k.ready ? k.ready(d) : listFiles(d).some((f) => !inputFiles.has(f));
      const ref = await runBin(k.bin, k.args(ctx), { cwd: refDir, watch: hasOutput(refDir) });
      expect(ref.code, ref.stderr).toBe(k.code ?? 0);
      const want = finals(refDir, k);
      const tFirst = ref.triggeredAt ?? ref.ms;

      const seeds = SOAK > 0 ? Array.from({ length: SOAK }, (_, i) => i + 1) : (k.seeds ?? [2]);
      const killAndRerun = async (seed: number): Promise<void> => {
        const r = rng(seed * 7919 + k.name.length);
        const dir = tmp("kill");
        k.setup?.(dir, ctx);
        // Odd seeds: at a fraction of the measured run; even: soon after output first appears.
        const killed = await runBin(
          k.bin,
          k.args(ctx),
          seed % 2 === 1
            ? { cwd: dir, killAtMs: (0.4 + 0.55 * r()) * ref.ms }
            : {
                cwd: dir,
                killWhen: hasOutput(dir),
                killDelayMs: r() * Math.max(1, (ref.ms - tFirst) * 0.6),
              },
        );
        const where = `${k.name}, seed ${seed}`;
        if (killed.killed) stats.kills++;
        else expect(killed.code, `${where}: ${killed.stderr}`).toBe(k.code ?? 0);

        // Right after the kill: final names hold only complete content.
        // A killed run's lock stays (the re-run takes it over as stale); it is no output.
        const got = snapshot(dir, (f) => !isTemp(f) && !isLock(f) && !inputFiles.has(f));
        stats.tempsLeft += listFiles(dir).filter(isTemp).length;
        if (killed.killed && got.size > 0) stats.midRun++;
        console.log(
          where,
          "killed",
          killed.killed,
          "partial",
          got.size,
          [...got.keys()].join(","),
          "refms",
          Math.round(ref.ms),
          "tFirst",
          Math.round(tFirst),
        );
        for (const [rel, buf] of got) {
          expect(want.has(rel), `${where}: ${rel} is not an output of the reference run`).toBe(true);
          const refText = want.get(rel)!;
          let text = buf.toString("utf8");
          if (k.journals?.includes(rel)) {
            const cut = text.lastIndexOf("\n") + 1;
            if (cut < text.length) stats.torn++;
            text = text.slice(0, cut);
            const refLines = new Set(refText.split("\n"));
            const norm = k.normalize ? k.normalize(rel, text) : text;
            for (const line of norm.split("\n").filter(Boolean))
              expect(
                refLines.has(line),
                `${where}: ${rel} holds a line the reference lacks: ${line.slice(0, 120)}`,
              ).toBe(true);
          } else {
            if (k.normalize) text = k.normalize(rel, text);
            if (k.unordered?.includes(rel)) text = text.split("\n").sort().join("\n");
            expect(text === refText, `${where}: ${rel} is torn or differs: ${firstDiff(text, refText)}`).toBe(
              true,
            );
          }
        }

        // Nothing to interfere with a re-run (not killed, or killed before writing anything):
        // the re-run would be one more uninterrupted run. Journals still check that resuming
        // a finished run adds nothing.
        const nothingLeft = listFiles(dir).length === inputFiles.size;
        if ((!killed.killed && !k.resume) || (killed.killed && nothingLeft)) return;
        // Run again (resuming where the command can; resuming a finished run adds nothing):
        // the same bytes as the reference.
        const again = await runBin(k.bin, [...k.args(ctx), ...(k.resume ?? [])], {
          cwd: dir,
        });
        expect(again.code, `${where}: re-run failed: ${again.stderr}`).toBe(k.code ?? 0);
        // The re-run released its lock; a resume also removed the temp files the killed run
        // left beside its journals (named after them) and in its output folders (the response
        // cache is no output: a torn entry is a miss).
        expect(listFiles(dir).filter(isLock), where).toEqual([]);
        const resumed = (f: string) =>
          k.journals
            ? k.journals.some((j) => f.startsWith(`${j}.`)) || !!k.outDirs?.some((o) => f.startsWith(o))
            : !f.startsWith("cache/");
        if (k.resume)
          expect(
            listFiles(dir).filter((f) => isTemp(f) && resumed(f)),
            where,
          ).toEqual([]);
        const fin = finals(dir, k);
        for (const f of inputFiles) fin.delete(f);
        for (const f of inputFiles) want.delete(f);
        expect([...fin.keys()], where).toEqual([...want.keys()]);
        for (const [rel, text] of want)
          expect(
            fin.get(rel) === text,
            `${where}: ${rel} differs after the re-run: ${firstDiff(fin.get(rel), text)}`,
          ).toBe(true);
      };
      // Each seed kills its own run in its own folder: a waiting command's seeds overlap.
      if (k.waits) await Promise.all(seeds.map(killAndRerun));
      else for (const seed of seeds) await killAndRerun(seed);
    });
  }
});
