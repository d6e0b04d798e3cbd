/**
 * Q-033 (official spec §13): does the generator's difficulty hold across complexity quartiles
 * with acceptable runtime? Three steps, as the official `q033-build-manifests`, `q033-sweep`,
 * `q033-closure-check`:
 *
 * - build: scan seeds until N instances are accepted (rejected seeds skipped and listed), sort
 *   them by mean complexity, assign quartiles by index, and cut `replicates` disjoint
 *   manifests of `perQuartile` instances per quartile.
 * - sweep: one manifest: regenerate, search M(I) as the official scorer does (120,000 nodes,
 *   32 results: truncation), run greedy (EVAL-CB) and the oracle (EVAL-OC), and gate
 *   truncation, the oracle − greedy certified gap and runtime, globally and per quartile, and
 *   time the official priority checks (AB-001/3/5/7/9, from our `gf01 checks` suite).
 * - close: at least two sweeps, every one passed, seed sets disjoint.
 *
 * The runtime gates are **ours, pre-registered for this implementation's speed**
 * (`Q033_TS_GATES`); the official numbers are Python wall-clock limits.
 */
import { getAgent } from "../agents/index.js";
import { runChecks } from "../checks/index.js";
import { generateBundle } from "../generate/run.js";
import { parseCertificate } from "../model/certificate.js";
import { compileInstance } from "../model/compile.js";
import type { Gf01Instance } from "../model/types.js";
import { type AggregateInput, aggregateSuite } from "../report/aggregate.js";
import { fsum } from "../report/stats.js";
import { officialPool, scoreCertificate } from "../verify/index.js";

export const Q033_MANIFEST_SCHEMA = "gf01.q033_manifest.v1";
export const Q033_SWEEP_SCHEMA = "gf01.q033_sweep.v1";
export const Q033_CLOSURE_SCHEMA = "gf01.q033_closure.v1";
export const Q033_PROTOCOL = "oraclebench.q033.v1";
const QUARTILES = ["Q1", "Q2", "Q3", "Q4"] as const;

/**
 * Pre-registered gates (2026-11-24). Quality gates are the official ones; runtime gates are
 * per-instance means for this TypeScript implementation, set at 3–10× the means first measured
 * (two 12-instance manifests on a loaded 2-vCPU machine: generate 72–77 ms, M(I) search
 * 24–33 ms, evaluation 15–21 ms). Changing them after seeing a sweep defeats pre-registration.
 */
export const Q033_TS_GATES = {
  max_generate_ms_mean: 250,
  max_minset_ms_mean: 250,
  max_eval_ms_mean: 100,
  // Added after the first sweeps, at the official value (a Python wall-clock limit, far above
  // our checks' cost): the official sweep times its priority checks, so ours does too.
  max_checks_total_ms: 30000,
  max_truncation_rate: 0.25,
  min_oracle_minus_greedy_certified_gap: 0.1,
  max_quartile_truncation_rate: 0.3,
  min_quartile_gap: 0.05,
  max_quartile_runtime_gate_failures: 1,
};
export type Q033Gates = typeof Q033_TS_GATES;

const mean = (xs: readonly number[]): number => (xs.length ? fsum(xs) / xs.length : 0);

/** Mean of every complexity value (official `_instance_complexity_score`). */
export function complexityScore(inst: Gf01Instance): number {
  const vals = Object.values(inst.complexity ?? {}).filter((v): v is number => typeof v === "number");
  return mean(vals);
}

interface QRow {
  instance_id: string;
  seed: number;
  complexity_score: number;
  quartile: string;
}

/** Sort by (score, instance_id) and assign quartiles by index (official). */
export function assignQuartiles(instances: readonly Gf01Instance[]): QRow[] {
  const rows = instances.map((i) => ({
    instance_id: i.instance_id,
    seed: i.seed as number,
    complexity_score: complexityScore(i),
    quartile: "",
  }));
  rows.sort(
    (a, b) =>
      a.complexity_score - b.complexity_score ||
      (a.instance_id < b.instance_id ? -1 : a.instance_id > b.instance_id ? 1 : 0),
  );
  const n = rows.length;
  rows.forEach((r, idx) => {
    r.quartile = `Q${Math.min(4, Math.floor((idx * 4) / n) + 1)}`;
  });
  return rows;
}

export interface BuildOptions {
  seedStart?: number;
  candidateCount?: number;
  replicates?: number;
  perQuartile?: number;
  split?: string;
  gitCommit?: string;
}

