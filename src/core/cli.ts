/**
 * What every oraclebench command line shares: the package version, "is this module the
 * program" detection, and the exit-code convention (docs/cli.md):
 *   0 ok · 1 the run failed (errors recorded, internal error) · 2 usage or input error ·
 *   141 stdout was closed by its reader (`… | head`).
 */
import { accessSync, constants, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Command, Help, type HelpConfiguration, Option } from "commander";
import { InputError } from "./errors.js";

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
 * `tsx src/gf01/cli.ts`, while importing the module (tests, src/bin/start.ts) runs nothing.
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

/**
 * Commander's own usage errors (`error: unknown option '--fo'`, `error: required option
 * '--data <path>' not specified`) in the bins' convention: one line prefixed with the bin's
 * name, like every other error (docs/cli.md). Help text written to stderr passes unchanged.
 */
export function usageErrorOutput(prog: string): { writeErr: (s: string) => void } {
  return {
    writeErr: (s: string) => {
      let line = s.replace(/^error: /, `${prog}: `);
      // A required option missing after a `--config` file was applied: say where it was looked for.
      const file = configFileInUse?.();
      if (file && /^\S+: required option .* not specified\n?$/.test(line))
        line = line.replace(
          / not specified(\n?)$/,
          ` not specified (neither on the command line nor in ${file})$1`,
        );
      process.stderr.write(line);
    },
  };
}

let configFileInUse: (() => string | undefined) | undefined;
/** Registered by the run-config module (engine): the `--config` file applied, if any. */
export function setConfigFileInUse(f: () => string | undefined): void {
  configFileInUse = f;
}

// ---------------------------------------------------------------------------------------------
// Validated flag values, shared by every bin: commander `argParser`s that turn a bad value into
// a FlagError (exit 2, one stderr line naming the flag) while the command line is parsed, so no
// work starts and nothing is written. Defaults are not passed through them (commander's rule).

/** A bad flag value: an InputError whose field is the flag and whose message starts with it. */
export class FlagError extends InputError {
  constructor(
    readonly flag: string,
    reason: string,
  ) {
    super(reason, { field: flag });
    this.name = "FlagError";
    // "--count must be …", not "field --count: --count must be …".
    this.message = `${flag} ${this.reason}`;
  }
}

const dashed = (flag: string): string =>
  flag.startsWith("-") ? flag : /^[A-Z0-9_]+$/.test(flag) ? `environment ${flag}` : `--${flag}`;
const shown = (v: string): string => (/^[\x21-\x7e]{1,40}$/.test(v) ? v : JSON.stringify(v.slice(0, 40)));

export interface RangeOptions {
  min?: number;
  max?: number;
}

function rangeText(r: RangeOptions): string {
  if (r.min !== undefined && r.max !== undefined) return ` in [${r.min}, ${r.max}]`;
  if (r.min !== undefined) return ` ≥ ${r.min}`;
  if (r.max !== undefined) return ` ≤ ${r.max}`;
  return "";
}

/** `-0` (or `-0.0`) where negatives are out of range: a sign the user typed, not a zero. */
const negativeZero = (t: string, range: RangeOptions): boolean =>
  t.startsWith("-") && range.min !== undefined && range.min >= 0;

/**
 * `x`, the number typed as `v`, when `valid` (its kind's test) and within the range, else a
 * FlagError saying what was expected (`what`: "an integer", "a number").
 */
function checkedNumber(
  flag: string,
  v: string,
  x: number,
  valid: boolean,
  range: RangeOptions,
  what: string,
) {
  if (
    !valid ||
    negativeZero(String(v).trim(), range) ||
    (range.min !== undefined && x < range.min) ||
    (range.max !== undefined && x > range.max)
  )
    throw new FlagError(dashed(flag), `must be ${what}${rangeText(range)}, got ${shown(String(v))}`);
  return x;
}

