/**
 * Once per `vitest run`: names the folder for the shared CLI bundle (tests/helpers/bins.ts,
 * built on first use by whichever test file needs it) and removes it when the run ends.
 * Inside the checkout so that the bundle's external imports (commander, bullmq) resolve.
 */
import { readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

export default function setup(project: TestProject): () => void {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const dir = join(root, "node_modules/.cache/oraclebench-bins", String(process.pid));
  project.provide("binDir", dir);
  // The folder and its siblings `<pid>.<name>` (oncePerRun's other builds, e.g. the web app).
  return () => {
    for (const name of readdirSync(dirname(dir)))
      if (name === String(process.pid) || name.startsWith(`${process.pid}.`))
        rmSync(join(dirname(dir), name), { recursive: true, force: true });
  };
}
