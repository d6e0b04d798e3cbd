/**
 * A CLI's `main(argv)` in-process with stdout, stderr and the exit code captured (child
 * processes cost seconds each on a loaded machine); the working directory is restored after.
 */
import { vi } from "vitest";

export interface Ran {
  code: number;
  out: string;
  err: string;
}

export async function runIn(
  main: (argv: string[]) => Promise<number>,
  argv: string[],
  cwd?: string,
): Promise<Ran> {
  let out = "";
  let err = "";
  const savedCwd = process.cwd();
  const log = vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => {
    out += `${a.map(String).join(" ")}\n`;
  });
  const wout = vi.spyOn(process.stdout, "write").mockImplementation((s: string | Uint8Array) => {
    out += String(s);
    return true;
  });
  const werr = vi.spyOn(process.stderr, "write").mockImplementation((s: string | Uint8Array) => {
    err += String(s);
    return true;
  });
  const prev = process.exitCode;
  try {
    if (cwd) process.chdir(cwd);
    const code = await main(argv);
    return { code, out, err };
  } finally {
    process.chdir(savedCwd);
    process.exitCode = prev;
    log.mockRestore();
    wout.mockRestore();
    werr.mockRestore();
  }
}

/** What a test reads of a command run: exit code, stdout, stderr. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `gf01 <args>` in-process in `cwd`: for tests about what a command computes, writes and says
 * (the bins' process contract is tests/meta/cli-convention.test.ts). Imported on first use, so
 * a test file pays for the CLI it runs only.
 */
export async function gf01In(args: string[], cwd?: string): Promise<CliRun> {
  const { main } = await import("../../src/gf01/cli.js");
  const r = await runIn(main, args, cwd);
  return { code: r.code, stdout: r.out, stderr: r.err };
}

/** `geb <args>` in-process in `cwd` (as gf01In). */
export async function gebMainIn(args: string[], cwd?: string): Promise<CliRun> {
  const { main } = await import("../../src/geb/cli/main.js");
  const r = await runIn(main, args, cwd);
  return { code: r.code, stdout: r.out, stderr: r.err };
}