/** Parse an integer flag value: decimal digits only, a safe integer, within the range. */
export function parseIntFlag(flag: string, v: string, range: RangeOptions = {}): number {
  const t = String(v).trim();
  const x = /^[+-]?\d+$/.test(t) ? Number(t) : Number.NaN;
  return checkedNumber(flag, v, x, Number.isSafeInteger(x), range, "an integer");
}

/** Parse a number flag value: finite (no NaN, Infinity, empty, hex), within the range. */
export function parseFloatFlag(flag: string, v: string, range: RangeOptions = {}): number {
  const t = String(v).trim();
  // Number() accepts "", "0x1f", "1_0"-less forms and whitespace: only plain decimals pass.
  const x = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) ? Number(t) : Number.NaN;
  return checkedNumber(flag, v, x, Number.isFinite(x), range, "a number");
}

/**
 * The range a numeric flag's parser declares, attached to the parser function so the flag
 * walker (tests/fuzz/lib/flags.ts) can require one of every numeric flag: a new flag cannot
 * ship unbounded.
 */
export interface DeclaredRange extends RangeOptions {
  kind: "int" | "float";
}
const RANGE = Symbol.for("oraclebench.flagRange");
/** Attach a declared range to a hand-written numeric flag parser (see `declaredRange`). */
export function declare<F extends (v: string) => unknown>(parse: F, range: DeclaredRange): F {
  Object.defineProperty(parse, RANGE, { value: range });
  return parse;
}
/** The range declared by a flag parser (through `checkedFlag` too), or undefined. */
export function declaredRange(parse: unknown): DeclaredRange | undefined {
  return typeof parse === "function" ? (parse as unknown as Record<symbol, DeclaredRange>)[RANGE] : undefined;
}

/**
 * The longest timer Node can arm: `setTimeout` turns any delay above 2^31-1 ms into 1 ms, so
 * `--timeout-s 9999999` would time out at once. Duration flags stop here (about 24.8 days).
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;
export const MAX_DURATION_S = Math.floor(MAX_TIMER_MS / 1000);

/** Upper bound for counts of things generated or run (episodes, instances, trials, rows). */
export const MAX_COUNT = 1_000_000;
/** Upper bound for sizes and budgets (tokens, atoms, steps): far above use, far below overflow. */
export const MAX_INT = 1_000_000_000;
/** A seed: any safe non-negative integer is accepted as given. */
export const SEED_RANGE: RangeOptions = { min: 0, max: Number.MAX_SAFE_INTEGER };
/**
 * An integer flag's parser: a seed when no minimum is given, else `[min, max]` (max MAX_INT
 * unless given). Every numeric flag declares a range (tests/fuzz/flags.test.ts).
 */
export const intOrSeedFlag = (flag: string, min?: number, max = MAX_INT) =>
  intFlag(flag, min === undefined ? SEED_RANGE : { min, max });
/** geb's `--max-support-k` / `max_support_k`: cited IDs scored per answer (reference default 3). */
export const MAX_SUPPORT_K = 1000;
/** A share or probability. */
export const RATE_RANGE: RangeOptions = { min: 0, max: 1 };

/** argParser: an integer flag (`.option("--count <n>", "…", intFlag("--count", { min: 1 }))`). */
export const intFlag = (flag: string, range: RangeOptions = {}) =>
  declare((v: string): number => parseIntFlag(flag, v, range), { kind: "int", ...range });

/** argParser: a finite number flag within a range. */
export const floatFlag = (flag: string, range: RangeOptions = {}) =>
  declare((v: string): number => parseFloatFlag(flag, v, range), { kind: "float", ...range });

/** argParser: a duration in seconds, > 0 (or ≥ `min`) and at most MAX_DURATION_S. */
export const durationFlag = (flag: string, range: RangeOptions = {}) =>
  floatFlag(flag, { min: range.min ?? 0.001, max: Math.min(range.max ?? MAX_DURATION_S, MAX_DURATION_S) });

