/**
 * Small, hand-made inputs for the chart tests: every GEB knob the report can facet by varies
 * somewhere (baseline, state mode, steps, k, reranker, gold order, authority filter), and the
 * GF-01 rows span two tracks and three agents. Written as files, in milliseconds, so the
 * chromium checks stay fast; the numbers are made up but shaped (rates are k/n of their n).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { wilson } from "../../src/core/stats/index.js";

type Obj = Record<string, unknown>;

function cell(o: {
  run: string;
  name: string;
  baseline: string;
  seed: number;
  steps: number;
  mode?: string;
  profile?: string;
  n: number;
  correct: number;
  exact?: number;
  pipeline?: Obj;
  tokens?: number;
  noteRate?: number;
}): Obj {
  const exact = o.exact ?? o.correct;
  return {
    baseline: o.baseline,
    protocol: "closed_book",
    seed: o.seed,
    steps: o.steps,
    state_mode: o.mode ?? "kv",
    distractor_profile: o.profile ?? "standard",
    data: { path: `runs/${o.run}/${o.name}/data.jsonl`, n: o.n },
    config: {
      steps: o.steps,
      queries: o.n,
      note_rate: o.noteRate ?? 0.12,
      steps_list: null,
      state_modes: o.mode ?? "kv",
      ...(o.pipeline ? { pipeline: o.pipeline, max_book_tokens: 400 } : {}),
    },
    metrics: {
      value_acc: o.correct / o.n,
      exact_acc: exact / o.n,
      cite_f1: exact / o.n,
      entailment: o.correct / o.n,
      instr_override_rate: o.profile === "instruction" ? 1 - o.correct / o.n : null,
      state_integrity_rate: o.profile === "instruction" ? o.correct / o.n : null,
      instruction_gap: o.profile === "instruction" ? -0.05 : null,
      n: o.n,
    },
    efficiency: { tokens_per_q: o.tokens ?? 10 * o.steps },
  };
}

function writeRun(root: string, run: string, payloads: Obj[]): void {
  const dir = join(root, run);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "combined.json"), JSON.stringify(payloads));
  // The sweep summary's per-cell intervals (here: Wilson on the cell's queries).
  const intervals_by_cell = payloads.map((p) => {
    const m = p.metrics as Obj;
    const n = m.n as number;
    return {
      data_path: (p.data as Obj).path,
      value_acc: wilson(Math.round((m.value_acc as number) * n), n),
      exact_acc: wilson(Math.round((m.exact_acc as number) * n), n),
    };
  });
  writeFileSync(join(dir, "summary.json"), JSON.stringify({ intervals_by_cell }));
}

/** A tree of GEB runs: two baseline sweeps over steps, a pipeline k × rerank × filter grid, an order grid, a wall search. */
export function gebTree(): string {
  const root = mkdtempSync(join(tmpdir(), "report-charts-geb-"));
  const sweeps: Obj[] = [];
  const naive: Obj[] = [];
  for (const seed of [0, 1])
    for (const steps of [20, 40, 80])
      for (const mode of ["kv", "kv_commentary"])
        for (const profile of ["standard", "instruction"]) {
          const name = `seed${seed}-steps${steps}-mode${mode}-prof${profile}`;
          sweeps.push(
            cell({ run: "sweep", name, baseline: "ledger", seed, steps, mode, profile, n: 24, correct: 24 }),
          );
          const c = Math.max(0, 18 - steps / 10 - seed - (mode === "kv" ? 0 : 3));
          naive.push(
            cell({
              run: "naive",
              name,
              baseline: "naive",
              seed,
              steps,
              mode,
              profile,
              n: 24,
              correct: c,
              exact: Math.floor(c / 2),
            }),
          );
        }
  writeRun(root, "sweep", sweeps);
  writeRun(root, "naive", naive);
  // A retrieval pipeline at 240 steps: must never join the sweeps' steps lines.
  const pipe: Obj[] = [];
  for (const seed of [0, 1, 2])
    for (const k of [2, 4, 8])
      for (const af of [false, true]) {
        const c = af ? 16 : 16 - k - seed;
        pipe.push(
          cell({
            run: "authority",
            name: `seed${seed}-k${k}-af${af}`,
            baseline: "retrieval",
            seed,
            steps: 240,
            mode: "kv_commentary",
            n: 16,
            correct: c,
            noteRate: 0.3,
            pipeline: { k, rerank: "linear", authority_filter: af },
          }),
        );
      }
  writeRun(root, "authority", pipe);
  const std: Obj[] = [];
  for (const seed of [0, 1])
    for (const k of [2, 4, 8])
      for (const rerank of ["none", "latest_step"])
        std.push(
          cell({
            run: "standard",
            name: `seed${seed}-k${k}-${rerank}`,
            baseline: "retrieval",
            seed,
            steps: 200,
            n: 24,
            correct: rerank === "none" ? Math.max(0, 10 - k) : 24,
            pipeline: { k, rerank, order: "shuffle" },
          }),
        );
  writeRun(root, "standard", std);
  // Order-bias cells (one k): an order grid, not a k-curve.
  const order: Obj[] = [];
  for (const seed of [0, 1])
    for (const o of ["gold_first", "gold_middle", "gold_last", "shuffle"])
      order.push(
        cell({
          run: "order",
          name: `seed${seed}-${o}`,
          baseline: "retrieval",
          seed,
          steps: 240,
          n: 16,
          correct: o === "gold_first" ? 16 : o === "shuffle" ? 3 : 0,
          pipeline: { k: 4, rerank: "none", order: o },
        }),
      );
  writeRun(root, "order", order);
  // A wall search over steps: probe runs plus wall_search.json.
  const probes: Obj[] = [];
  for (const [steps, correct] of [
    [40, 24],
    [160, 12],
    [100, 20],
    [130, 15],
  ] as const) {
    writeRun(root, `wall/steps${steps}`, [
      cell({
        run: `wall/steps${steps}`,
        name: "seed0",
        baseline: "ledger",
        seed: 0,
        steps,
        n: 24,
        correct,
        noteRate: 0.5,
      }),
    ]);
    probes.push({
      phase: steps === 40 || steps === 160 ? "coarse" : "refine",
      param: steps,
      metric: correct / 24,
      run_dir: `steps${steps}`,
    });
  }
  writeFileSync(
    join(root, "wall/wall_search.json"),
    JSON.stringify({
      metric_path: "overall.value_acc_mean",
      param_key: "steps",
      threshold: 0.7,
      direction: "lte",
      probes,
      last_ok: { param: 100, metric: 20 / 24, run_dir: "steps100" },
      wall: { param: 130, metric: 15 / 24, run_dir: "steps130" },
      confirm: null,
    }),
  );
  return root;
}

