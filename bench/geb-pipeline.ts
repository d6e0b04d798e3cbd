/**
 * GEB pipeline bench: `npx tsx bench/geb-pipeline.ts [--episodes 100]` prints one JSON object.
 *
 * Selector-only throughput (rows/s, median of 3, in-process) for every retriever with
 * prefer_update_latest and every reranker with the key retriever, k = 8, on kv_commentary
 * (240 steps, 16 queries per episode, note rate 0.3), plus the wall time of the README's
 * authority-filter grid (rerank × k × filter = 12 cells over 3 one-episode datasets) and of
 * training the linear selector. Nothing is asserted.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateToFile } from "../src/geb/api.js";
import { RERANKERS, RETRIEVERS, resolvePipelineConfig } from "../src/geb/pipeline/config.js";
import { loadRows, runGebModel } from "../src/geb/pipeline/gebmodel.js";
import { runGrid } from "../src/geb/pipeline/grid.js";
import { exportExample, type SelectorExample } from "../src/geb/selector/dataset.js";
import { trainSelector } from "../src/geb/selector/train.js";

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? dflt : Number(process.argv[i + 1]);
};
const episodes = arg("--episodes", 100);
const dir = mkdtempSync(join(tmpdir(), "geb-pipe-bench-"));
const gen = (file: string, seed: number, n: number) =>
  generateToFile(
    {
      seed,
      episodes: n,
      steps: 240,
      queries: 16,
      stateMode: "kv_commentary",
      distractorProfile: "standard",
      noteRate: 0.3,
      derivedQueryRate: 0,
      twins: false,
    },
    join(dir, file),
  );
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  const data = join(dir, "bench.jsonl");
  gen("bench.jsonl", 0, episodes);
  const rows = loadRows(data);
  // Linear model for the linear reranker (trained on separate rows).
  const trainFile = join(dir, "train.jsonl");
  gen("train.jsonl", 1000, 20);
  const cfg8 = resolvePipelineConfig({ env: {}, flags: { k: 8 } }).config;
  const examples = loadRows(trainFile)
    .map((r) => exportExample(r, { config: cfg8 }, { label: "authoritative", hardNegatives: 0 }))
    .filter((e): e is SelectorExample => e !== null);
  const t0 = performance.now();
  const model = trainSelector(examples);
  const trainMs = performance.now() - t0;
  const modelFile = join(dir, "linear.json");
  writeFileSync(modelFile, JSON.stringify(model));

  const throughput = async (flags: Record<string, unknown>) => {
    const pipeline = resolvePipelineConfig({ env: {}, flags: { selector_only: true, k: 8, ...flags } });
    const times: number[] = [];
    let value = 0;
    for (let i = 0; i < 3; i++) {
      const s = performance.now();
      const r = await runGebModel({
        data,
        rows,
        model: "retrieval",
        engine: null,
        prompt: {},
        postprocess: "none",
        pipeline,
        timings: false,
      });
      times.push(performance.now() - s);
      value = r.payload.metrics.value_acc ?? 0;
    }
    const ms = median(times);
    return { rows_per_s: Math.round((rows.length / ms) * 1000), median_ms: Math.round(ms), value_acc: value };
  };
  const retrievers: Record<string, { rows_per_s: number; median_ms: number; value_acc: number }> = {};
  for (const r of RETRIEVERS)
    retrievers[r] = await throughput({ retriever: r, rerank: "prefer_update_latest" });
  const rerankers: Record<string, { rows_per_s: number; median_ms: number; value_acc: number }> = {};
  for (const r of RERANKERS)
    rerankers[r] = await throughput({ rerank: r, linear_model: r === "linear" ? modelFile : null });

  const grids = [0, 1, 2].map((s) => {
    gen(`kvc-s${s}.jsonl`, s, 1);
    return join(dir, `kvc-s${s}.jsonl`);
  });
  const g0 = performance.now();
  await runGrid({
    data: grids,
    axes: [
      ["rerank", ["latest_step", "prefer_update_latest"]],
      ["k", [2, 4, 8]],
      ["authority_filter", [false, true]],
    ],
    flags: { selector_only: true },
    outDir: join(dir, "grid"),
    env: {},
    progress: false,
  });
  const gridMs = performance.now() - g0;
  // One JSON object in the shared bench format (bench/run.ts prints it as a table).
  const results = [
    ...Object.entries(retrievers).map(([name, r]) => ({
      metric: `retriever ${name} (selector-only, k=8)`,
      value: r.rows_per_s,
      unit: "rows/s",
      baseline: `value_acc ${r.value_acc}`,
    })),
    ...Object.entries(rerankers).map(([name, r]) => ({
      metric: `reranker ${name} (key retriever, k=8)`,
      value: r.rows_per_s,
      unit: "rows/s",
      baseline: `value_acc ${r.value_acc}`,
    })),
    {
      metric: "README authority-filter grid (12 cells x 3 datasets)",
      value: Math.round(gridMs),
      unit: "ms",
      target: "seconds",
    },
    {
      metric: `linear selector training (${examples.length} examples x 30 epochs)`,
      value: Math.round(trainMs),
      unit: "ms",
    },
  ];
  console.log(JSON.stringify({ name: "geb-pipeline", rows: rows.length, results }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