export class Q033Error extends Error {
  constructor(
    readonly errorType: string,
    message: string,
  ) {
    super(message);
  }
}

/** The replicate manifests (disjoint by construction) and the build summary. */
export function buildManifests(o: BuildOptions = {}): {
  summary: Record<string, unknown>;
  manifests: Record<string, unknown>[];
} {
  const seedStart = o.seedStart ?? 8000;
  const n = o.candidateCount ?? 4000;
  const reps = o.replicates ?? 2;
  const k = o.perQuartile ?? 120;
  const split = o.split ?? "q033_internal";
  const maxSeeds = Math.max(10 * n, n + 50);
  let g: ReturnType<typeof generateBundle>;
  try {
    g = generateBundle({ count: n, seedStart, maxSeeds, split, gitCommit: o.gitCommit });
  } catch (e) {
    throw new Q033Error(
      "q033_manifest_build_failed",
      `insufficient accepted instances: ${(e as Error).message}`,
    );
  }
  const rows = assignQuartiles(g.instances);
  const bucket = Object.fromEntries(QUARTILES.map((q) => [q, rows.filter((r) => r.quartile === q)]));
  const required = reps * k;
  const available = Object.fromEntries(QUARTILES.map((q) => [q, bucket[q].length]));
  const short = QUARTILES.filter((q) => bucket[q].length < required);
  if (short.length)
    throw new Q033Error(
      "q033_manifest_build_failed",
      `insufficient candidates per quartile: need ${required}, have ${short.map((q) => `${q}=${bucket[q].length}`).join(", ")}`,
    );
  const accepted = g.instances.map((i) => i.seed as number);
  const manifests = Array.from({ length: reps }, (_, r) => {
    const quartile_rows: Record<string, unknown[]> = {};
    const seeds: number[] = [];
    for (const q of QUARTILES) {
      const sel = bucket[q].slice(r * k, (r + 1) * k);
      quartile_rows[q] = sel.map((x) => ({
        seed: x.seed,
        instance_id: x.instance_id,
        complexity_score: x.complexity_score,
      }));
      seeds.push(...sel.map((x) => x.seed));
    }
    return {
      schema_version: Q033_MANIFEST_SCHEMA,
      protocol_version: Q033_PROTOCOL,
      manifest_id: `q033-rep-${String(r + 1).padStart(2, "0")}`,
      replicate_index: r + 1,
      replicate_count: reps,
      per_quartile: k,
      split_id: split,
      seed_start: seedStart,
      candidate_count: n,
      accepted_seed_start: accepted[0],
      accepted_seed_end: accepted[accepted.length - 1],
      seed_count: seeds.length,
      seeds,
      quartile_rows,
      generator_config_hash: g.bundle.config_hash,
      generator_version: g.bundle.generator_version,
      // Official manifest fields: the versions and the generator config (ours, not Python's).
      benchmark_version: g.bundle.benchmark_version,
      checker_version: g.bundle.checker_version,
      harness_version: g.bundle.harness_version,
      generator_config: JSON.parse(JSON.stringify(g.config)),
      git_commit: g.bundle.git_commit,
      quartile_assignment_method: "global_complexity_sort_index_quartiles",
    };
  });
  // Official summary field: pairwise seed overlaps (zero by construction; computed, not assumed).
  const manifest_seed_overlaps: Record<string, unknown>[] = [];
  for (let i = 0; i < manifests.length; i++)
    for (let j = i + 1; j < manifests.length; j++) {
      const a = new Set(manifests[i].seeds);
      const both = manifests[j].seeds.filter((x) => a.has(x));
      manifest_seed_overlaps.push({
        replicate_i: i + 1,
        replicate_j: j + 1,
        overlap_count: both.length,
        overlap_preview: both.slice(0, 20),
      });
    }
  return {
    manifests,
    summary: {
      manifest_seed_overlaps,
      status: "ok",
      schema_version: Q033_MANIFEST_SCHEMA,
      protocol_version: Q033_PROTOCOL,
      seed_start: seedStart,
      candidate_count: n,
      skipped_seed_count: g.rejected.length,
      skipped_seed_preview: g.rejected.slice(0, 20).map((x) => x.seed),
      replicate_count: reps,
      per_quartile: k,
      required_per_quartile: required,
      available_counts: available,
    },
  };
}

export interface SweepOptions {
  seed?: number;
  gates?: Partial<Q033Gates>;
  /** Clock for the runtime gates (default performance.now). */
  clock?: () => number;
}

