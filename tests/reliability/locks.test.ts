/**
 * Resume and locks (issue 31, items 3, 4 and 8): one run at a time appends to a results file
 * or output folder (the second exits 2 naming the holder), a lock left by a dead process is
 * taken over, a resume keeps only rows `validate` would accept (one journal reader for every
 * run kind), and a resume removes the temp files a killed run's atomic writers left.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ResultsStore } from "../../src/core/engine/results.js";
import { InputError } from "../../src/core/errors.js";
import { readJournal } from "../../src/core/journal.js";
import { acquireLock, removeStaleTemps } from "../../src/core/lock.js";
import { evaluateAgent } from "../../src/gf01/api.js";
import { bundleToJson } from "../../src/gf01/artifacts/bundle.js";
import { evaluateOnlineAgent } from "../../src/gf01/play/api.js";
import { runRowChecker } from "../../src/gf01/report/validate.js";
import { runReleaseMatrix } from "../../src/geb/release/run.js";
import { startLoopback } from "../fixtures/engine/loopback-server.js";
import { fakeGf01Model } from "../fixtures/gf01/fake-llm.js";
import { genBundle } from "../gf01/play/helpers.js";
import { buildBins, cleanup, runBin, tmp } from "./helpers.js";

const read = (f: string) => readFileSync(f, "utf8");
const lines = (f: string) => read(f).split("\n").filter(Boolean);
const DATA = join(import.meta.dirname, "../../../shared/reference/geb/data/bad_actor_holdout_e0001.jsonl");

/** A pid that is certainly not running: a child that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ["-e", "0"]);
  return r.pid as number;
}

/**
 * A slow `geb model` run on `r.jsonl`: each answer waits until a file `release` exists in the
 * run's folder (at most 5 s), so a run holds its lock for as long as a test needs, however slowly
 * a loaded machine starts the next process.
 */
const modelArgs = () => [
  "model",
  "--data",
  DATA,
  "--model",
  "command:sh",
  "--command-arg",
  "-c",
  "--command-arg",
  "i=0; while [ ! -e release ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i+1)); done; cat >/dev/null; echo A",
  // "A" is no answer-contract object: accepted, as these tests are about the lock.
  "--max-unparseable-share",
  "1",
  "--results",
  "r.jsonl",
  "--resume",
  "--no-progress",
];

/** A lock on `target` held by another live run (our parent process, which started earlier). */
function heldByOther(target: string): void {
  writeFileSync(
    `${target}.lock`,
    JSON.stringify({
      pid: process.ppid,
      host: hostname(),
      started: new Date().toISOString(),
      command: "other",
    }),
  );
}

async function rejection(p: Promise<unknown>): Promise<InputError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return e as InputError;
  }
  throw new Error("expected an InputError");
}

function bundleFile(): string {
  const f = join(tmp("locks"), "bundle.json");
  writeFileSync(f, bundleToJson(genBundle(6, 5100).json));
  return f;
}

/** Row 4 (line 4) of a run file damaged the way the issue's campaign did it. */
function damageRow4(file: string): void {
  const rows = lines(file);
  const r = JSON.parse(rows[3]);
  r.adaptation_condition = 12345;
  rows[3] = JSON.stringify(r);
  writeFileSync(file, `${rows.slice(0, 5).join("\n")}\n`);
}

afterAll(cleanup);