/** GF-01 run rows: three agents, two tracks (one agent on both), repeated instances. */
export function gf01Rows(): Obj[] {
  const rows: Obj[] = [];
  const agents: [string, string, number][] = [
    ["BL-01-GreedyLocal", "EVAL-CB", 0.7],
    ["BL-00-RandomIntervention", "EVAL-CB", 0.2],
    ["BL-04-ExactOracle", "EVAL-OC", 1],
    ["BL-01-GreedyLocal", "EVAL-OC", 0.8],
  ];
  for (const [agent, track, skill] of agents)
    for (let i = 0; i < 24; i++) {
      const z = (i % 8) / 8;
      const valid = (i * 7919) % 100 < skill * 100 * (1 - z / 2);
      const goal = valid || (i * 31) % 100 < 40;
      const effT = 1 + (i % 3) + (valid ? 0 : 1);
      rows.push({
        instance_id: `inst-${i % 12}`,
        agent_name: agent,
        eval_track: track,
        renderer_track: "json",
        play_protocol: "commit_only",
        valid,
        goal,
        ap_f1: valid ? 1 : goal ? 0.6 : 0.2 * skill,
        ts_f1: valid ? 1 : goal ? 0.5 : 0.1,
        eff_t: effT,
        eff_a: effT + 1,
        complexity: { a: z, b: 1 - z / 3 },
        certificate: [],
      });
    }
  return rows;
}
