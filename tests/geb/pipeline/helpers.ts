import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Command } from "commander";
import { vi } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { generateToFile } from "../../../src/geb/api.js";
import { registerModelCommands } from "../../../src/geb/cli/model.js";
import { registerPipelineCommands } from "../../../src/geb/cli/pipeline.js";
import type { GenerateConfig } from "../../../src/geb/dataset/types.js";

export const tmp = (): string => mkdtempSync(join(tmpdir(), "geb-pipe-"));

/** A dataset file like the README's grids (one episode per seed, direct queries, no twins). */
export function dataset(dir: string, name: string, cfg: Partial<GenerateConfig>): string {
  const file = join(dir, `${name}.jsonl`);
  generateToFile({ twins: false, derivedQueryRate: 0, distractorProfile: "standard", ...cfg }, file);
  return file;
}

export function kvCommentary(dir: string, seed = 0, episodes = 3): string {
  return dataset(dir, `kvc-s${seed}`, {
    seed,
    episodes,
    steps: 240,
    queries: 16,
    stateMode: "kv_commentary",
    noteRate: 0.3,
  });
}

export function updateBurst(dir: string, seed = 0, rate = 0.4, episodes = 3): string {
  return dataset(dir, `ub-s${seed}-r${rate}`, {
    seed,
    episodes,
    steps: 240,
    queries: 16,
    stateMode: "kv",
    distractorProfile: "update_burst",
    updateBurstRate: rate,
  });
}

/** Run `geb <args>` in-process (the real commander commands); stdout lines, exit code. */
export async function geb(args: string[]): Promise<{ out: string[]; code: number; err: string }> {
  const program = new Command("geb")
    .exitOverride()
    .configureOutput({ writeErr: () => {}, writeOut: () => {} });
  registerModelCommands(program);
  registerPipelineCommands(program);
  const out: string[] = [];
  const spy = vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => {
    out.push(a.map(String).join(" "));
  });
  const prev = process.exitCode;
  process.exitCode = 0;
  try {
    await program.parseAsync(args, { from: "user" });
    const code = Number(process.exitCode ?? 0);
    return { out, code, err: "" };
  } catch (e) {
    if (e instanceof InputError) return { out, code: 2, err: e.message };
    throw e;
  } finally {
    process.exitCode = prev;
    spy.mockRestore();
  }
}
