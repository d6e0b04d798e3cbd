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
