/**
 * Writes tests/helpers/durations.json (the slowest-first order, tests/helpers/sequencer.ts) from
 * a full run: each file's seconds from start to end as vitest saw it — harness set-up, import
 * and collection (a file that computes its cases while collecting, such as the golden-digest
 * tests, spends its time there), then its tests and hooks. The JSON reporter's start/end times
 * leave collection out, which once put a 16 s file last and made it the run's tail.
 *
 *   npx vitest run --reporter=default --reporter=./tests/helpers/durations-reporter.ts
 *
 * (a partial run updates the files it ran and keeps the others' figures).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

const FILE = new URL("./durations.json", import.meta.url);

export default class DurationsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const root = process.cwd();
    const seconds: Record<string, number> = {};
    for (const m of modules) {
      const d = m.diagnostic();
      const ms =
        d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      seconds[relative(root, m.moduleId).split("\\").join("/")] = Math.round(ms / 100) / 10;
    }
    // A partial run updates its own files; files that no longer exist leave the table.
    const old = JSON.parse(readFileSync(FILE, "utf8")) as { _note?: string; seconds: Record<string, number> };
    const merged = { ...old.seconds, ...seconds };
    const sorted = Object.fromEntries(
      Object.entries(merged)
        .filter(([f]) => existsSync(join(root, f)))
        .sort((a, b) => b[1] - a[1]),
    );
    writeFileSync(FILE, `${JSON.stringify({ _note: old._note, seconds: sorted }, null, 2)}\n`);
  }
}
