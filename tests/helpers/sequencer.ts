/**
 * Test files in order of their measured duration, slowest first (tests/helpers/durations.json),
 * so that on the 2-core CI machine the long files (packaging, kill -9 campaigns, fuzzing,
 * Redis workers) start at once and the run does not end on one long file with the other
 * worker idle. vitest's own order needs a results cache from an earlier run on the same
 * machine, which a fresh CI clone never has (it then orders by file size).
 *
 * Files missing from the table (new ones) go first, as vitest does with files it has no
 * timing for: a new slow file should not become the tail.
 *
 * While .ci/run still installs in the background:
 * - the Debian packages (ORACLEBENCH_DEBIAN_PENDING, tests/helpers/debian.ts): the files that
 *   wait for them (they import a module that awaits `debianPackages`) start after the first
 *   files, one per worker, that do not: those are the longest of the suite, and the install
 *   (25–40 s) is over before the first of them ends;
 * - promptfoo (PROMPTFOO_E2E_PENDING): its test would only wait for it, so it goes last.
 */
import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const table = JSON.parse(readFileSync(new URL("./durations.json", import.meta.url), "utf8")) as {
  seconds: Record<string, number>;
};

/** The modules that await `debianPackages` at their top level, and the helper itself. */
const WAITERS = [
  "tests/helpers/debian.ts",
  "tests/web/helpers.ts",
  "tests/core/report/browser.ts",
  "tests/queue/helpers.ts",
  "tests/interop/inspect-helpers.ts",
];

/** Whether `file` imports one of `waiters` (absolute paths; relative specifiers, `.js` for `.ts`). */
function waitsForDebian(waiters: Set<string>, file: string): boolean {
  const text = readFileSync(file, "utf8");
  for (const m of text.matchAll(/from\s+"(\.{1,2}\/[^"]+)"/g))
    if (waiters.has(resolve(dirname(file), m[1].replace(/\.js$/, ".ts")))) return true;
  return false;
}

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const rel = (f: TestSpecification) => relative(root, f.moduleId).split("\\").join("/");
    const secs = (f: TestSpecification) => table.seconds[rel(f)] ?? Number.POSITIVE_INFINITY;
    const promptfooLast = (f: TestSpecification) =>
      process.env.PROMPTFOO_E2E_PENDING && rel(f).endsWith("interop/promptfoo.test.ts") ? 1 : 0;
    const sorted = [...files].sort((a, b) => promptfooLast(a) - promptfooLast(b) || secs(b) - secs(a));
    if (!process.env.ORACLEBENCH_DEBIAN_PENDING) return sorted;
    const workers = Math.max(1, this.ctx.config.maxWorkers ?? 1);
    const waiters = new Set(WAITERS.map((w) => resolve(root, w)));
    const head: TestSpecification[] = [];
    const rest: TestSpecification[] = [];
    for (const f of sorted) {
      if (head.length < workers && !promptfooLast(f) && !waitsForDebian(waiters, f.moduleId)) head.push(f);
      else rest.push(f);
    }
    return [...head, ...rest];
  }
}
