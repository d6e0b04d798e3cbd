// Preloaded into each benchmarked `geb` process: on exit, write its own peak RSS and CPU time.
import { writeFileSync } from "node:fs";
process.on("exit", () => {
  const u = process.resourceUsage();
  if (process.env.GEB_BENCH_PROBE)
    writeFileSync(
      process.env.GEB_BENCH_PROBE,
      JSON.stringify({ maxRSS: u.maxRSS, user: u.userCPUTime, system: u.systemCPUTime }),
    );
});
