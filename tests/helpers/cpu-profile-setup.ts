/**
 * Per-file CPU (this worker's own + its reaped children's), appended to $CPU_PROFILE as
 * JSON lines: `npx vitest run --setupFiles=tests/helpers/cpu-profile-setup.ts` with
 * CPU_PROFILE=/tmp/cpu.jsonl. Wall per file is what the durations reporter measures; under a
 * loaded machine CPU is the figure that adds up (docs/testing.md).
 */
import { appendFileSync, readFileSync } from "node:fs";
import { afterAll, expect } from "vitest";

const out = process.env.CPU_PROFILE;
function childCpu(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[13]) + Number(f[14])) / 100;
}
// From here (before the test file is imported: its collection counts) to its afterAll.
const own = process.cpuUsage();
const kids = out ? childCpu() : 0;
const t0 = performance.now();
const start = Date.now();
if (out) {
  afterAll(() => {
    const u = process.cpuUsage(own);
    const file = expect.getState().testPath ?? "?";
    appendFileSync(
      out,
      `${JSON.stringify({ file, own: (u.user + u.system) / 1e6, children: childCpu() - kids, wall: (performance.now() - t0) / 1000, start, end: Date.now(), pid: process.pid })}\n`,
    );
  });
}
