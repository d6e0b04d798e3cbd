import { type HelpConfiguration } from "commander";
import { InputError } from "./errors.js";
export declare const EXIT_OK = 0;
export declare const EXIT_RUN_FAILED = 1;
export declare const EXIT_USAGE = 2;
/** 128 + SIGPIPE, what a shell reports for a program that a closed pipe stopped (`cat`, `git`). */
export declare const EXIT_BROKEN_PIPE = 141;
/** The version in the package's package.json (nearest one above this module named oraclebench). */
export declare function packageVersion(): string;
/**
 * True when the module at `metaUrl` is the script node was started with, however it was
 * reached: through a symlink (node_modules/.bin, global installs, npx), a relative path or
 * tsx. The bins in src/bin always run; this serves `node dist/gf01/cli.js` and
 * `tsx src/gf01/cli.ts`, while importing the module (tests, src/main.ts) runs nothing.
 */
export declare function isMainModule(metaUrl: string, argv1?: string | undefined): boolean;
/**
 * Stop quietly when the reader of `stream` goes away (`gf01 generate | head -1`): Node ignores
 * SIGPIPE and would otherwise die on an unhandled EPIPE 'error' event with a stack trace. Exit
 * at once with 141, as a C program killed by SIGPIPE: the command did not finish (files it was
 * writing are incomplete, as after Ctrl-C), and `set -o pipefail` can see it.
 */
export declare function exitOnBrokenPipe(stream?: NodeJS.WriteStream, exit?: (code: number) => void): void;
/**
 * Run a CLI's `main` and set the process exit code (never calls process.exit, so output
 * flushes; except on a closed stdout: `exitOnBrokenPipe`).
 */
export declare function runMain(main: (argv: string[]) => Promise<number>, argv?: string[]): void;
/** One stderr line for an unexpected error; the stack only with ORACLEBENCH_DEBUG=1. */
export declare function internalErrorLine(prog: string, e: unknown): string;
/**
 * Help settings shared by every bin (inherited by subcommands created after it is set):
 * required options say so, since commander's default help does not.
 */
export declare const helpConfig: HelpConfiguration;
/** A bad flag value: an InputError whose field is the flag and whose message starts with it. */
export declare class FlagError extends InputError {
    readonly flag: string;
    constructor(flag: string, reason: string);
}
export interface RangeOptions {
    min?: number;
    max?: number;
}
/** Parse an integer flag value: decimal digits only, a safe integer, within the range. */
export declare function parseIntFlag(flag: string, v: string, range?: RangeOptions): number;
/** Parse a number flag value: finite (no NaN, Infinity, empty, hex), within the range. */
export declare function parseFloatFlag(flag: string, v: string, range?: RangeOptions): number;
/** argParser: an integer flag (`.option("--count <n>", "…", intFlag("--count", { min: 1 }))`). */
export declare const intFlag: (flag: string, range?: RangeOptions) => (v: string) => number;
/** argParser: a finite number flag within a range. */
export declare const floatFlag: (flag: string, range?: RangeOptions) => (v: string) => number;
/** argParser: a comma-separated list of finite numbers within a range (at least one). */
export declare const floatListFlag: (flag: string, range?: RangeOptions) => (v: string) => number[];
/** argParser: a TCP port (0 = any free port). */
export declare const portFlag: (flag?: string) => (v: string) => number;
/**
 * Why `path` cannot be an output file, or undefined when writing it can be tried. A missing
 * parent is fine (writers create it) unless an ancestor is a file or not writable. Streams
 * (`/dev/stdout`, FIFOs) are accepted: the atomic writer writes to them in place.
 */
export declare function outputFileProblem(path: string): string | undefined;
/** Why `path` cannot be an output directory (created when missing), or undefined. */
export declare function outputDirProblem(path: string): string | undefined;
/** argParser: an output file path, checked before any work (directory, file parent, unwritable). */
export declare const outFileFlag: (flag: string) => (v: string) => string;
/** argParser: an output directory path, checked before any work. */
export declare const outDirFlag: (flag: string) => (v: string) => string;
/** argParser: a non-empty string (names, ids, paths read later). */
export declare const nonEmptyFlag: (flag: string) => (v: string) => string;
/**
 * argParser that validates with `parse` but keeps the raw string (for option bags typed as
 * strings and converted later, e.g. the engine's ModelCliValues): the bad value still fails
 * while the command line is parsed, before any client starts.
 */
export declare const checkedFlag: (parse: (v: string) => unknown) => (v: string) => string;
