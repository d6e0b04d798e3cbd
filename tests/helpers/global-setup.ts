/**
 * Once per `vitest run`: names the folder for the shared CLI bundle (tests/helpers/bins.ts,
 * built on first use by whichever test file needs it) and removes it when the run ends.
 * Inside the checkout so that the bundle's external imports (commander, bullmq) resolve.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

export default function setup(project: TestProject): () => void {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const dir = join(root, "node_modules/.cache/oraclebench-bins", String(process.pid));
  project.provide("binDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
