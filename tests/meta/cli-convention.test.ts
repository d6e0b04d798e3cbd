/**
 * The CLI convention of docs/cli.md, in-process (the installed-package view is in
 * readme.test.ts): main-module detection through symlinks, --version, exit code 2 for usage
 * errors in both bins, required options marked, grouped help, optional packages.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EXIT_BROKEN_PIPE, exitOnBrokenPipe, isMainModule, packageVersion } from "../../src/core/cli.js";
import { InputError } from "../../src/core/errors.js";
import { importOptional, MissingPackageError, requireOptional } from "../../src/core/optional.js";
import { main as gebMain } from "../../src/geb/cli.js";
import { main as gf01Main } from "../../src/gf01/cli.js";

const version = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version;

/** Run a CLI main in-process, capturing what it writes. */
async function capture(main: (argv: string[]) => Promise<number>, argv: string[]) {
  let out = "";
  let err = "";
  const o = vi.spyOn(process.stdout, "write").mockImplementation((s) => {
    out += String(s);
    return true;
  });
  const e = vi.spyOn(process.stderr, "write").mockImplementation((s) => {
    err += String(s);
    return true;
  });
  try {
    const code = await main(argv);
    return { code, out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

afterEach(() => {
  process.exitCode = undefined;
});

describe("isMainModule", () => {
  const dir = mkdtempSync(join(tmpdir(), "ismain-"));
  const real = join(dir, "pkg", "dist", "cli.js");
  mkdirSync(join(dir, "pkg", "dist"), { recursive: true });
  writeFileSync(real, "");
  mkdirSync(join(dir, "bin"));
  symlinkSync(real, join(dir, "bin", "tool")); // what npm puts in node_modules/.bin
  const url = pathToFileURL(real).href;

  it("is true through a .bin symlink (the npx bug: the URL of the link never equals the module's)", () => {
    expect(isMainModule(url, join(dir, "bin", "tool"))).toBe(true);
  });
  it("is true for the file itself and for the path without extension", () => {
    expect(isMainModule(url, real)).toBe(true);
    expect(isMainModule(url, real.replace(/\.js$/, ""))).toBe(true);
  });
  it("is false for another script and without argv[1]", () => {
    expect(isMainModule(url, join(dir, "other.js"))).toBe(false);
    expect(isMainModule(url, undefined)).toBe(false);
  });
});

describe("--version and exit codes", () => {
  it("both bins print the package version", async () => {
    expect(packageVersion()).toBe(version);
    for (const main of [gf01Main, gebMain]) {
      const r = await capture(main, ["--version"]);
      expect(r).toMatchObject({ code: 0, out: `${version}\n` });
    }
  });

  it("usage errors exit 2 in both bins (geb used to exit 1)", async () => {
    for (const [main, argv] of [
      [gebMain, ["no-such-command"]],
      [gebMain, ["generate"]],
      [gebMain, ["generate", "--out", "x.jsonl", "--seed", "x"]],
      [gebMain, ["grade", "--data", "d.jsonl", "--pred", "p.jsonl", "--format", "yaml"]],
      [gf01Main, ["no-such-command"]],
      [gf01Main, ["list"]],
    ] as const) {
      const r = await capture(main, [...argv]);
      expect({ argv, code: r.code }).toEqual({ argv, code: 2 });
      expect(r.err).not.toMatch(/\n\s+at /);
      // Commander's own messages too are one line prefixed with the bin's name (issue 31).
      const bin = main === gebMain ? "geb" : "gf01";
      expect(r.err.startsWith(`${bin}: `), r.err).toBe(true);
    }
  });

  it("a required option missing after --config names the config file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cfg-required-"));
    const cfg = join(dir, "run.json");
    writeFileSync(cfg, JSON.stringify({ model: "builtin:echo" }));
    const r = await capture(gebMain, ["model", "--config", cfg]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `geb: required option '--data <path>' not specified (neither on the command line nor in ${cfg})\n`,
    );
    // Without a config, the plain message (no stale file from the run before).
    const plain = await capture(gebMain, ["model", "--model", "builtin:echo"]);
    expect(plain.err).toBe("geb: required option '--data <path>' not specified\n");
  });

  it("bad input is one line, exit 2", async () => {
    const r = await capture(gebMain, ["grade", "--data", "/nonexistent/d.jsonl", "--pred", "p.jsonl"]);
    expect(r.code).toBe(2);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).toMatch(/^geb: \S*\.jsonl: cannot read file/);
  });
});

describe("help", () => {
  it("marks required options and groups geb model's options, with examples", async () => {
    const r = await capture(gebMain, ["model", "--help"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/--data <path>\s+dataset JSONL \(required\)/);
    for (const h of ["Input:", "Model and server:", "Prompt:", "Grading and output:", "Examples:"])
      expect(r.out).toContain(`\n${h}`);
    const g = await capture(gf01Main, ["evaluate", "--help"]);
    expect(g.out).toMatch(/--instances <file>\s+instance bundle \(required unless --formal or\s+--hoa\)/);
  });
});

describe("optional packages", () => {
  it("a missing package is an InputError naming the package and the install command", async () => {
    const e = await importOptional(
      "no-such-package-xyz",
      "PNG export (--png)",
      () => import("no-such-package-xyz" as string),
    ).catch((x) => x);
    expect(e).toBeInstanceOf(MissingPackageError);
    expect(e).toBeInstanceOf(InputError);
    expect(e.message).toBe(
      "PNG export (--png) needs the optional package no-such-package-xyz: npm install no-such-package-xyz",
    );
  });
  it("requireOptional gives undefined for a missing package, the module otherwise", () => {
    const req = createRequire(import.meta.url);
    expect(requireOptional("no-such-package-xyz", () => req("no-such-package-xyz"))).toBeUndefined();
    expect(requireOptional("commander", () => req("commander"))).toBeDefined();
  });
  it("other load errors are not swallowed", async () => {
    await expect(
      importOptional("x", "feature", () => Promise.reject(new Error("syntax error in x"))),
    ).rejects.toThrow("syntax error in x");
  });
});

describe("a closed stdout (`… | head`)", () => {
  it("EPIPE exits 141 quietly; other stream errors are not swallowed", () => {
    const stream = new PassThrough() as unknown as NodeJS.WriteStream;
    const exit = vi.fn();
    exitOnBrokenPipe(stream, exit);
    stream.emit("error", Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
    expect(exit).toHaveBeenCalledWith(EXIT_BROKEN_PIPE);
    expect(EXIT_BROKEN_PIPE).toBe(141);
    expect(() => stream.emit("error", Object.assign(new Error("disk full"), { code: "ENOSPC" }))).toThrow(
      "disk full",
    );
  });

  // Both bins as a shell runs them, with the reader already gone: before the fix, an unhandled
  // 'error' event with a stack trace and exit 1.
  const root = fileURLToPath(new URL("../..", import.meta.url));
  for (const bin of ["gf01", "geb"])
    it.concurrent(`${bin}: no stack trace, exit 141`, async ({ expect }) => {
      const child = spawn(process.execPath, ["--import", "tsx", join(root, `src/bin/${bin}.ts`), "--help"], {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout.destroy(); // the reader closes before the bin writes (it takes ~1 s to start)
      let err = "";
      child.stderr.on("data", (d) => {
        err += String(d);
      });
      const code = await new Promise((r) => child.on("close", r));
      expect({ code, err }).toEqual({ code: EXIT_BROKEN_PIPE, err: "" });
    }, 60_000);
});
