/**
 * The Debian packages the suite uses (chromium, tmux, redis-server, python3-jsonschema).
 * .ci/run installs them on a fresh machine in the background, beside `npm ci` and the first
 * test files (~25 s of the CI machine's run otherwise spent before anything else), and names
 * the file the install writes its exit code to in ORACLEBENCH_DEBIAN_PENDING. Code that looks
 * for one of the programs awaits `debianPackages()` first, at the top level of the module that
 * looks (so a cached module never holds an answer from before the install); the sequencer
 * (tests/helpers/sequencer.ts) starts the files that import such a module after the first long
 * ones. Unset (a developer's machine, or nothing to install), nothing waits.
 */
import { existsSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

export const DEBIAN_PENDING = "ORACLEBENCH_DEBIAN_PENDING";
/** apt on the 2-core machine takes ~25 s; a hung install fails the files that wait, loudly. */
const LIMIT_MS = 15 * 60_000;

let done: Promise<void> | undefined;

export function debianPackages(): Promise<void> {
  done ??= wait(process.env[DEBIAN_PENDING]);
  return done;
}

async function wait(status: string | undefined): Promise<void> {
  if (!status) return;
  const deadline = Date.now() + LIMIT_MS;
  while (!existsSync(status)) {
    if (Date.now() > deadline)
      throw new Error(`the Debian packages' install (.ci/run) wrote no status to ${status} in 15 min`);
    await sleep(250);
  }
  const code = readFileSync(status, "utf8").trim();
  // The tests that need a missing program then skip with their own message, as without .ci/run.
  if (code !== "0")
    console.warn(`tests: the Debian packages' install (.ci/run) exited ${code}; see ${status}.log`);
}
