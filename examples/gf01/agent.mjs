#!/usr/bin/env node
// A GF-01 agent over stdio (docs/gf01-play.md): one JSON object per line in, one action per
// line out. Policy (observation-only, deterministic): at the first timestep of the objective
// window set the first input proposition to 1; otherwise no intervention; commit when an
// exploration rollout is over. Run it with:
//   npx gf01 evaluate --instances bundle.json --agent-cmd "node agent.mjs" --out runs.jsonl
import { createInterface } from "node:readline";

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  const msg = JSON.parse(line);
  if (msg.type === "result") {
    process.stderr.write(`result: ${msg.verdict}\n`);
    continue;
  }
  if (msg.type !== "observation") continue;
  let action = {};
  if (msg.done) action = { type: "commit" };
  else if (msg.t === msg.goal.window_lo && msg.budget_t_remaining > 0) action = { [msg.goal.input_aps[0]]: 1 };
  process.stdout.write(`${JSON.stringify(action)}\n`);
}
