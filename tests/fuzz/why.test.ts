/**
 * Issue 16, "Why", first paragraph: each input that used to crash, print a stack trace, exit
 * with "internal error" or leave `*.tmp-<pid>` files, through the installed-style entry
 * points (a handful of real processes, run concurrently) and in-process where that is the
 * same code path.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./lib/flags.js";

const ROOT = new URL("../../", import.meta.url).pathname;
const HIDE_PW = new URL("./fixtures/hide-playwright.mjs", import.meta.url).pathname;

function run(
  args: string[],
  preload: string[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(
      process.execPath,
      ["--import", "tsx", ...preload.flatMap((f) => ["--import", f]), ...args],
      {
        cwd: ROOT,
        env: { ...process.env, ORACLEBENCH_DEBUG: "" },
      },
    );
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (c) => (stdout += c));
    p.stderr.on("data", (c) => (stderr += c));
    p.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

const plainError = (r: { code: number; stderr: string }, re: RegExp) => {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr.trim().split("\n"), r.stderr).toHaveLength(1);
  expect(r.stderr).toMatch(re);
  expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
};

describe("the inputs of issue 16's first paragraph", () => {
  it("checks --count 0, --out <dir> (gf01, geb), grade --max-support-k 0, --png without playwright-core", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fuzz-why-"));
    mkdirSync(join(dir, "d"));
    const runs = join(dir, "runs.jsonl");
    writeFileSync(runs, "");
    // Two real processes (the bins' own error path); the rest in-process (the same main;
    // geb's --out and --max-support-k also run as processes in tests/geb).
    const [checks, png] = await Promise.all([
      run(["src/bin/gf01.ts", "checks", "--count", "0"]),
      run(
        [
          "src/bin/gf01.ts",
          "report",
          "--runs",
          join(ROOT, "tests/fixtures/fuzz/runs_v1_valid.jsonl"),
          "--html",
          join(dir, "r.html"),
          "--png",
          "--format",
          "json",
        ],
        [HIDE_PW],
      ),
    ]);
    const gfOut = await runCli("gf01", ["generate", "--count", "1", "--out", join(dir, "d")]);
    const gebOut = await runCli("geb", ["generate", "--out", join(dir, "d")]);
    const grade = await runCli("geb", [
      "grade",
      "--data",
      join(dir, "x"),
      "--pred",
      join(dir, "y"),
      "--max-support-k",
      "0",
    ]);
    plainError(checks, /--count must be an integer in \[1, 1000000\], got 0/);
    plainError(gfOut, /--out is a directory/);
    plainError(gebOut, /--out is a directory/);
    plainError(grade, /--max-support-k must be an integer in \[1, 1000\], got 0/);
    // Checked before any work: no report, no HTML, one line, exit 2.
    expect(png.code, png.stderr).toBe(2);
    expect(png.stdout).toBe("");
    expect(png.stderr).toMatch(/needs the optional package playwright-core: npm install playwright-core/);
    expect(png.stderr).not.toMatch(/internal error|\n\s+at /);
    // Nothing half-written anywhere: no *.tmp-<pid>, the directory given as --out untouched.
    expect(readdirSync(dir).sort()).toEqual(["d", "runs.jsonl"]);
    expect(readdirSync(join(dir, "d"))).toEqual([]);
  }, 120_000);

  it("generate --count -5: exit 2 (it used to exit 0 with an empty bundle)", async () => {
    const r = await runCli("gf01", ["generate", "--count", "-5"]);
    expect(r).toMatchObject({ code: 2, stdout: "" });
    expect(r.stderr).toMatch(/--count must be an integer in \[1, 1000000\], got -5/);
  });

  it("a busy port: one plain line, exit 2 (it was an internal error)", async () => {
    const busy = createServer();
    await new Promise<void>((r) => busy.listen(0, "127.0.0.1", () => r()));
    const port = (busy.address() as { port: number }).port;
    const dir = mkdtempSync(join(tmpdir(), "fuzz-port-"));
    mkdirSync(join(dir, "web"));
    writeFileSync(join(dir, "web", "index.html"), "<!doctype html>");
    try {
      const r = await runCli("gf01", [
        "serve",
        "--port",
        String(port),
        "--web-dir",
        join(dir, "web"),
        "--instances",
        join(ROOT, "tests/fixtures/fuzz/instance_bundle_v1.json"),
        "--data-dir",
        join(dir, "data"),
      ]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim().split("\n")).toEqual([
        `gf01: port ${port} is in use; pass --port (0 picks a free one)`,
      ]);
    } finally {
      await new Promise<void>((r) => busy.close(() => r()));
    }
  });
});
