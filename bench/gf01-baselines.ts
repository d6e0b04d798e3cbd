/**
 * Certified rates of the black-box EVAL-CB baselines (docs/gf01.md "Baselines"), on the default
 * generator and on official-0.1-compatible instances (200 seeds each, from 5000), plus the
 * episodes/s of the online runner. Deterministic: the rates are the same on every machine.
 *
 *   npx tsx bench/gf01-baselines.ts
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
const results: { metric: string; value: number; unit: string; note?: string }[] = [];
let episodes = 0;
let ms = 0;
for (const compat of ["default", "official-0.1"] as const) {
  const g = generateBundle({ seeds: Array.from({ length: 200 }, (_, i) => 5000 + i), compat });
  const bundle = parseBundle(JSON.parse(bundleToJson(g.bundle)), compat);
  for (const [agent, protocol] of PANEL) {
    const t0 = performance.now();
    const r = await playBundle({ bundle, agent, protocol });
    ms += performance.now() - t0;
    episodes += r.rows.length;
    const rate = r.rows.filter((x) => x.valid).length / r.rows.length;
    results.push({
      metric: `certified ${compat} ${agent.name} (${protocol})`,
      value: Number(rate.toFixed(3)),
      unit: "rate",
      note: `n=${r.rows.length}`,
    });
  }
}
results.push({
  metric: "online baseline episodes/s",
  value: Math.round((episodes / ms) * 1000),
  unit: "ep/s",
});
console.log(JSON.stringify({ name: "gf01-baselines", results }));
