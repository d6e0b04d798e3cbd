/**
 * GF-01 difficulty strata bench: `npx tsx bench/gf01-difficulty.ts [count]` prints one JSON
 * object on stdout (goal rate per stratum × baseline) and the same table as Markdown on
 * stderr — the table in docs/gf01-generator.md comes from here.
 *
 * Instances: the default generator, default config, `count` instances (default 400) from
 * seed 0 with exact-count drawing. Strata: `hardness.stratum` (generate/hardness.ts).
 * Baselines, each scored by the verifier's goal (Suff):
 *  - black-box, online: online-random (commit_only), online-greedy (explore_then_commit,
 *    3 practice rollouts: single-flip probing), plus any other registered online agent that is
 *    not white-box;
 *  - white-box, offline (read the hidden instance; shown for comparison, never an EVAL-CB
 *    panel): BL-00 random (mean over seeds 0–4), BL-01 greedy.
 * `monotone` is 1 when every baseline's rate is non-increasing from d1 to d4.
 */
import { greedyAgent, randomAgent } from "../src/gf01/agents/baselines.js";
import { getOnlineAgent, ONLINE_AGENT_IDS } from "../src/gf01/agents/online.js";
import { generateBundle } from "../src/gf01/api.js";
import type { LoadedBundle } from "../src/gf01/artifacts/bundle.js";
import { compileInstance } from "../src/gf01/model/compile.js";
import type { Gf01Instance } from "../src/gf01/model/types.js";
import { playBundle } from "../src/gf01/play/runner.js";
import { verifyCertificate } from "../src/gf01/verify/index.js";

const STRATA = ["d1", "d2", "d3", "d4"] as const;
const count = Number(process.argv[2] ?? 400);

async function main(): Promise<void> {
  const t0 = performance.now();
  const g = generateBundle({ count, seedStart: 0, gitCommit: "bench" });
  const genMs = performance.now() - t0;
  const instances = g.instances;
  const stratum = (i: Gf01Instance) => String(i.hardness?.stratum);
  const solved = new Map<string, Map<string, number>>(); // agent → instance_id → goal (0..1)

  const offline: [string, (inst: Gf01Instance) => number][] = [
    [
      "BL-00 random (white-box)",
      (inst) => {
        const ci = compileInstance(inst);
        let s = 0;
        for (let seed = 0; seed < 5; seed++)
          s += verifyCertificate(ci, randomAgent.propose(inst, ci, seed)).goal ? 1 : 0;
        return s / 5;
      },
    ],
    [
      "BL-01 greedy (white-box)",
      (inst) => {
        const ci = compileInstance(inst);
        return verifyCertificate(ci, greedyAgent.propose(inst, ci, 0)).goal ? 1 : 0;
      },
    ],
  ];
  for (const [name, f] of offline) solved.set(name, new Map(instances.map((i) => [i.instance_id, f(i)])));

  const bundle: LoadedBundle = {
    instances,
    meta: g.bundle,
    byId: new Map(instances.map((i) => [i.instance_id, i])),
  };
  const online = [...new Set(ONLINE_AGENT_IDS.map((id) => getOnlineAgent(id)))].filter(
    (a) => a !== undefined && !a.whiteBox,
  );
  for (const agent of online) {
    if (!agent) continue;
    for (const protocol of ["commit_only", "explore_then_commit"] as const) {
      const r = await playBundle({ bundle, agent, protocol, exploreEpisodes: 3, seed: 0 });
      if (!r.ok) throw new Error(`${agent.name}: ${JSON.stringify(r.payload)}`);
      const key = `${agent.name} ${protocol}`;
      solved.set(key, new Map(r.rows.map((row) => [String(row.instance_id), row.goal ? 1 : 0])));
    }
  }

  const n = new Map<string, number>(STRATA.map((s) => [s, 0]));
  for (const i of instances) n.set(stratum(i), (n.get(stratum(i)) ?? 0) + 1);
  const results: { metric: string; value: number; unit: string }[] = [];
  const table: string[] = [
    `| baseline | ${STRATA.map((s) => `${s} (n=${n.get(s)})`).join(" | ")} | all |`,
    `|---|${STRATA.map(() => "---:").join("|")}|---:|`,
  ];
  let monotone = true;
  for (const [agent, byId] of solved) {
    const rates = STRATA.map((s) => {
      const ids = instances.filter((i) => stratum(i) === s).map((i) => i.instance_id);
      return ids.length ? ids.reduce((a, id) => a + (byId.get(id) ?? 0), 0) / ids.length : Number.NaN;
    });
    const all = instances.reduce((a, i) => a + (byId.get(i.instance_id) ?? 0), 0) / instances.length;
    for (let k = 1; k < rates.length; k++) if (rates[k] > rates[k - 1] + 1e-12) monotone = false;
    STRATA.forEach((s, k) => {
      results.push({ metric: `goal_rate[${agent}][${s}]`, value: rates[k], unit: "rate" });
    });
    table.push(`| ${agent} | ${rates.map((r) => r.toFixed(2)).join(" | ")} | ${all.toFixed(2)} |`);
  }
  for (const s of STRATA)
    results.push({ metric: `instances[${s}]`, value: n.get(s) ?? 0, unit: "instances" });
  results.push({ metric: "monotone", value: monotone ? 1 : 0, unit: "bool" });
  results.push({ metric: "rejected_seeds", value: g.rejected.length, unit: "seeds" });
  results.push({ metric: "generate_ms_per_instance", value: genMs / instances.length, unit: "ms" });
  process.stderr.write(`${table.join("\n")}\n`);
  process.stdout.write(`${JSON.stringify({ name: "gf01-difficulty", results })}\n`);
}

await main();