/** One replicate's sweep; `passed_all` gates the exit code. */
export function sweepManifest(
  manifest: Record<string, unknown>,
  o: SweepOptions = {},
): Record<string, unknown> {
  const clock = o.clock ?? (() => performance.now());
  const gates = { ...Q033_TS_GATES, ...(o.gates ?? {}) };
  const seeds = manifest.seeds as number[];
  const split = typeof manifest.split_id === "string" ? manifest.split_id : "q033_internal";
  let t = clock();
  const g = generateBundle({ seeds, split });
  const generateMs = (clock() - t) / Math.max(1, g.instances.length);
  const rows = assignQuartiles(g.instances);
  const qOf = new Map(rows.map((r) => [r.instance_id, r.quartile]));
  const compiled = g.instances.map((i) => compileInstance(i));
  const minsetMs: number[] = [];
  const minsetByQ: Record<string, number[]> = Object.fromEntries(QUARTILES.map((q) => [q, []]));
  const truncByQ: Record<string, number> = Object.fromEntries(QUARTILES.map((q) => [q, 0]));
  const countByQ: Record<string, number> = Object.fromEntries(QUARTILES.map((q) => [q, 0]));
  let trunc = 0;
  const nodes: number[] = [];
  g.instances.forEach((inst, i) => {
    const q = qOf.get(inst.instance_id) ?? "Q4";
    countByQ[q]++;
    t = clock();
    const pool = officialPool(compiled[i]);
    const ms = clock() - t;
    nodes.push(pool.nodes_visited);
    minsetMs.push(ms);
    minsetByQ[q].push(ms);
    if (pool.truncated_by_max_nodes) {
      trunc++;
      truncByQ[q]++;
    }
  });
  const panel: Record<string, Record<string, unknown>> = {};
  const evalMs: Record<string, number> = {};
  (["greedy", "oracle"] as const).forEach((id, idx) => {
    const agent = getAgent(id);
    const perQ: Record<string, { n: number; goal: number; valid: number }> = Object.fromEntries(
      QUARTILES.map((q) => [q, { n: 0, goal: 0, valid: 0 }]),
    );
    let valid = 0;
    let goal = 0;
    const scored: AggregateInput[] = [];
    t = clock();
    g.instances.forEach((inst, i) => {
      const cert = parseCertificate(agent.propose(inst, compiled[i], (o.seed ?? 1300) + idx));
      // Scored as the official sweep scores (AP/TS PRF against the first 32 of M(I)).
      const s = scoreCertificate(compiled[i], cert, { bestMatch: { pool: "official" } });
      scored.push(s);
      const b = perQ[qOf.get(inst.instance_id) ?? "Q4"];
      b.n++;
      if (s.goal) {
        b.goal++;
        goal++;
      }
      if (s.valid) {
        b.valid++;
        valid++;
      }
    });
    evalMs[id] = clock() - t;
    const n = g.instances.length;
    panel[id] = {
      agent_name: agent.name,
      eval_track: agent.eval_track,
      row_count: n,
      duration_ms: evalMs[id],
      aggregate: aggregateSuite(scored),
      certified_rate: n ? valid / n : 0,
      goal_rate: n ? goal / n : 0,
      quartiles: Object.fromEntries(
        QUARTILES.map((q) => [
          q,
          {
            count: perQ[q].n,
            goal_rate: perQ[q].goal / Math.max(1, perQ[q].n),
            certified_rate: perQ[q].valid / Math.max(1, perQ[q].n),
          },
        ]),
      ),
    };
  });
  // The official sweep's priority checks (its `run_priority_h3_checks`: 2 public + 2 private
  // instances) from our suite; their inner fields are ours (docs/gf01-study.md).
  const greedy = getAgent("greedy");
  const search = getAgent("search");
  t = clock();
  const checks = runChecks({
    seed: o.seed ?? 1300,
    count: 2,
    agents: {
      greedy: (inst, ci, seed) => greedy.propose(inst, ci, seed),
      search: (inst, ci, seed) => search.propose(inst, ci, seed),
    },
  }).results;
  const checksTotalMs = clock() - t;
  const priorityChecks = Object.fromEntries(
    ["AB-001", "AB-003", "AB-005", "AB-007", "AB-009"].map((k) => [k, checks[k]]),
  );
  const n = Math.max(1, g.instances.length);
  const evalMsMean = (evalMs.greedy + evalMs.oracle) / (2 * n);
  const truncationRate = trunc / n;
  const gap = (panel.oracle.certified_rate as number) - (panel.greedy.certified_rate as number);
  const global = {
    generate_ms_mean_ok: generateMs <= gates.max_generate_ms_mean,
    minset_ms_mean_ok: mean(minsetMs) <= gates.max_minset_ms_mean,
    eval_ms_mean_ok: evalMsMean <= gates.max_eval_ms_mean,
    checks_total_ms_ok: checksTotalMs <= gates.max_checks_total_ms,
    truncation_rate_ok: truncationRate <= gates.max_truncation_rate,
    baseline_spread_ok: gap >= gates.min_oracle_minus_greedy_certified_gap,
  };
  const qp = (id: string, q: string) =>
    (panel[id].quartiles as Record<string, { certified_rate: number }>)[q].certified_rate;
  const stratified: Record<string, Record<string, unknown>> = {};
  for (const q of QUARTILES) {
    const qTrunc = truncByQ[q] / Math.max(1, countByQ[q]);
    const qGap = qp("oracle", q) - qp("greedy", q);
    const runtimeFailures: string[] = [];
    // Gate names as upstream's.
    if (!global.generate_ms_mean_ok) runtimeFailures.push("generate_ms_mean_ok");
    if (mean(minsetByQ[q]) > gates.max_minset_ms_mean) runtimeFailures.push("minset_ms_mean_ok");
    if (!global.eval_ms_mean_ok) runtimeFailures.push("eval_ms_mean_ok");
    if (!global.checks_total_ms_ok) runtimeFailures.push("checks_total_ms_ok");
    const row = {
      count: countByQ[q],
      truncation_rate: qTrunc,
      truncation_rate_ok: qTrunc <= gates.max_quartile_truncation_rate,
      oracle_minus_greedy_certified_gap: qGap,
      baseline_gap_ok: qGap >= gates.min_quartile_gap,
      minset_ms_mean: mean(minsetByQ[q]),
      runtime_gate_failures: runtimeFailures,
      runtime_gate_fail_count: runtimeFailures.length,
      runtime_gate_fail_count_ok: runtimeFailures.length <= gates.max_quartile_runtime_gate_failures,
    };
    stratified[q] = {
      ...row,
      passed_all: row.truncation_rate_ok && row.baseline_gap_ok && row.runtime_gate_fail_count_ok,
    };
  }
  const globalFailed = Object.entries(global)
    .filter(([, ok]) => !ok)
    .map(([k]) => k);
  const failedQ = QUARTILES.filter((q) => !stratified[q].passed_all);
  const passedAll = globalFailed.length === 0 && failedQ.length === 0;
  return {
    // Upstream: "error" when a gate failed (the payload is complete either way).
    status: passedAll ? "ok" : "error",
    schema_version: Q033_SWEEP_SCHEMA,
    protocol_version: Q033_PROTOCOL,
    family_id: "GF-01",
    benchmark_version: g.bundle.benchmark_version,
    generator_version: g.bundle.generator_version,
    checker_version: g.bundle.checker_version,
    harness_version: g.bundle.harness_version,
    git_commit: g.bundle.git_commit,
    generator_config_hash: g.bundle.config_hash,
    generator_config: JSON.parse(JSON.stringify(g.config)),
    manifest_id: manifest.manifest_id ?? null,
    seeds,
    // Official: where upstream's closure check reads the seeds and the manifest id.
    seed_manifest: {
      manifest_id: manifest.manifest_id ?? null,
      replicate_index: Number.isInteger(manifest.replicate_index) ? manifest.replicate_index : 0,
      seed_count: seeds.length,
      seeds,
    },
    instance_count: g.instances.length,
    rejected_seeds: g.rejected.map((r) => ({ seed: r.seed, reason: r.reason })),
    quartile_assignment: {
      method: "global_complexity_sort_index_quartiles",
      rows: rows.map((r) => ({
        seed: r.seed,
        instance_id: r.instance_id,
        complexity_score: r.complexity_score,
        quartile: r.quartile,
      })),
      counts: countByQ,
    },
    panel: ["greedy", "oracle"],
    timings_ms: {
      generate_ms_mean: generateMs,
      minset_ms_mean: mean(minsetMs),
      eval_ms_mean: evalMsMean,
      checks_total_ms: checksTotalMs,
    },
    search_stats: {
      truncation_rate: truncationRate,
      truncation_count: trunc,
      min_nodes: nodes.length ? Math.min(...nodes) : 0,
      max_nodes: nodes.length ? Math.max(...nodes) : 0,
      mean_nodes: mean(nodes),
    },
    calibration_stats: {
      greedy_certified_rate: panel.greedy.certified_rate,
      oracle_certified_rate: panel.oracle.certified_rate,
      oracle_minus_greedy_certified_gap: gap,
    },
    truncation_rate: truncationRate,
    oracle_minus_greedy_certified_gap: gap,
    panel_summary: panel,
    priority_checks: priorityChecks,
    gates: {
      thresholds: gates,
      // Upstream's two threshold blocks (the same numbers as `thresholds`).
      global_thresholds: {
        max_generate_ms_mean: gates.max_generate_ms_mean,
        max_minset_ms_mean: gates.max_minset_ms_mean,
        max_eval_ms_mean: gates.max_eval_ms_mean,
        max_checks_total_ms: gates.max_checks_total_ms,
        max_truncation_rate: gates.max_truncation_rate,
        min_oracle_minus_greedy_certified_gap: gates.min_oracle_minus_greedy_certified_gap,
      },
      global_results: global,
      global_failed: globalFailed,
      global_passed_all: globalFailed.length === 0,
      stratified_thresholds: {
        max_quartile_truncation_rate: gates.max_quartile_truncation_rate,
        min_quartile_oracle_minus_greedy_gap: gates.min_quartile_gap,
        max_quartile_runtime_gate_failures: gates.max_quartile_runtime_gate_failures,
      },
      stratified_results: stratified,
      stratified_failed_quartiles: failedQ,
      stratified_passed_all: failedQ.length === 0,
      passed_all: passedAll,
    },
  };
}

