/**
 * Certified rates of the black-box EVAL-CB baselines (docs/gf01.md "Baselines"), on the default
 * generator and on official-0.1-compatible instances (1000 seeds each, from 5000; the rates of
 * blind commit_only play are a few percent, so 200 seeds cannot separate them), each with its
 * Wilson 95 % interval, plus the episodes/s of the online runner. Deterministic: the rates are
 * the same on every machine.
 *
 *   npx tsx bench/gf01-baselines.ts [seeds]
 */

import { probeAgent, targetFlipAgent } from "../src/gf01/agents/blackbox.js";
import { onlineGreedyAgent, onlineRandomAgent } from "../src/gf01/agents/online.js";
import { bundleToJson, generateBundle } from "../src/gf01/api.js";
import { parseBundle } from "../src/gf01/artifacts/bundle.js";
import type { OnlineAgent } from "../src/gf01/play/agent.js";
import type { PlayProtocol } from "../src/gf01/play/observation.js";
import { playBundle } from "../src/gf01/play/runner.js";

const PANEL: [OnlineAgent, PlayProtocol][] = [
  [onlineRandomAgent, "commit_only"],
  [targetFlipAgent, "commit_only"],
  [onlineGreedyAgent, "explore_then_commit"],
  [probeAgent, "explore_then_commit"],
];
const N = Number(process.argv[2] ?? 1000);
/** Wilson score interval (95 %) for k successes in n trials. */
function wilson(k: number, n: number): [number, number] {
  const z = 1.959964;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}
const results: { metric: string; value: number; unit: string; note?: string }[] = [];
let episodes = 0;
let ms = 0;
for (const compat of ["default", "official-0.1"] as const) {
  const g = generateBundle({ seeds: Array.from({ length: N }, (_, i) => 5000 + i), compat });
  const bundle = parseBundle(JSON.parse(bundleToJson(g.bundle)), compat);
  for (const [agent, protocol] of PANEL) {
    const t0 = performance.now();
    const r = await playBundle({ bundle, agent, protocol });
    ms += performance.now() - t0;
    episodes += r.rows.length;
    const k = r.rows.filter((x) => x.valid).length;
    const [lo, hi] = wilson(k, r.rows.length);
    results.push({
      metric: `certified ${compat} ${agent.name} (${protocol})`,
      value: Number((k / r.rows.length).toFixed(3)),
      unit: "rate",
      note: `${k}/${r.rows.length}, 95% CI [${lo.toFixed(3)}, ${hi.toFixed(3)}]`,
    });
  }
}
results.push({
  metric: "online baseline episodes/s",
  value: Math.round((episodes / ms) * 1000),
  unit: "ep/s",
});
console.log(JSON.stringify({ name: "gf01-baselines", results }));