/** argParser: a comma-separated list of finite numbers within a range (at least one). */
export const floatListFlag = (flag: string, range: RangeOptions = {}) =>
  declare(
    (v: string): number[] => {
      const parts = String(v).split(",");
      if (parts.every((p) => p.trim() === ""))
        throw new FlagError(
          dashed(flag),
          `must be a comma-separated list of numbers, got ${shown(String(v))}`,
        );
      return parts.map((p) => parseFloatFlag(flag, p, range));
    },
    { kind: "float", ...range },
  );

/** argParser: a TCP port (0 = any free port). */
export const portFlag = (flag = "--port") =>
  declare(
    (v: string): number => {
      const t = String(v).trim();
      const n = /^\d+$/.test(t) ? Number(t) : Number.NaN;
      if (!(n >= 0 && n <= 65535))
        throw new FlagError(dashed(flag), `must be an integer in 0..65535, got ${shown(String(v))}`);
      return n;
    },
    { kind: "int", min: 0, max: 65535 },
  );

const statOrUndefined = (p: string) => {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
};

/** The nearest existing ancestor of `p` (writers create missing parent directories). */
function nearestExisting(p: string): { path: string; isDir: boolean } {
  let d = dirname(resolve(p));
  for (;;) {
    const st = statOrUndefined(d);
    if (st) return { path: d, isDir: st.isDirectory() };
    const up = dirname(d);
    if (up === d) return { path: d, isDir: true };
    d = up;
  }
}

