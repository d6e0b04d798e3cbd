/**
 * Per-file CPU (this worker's own + its reaped children's), appended to $CPU_PROFILE as
 * JSON lines: `CPU_PROFILE=/tmp/cpu.jsonl npx vitest run` (vitest.config.ts adds this setup
 * file when the variable is set). Wall per file is what the durations reporter measures; under a
 * loaded machine CPU is the figure that adds up (docs/testing.md).
 */
import { appendFileSync } from "node:fs";
import { afterAll, expect } from "vitest";
import { childCpu } from "./child-cpu.js";

const out = process.env.CPU_PROFILE;
// From here (before the test file is imported: its collection counts) to its afterAll.
const own = process.cpuUsage();
const kids = out ? (childCpu() ?? 0) : 0;
const t0 = performance.now();
const start = Date.now();
if (out) {
  afterAll(() => {
    const u = process.cpuUsage(own);
    const file = expect.getState().testPath ?? "?";
    appendFileSync(
      out,
      `${JSON.stringify({ file, own: (u.user + u.system) / 1e6, children: (childCpu() ?? 0) - kids, wall: (performance.now() - t0) / 1000, start, end: Date.now(), pid: process.pid })}\n`,
    );
  });
}