describe("locks", () => {
  it("a second lock on one target is refused, naming the holder (pid, host, since)", async () => {
    const d = tmp("lock");
    const target = join(d, "runs.jsonl");
    const a = await acquireLock(target, "test a");
    // A holder that is alive and started before its lock: our parent process.
    writeFileSync(
      join(d, "other.jsonl.lock"),
      JSON.stringify({
        pid: process.ppid,
        host: hostname(),
        started: new Date().toISOString(),
        command: "x",
      }),
    );
    const e = await rejection(acquireLock(join(d, "other.jsonl")));
    expect(e.message).toContain(`pid ${process.ppid} on host ${hostname()} since`);
    expect(e.file).toBe(join(d, "other.jsonl"));
    expect(JSON.parse(read(a.file))).toMatchObject({ pid: process.pid, host: hostname(), command: "test a" });
    a.release();
    expect(existsSync(a.file)).toBe(false);
    (await acquireLock(target)).release(); // free again
  });

  it("a stream (/dev/null, /dev/stdout) is not locked: no lock file next to a device", async () => {
    const l = await acquireLock("/dev/null");
    expect(existsSync("/dev/null.lock")).toBe(false);
    l.release();
  });

  it("a stale lock (same host, dead pid) is taken over with one stderr line; another host's is refused", async () => {
    const d = tmp("stale");
    const target = join(d, "results.jsonl");
    const pid = deadPid();
    writeFileSync(
      `${target}.lock`,
      JSON.stringify({ pid, host: hostname(), started: "2026-01-01T00:00:00.000Z", command: "geb model" }),
    );
    const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    let lock: Awaited<ReturnType<typeof acquireLock>>;
    let said = "";
    try {
      lock = await acquireLock(target);
    } finally {
      said = err.mock.calls.map((c) => String(c[0])).join("");
      err.mockRestore();
    }
    expect(said).toMatch(new RegExp(`stale lock of pid ${pid} .*taken over\\n$`));
    expect(JSON.parse(read(`${target}.lock`)).pid).toBe(process.pid);
    lock.release();

    writeFileSync(
      `${target}.lock`,
      JSON.stringify({
        pid: 1,
        host: "elsewhere",
        started: "2026-01-01T00:00:00.000Z",
        command: "geb model",
      }),
    );
    const e = await rejection(acquireLock(target));
    expect(e.message).toContain("locked by pid 1 on host elsewhere since 2026-01-01T00:00:00.000Z");
    expect(e.message).toContain(`remove ${target}.lock`);
  });

  it("a pid reused by another process (started after the lock) does not hold it", async () => {
    const d = tmp("reuse");
    const target = join(d, "results.jsonl");
    // Our own parent is alive but started long after this (made-up) lock was taken.
    writeFileSync(
      `${target}.lock`,
      JSON.stringify({
        pid: process.ppid,
        host: hostname(),
        started: "2000-01-01T00:00:00.000Z",
        command: "x",
      }),
    );
    const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const l = await acquireLock(target);
      expect(JSON.parse(read(l.file)).pid).toBe(process.pid);
      l.release();
    } finally {
      err.mockRestore();
    }
  });

  it("the engine results store holds the lock while open: a second store on the file is refused", async () => {
    const d = tmp("store");
    const file = join(d, "r.jsonl");
    const a = await ResultsStore.open(file);
    const e = await rejection(ResultsStore.open(file, { resume: true }));
    expect(e.message).toContain("already in use");
    await a.close();
    await (await ResultsStore.open(file, { resume: true })).close();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it("gf01 evaluate and online play take the lock of --out: refused while another run holds it", async () => {
    const instancesFile = bundleFile();
    const d = tmp("held");
    for (const [name, run] of [
      ["eval.jsonl", (out: string) => evaluateAgent({ instancesFile, agent: "greedy", out, resume: true })],
      [
        "play.jsonl",
        (out: string) => evaluateOnlineAgent({ instancesFile, agent: "online-greedy", out, resume: true }),
      ],
    ] as const) {
      const out = join(d, name);
      heldByOther(out);
      const e = await rejection(run(out));
      expect(e.message).toBe(
        `${out}: in use by another run: pid ${process.ppid} on host ${hostname()} since ${JSON.parse(read(`${out}.lock`)).started} (other)`,
      );
      expect(existsSync(out)).toBe(false);
    }
  });

  it("geb release run / matrix locks its out dir before it removes anything", async () => {
    const d = tmp("release");
    const outDir = join(d, "rel");
    heldByOther(outDir);
    const e = await rejection(
      runReleaseMatrix({ outDir, size: "smoke" } as Parameters<typeof runReleaseMatrix>[0]),
    );
    expect(e.message).toMatch(new RegExp(`^${outDir}: in use by another run: pid ${process.ppid} `));
    expect(existsSync(outDir)).toBe(false);
  });

  describe("two real processes on one results file", () => {
    beforeAll(() => buildBins(), 120_000);

    it("geb model: exactly one exits 2 naming the holder, the file is intact", {
      timeout: 120_000,
    }, async () => {
      const d = tmp("two");
      const args = modelArgs();
      const first = runBin("geb", args, { cwd: d });
      const t0 = Date.now();
      while (!existsSync(join(d, "r.jsonl.lock")) && Date.now() - t0 < 60_000)
        await new Promise((r) => setTimeout(r, 10));
      const second = await runBin("geb", args, { cwd: d });
      writeFileSync(join(d, "release"), "");
      const one = await first;
      expect(one.code, one.stderr).toBe(0);
      expect(second.code).toBe(2);
      const errLines = second.stderr.split("\n").filter(Boolean);
      expect(errLines).toHaveLength(1);
      expect(errLines[0]).toMatch(/^geb: r\.jsonl: in use by another run: pid \d+ on host .+ since \d{4}-/);
      // Every row once, every line whole; no lock left.
      const rows = lines(join(d, "r.jsonl")).map((l) => JSON.parse(l));
      expect(rows).toHaveLength(12);
      expect(new Set(rows.map((r) => r.item_id)).size).toBe(12);
      expect(existsSync(join(d, "r.jsonl.lock"))).toBe(false);
    });

    it("gf01 play-llm: two runs on one --results, one exits 2, every row written once", {
      timeout: 120_000,
    }, async () => {
      // The first run must still hold the lock when the second (a process start later, seconds
      // on a loaded machine) reaches it: its model answers slowly until the second has exited.
      let secondDone = false;
      const server = await startLoopback({
        latencyFor: () => (secondDone ? 0 : 1000),
        answer: fakeGf01Model,
      });
      try {
        const d = tmp("two-llm");
        writeFileSync(join(d, "bundle.json"), bundleToJson(genBundle(6, 5100).json));
        const args = [
          ...["play-llm", "--instances", "bundle.json", "--model", "openai:fake-llm"],
          ...["--base-url", `${server.url}/v1`, "--git-commit", "k9", "--no-progress"],
          ...["--results", "llm.jsonl", "--resume"],
        ];
        const first = runBin("gf01", args, { cwd: d });
        const t0 = Date.now();
        while (!existsSync(join(d, "llm.jsonl.lock")) && Date.now() - t0 < 60_000)
          await new Promise((r) => setTimeout(r, 10));
        const second = await runBin("gf01", args, { cwd: d });
        secondDone = true;
        const one = await first;
        expect(one.code, one.stderr).toBe(0);
        expect(second.code).toBe(2);
        expect(second.stderr).toMatch(
          /^gf01: llm\.jsonl: in use by another run: pid \d+ on host .+ since .+\n$/,
        );
        const ids = lines(join(d, "llm.jsonl")).map((l) => JSON.parse(l).instance_id);
        expect(ids).toHaveLength(6);
        expect(new Set(ids).size).toBe(6);
      } finally {
        await server.close();
      }
    });

    for (const signal of ["SIGINT", "SIGTERM"] as const)
      it(`geb model: ${signal} releases the lock (and still ends the run as the signal does)`, {
        timeout: 120_000,
      }, async () => {
        const d = tmp("signal");
        const lock = join(d, "r.jsonl.lock");
        const r = await runBin("geb", modelArgs(), {
          cwd: d,
          killWhen: () => existsSync(lock),
          killDelayMs: 300,
          signal,
        });
        expect(r.signal).toBe(signal);
        expect(existsSync(lock)).toBe(false);
      });

    it("geb sweep: the out dir is locked, and a resume removes a killed run's config.json.tmp-<pid>", {
      timeout: 120_000,
    }, async () => {
      const d = tmp("sweep");
      const args = [
        "sweep",
        "--out",
        "sw",
        "--seeds",
        "1",
        "--state-modes",
        "kv",
        "--episodes",
        "1",
        "--steps",
        "20",
        "--no-progress",
      ];
      const first = await runBin("geb", args, { cwd: d });
      expect(first.code, first.stderr).toBe(0);
      const stale = join(d, "sw", `config.json.tmp-${deadPid()}`);
      writeFileSync(stale, "{");
      heldByOther(join(d, "sw"));
      const refused = await runBin("geb", args, { cwd: d });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/^geb: sw: in use by another run: pid \d+ on host .+ since .+\n$/);
      expect(existsSync(stale)).toBe(true); // a refused run touches nothing
      rmSync(join(d, "sw.lock"));
      const again = await runBin("geb", args, { cwd: d });
      expect(again.code, again.stderr).toBe(0);
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(join(d, "sw.lock"))).toBe(false);
    });

    it("geb model --resume with a dangling --results symlink: exit 2, one line, no internal error", async () => {
      const d = tmp("dangling");
      symlinkSync(join(d, "nowhere", "x.jsonl"), join(d, "r.jsonl"));
      const r = await runBin(
        "geb",
        ["model", "--data", DATA, "--model", "builtin:ledger-reader", "--results", "r.jsonl", "--resume"],
        { cwd: d },
      );
      expect(r.code).toBe(2);
      expect(r.stderr).toBe("geb: r.jsonl: is a symbolic link to a file that does not exist\n");
    });
  });
});

