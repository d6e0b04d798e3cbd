/**
 * Every flag of both CLIs that takes a value, found by walking the commander programs (so a
 * new flag is covered without editing the suite), with hostile values for numbers and paths.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Command, Option } from "commander";
import fc from "fast-check";
import { InputError } from "../../../src/core/errors.js";
import { buildProgram as gebProgram, main as gebMain } from "../../../src/geb/cli.js";
import { buildProgram as gf01Program, main as gf01Main } from "../../../src/gf01/cli.js";

export interface FlagSite {
  bin: "gf01" | "geb";
  /** Subcommand path, e.g. ["selector", "train"]. */
  command: string[];
  option: Option;
}

type ArgParser = (value: string, previous: unknown) => unknown;
export const parserOf = (o: Option): ArgParser | undefined =>
  (o as unknown as { parseArg?: ArgParser }).parseArg;

/** Every option that takes a value (free choices only: `choices` are commander's job). */
export function flagSites(): FlagSite[] {
  const out: FlagSite[] = [];
  const walk = (bin: FlagSite["bin"], c: Command, path: string[]): void => {
    for (const o of c.options) {
      if (!(o.required || o.optional) || o.argChoices) continue;
      out.push({ bin, command: path, option: o });
    }
    for (const s of c.commands) walk(bin, s, [...path, s.name()]);
  };
  walk("gf01", gf01Program(), []);
  walk("geb", gebProgram(), []);
  return out;
}

/** Placeholders that promise a number (`<s>` only on seconds flags: `--stop <s>` is text). */
export const NUMERIC_ARG = /<(n|x|k|i)>$|-s <s>$/;
/** Flags that name something the command writes. */
export const OUTPUT_FLAG =
  /^--(out|out-dir|manifest-out|runs-out|steps-out|results|results-json|row-results|html|cache-dir|data-dir|dir)$/;

export const isOutputFlag = (o: Option): boolean => OUTPUT_FLAG.test(o.long ?? "");
/** An output flag that names a directory (`--out <dir>` of sweeps, `--cache-dir`). */
export const isDirFlag = (o: Option): boolean => /<dir>$/.test(o.flags) || /-dir$/.test(o.long ?? "");
export const isNumericFlag = (o: Option): boolean => NUMERIC_ARG.test(o.flags);

/** Paths that cannot be output files, made once in `dir`. */
export function hostilePaths(dir: string): Record<string, string> {
  mkdirSync(join(dir, "a-dir"), { recursive: true });
  writeFileSync(join(dir, "a-file"), "x");
  try {
    symlinkSync(join(dir, "a-dir"), join(dir, "link-to-dir"));
  } catch {}
  return {
    directory: join(dir, "a-dir"),
    "symlink to a directory": join(dir, "link-to-dir"),
    "parent is a file": join(dir, "a-file", "out.json"),
    "deep under a file": join(dir, "a-file", "x", "y", "out.json"),
    empty: "",
    blank: "   ",
  };
}

/** Numeric garbage: every numeric flag must reject all of these. */
export const BAD_NUMBERS = [
  "",
  " ",
  "NaN",
  "nan",
  "Infinity",
  "-Infinity",
  "1e999",
  "abc",
  "0x10",
  "1,5",
  "--",
  "9".repeat(400),
];

/**
 * Free-form hostile strings for any flag's parser. A function: building the binary string
 * arbitrary takes ~1.4 s of CPU, which every worker that imports this module for its other
 * helpers paid at import.
 */
export const anyValue = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(
      ...BAD_NUMBERS,
      "-1",
      "-0",
      "0",
      "1",
      "2.5",
      "-2.5",
      "1e3",
      "+7",
      " 3 ",
      "\u0000",
      "\n",
      "../x",
    ),
    fc.integer().map(String),
    fc.double().map(String),
    fc.string({ maxLength: 12 }),
    fc.string({ unit: "binary", maxLength: 8 }),
  );

/** Why calling the parser broke the contract (another error type, a message not naming the flag). */
export function parserViolation(site: FlagSite, value: string): string | undefined {
  const parse = parserOf(site.option);
  if (!parse) return undefined;
  try {
    parse(value, undefined);
    return undefined;
  } catch (e) {
    const where = `${site.bin} ${site.command.join(" ")} ${site.option.long} ${JSON.stringify(value)}`;
    if (!(e instanceof InputError)) return `${where}: ${(e as Error)?.name}: ${(e as Error)?.message}`;
    if (!e.message.includes(site.option.long ?? "?"))
      return `${where}: message does not name the flag: ${e.message}`;
    if (/\n/.test(e.message)) return `${where}: message spans lines`;
    return undefined;
  }
}

/** Does the flag's parser reject `value`? */
export function rejects(site: FlagSite, value: string): boolean {
  try {
    parserOf(site.option)?.(value, undefined);
    return false;
  } catch {
    return true;
  }
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run a CLI's main in-process, capturing stdout and stderr. */
export async function runCli(bin: FlagSite["bin"], argv: string[]): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const ow = process.stdout.write;
  const ew = process.stderr.write;
  const ol = console.log;
  process.stdout.write = ((s: string | Uint8Array) => {
    stdout += String(s);
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((s: string | Uint8Array) => {
    stderr += String(s);
    return true;
  }) as typeof process.stderr.write;
  console.log = (...a: unknown[]) => {
    stdout += `${a.join(" ")}\n`;
  };
  try {
    const code = await (bin === "gf01" ? gf01Main : gebMain)(argv);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = ow;
    process.stderr.write = ew;
    console.log = ol;
    process.exitCode = undefined;
  }
}

/** The issue-16 contract for a rejected flag value on the command line. */
export function cliViolation(r: CliRun, flag: string): string | undefined {
  const lines = r.stderr.split("\n").filter((l) => l !== "");
  if (r.code !== 2) return `exit ${r.code}, expected 2 (stderr: ${r.stderr})`;
  if (lines.length !== 1) return `stderr has ${lines.length} lines: ${r.stderr}`;
  if (!lines[0].includes(flag)) return `stderr does not name ${flag}: ${lines[0]}`;
  if (/internal error|\bat .*:\d+:\d+/.test(r.stderr)) return `looks like a crash: ${lines[0]}`;
  if (r.stdout !== "") return `wrote to stdout: ${r.stdout.slice(0, 200)}`;
  return undefined;
}