/** Q-033 closes when ≥ 2 sweeps all pass and their seed sets are disjoint. */
export function closure(
  sweeps: readonly { path: string; payload: Record<string, unknown> }[],
  allowOverlap = false,
): Record<string, unknown> {
  const reasons: string[] = [];
  if (sweeps.length < 2) reasons.push("insufficient_sweeps");
  const seedSets = sweeps.map((s) => sweepSeeds(s.payload) ?? []);
  const results = sweeps.map((s, i) => {
    const gates = (s.payload.gates ?? {}) as Record<string, unknown>;
    const passed = gates.passed_all === true;
    if (!passed) reasons.push(`replicate_${i + 1}_failed_gates`);
    const sm = (s.payload.seed_manifest ?? {}) as Record<string, unknown>;
    return {
      replicate: i + 1,
      replicate_index: i + 1,
      path: s.path,
      manifest_id: sm.manifest_id ?? s.payload.manifest_id ?? null,
      seed_count: new Set(seedSets[i]).size,
      status: typeof s.payload.status === "string" ? s.payload.status : "unknown",
      passed_all: passed,
      global_failed: gates.global_failed ?? [],
      stratified_failed_quartiles: gates.stratified_failed_quartiles ?? [],
    };
  });
  const overlaps: Record<string, unknown>[] = [];
  for (let i = 0; i < sweeps.length; i++)
    for (let j = i + 1; j < sweeps.length; j++) {
      const a = new Set(seedSets[i]);
      const both = [...new Set(seedSets[j])].filter((s) => a.has(s)).sort((x, y) => x - y);
      overlaps.push({
        replicate_i: i + 1,
        replicate_j: j + 1,
        overlap_count: both.length,
        overlap_preview: both.slice(0, 20),
      });
    }
  const disjoint = overlaps.every((x) => x.overlap_count === 0);
  if (!disjoint && !allowOverlap) reasons.push("replicate_seed_sets_overlap");
  return {
    status: reasons.length ? "error" : "ok",
    schema_version: Q033_CLOSURE_SCHEMA,
    protocol_version: Q033_PROTOCOL,
    require_disjoint_seeds: !allowOverlap,
    replicate_count: sweeps.length,
    replicate_results: results,
    seed_overlaps: overlaps,
    disjoint_ok: disjoint,
    close_q033: reasons.length === 0,
    failure_reasons: reasons,
  };
}

/**
 * A sweep's seeds: upstream's `seed_manifest.seeds` (ours write both), else our top-level
 * `seeds`; undefined when neither is a list of integers.
 */
export function sweepSeeds(p: Record<string, unknown>): number[] | undefined {
  const sm = p.seed_manifest as Record<string, unknown> | undefined;
  const v = sm && typeof sm === "object" && Array.isArray(sm.seeds) ? sm.seeds : p.seeds;
  return Array.isArray(v) && v.every((x) => Number.isSafeInteger(x)) ? (v as number[]) : undefined;
}
