import { Command } from "commander";
import { vi } from "vitest";
import { registerModelCommands } from "../../../src/geb/cli/model.js";

export interface Ran {
  code: number | null;
  out: string;
  err: string;
  ms: number;
}

/**
 * `geb model …` in-process (the real commander command; stdout, stderr and exit code
 * captured, process.env and the working directory restored afterwards): child processes
 * cost seconds each on a loaded machine.
 */
export async function gebIn(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  cwd?: string,
  register: (program: Command) => void = registerModelCommands,
): Promise<Ran> {
  const t0 = performance.now();
  const program = new Command("geb").exitOverride();
  register(program);
  let out = "";
  let err = "";
  const saved = { ...process.env };
  const savedCwd = process.cwd();
  for (const [k, v] of Object.entries({ OPENAI_BASE_URL: "", ...env })) {
    // process.env would store undefined as the string "undefined".
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  const log = vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => {
    out += `${a.map(String).join(" ")}\n`;
  });
  const write = vi.spyOn(process.stderr, "write").mockImplementation((s: string | Uint8Array) => {
    err += String(s);
    return true;
  });
  const prev = process.exitCode;
  process.exitCode = 0;
  try {
    if (cwd) process.chdir(cwd);
    await program.parseAsync(args, { from: "user" });
    return { code: Number(process.exitCode ?? 0), out, err, ms: performance.now() - t0 };
  } finally {
    process.chdir(savedCwd);
    process.exitCode = prev;
    log.mockRestore();
    write.mockRestore();
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  }
}