const writable = (p: string): boolean => {
  try {
    accessSync(p, constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

/** A name over 255 bytes or a path over 4095 (Linux's limits) fails as ENAMETOOLONG later. */
function nameTooLong(path: string): string | undefined {
  if (Buffer.byteLength(path) > 4095) return `path is longer than 4095 bytes (${Buffer.byteLength(path)})`;
  if (path.split("/").some((n) => Buffer.byteLength(n) > 255))
    return "a file or folder name in the path is longer than 255 bytes";
  return undefined;
}

/**
 * Why `path` cannot be an output `noun` (file or directory), or undefined when writing it can
 * be tried: an empty path, a NUL byte or an over-long name never can; an existing path is
 * judged by `existing`; a missing one is fine (writers create it and its parents) unless an
 * ancestor is a file or not writable.
 */
function outputProblem(
  path: string,
  noun: "file" | "directory",
  existing: (st: import("node:fs").Stats) => string | undefined,
): string | undefined {
  if (path.trim() === "") return `must be a ${noun} path, got an empty string`;
  if (path.includes("\0")) return `must be a ${noun} path without NUL bytes`;
  const long = nameTooLong(path);
  if (long) return long;
  const st = statOrUndefined(path);
  if (st) return existing(st);
  const up = nearestExisting(path);
  if (!up.isDir) return `${path}: ${up.path} is a file, not a directory`;
  if (!writable(up.path)) return `${path}: directory ${up.path} is not writable`;
  return undefined;
}

/**
 * Why `path` cannot be an output file, or undefined when writing it can be tried. Streams
 * (`/dev/stdout`, FIFOs) are accepted: the atomic writer writes to them in place.
 */
export function outputFileProblem(path: string): string | undefined {
  return outputProblem(path, "file", (st) => {
    if (st.isDirectory()) return `is a directory (${path}); give a file path`;
    return writable(path) ? undefined : `${path} is not writable`;
  });
}

/** Why `path` cannot be an output directory (created when missing), or undefined. */
export function outputDirProblem(path: string): string | undefined {
  return outputProblem(path, "directory", (st) => {
    if (!st.isDirectory()) return `${path} is a file, expected a directory`;
    return writable(path) ? undefined : `directory ${path} is not writable`;
  });
}

/** argParsers (one per flag) that keep the value as given unless `problem` finds fault with it. */
const refusing =
  (problem: (v: string) => string | undefined) =>
  (flag: string) =>
  (v: string): string => {
    const p = problem(v);
    if (p) throw new FlagError(dashed(flag), p);
    return v;
  };

/** argParser: an output file path, checked before any work (directory, file parent, unwritable). */
export const outFileFlag = refusing(outputFileProblem);

/** argParser: an output directory path, checked before any work. */
export const outDirFlag = refusing(outputDirProblem);

/** argParser: a non-empty string (names, ids, paths read later). */
export const nonEmptyFlag = refusing((v) => (String(v).trim() === "" ? "must not be empty" : undefined));

/**
 * argParser that validates with `parse` but keeps the raw string (for option bags typed as
 * strings and converted later, e.g. the engine's ModelCliValues): the bad value still fails
 * while the command line is parsed, before any client starts.
 */
export const checkedFlag = (parse: (v: string) => unknown) => {
  const check = (v: string): string => {
    parse(v);
    return v;
  };
  const range = declaredRange(parse);
  return range ? declare(check, range) : check;
};

/** argParser of a repeatable flag: each occurrence appends its value (`--stop a --stop b`). */
export const collectFlag = (v: string, prev: string[] = []): string[] => [...prev, v];

// ---------------------------------------------------------------------------------------------
// Options as data. A flag that several commands take (the engine's, src/core/engine/cli.ts) is
// declared once as a FlagSpec; each command adds the ones it takes with `addFlags`, and where it
// words a shared flag its own way it spreads the declaration with its own `help`. Parsing,
// defaults and choices then cannot drift apart between commands.

/** One command-line option, as commander is told it. */
export interface FlagSpec {
  /** commander's flags: `--max-tokens <n>`, `--resume`, `--no-progress`. */
  flags: string;
  help: string;
  /** argParser: validates the value (the parsers above), or `collectFlag` for a repeatable flag. */
  parse?: (v: string, prev: never) => unknown;
  default?: unknown;
  choices?: readonly string[];
  /** Required (`requiredOption`): help says so (helpConfig). */
  required?: boolean;
}

/** The commander Option a FlagSpec declares (what `.option(…)`/`.requiredOption(…)` would make). */
export function flagOption(spec: FlagSpec): Option {
  const o = new Option(spec.flags, spec.help);
  if (spec.choices) o.choices(spec.choices);
  if (spec.parse) o.argParser(spec.parse as (v: string, prev: unknown) => unknown);
  if (spec.default !== undefined) o.default(spec.default);
  if (spec.required) o.makeOptionMandatory();
  return o;
}

/** Add the flags to `cmd` in the order given (into its current options group). */
export function addFlags(cmd: Command, specs: readonly FlagSpec[]): Command {
  for (const s of specs) cmd.addOption(flagOption(s));
  return cmd;
}

/** The long flag of commander flags: `--seeds <n>` → `--seeds`. */
const longFlag = (flags: string): string => flags.split(/[ ,|]+/).find((f) => f.startsWith("--")) ?? flags;

/**
 * An integer option whose parser (`intFlag`) is named after the option itself, so the name is
 * written once: what `.option(flags, help, intFlag(name, range), dflt)` declares. Chain
 * `.makeOptionMandatory()` for a required one.
 */
export function intOption(flags: string, help: string, range: RangeOptions, dflt?: number): Option {
  return new Option(flags, help).default(dflt).argParser(intFlag(longFlag(flags), range));
}

/** A number option within a range, as `intOption` (`floatFlag`). */
export function floatOption(flags: string, help: string, range: RangeOptions, dflt?: number): Option {
  return new Option(flags, help).default(dflt).argParser(floatFlag(longFlag(flags), range));
}

/**
 * A bin's root command as every bin sets it up: `-V, --version`, usage errors as commander's
 * one-line message then exit 2 (the bin's main maps the CommanderError; no help dump), the
 * shared help settings and the bin's error prefix.
 */
export function binProgram(prog: string, description: string): Command {
  return new Command(prog)
    .description(description)
    .version(packageVersion(), "-V, --version", "print the version")
    .exitOverride()
    .configureHelp(helpConfig)
    .configureOutput(usageErrorOutput(prog));
}
