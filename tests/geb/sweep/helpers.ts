import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gebMainIn } from "../../helpers/cli-in.js";

export const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
export const sharedGeb = fileURLToPath(new URL("../../../../shared/reference/geb/", import.meta.url));
export const tmp = (): string => mkdtempSync(join(tmpdir(), "geb-sweep-"));

const loader = join(repoRoot, "node_modules/tsx/dist/loader.mjs");
/** `--import` value for tsx that works from any cwd (a bare "tsx" resolves from the cwd). */
const tsx = existsSync(loader) ? pathToFileURL(loader).href : "tsx";
const entry = join(repoRoot, "tests/geb/sweep/fixtures/cli.ts");

/**
 * The real `geb` CLI's main in-process, in `cwd` (stdout, stderr, exit code captured): for the
 * tests about what a sweep computes and writes, where a process adds ~1 s of start-up and
 * nothing under test. A sweep that must be killed runs as a process (gebAsync).
 */
export async function gebIn(
  cwd: string,
  ...args: string[]
): Promise<{ status: number; stdout: string; stderr: string }> {
  const r = await gebMainIn(args, cwd);
  return { status: r.code, stdout: r.stdout, stderr: r.stderr };
}

export function gebAsync(cwd: string, ...args: string[]) {
  return spawn(process.execPath, ["--import", tsx, entry, ...args], {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Run dirs under `dir` that hold a results.json. */
export function doneCells(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((n) => existsSync(join(dir, n, "results.json")));
}

/** Every file under `dir` (relative paths, sorted). */
export function listFiles(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const n of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${n.name}` : n.name;
    if (n.isDirectory()) out.push(...listFiles(dir, rel));
    else out.push(rel);
  }
  return out.sort();
}
