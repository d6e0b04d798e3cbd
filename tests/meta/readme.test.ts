/**
 * First contact, as a new user meets it (issue 14):
 *  1. packaging: the working tree as a fresh clone would have it (git ls-files, no dist/) is
 *     packed with `npm pack` (its `prepack` builds dist/ and dist/web), the tarball installed
 *     into an empty folder offline (`npm ci --offline` from the npm cache, with a lockfile
 *     derived from ours), and the install size printed and bounded (on disk, as `du` counts);
 *  2. the bins work however they are reached (npx, node_modules/.bin, a symlink elsewhere as
 *     a global install makes, `npm run`, `node dist/…`), and speak the CLI convention
 *     (docs/cli.md): --version, exit 2 on usage errors, one line for a missing optional package;
 *  3. the README is a test: every command of its usage blocks runs verbatim from that install,
 *     each block in its own empty folder, must exit 0, must create the files it names as
 *     outputs, and must print no control characters on stderr when piped. `gf01 serve` must
 *     answer 200 on `/` and on the app script. Two substitutions:
 *     - model lines run against a loopback OpenAI-compatible server standing in for
 *       http://localhost:8000/v1 (the URL is replaced in the line);
 *     - `npx` is a stand-in first on PATH (NPX_STANDIN below; the line is unchanged): for the
 *       package's own bins (gf01, geb, goldevidencebench) found in ./node_modules/.bin it execs
 *       that bin with the same arguments — what npx does for a bin of the local project,
 *       without npm's start-up (~0.75 s of CPU per line, ~45 s for the file) — and anything
 *       else goes to the real npx. Real npx stays covered: "bins run however they are reached"
 *       runs the three bins through it. The build-stamp, usage-error, PNG and queue checks of
 *       2. test our bins' output, not npx: they use the stand-in too.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  accessSync,
  constants,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, type ExpectStatic, expect, it } from "vitest";
import { ledgerReaderAnswer } from "../../src/core/engine/clients/builtin.js";
import { type Loopback, startLoopback } from "../fixtures/engine/loopback-server.js";
import { childCpu } from "../helpers/child-cpu.js";
import { shellBlocks } from "./markdown.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const pkg = JSON.parse(readFileSync(join(repo, "package.json"), "utf8"));
/** Installed size target for the default feature set: on disk, 4 KiB blocks (as `du`). */
const SIZE_LIMIT = 30 * 1000 * 1000;
const BLOCK = 4096;
/** The README's stand-in for "your model server". */
const PLACEHOLDER_URL = "http://localhost:8000/v1";
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * At most `n` jobs at once. Every test of this file runs concurrently (the README blocks and the
 * packaging checks are independent), but the machine may have only 2 cores: each child process
 * takes a slot, so at most 2 commands run at any time however many tests wait.
 */
function limiter(n: number): <T>(job: () => Promise<T>) => Promise<T> {
  let active = 0;
  const queue: (() => void)[] = [];
  return async (job) => {
    if (active >= n) await new Promise<void>((r) => queue.push(r));
    else active++;
    try {
      return await job();
    } finally {
      const next = queue.shift();
      if (next) next();
      else active--;
    }
  };
}
const slot = limiter(2);

