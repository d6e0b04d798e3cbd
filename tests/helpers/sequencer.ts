/**
 * Test files in order of their measured duration, slowest first (tests/helpers/durations.json),
 * so that on the 2-core CI machine the long files (packaging, kill -9 campaigns, fuzzing,
 * Redis workers) start at once and the run does not end on one long file with the other
 * worker idle. vitest's own order needs a results cache from an earlier run on the same
 * machine, which a fresh CI clone never has (it then orders by file size).
 *
 * Files missing from the table (new ones) go first, as vitest does with files it has no
 * timing for: a new slow file should not become the tail.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const table = JSON.parse(readFileSync(new URL("./durations.json", import.meta.url), "utf8")) as {
  seconds: Record<string, number>;
};

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const secs = (f: TestSpecification) =>
      table.seconds[relative(root, f.moduleId).split("\\").join("/")] ?? Number.POSITIVE_INFINITY;
    // While .ci/run still installs promptfoo in the background (PROMPTFOO_E2E_PENDING), the
    // promptfoo test would only wait for it: it goes last.
    const waits = (f: TestSpecification) =>
      process.env.PROMPTFOO_E2E_PENDING && relative(root, f.moduleId).endsWith("interop/promptfoo.test.ts")
        ? 1
        : 0;
    return [...files].sort((a, b) => waits(a) - waits(b) || secs(b) - secs(a));
  }
}
