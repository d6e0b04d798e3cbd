/**
 * GF-01 evaluate/validate bench: `npx tsx bench/gf01-evaluate.ts` prints one JSON object.
 *
 * Inputs: the official parity corpus (`shared/reference/gf01/parity`): the 40-instance main
 * bundle and its 200-row five-agent panel. Measures offline `evaluate` (greedy and search
 * agents, complete M(I) best match; no output file) and `validate --instances` (every row
 * re-scored) in rows per CPU-second, each repeated for ≥ 2 s after one warm-up call. Each call
 * loads the bundle afresh, as the CLI does. Nothing is asserted.
 */
import { fileURLToPath } from "node:url";
import { evaluateAgent, validateRunsFile } from "../src/gf01/api.js";

const dir = fileURLToPath(new URL("../../shared/reference/gf01/parity/", import.meta.url));
const BUNDLE = `${dir}bundles/instance_bundle.json`;
const PANEL = `${dir}runs/panel_all.jsonl`;

async function rate(fn: () => Promise<number>, minMs = 2000): Promise<number> {
  await fn();
  let rows = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  while (performance.now() - t0 < minMs) rows += await fn();
  const c = process.cpuUsage(cpu0);
  return rows / ((c.user + c.system) / 1e6);
}

// `atomBudget: "enforce"` is the fixture-era rule (what this bench measured before the default
// became the newest official rule, under which M(I) is larger and best matching costs more).
const evalRows = (agent: string, atomBudget?: "enforce") => async (): Promise<number> => {
  const r = await evaluateAgent({ instancesFile: BUNDLE, agent, gitCommit: "bench", atomBudget });
  if (!r.ok) throw new Error(JSON.stringify(r.payload));
  return r.payload.instances as number;
};
// Every row is re-scored whether or not it agrees, so the rate does not depend on the verdict.
const validateRows = (pool: "complete" | "official") => async (): Promise<number> => {
  const r = await validateRunsFile(PANEL, { instancesFile: BUNDLE, pool });
  return r.outcome.rows;
};

const results = [
  {
    metric: "evaluate greedy rows per CPU-second",
    value: Math.round(await rate(evalRows("greedy"))),
    unit: "rows/cpu-s",
    target: null,
    baseline: null,
  },
  {
    metric: "evaluate greedy rows per CPU-second (--atom-budget enforce)",
    value: Math.round(await rate(evalRows("greedy", "enforce"))),
    unit: "rows/cpu-s",
    target: null,
    baseline: null,
  },
  {
    metric: "evaluate search rows per CPU-second",
    value: Math.round(await rate(evalRows("search"))),
    unit: "rows/cpu-s",
    target: null,
    baseline: null,
  },
  {
    metric: "validate --instances (complete M(I)) rows per CPU-second",
    value: Math.round(await rate(validateRows("complete"))),
    unit: "rows/cpu-s",
    target: null,
    baseline: null,
  },
  {
    metric: "validate --instances --best-match-pool official rows per CPU-second",
    value: Math.round(await rate(validateRows("official"))),
    unit: "rows/cpu-s",
    target: null,
    baseline: null,
  },
];
process.stdout.write(`${JSON.stringify({ name: "gf01-evaluate", results })}\n`);
