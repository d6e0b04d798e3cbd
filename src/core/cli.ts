/**
 * What every oraclebench command line shares: the package version, "is this module the
 * program" detection, and the exit-code convention (docs/cli.md):
 *   0 ok · 1 the run failed (errors recorded, internal error) · 2 usage or input error ·
 *   141 stdout was closed by its reader (`… | head`).
 */
import { readFileSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Help, type HelpConfiguration, type Option } from "commander";

export const EXIT_OK = 0;
export const EXIT_RUN_FAILED = 1;
export const EXIT_USAGE = 2;
/** 128 + SIGPIPE, what a shell reports for a program that a closed pipe stopped (`cat`, `git`). */
export const EXIT_BROKEN_PIPE = 141;

let version: string | undefined;
/** The version in the package's package.json (nearest one above this module named oraclebench). */
export function packageVersion(): string {
  if (version !== undefined) return version;
  let d = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const p = JSON.parse(readFileSync(join(d, "package.json"), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (p.name === "oraclebench" && typeof p.version === "string") {
        version = p.version;
        return version;
      }
    } catch {
      // no (readable) package.json here: keep walking up
    }
    const up = dirname(d);
    if (up === d) {
      version = "0.0.0-unknown";
      return version;
    }
    d = up;
  }
}

const real = (p: string): string => {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
};

/**
 * True when the module at `metaUrl` is the script node was started with, however it was
 * reached: through a symlink (node_modules/.bin, global installs, npx), a relative path or
 * tsx. The bins in src/bin always run; this serves `node dist/gf01/cli.js` and
 * `tsx src/gf01/cli.ts`, while importing the module (tests, src/main.ts) runs nothing.
 */
export function isMainModule(metaUrl: string, argv1: string | undefined = process.argv[1]): boolean {
  if (!argv1) return false;
  const self = real(fileURLToPath(metaUrl));
  const arg = real(argv1);
  if (arg === self) return true;
  // `node dist/gf01/cli` (no extension): node resolves it, argv[1] keeps what was typed.
  return !/\.[cm]?[jt]s$/.test(arg) && [".js", ".ts", ".mjs"].some((ext) => real(arg + ext) === self);
}

/**
 * Stop quietly when the reader of `stream` goes away (`gf01 generate | head -1`): Node ignores
 * SIGPIPE and would otherwise die on an unhandled EPIPE 'error' event with a stack trace. Exit
 * at once with 141, as a C program killed by SIGPIPE: the command did not finish (files it was
 * writing are incomplete, as after Ctrl-C), and `set -o pipefail` can see it.
 */
export function exitOnBrokenPipe(
  stream: NodeJS.WriteStream = process.stdout,
  exit: (code: number) => void = process.exit,
): void {
  stream.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") return exit(EXIT_BROKEN_PIPE);
    throw e; // anything else stays what it was: an uncaught error
  });
}

/**
 * Run a CLI's `main` and set the process exit code (never calls process.exit, so output
 * flushes; except on a closed stdout: `exitOnBrokenPipe`).
 */
export function runMain(main: (argv: string[]) => Promise<number>, argv = process.argv.slice(2)): void {
  exitOnBrokenPipe();
  main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`internal error: ${(e as Error)?.message ?? String(e)}\n`);
      process.exitCode = EXIT_RUN_FAILED;
    },
  );
}

/** One stderr line for an unexpected error; the stack only with ORACLEBENCH_DEBUG=1. */
export function internalErrorLine(prog: string, e: unknown): string {
  const err = e as Error;
  if (process.env.ORACLEBENCH_DEBUG && err?.stack) return `${prog}: internal error: ${err.stack}\n`;
  return `${prog}: internal error: ${err?.message ?? String(e)} (ORACLEBENCH_DEBUG=1 prints the stack)\n`;
}

/**
 * Help settings shared by every bin (inherited by subcommands created after it is set):
 * required options say so, since commander's default help does not.
 */
export const helpConfig: HelpConfiguration = {
  optionDescription(this: Help, option: Option): string {
    const d = Help.prototype.optionDescription.call(this, option);
    return option.mandatory ? `${d} (required)` : d;
  },
};
