/**
 * `geb` (alias `goldevidencebench`): a thin commander shell over ../api.ts. Flag names and
 * defaults are the reference CLI's; additions: `--compat`, `--metrics`, `--json`,
 * `--row-results`, `validate-book`, `demo`.
 */
import { Command } from "commander";
export declare function buildProgram(): Command;
/**
 * Run the CLI on `argv` (the arguments after the program name) and return the exit code:
 * 0 ok, 1 the run failed, 2 usage or input error (docs/cli.md).
 */
export declare function main(argv?: string[]): Promise<number>;
