/**
 * The official `profile` command as a bench script: generate a public (seed+i) and a private
 * (seed+100+i) suite, search M(I) as the official scorer does (120,000 nodes, 32 results), run
 * greedy (EVAL-CB) and the exact oracle (EVAL-OC), and check the global gates of Q-033 with
 * this implementation's pre-registered runtime limits (`Q033_TS_GATES`,
 * src/gf01/calibration/q033.ts; docs/gf01-study.md). Unlike the official command, a failed gate
 * is a non-zero exit. The acceptance checks (AB-001…009) are bench/gf01-checks.ts.
 *
 *   npx tsx bench/gf01-profile.ts [seed=4000] [count=3]
 */
import { Q033_TS_GATES, sweepManifest } from "../src/gf01/calibration/q033.js";

const seed = Number(process.argv[2] ?? 4000);
const count = Number(process.argv[3] ?? 3);
const seeds = [
  ...Array.from({ length: count }, (_, i) => seed + i),
  ...Array.from({ length: count }, (_, i) => seed + 100 + i),
];
const s = sweepManifest({ seeds, split_id: "profile", manifest_id: "profile" }) as {
  timings_ms: Record<string, number>;
  truncation_rate: number;
  oracle_minus_greedy_certified_gap: number;
  instance_count: number;
  gates: { global_results: Record<string, boolean>; global_failed: string[] };
};
const g = Q033_TS_GATES;
const r3 = (x: number) => Number(x.toFixed(3));
const results = [
  {
    metric: "generate ms/instance",
    value: r3(s.timings_ms.generate_ms_mean),
    unit: "ms",
    target: `≤ ${g.max_generate_ms_mean}`,
  },
  {
    metric: "M(I) search ms/instance",
    value: r3(s.timings_ms.minset_ms_mean),
    unit: "ms",
    target: `≤ ${g.max_minset_ms_mean}`,
  },
  {
    metric: "evaluate ms/instance",
    value: r3(s.timings_ms.eval_ms_mean),
    unit: "ms",
    target: `≤ ${g.max_eval_ms_mean}`,
  },
  {
    metric: "M(I) truncation rate",
    value: r3(s.truncation_rate),
    unit: "rate",
    target: `≤ ${g.max_truncation_rate}`,
  },
  {
    metric: "oracle − greedy certified gap",
    value: r3(s.oracle_minus_greedy_certified_gap),
    unit: "rate",
    target: `≥ ${g.min_oracle_minus_greedy_certified_gap}`,
    note: `${s.instance_count} instances; failed gates: ${s.gates.global_failed.join(", ") || "none"}`,
  },
];
console.log(JSON.stringify({ name: "gf01-profile", results }));
if (s.gates.global_failed.length) process.exitCode = 1;