describe("resume = validate (one journal reader)", () => {
  it("readJournal: a torn tail is cut, any other damage names file, line and field", async () => {
    const d = tmp("reader");
    const f = join(d, "j.jsonl");
    const check = (v: unknown) => {
      if (typeof (v as { n?: unknown }).n !== "number")
        throw new InputError("must be a number", { field: "n" });
      return v as { n: number };
    };
    writeFileSync(f, '{"n":1}\n{"n":2}\n{"n":');
    expect((await readJournal(f, check)).map((r) => r.value.n)).toEqual([1, 2]);
    expect(read(f)).toBe('{"n":1}\n{"n":2}\n');
    writeFileSync(f, '{"n":1}\n{"n":"x"}\n{"n":3}\n');
    expect((await rejection(readJournal(f, check))).message).toBe(`${f}:2: field n: must be a number`);
    writeFileSync(f, '{"n":1}\nnot json\n{"n":3}\n');
    expect((await rejection(readJournal(f, check))).message).toMatch(new RegExp(`^${f}:2: invalid JSON`));
    expect(await readJournal(join(d, "missing.jsonl"), check)).toEqual([]);
    expect((await rejection(readJournal(d, check))).message).toBe(
      `${d}: is a directory, expected a journal file`,
    );
  });

  it("gf01 evaluate --resume refuses a damaged row (adaptation_condition: 12345 in row 4)", async () => {
    const instancesFile = bundleFile();
    const d = tmp("eval-damage");
    const out = join(d, "runs.jsonl");
    const opts = { instancesFile, agent: "greedy", gitCommit: "k9" };
    expect((await evaluateAgent({ ...opts, out })).ok).toBe(true);
    damageRow4(out);
    const before = read(out);
    const e = await rejection(evaluateAgent({ ...opts, out, resume: true }));
    expect(e.message).toMatch(
      new RegExp(`^${out}:4: field adaptation_condition: adaptation_condition=12345 not in`),
    );
    expect(read(out)).toBe(before); // nothing appended
    expect(existsSync(`${out}.lock`)).toBe(false); // released on error
  });

  it("gf01 play-llm / online play --resume refuses the same damage, and a duplicated run", async () => {
    const instancesFile = bundleFile();
    const d = tmp("play-damage");
    const out = join(d, "runs.jsonl");
    const opts = { instancesFile, agent: "online-greedy", gitCommit: "k9" };
    expect((await evaluateOnlineAgent({ ...opts, out })).ok).toBe(true);
    const full = lines(out);
    damageRow4(out);
    let e = await rejection(evaluateOnlineAgent({ ...opts, out, resume: true }));
    expect(e.message).toMatch(new RegExp(`^${out}:4: field adaptation_condition: `));
    // Two runs that both wrote every row (issue 31 item 3): refused, not resumed over.
    writeFileSync(out, `${[...full.slice(0, 3), full[1]].join("\n")}\n`);
    e = await rejection(evaluateOnlineAgent({ ...opts, out, resume: true }));
    expect(e.message).toMatch(new RegExp(`^${out}:4: field instance_id: duplicate_run: `));
  });

  it("engine results (geb model --resume): the same reader, the same file:line: field message", async () => {
    const d = tmp("engine-damage");
    const file = join(d, "r.jsonl");
    writeFileSync(file, '{"schema":"oraclebench.engine.record/1","item_id":"a","trial":"x"}\n');
    const e = await rejection(ResultsStore.open(file, { resume: true }));
    expect(e.message).toMatch(new RegExp(`^${file}:1: field trial: `));
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it("runRowChecker accepts what validate accepts (an intact run file resumes)", async () => {
    const instancesFile = bundleFile();
    const d = tmp("eval-ok");
    const out = join(d, "runs.jsonl");
    await evaluateAgent({ instancesFile, agent: "greedy", gitCommit: "k9", out });
    expect(await readJournal(out, runRowChecker())).toHaveLength(6);
  });
});

describe("a resume removes stale temp files", () => {
  it("removeStaleTemps: dead pids' temp files go, live ones and other files stay", () => {
    const d = tmp("temps");
    const dead = deadPid();
    for (const n of [
      `config.json.tmp-${dead}`,
      `cache.json.tmp-${dead}-3`,
      `config.json.tmp-${process.pid}`,
      `config.json.tmp-${process.ppid}`,
      "notes.tmp",
      "results.json",
    ])
      writeFileSync(join(d, n), "x");
    expect(removeStaleTemps(d).sort()).toEqual([`cache.json.tmp-${dead}-3`, `config.json.tmp-${dead}`]);
    expect(existsSync(join(d, `config.json.tmp-${process.pid}`))).toBe(true);
    expect(existsSync(join(d, `config.json.tmp-${process.ppid}`))).toBe(true);
    expect(existsSync(join(d, "results.json"))).toBe(true);
    // An output folder's own subfolders (trap's run-2/) with depth 1, never deeper.
    mkdirSync(join(d, "run-2", "deeper"), { recursive: true });
    writeFileSync(join(d, "run-2", `rows.jsonl.tmp-${dead}`), "x");
    writeFileSync(join(d, "run-2", "deeper", `x.tmp-${dead}`), "x");
    expect(removeStaleTemps(d)).toEqual([]);
    expect(removeStaleTemps(d, "", 1)).toEqual([join("run-2", `rows.jsonl.tmp-${dead}`)]);
    expect(existsSync(join(d, "run-2", "deeper", `x.tmp-${dead}`))).toBe(true);
  });

  it("a resumed results file: its siblings' stale temps are removed, a shared folder's others kept", async () => {
    const d = tmp("sibling");
    const dead = deadPid();
    mkdirSync(d, { recursive: true });
    writeFileSync(join(d, `r.jsonl.config.json.tmp-${dead}`), "{");
    writeFileSync(join(d, `other.json.tmp-${dead}`), "{");
    await (await ResultsStore.open(join(d, "r.jsonl"), { resume: true })).close();
    expect(existsSync(join(d, `r.jsonl.config.json.tmp-${dead}`))).toBe(false);
    expect(existsSync(join(d, `other.json.tmp-${dead}`))).toBe(true);
  });
});