function run(file: string, args: string[], o: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Run> {
  return slot(() => spawnRun(file, args, o));
}

function spawnRun(file: string, args: string[], o: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      file,
      args,
      { cwd: o.cwd, env: o.env ?? process.env, maxBuffer: 1 << 26 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

/** Output paths a command names: they must exist after it ran. */
function outputsOf(cmd: string): string[] {
  const outs: string[] = [];
  for (const m of cmd.matchAll(/--(?:out|html|results-json|results|manifest-out)\s+("[^"]*"|'[^']*'|\S+)/g))
    outs.push(m[1].replace(/^["']|["']$/g, ""));
  return outs;
}

const GENERATED = new Set(["node_modules", "dist", "out", ".runs", "coverage", "test-artifacts", ".git"]);
function sourceFiles(root: string, dir = ""): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (GENERATED.has(e.name) || e.name.endsWith(".log")) continue;
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...sourceFiles(root, rel));
    else if (e.isFile()) out.push(rel);
  }
  return out;
}

/**
 * Bytes of the files under `dir`, and what they take on disk: each file and folder rounded
 * up to whole 4 KiB blocks, as `du` reports on common file systems (not st_blocks, which
 * depends on the file system the test happens to run on, e.g. compression).
 */
function installedBytes(dir: string): { files: number; disk: number } {
  let files = 0;
  let disk = BLOCK; // the folder itself
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      const sub = installedBytes(p);
      files += sub.files;
      disk += sub.disk;
    } else if (e.isFile()) {
      const size = lstatSync(p).size;
      files += size;
      disk += Math.ceil(size / BLOCK) * BLOCK;
    }
  }
  return { files, disk };
}

/** The real npx: the first executable `npx` on PATH. */
function whichNpx(path: string): string {
  for (const d of path.split(":").filter(Boolean)) {
    try {
      accessSync(join(d, "npx"), constants.X_OK);
      return join(d, "npx");
    } catch {}
  }
  throw new Error(`no npx on PATH (${path})`);
}

/**
 * `npx` for the README's commands (see the header): `npx gf01 …` in a folder whose
 * node_modules/.bin has gf01 runs that bin with the same arguments, as npx does (npm finds the
 * local project's bins there); anything else is the real npx's.
 */
const NPX_STANDIN = (realNpx: string) => `#!/bin/sh
case "$1" in
gf01 | geb | goldevidencebench)
  if [ -x "node_modules/.bin/$1" ]; then
    bin="$PWD/node_modules/.bin/$1"
    shift
    exec "$bin" "$@"
  fi
  ;;
esac
exec '${realNpx}' "$@"
`;

let work: string;
let app: string; // the folder the tarball is installed in
/** Environment of the commands: the README's `npx` is the stand-in (NPX_STANDIN). */
let env: NodeJS.ProcessEnv;
/** The same with the real npx, for the ways of reaching the bins. */
let npxEnv: NodeJS.ProcessEnv;
let loopback: Loopback;
let installNote = "";
let buildCommit = "";
const secs = (n: number) => `${n.toFixed(0)} s`;

/** Each setup phase's wall time and its children's CPU (printed with the size). */
const phases: string[] = [];
let phaseStart = performance.now();
let phaseCpu = childCpu();
const phase = (name: string) => {
  const now = performance.now();
  const cpu = childCpu();
  const used = cpu !== undefined && phaseCpu !== undefined ? ` (${secs(cpu - phaseCpu)} CPU)` : "";
  phases.push(`${name} ${secs((now - phaseStart) / 1000)}${used}`);
  phaseStart = now;
  phaseCpu = cpu;
};

beforeAll(async () => {
  phaseStart = performance.now();
  phaseCpu = childCpu();
  work = mkdtempSync(join(tmpdir(), "oraclebench-pack-"));
  // 1. A fresh clone of the working tree: tracked and untracked-but-not-ignored files.
  const clone = join(work, "clone");
  const ls = await run("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: repo,
  });
  // Not a git checkout (a source archive): everything but generated folders.
  const files = ls.code === 0 ? ls.stdout.split("\0").filter(Boolean) : sourceFiles(repo);
  for (const f of files) {
    if (!existsSync(join(repo, f))) continue; // deleted but not yet committed
    mkdirSync(dirname(join(clone, f)), { recursive: true });
    copyFileSync(join(repo, f), join(clone, f));
  }
  expect(existsSync(join(clone, "dist"))).toBe(false);
  symlinkSync(join(repo, "node_modules"), join(clone, "node_modules"), "dir");
  const packDir = join(work, "pack");
  mkdirSync(packDir);
  // The build records the checkout's commit (dist/build-info.json); the copy has no .git, so
  // point git at ours, as building in the checkout itself would.
  const gitDir = await run("git", ["rev-parse", "--absolute-git-dir"], { cwd: repo });
  buildCommit =
    gitDir.code === 0 ? (await run("git", ["rev-parse", "HEAD"], { cwd: repo })).stdout.trim() : "unknown";
  const packEnv = gitDir.code === 0 ? { ...process.env, GIT_DIR: gitDir.stdout.trim() } : process.env;
  phase("copy");
  const pack = await run("npm", ["pack", "--pack-destination", packDir], { cwd: clone, env: packEnv });
  phase("pack (build)");
  expect(pack.code, pack.stderr).toBe(0);
  const tgz = readdirSync(packDir).find((f) => f.endsWith(".tgz"));
  expect(tgz).toBeDefined();
  const tarball = join(packDir, tgz as string);

  // 2. Install it into an empty folder, offline. `npm install <tarball>` would need registry
  // metadata the cache may not hold; a lockfile derived from ours (production entries only)
  // lets `npm ci --offline` take every package from the cache by integrity.
  app = join(work, "app");
  mkdirSync(app);
  const lock = JSON.parse(readFileSync(join(repo, "package-lock.json"), "utf8"));
  const root = lock.packages[""];
  const integrity = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
  const dep = `file:../pack/${tgz}`;
  const packages: Record<string, unknown> = {
    "": { name: "app", dependencies: { oraclebench: dep } },
    "node_modules/oraclebench": {
      version: root.version,
      resolved: dep,
      integrity,
      license: root.license,
      dependencies: root.dependencies,
      bin: root.bin,
      engines: root.engines,
      peerDependencies: root.peerDependencies,
      peerDependenciesMeta: root.peerDependenciesMeta,
    },
  };
  for (const [k, v] of Object.entries(lock.packages as Record<string, Record<string, unknown>>)) {
    if (k === "" || v.dev || v.link) continue;
    const { dev: _d, devOptional: _o, peer: _p, ...rest } = v;
    packages[k] = rest;
  }
  writeFileSync(
    join(app, "package.json"),
    `${JSON.stringify({ name: "app", private: true, scripts: { "gf01-version": "gf01 --version" }, dependencies: { oraclebench: dep } }, null, 2)}\n`,
  );
  writeFileSync(
    join(app, "package-lock.json"),
    `${JSON.stringify({ name: "app", lockfileVersion: 3, requires: true, packages }, null, 2)}\n`,
  );
  const npmArgs = ["ci", "--no-audit", "--no-fund", "--ignore-scripts"];
  let inst = await run("npm", [...npmArgs, "--offline"], { cwd: app });
  if (inst.code !== 0) {
    // A cache without some tarball (e.g. a machine that never ran `npm ci`): fetch it once.
    installNote = `offline install failed (${inst.stderr.split("\n").find((l) => l.includes("error")) ?? ""}); retried with --prefer-offline`;
    // The network fetch may need the machine's CA bundle, which vitest.config.ts moved aside.
    const ca = process.env.ORACLEBENCH_TEST_SAVED_CA;
    inst = await run("npm", [...npmArgs, "--prefer-offline"], {
      cwd: app,
      env: ca ? { ...process.env, NODE_EXTRA_CA_CERTS: ca } : process.env,
    });
  }
  expect(inst.code, inst.stderr).toBe(0);
  phase("install");

  // GEB prompts get the ledger reader's answer; GF-01 prompts (no LEDGER) a valid "no
  // intervention" move: a stand-in whose every reply is unusable fails play-llm (issue 31).
  loopback = await startLoopback({
    answer: (p) => (p.includes("\nLEDGER:\n") ? ledgerReaderAnswer(p) : "{}"),
  });
  // Piped, not a TTY; npm never reaches the network for `npx`.
  npxEnv = { ...process.env, npm_config_offline: "true", npm_config_update_notifier: "false", CI: "true" };
  delete npxEnv.FORCE_COLOR;
  const standin = join(work, "npx-standin");
  mkdirSync(standin);
  writeFileSync(join(standin, "npx"), NPX_STANDIN(whichNpx(npxEnv.PATH ?? "")), { mode: 0o755 });
  env = { ...npxEnv, PATH: `${standin}:${npxEnv.PATH ?? ""}` };
}, 420_000);

afterAll(async () => {
  // After setup, the children's CPU is the commands': the bins' start-up and work, bash, npx.
  // This process's own (copy, loopback server, vitest) is printed beside it.
  const cpu = childCpu();
  const own = process.cpuUsage();
  if (cpu !== undefined && phaseCpu !== undefined)
    process.stdout.write(
      `readme: the commands after setup used ${secs(cpu - phaseCpu)} of CPU; this process ${secs((own.user + own.system) / 1e6)}\n`,
    );
  await loopback?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

// Tests wait for a process slot, not for each other: generous timeouts.
const TIMEOUT = 600_000;

describe.concurrent("packaging", () => {
  it("ships the built JavaScript and the browser app, and installs lean", ({ expect }) => {
    const installed = join(app, "node_modules", "oraclebench");
    for (const f of ["dist/bin/gf01.js", "dist/bin/geb.js", "dist/index.js", "dist/web/index.html"])
      expect(existsSync(join(installed, f)), f).toBe(true);
    expect(existsSync(join(app, "node_modules", "gpt-tokenizer"))).toBe(false);
    expect(existsSync(join(app, "node_modules", "playwright-core"))).toBe(false);
    // The chart renderer ships bundled (scripts/postbuild.ts), not as ~70 packages.
    expect(existsSync(join(installed, "dist/core/report/vega-lib.js"))).toBe(true);
    expect(existsSync(join(app, "node_modules", "vega"))).toBe(false);
    expect(existsSync(join(app, "node_modules", "vega-lite"))).toBe(false);
    const size = installedBytes(join(app, "node_modules"));
    const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
    process.stdout.write(
      `packaging: installed size ${mb(size.files)} of files (${mb(size.disk)} on disk), limit ${mb(SIZE_LIMIT)}; setup: ${phases.join(", ")}${installNote ? `; ${installNote}` : ""}\n`,
    );
    expect(size.disk).toBeLessThanOrEqual(SIZE_LIMIT);
  });

  it(
    "bins run however they are reached and print the version",
    async ({ expect }) => {
      const v = pkg.version as string;
      const bin = join(app, "node_modules", ".bin");
      const installed = join(app, "node_modules", "oraclebench");
      // A global install links <prefix>/bin/gf01 to the package's bin file, elsewhere on disk.
      const globalBin = join(work, "global-bin");
      mkdirSync(globalBin, { recursive: true });
      symlinkSync(join(installed, "dist/bin/gf01.js"), join(globalBin, "gf01"));
      const ways: [string, string[]][] = [
        ["npx", ["gf01", "--version"]],
        ["npx", ["geb", "--version"]],
        ["npx", ["goldevidencebench", "--version"]],
        [join(bin, "gf01"), ["--version"]],
        [join(bin, "geb"), ["--version"]],
        [join(globalBin, "gf01"), ["--version"]],
        [process.execPath, [join(installed, "dist/gf01/cli.js"), "--version"]],
        [process.execPath, [join(installed, "dist/geb/cli.js"), "--version"]],
        ["npm", ["run", "--silent", "gf01-version"]],
      ];
      const got = await Promise.all(
        ways.map(async ([file, args]) => {
          const r = await run(file, args, { cwd: app, env: npxEnv });
          return { way: `${file} ${args.join(" ")}`, code: r.code, out: r.stdout.trim() };
        }),
      );
      expect(got).toEqual(
        ways.map(([file, args]) => ({ way: `${file} ${args.join(" ")}`, code: 0, out: v })),
      );
      const help = await run("npx", ["gf01", "--help"], { cwd: app, env });
      expect(help.code).toBe(0);
      expect(help.stdout).toContain("Usage: gf01");
    },
    TIMEOUT,
  );

  it(
    "stamps the build's commit, not the commit of the folder it runs in",
    async ({ expect }) => {
      const info = JSON.parse(
        readFileSync(join(app, "node_modules/oraclebench/dist/build-info.json"), "utf8"),
      );
      expect(info).toEqual({ name: "oraclebench", version: pkg.version, git_commit: buildCommit });
      // The user's own repository: its HEAD used to be the stamp.
      const dir = join(work, "user-repo");
      mkdirSync(dir);
      symlinkSync(join(app, "node_modules"), join(dir, "node_modules"), "dir");
      const git = "git init -q && git -c user.name=u -c user.email=u@x commit -q --allow-empty -m x";
      expect((await run("bash", ["-c", git], { cwd: dir, env })).code).toBe(0);
      const userHead = (await run("git", ["rev-parse", "HEAD"], { cwd: dir, env })).stdout.trim();
      const gen = await run("bash", ["-c", "npx gf01 generate --seed 0 --count 1 --out b.json"], {
        cwd: dir,
        env,
      });
      expect(gen.code, gen.stderr).toBe(0);
      const stamp = JSON.parse(readFileSync(join(dir, "b.json"), "utf8")).git_commit;
      expect({ stamp, isUserHead: stamp === userHead }).toEqual({ stamp: buildCommit, isUserHead: false });
    },
    TIMEOUT,
  );

  it(
    "usage errors exit 2 in both bins; a missing optional package is one line, exit 2",
    async ({ expect }) => {
      const usage = [
        ["gf01", ["no-such-command"]],
        ["geb", ["no-such-command"]],
        ["geb", ["generate"]], // required --out missing
        ["gf01", ["generate", "--count", "x"]],
        ["geb", ["generate", "--out", "x.jsonl", "--seed", "x"]],
      ] as const;
      const codes = await Promise.all(
        usage.map(async ([b, args]) => ({
          cmd: `${b} ${args.join(" ")}`,
          code: (await run("npx", [b, ...args], { cwd: app, env })).code,
        })),
      );
      expect(codes).toEqual(usage.map(([b, args]) => ({ cmd: `${b} ${args.join(" ")}`, code: 2 })));
      const dir = join(work, "png");
      mkdirSync(dir);
      symlinkSync(join(app, "node_modules"), join(dir, "node_modules"), "dir");
      const steps = [
        "npx gf01 generate --seed 0 --count 2 --out b.json",
        "npx gf01 evaluate --instances b.json --agent greedy --out runs.jsonl",
      ];
      for (const s of steps) expect((await run("bash", ["-c", s], { cwd: dir, env })).code).toBe(0);
      const png = await run(
        "bash",
        ["-c", "npx gf01 report --runs runs.jsonl --instances b.json --html r.html --png"],
        { cwd: dir, env },
      );
      expect(png.code).toBe(2);
      const lines = png.stderr.split("\n").filter((l) => l.startsWith("gf01:"));
      expect(lines.join("\n")).toContain("npm install playwright-core");
      expect(png.stderr).not.toMatch(/\n\s+at /); // no stack trace
      // geb used to print a raw stack trace here.
      const sweep =
        "npx geb sweep --out runs/s --seeds 1 --episodes 1 --steps 20 --state-modes kv --distractor-profiles standard";
      expect((await run("bash", ["-c", sweep], { cwd: dir, env })).code).toBe(0);
      const gebPng = await run("bash", ["-c", "npx geb report runs/s --out r2.html --png"], {
        cwd: dir,
        env,
      });
      expect({
        code: gebPng.code,
        err: gebPng.stderr.split("\n").filter((l) => l.startsWith("geb:")),
      }).toEqual({
        code: 2,
        err: [
          "geb: PNG export (--png) needs the optional package playwright-core: npm install playwright-core",
        ],
      });
      // Without bullmq and ioredis, --queue and the worker say what to install (docs/scale.md).
      for (const s of [
        "npx gf01 evaluate --instances b.json --queue redis://127.0.0.1:9/0",
        "npx geb worker --queue redis://127.0.0.1:9/0",
      ]) {
        const q = await run("bash", ["-c", s], { cwd: dir, env });
        expect({ code: q.code, err: q.stderr.split("\n").filter((l) => /^(gf01|geb):/.test(l)) }, s).toEqual({
          code: 2,
          err: [
            `${s.split(" ")[1]}: distributed runs (--queue, worker) need the optional packages bullmq and ioredis: npm install bullmq ioredis`,
          ],
        });
      }
      // Without gpt-tokenizer, token estimates fall back to chars/4 (documented in docs/models.md).
      const est = await run(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          'import { estimateTokens, tokenEstimator } from "oraclebench/engine"; console.log(tokenEstimator(), estimateTokens("abcdefghi"));',
        ],
        { cwd: app, env },
      );
      expect(est.stdout.trim(), est.stderr).toBe("chars/4 3");
    },
    TIMEOUT,
  );
});

describe.concurrent("README runs verbatim from the installed package", () => {
  const readme = readFileSync(join(repo, "README.md"), "utf8");
  const blocks = shellBlocks(readme);

  it("opens with exactly the two checkout commands", ({ expect }) => {
    expect(blocks[0].map((c) => c.replace(/\s+#.*$/, "").trim())).toEqual([
      "npm ci && npm start",
      "npm ci && npm test",
    ]);
  });

  it("names only npm scripts that exist", ({ expect }) => {
    for (const b of blocks)
      for (const c of b)
        for (const m of c.matchAll(/npm run (\S+)/g)) expect(pkg.scripts, m[0]).toHaveProperty(m[1]);
  });

  const usage = blocks
    .map((b, i) => ({ b, i }))
    .filter(({ b }) => b.some((c) => /^npx (gf01|geb)\b/.test(c)));
  it("has usage blocks", ({ expect }) => expect(usage.length).toBeGreaterThanOrEqual(4));

  // Blocks are independent (own folders), so they run side by side (2 processes at a time).
  for (const { b, i } of usage)
    it(
      `block ${i}: ${b[0].slice(0, 60)}`,
      async ({ expect }) => {
        const dir = join(work, `block-${i}`);
        mkdirSync(dir);
        symlinkSync(join(app, "node_modules"), join(dir, "node_modules"), "dir");
        for (const raw of b) {
          const cmd = raw.replaceAll(PLACEHOLDER_URL, `${loopback.url}/v1`);
          if (/^npx gf01 serve\b/.test(cmd)) {
            await slot(() => checkServe(cmd, dir, expect));
            continue;
          }
          const r = await run("bash", ["-c", cmd], { cwd: dir, env });
          expect({ cmd, code: r.code, stderr: r.stderr.slice(-2000) }).toMatchObject({ cmd, code: 0 });
          expect.soft(CONTROL.test(r.stderr), `control characters on stderr of: ${cmd}`).toBe(false);
          for (const o of outputsOf(cmd)) {
            expect(existsSync(join(dir, o)), `${cmd} → ${o}`).toBe(true);
            // Charts come from the bundled renderer (dist/core/report/vega-lib.js): drawn, with marks.
            if (o.endsWith(".html"))
              expect(readFileSync(join(dir, o), "utf8"), `${cmd}: a chart with data marks`).toMatch(
                /<svg[\s\S]*class="mark-(rect|line|symbol) role-mark/,
              );
          }
        }
      },
      TIMEOUT,
    );
});

/** Start `gf01 serve`, fetch `/` and the app script, stop it. */
async function checkServe(cmd: string, cwd: string, expect: ExpectStatic): Promise<void> {
  const child: ChildProcess = spawn("bash", ["-c", cmd], { cwd, env, detached: true, stdio: "pipe" });
  let stderr = "";
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 60_000);
      child.stderr?.on("data", (d) => {
        stderr += String(d);
        const m = /gf01 serve: (http:\/\/\S+?)\/? /.exec(stderr);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      child.on("exit", (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
    });
    const index = await fetch(`${url}/`);
    expect(index.status).toBe(200);
    const html = await index.text();
    const script = /<script[^>]*src="\.?\/?([^"]+)"/.exec(html)?.[1];
    expect(script, html).toBeDefined();
    const js = await fetch(`${url}/${script}`);
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toMatch(/javascript/);
    expect((await js.text()).length).toBeGreaterThan(1000);
  } finally {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
  }
  expect(CONTROL.test(stderr), `control characters on stderr of: ${cmd}`).toBe(false);
}
