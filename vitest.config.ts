import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import SlowestFirst from "./tests/helpers/sequencer.js";

// The tests spawn hundreds of node processes (CLIs, servers, bundles). With NODE_EXTRA_CA_CERTS
// set (as on this project's CI image) each one parses the whole CA bundle at start-up, ~0.1 s
// of CPU per process. The tests talk only to loopback, so the variable is moved aside for the
// test processes and their children; the one network fallback (tests/meta/readme.test.ts's
// `npm ci --prefer-offline`) puts it back.
const ca = process.env.NODE_EXTRA_CA_CERTS;
if (ca) {
  process.env.ORACLEBENCH_TEST_SAVED_CA = ca;
  delete process.env.NODE_EXTRA_CA_CERTS;
}

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    // Names the folder of the run's one CLI bundle (tests/helpers/bins.ts) and removes it after.
    globalSetup: ["tests/helpers/global-setup.ts"],
    // CPU_PROFILE=<file>: each test file's CPU (worker + children) as JSON lines (docs/testing.md).
    setupFiles: process.env.CPU_PROFILE ? ["tests/helpers/cpu-profile-setup.ts"] : [],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One module cache per worker, shared by the files it runs: with isolation on, every file
    // re-imported its part of src/ (~1 s each, ~180 s of the suite's ~860 s of CPU). Tests
    // therefore leave no global state behind (the in-process CLI helper restores cwd; servers
    // and env changes are undone in afterAll); each worker is still its own process.
    isolate: false,
    // vitest's default is cores − 1, i.e. one file at a time on the 2-core CI machine. Many
    // files wait on child processes (CLIs, servers, Redis workers, chromium), so the suite keeps
    // one file more in flight than there are cores: on 2 cores, 3 files at once took 330 s of
    // wall where 2 took 365 s (the same ~545 s of CPU), and 1 took 585–668 s before.
    maxWorkers: Math.max(3, availableParallelism()),
    // Slowest files first (measured durations, tests/helpers/durations.json): a fresh CI clone
    // has no vitest results cache, and without it the long files could start last.
    sequence: { sequencer: SlowestFirst },
  },
});
