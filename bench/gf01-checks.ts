/**
 * Wall time of the GF-01 acceptance suite (`gf01 checks`, AB-001..AB-009) in-process, at the
 * CLI default size (128 instances per split) — the official `python -m gf01 checks` takes
 * about 32 s on 2+2 instances. Prints one JSON object for bench/run.ts.
 */
import { checkAgents } from "../src/gf01/api.js";
import { runChecks } from "../src/gf01/checks/index.js";

const count = Number(process.argv[2] ?? 128);
const agents = checkAgents();
runChecks({ seed: 7, count: 8, agents }); // warm-up (JIT), not measured
const times: number[] = [];
let instances = 0;
let passed = true;
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  const r = runChecks({ seed: 1000, count, agents });
  times.push(performance.now() - t0);
  instances = r.instances;
  passed &&= r.passed;
}
times.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    name: "gf01-checks",
    results: [
      {
        metric: "checks suite wall time (median of 3)",
        value: Math.round(times[1]),
        unit: "ms",
        target: "<= 1000",
        baseline: "official ~32000 ms (4 instances)",
      },
      { metric: "instances checked", value: instances, unit: "count", target: ">= 200" },
      { metric: "all checks passed", value: passed ? 1 : 0, unit: "bool", target: 1 },
    ],
  }),
);
