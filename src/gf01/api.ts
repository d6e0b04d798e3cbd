/**
 * The documented programmatic API of GF-01 (the `gf01` CLI is a thin shell over it).
 * Every function takes paths/values, returns a JSON-ready payload plus `ok`, and throws
 * `InputError` (naming file/line/field) for bad input. Nothing here prints or exits.
 */
import { toolkitCommit } from "../core/provenance.js";
import { stat, writeFile } from "node:fs/promises";
import { InputError } from "../core/errors.js";
import type { QueueUrl } from "../core/queue/url.js";
import { canonicalHash } from "../core/hash.js";
import { readJournal } from "../core/journal.js";
import { JsonlAppender, readJsonFile, readJsonl, writeFileAtomic } from "../core/jsonl.js";
import { lockJournal } from "../core/lock.js";
import { getAgent, listAgents } from "./agents/index.js";
import {
  type BundleSource,
  buildBundle,
  bundleToJson,
  instanceToDict,
  type LoadedBundle,
  loadBundle,
} from "./artifacts/bundle.js";
import { pyFloat } from "../core/pyjson.js";
import { type MigrationDefaults, migrateRows } from "./artifacts/legacy.js";
import { buildSplitManifest } from "./artifacts/manifest.js";
import { ALLOWED_EVAL_TRACKS, ALLOWED_RENDERER_TRACKS, RUN_RECORD_SCHEMA_VERSION } from "./artifacts/meta.js";
import { dumpJsonFile } from "./artifacts/pyout.js";
import {
  adaptationPolicyError,
  bundleVersionMeta,
  conditionMeta,
  type RunConditionOptions,
  type RunMeta,
  evaluateToolPolicyError,
  runRecordLine,
} from "./artifacts/run-record.js";
import { type CheckSuiteOptions, runChecks } from "./checks/index.js";
import { identifiabilityCheck } from "./checks/identifiability.js";
import { defaultConfig, officialConfig } from "./generate/config.js";
import { generateInstance } from "./generate/default.js";
import { generateOfficial, isRejected } from "./generate/official.js";
import { parseCertificate } from "./model/certificate.js";
import { type AtomBudgetRule, compileInstance, DEFAULT_ATOM_BUDGET_RULE } from "./model/compile.js";
import type { Gf01Instance } from "./model/types.js";
import { type AggregateInput, aggregateSuite } from "./report/aggregate.js";
import { ReportBuilder } from "./report/report.js";
import { runRowChecker, validateRows } from "./report/validate.js";
import { scoreCertificate, sortAtoms } from "./verify/index.js";
import { type EvaluateRowParams, evaluateInstanceRow } from "./evaluate-row.js";
import type { SubsetCaps } from "./verify/subset.js";
import { type ApiResult, type BestMatchPool, defaultScorer, ensureReadable } from "./score-api.js";

// The unit of work of evaluate lives below this module and the queue layer (evaluate-row.ts).
export { type EvaluateRowParams, evaluateInstanceRow };

// ---------------------------------------------------------------------------------------
// generate / manifest

export type { Compat, GenerateOptions, GenerateSummary, WriteGeneratedOptions } from "./generate/run.js";
export { generateBundle, writeGeneratedBundle } from "./generate/run.js";

/** The toolkit's own commit, never the working directory's (src/core/provenance.ts). */
export function currentGitCommit(): string {
  return toolkitCommit();
}

export { bundleToJson, loadBundle };

/** The split manifest of bare instances (official: a legacy list has no bundle header). */
export function manifestOf(instances: readonly Gf01Instance[]): Record<string, unknown> {
  return buildSplitManifest(instances, {});
}

/** Official `identifiability-check` on a bundle file (exit 2 ⇔ some instance fails). */
export async function identifiabilityCheckFile(
  instancesFile: string,
  o: { minResponseRatio?: number; minUniqueSignatures?: number; failOnStoredMismatch?: boolean } = {},
): Promise<ApiResult> {
  const b = await loadBundle(instancesFile);
  return identifiabilityCheck(b.instances, b.meta, { ...o, instancesPath: instancesFile });
}

/** One row per instance of a bundle (`gf01 list`): what a user needs to pick an instance. */
export interface InstanceListRow {
  index: number;
  instance_id: string;
  mode: string;
  seed: number | null;
  t_star: number;
  horizon: number;
}

export function listInstances(b: LoadedBundle): InstanceListRow[] {
  return b.instances.map((inst, index) => ({
    index,
    instance_id: inst.instance_id,
    mode: inst.mode,
    seed: inst.seed ?? null,
    t_star: inst.t_star,
    horizon: inst.base_trace.length,
  }));
}

/**
 * `gf01 import`: formal tasks / an HOA task (already loaded, see formal/source.ts) as a v1
 * instance bundle plus its split manifest. Imported tasks have no generator seed, so `seeds`
 * are their positions 0..n-1 (the instances keep `seed` as the task gave it, usually null);
 * `config_hash` pins the normalization version, and each instance carries its provenance.
 */
export function importFormal(o: { source: LoadedBundle; split?: string; gitCommit?: string }): {
  bundle: Record<string, unknown>;
  manifest: Record<string, unknown>;
} {
  const split = o.split;
  const instances = split
    ? o.source.instances.map((inst) => ({ ...inst, split_id: split }))
    : o.source.instances;
  const splits = new Set(instances.map((i) => i.split_id ?? "public_dev"));
  if (splits.size > 1)
    throw new InputError(`the tasks name several splits (${[...splits].join(", ")}); pick one with --split`, {
      field: "split_id",
    });
  const bundle = buildBundle(instances, {
    git_commit: o.gitCommit ?? currentGitCommit(),
    config_hash: canonicalHash({
      source: "formal_import",
      normalization_version: o.source.meta.normalization_version ?? null,
    }),
    split_id: [...splits][0] ?? "public_dev",
    seeds: instances.map((_, i) => i),
  });
  return { bundle, manifest: buildSplitManifest(instances, bundle) };
}

/** Official `manifest`: the split manifest of a bundle file. */
export async function manifestFor(instancesFile: string): Promise<Record<string, unknown>> {
  const b = await loadBundle(instancesFile);
  const m = buildSplitManifest(b.instances, b.meta);
  // Same manifest as `generate --manifest-out` writes (additive, default generator).
  if (Array.isArray(b.meta.rejected_seeds)) m.rejected_seeds = b.meta.rejected_seeds;
  return m;
}

// ---------------------------------------------------------------------------------------
// verify / validate / report: score-api.ts (a small module graph, so the CLI's verify,
// validate and report load only what they use); re-exported here unchanged.

export type { ApiResult, BestMatchPool, ValidateFileOptions } from "./score-api.js";
export {
  defaultScorer,
  parseAtomBudgetRule,
  parseBestMatchPool,
  reportRunsFile,
  validateRunsFile,
  verifyOne,
} from "./score-api.js";

// ---------------------------------------------------------------------------------------
// migrate

export interface MigrateOptions {
  instancesFile: string;
  out: string;
  manifestFile?: string;
  defaults?: MigrationDefaults;
  pool?: BestMatchPool;
}

/** Migrate legacy rows to v1 (re-scored), write them, then validate the output strictly. */
export async function migrateRunsFile(runsFile: string, o: MigrateOptions): Promise<ApiResult> {
  await ensureReadable(runsFile);
  const bundle = await loadBundle(o.instancesFile);
  const rows: { line: number; value: unknown }[] = [];
  for await (const r of readJsonl(runsFile)) rows.push(r);
  const score = defaultScorer({ pool: o.pool });
  const { rows: migrated, stats } = migrateRows(rows, bundle, score, o.defaults, runsFile);
  const manifest = o.manifestFile ? await readJsonFile(o.manifestFile) : undefined;
  // The output's exact lines are validated before they are written: rows that fail the strict
  // check never appear under --out (issue 31), and the line numbers are the output's.
  const lines = migrated.map((r) => runRecordLine(r));
  const check = await validateRows(
    lines.map((l, i) => ({ line: i + 1, value: JSON.parse(l) as unknown })),
    { strict: true, bundle, manifest, score },
  );
  if (check.ok) await writeFileAtomic(o.out, lines.map((l) => `${l}\n`).join(""));
  if (!check.ok) {
    return {
      ok: false,
      payload: {
        status: "error",
        error_type: "post_migration_strict_validation",
        output_path: o.out,
        migration_stats: stats,
        validation: check.payload,
      },
    };
  }
  const payload: Record<string, unknown> = { status: "ok", output_path: o.out, migration_stats: stats };
  if (check.coverage) payload.manifest_coverage = check.coverage;
  return { ok: true, payload };
}

// ---------------------------------------------------------------------------------------
// evaluate / demo (agents)

export interface EvaluateOptions extends RunConditionOptions {
  instancesFile: BundleSource;
  agent: string;
  evalTrack?: string;
  rendererTrack?: string;
  seed?: number;
  /**
   * Write run rows here (JSONL). As in online play, an existing non-empty file is refused
   * unless `resume` (keep its rows of this agent and track, score only the missing
   * instances) or `overwrite` (replace it) is given: re-running never duplicates rows.
   */
  out?: string;
  resume?: boolean;
  overwrite?: boolean;
  gitCommit?: string;
  pool?: BestMatchPool;
  extraMetrics?: boolean;
  /** Atom-budget scoring rule, recorded in every row (default "diagnostic"). */
  atomBudget?: AtomBudgetRule;
  /** Run SubsetMin on every row: true (default caps) or the caps (gf01 freeze-caps). */
  diagnostic?: boolean | SubsetCaps;
  /** Distribute the instances over the workers of this queue (`--queue`, docs/scale.md). */
  queue?: QueueUrl;
}

/** Run one agent over a bundle; rows are appended to `out` as they are scored. */
export async function evaluateAgent(o: EvaluateOptions): Promise<ApiResult> {
  const evalTrack = (o.evalTrack ?? "EVAL-CB").trim();
  const rendererTrack = (o.rendererTrack ?? "json").trim();
  const err = (error_type: string, message: string): ApiResult => ({
    ok: false,
    payload: { status: "error", error_type, message },
  });
  if (!(ALLOWED_EVAL_TRACKS as readonly string[]).includes(evalTrack))
    return err("track_policy_violation", `unsupported eval_track ${evalTrack}`);
  if (!(ALLOWED_RENDERER_TRACKS as readonly string[]).includes(rendererTrack)) {
    return err(
      "renderer_policy_violation",
      `unsupported renderer_track ${rendererTrack}; expected one of ['json', 'visual']`,
    );
  }
  const agent = getAgent(o.agent);
  const allowlist = (o.toolAllowlistId ?? "none").trim() || "none";
  const toolHash = (o.toolLogHash ?? "").trim();
  if (agent.eval_track === "EVAL-TA" && evalTrack === "EVAL-CB")
    return err("track_policy_violation", "tool planner agent is not allowed in EVAL-CB");
  if (agent.eval_track === "EVAL-OC" && evalTrack !== "EVAL-OC")
    return err("track_policy_violation", "exact oracle agent is restricted to EVAL-OC");
  const tp = evaluateToolPolicyError(evalTrack, allowlist, toolHash);
  if (tp) return err("track_policy_violation", tp);
  const cond = o.adaptationCondition ?? "no_adaptation";
  const budget = o.adaptationBudgetTokens ?? 0;
  const scope = o.adaptationDataScope ?? "none";
  const proto = (o.adaptationProtocolId ?? "none").trim() || "none";
  const ap = adaptationPolicyError(cond, budget, scope, proto);
  if (ap) return err("adaptation_policy_violation", ap);
  const condition = conditionMeta(rendererTrack, {
    condition: cond,
    budgetTokens: budget,
    dataScope: scope,
    protocolId: proto,
  });

  const bundle = await loadBundle(o.instancesFile);
  const bm = bundle.meta;
  const meta: RunMeta = {
    ...bundleVersionMeta(bm),
    git_commit: o.gitCommit ?? currentGitCommit(),
    config_hash: (bm.config_hash as string | undefined) ?? "unknown",
    tool_allowlist_id: allowlist,
    tool_log_hash: toolHash,
    play_protocol: "commit_only",
    scored_commit_episode: true,
    ...condition,
  };
  if (o.resume && o.overwrite)
    throw new InputError("use either --resume or --overwrite, not both", { field: "--resume" });
  if (o.resume && !o.out) throw new InputError("--resume needs --out <file>", { field: "--resume" });
  const builder = new ReportBuilder();
  const done = new Set<string>();
  // Rows for the official `aggregate`: resumed rows count as they were recorded.
  const scored: AggregateInput[] = [];
  if (o.out && (await fileSize(o.out)) > 0 && !o.resume && !o.overwrite)
    throw new InputError("file exists; pass --resume to continue it or --overwrite to replace it", {
      file: o.out,
    });
  // One run at a time appends to --out (released when the run ends, also on error or signal).
  const lock = o.out ? await lockJournal(o.out) : undefined;
  let app: JsonlAppender | undefined;
  let errored = 0;
  try {
    if (o.out && o.resume) {
      // Every kept row is checked as `validate` checks it; a torn last row is cut (scored again).
      for (const { value: r } of await readJournal(o.out, runRowChecker())) {
        if (r.agent_name === agent.name && r.eval_track === evalTrack && r.play_protocol === "commit_only") {
          done.add(String(r.instance_id));
          builder.add(r);
          scored.push(r as unknown as AggregateInput);
        }
      }
    }
    if (o.out && o.overwrite) await writeFile(o.out, "");
    const todo = bundle.instances.filter((inst) => !done.has(inst.instance_id));
    const params: EvaluateRowParams = {
      agent: agent.name,
      evalTrack,
      rendererTrack,
      seed: o.seed ?? 0,
      pool: o.pool ?? "complete",
      atomBudget: o.atomBudget ?? DEFAULT_ATOM_BUDGET_RULE,
      diagnostic: o.diagnostic,
      extraMetrics: o.extraMetrics,
      meta,
    };
    // Distributed (--queue): workers score the instances; rows come back in bundle order and
    // are appended by the same writer below, so the file is byte-identical (docs/scale.md).
    const queued = o.queue
      ? await (await import("./queue/evaluate.js")).evaluateQueued(o.queue, todo, params)
      : undefined;
    app = o.out ? await JsonlAppender.open(o.out) : undefined;
    for (const [k, inst] of todo.entries()) {
      let line: string;
      let row: Record<string, unknown>;
      if (queued) {
        const q = queued[k] as (typeof queued)[number];
        if (!q.ok) {
          errored++;
          process.stderr.write(`gf01: instance ${inst.instance_id}: job ${q.id} failed: ${q.error}\n`);
          continue;
        }
        ({ line, row } = (await import("./queue/evaluate.js")).checkedRow(q.id, q.result, inst.instance_id));
        scored.push(row as unknown as AggregateInput);
      } else {
        const r = evaluateInstanceRow(inst, params);
        row = r.row;
        line = runRecordLine(row);
        scored.push(r.score);
      }
      builder.add(row);
      if (app) await app.append(line);
    }
  } finally {
    try {
      await app?.close();
    } finally {
      lock?.release();
    }
  }
  const rep = builder.finish();
  // The official summary keys (`aggregate` = official aggregate_suite), plus our report groups.
  return {
    ok: true,
    payload: {
      agent: agent.name,
      instances: bundle.instances.length,
      eval_track: evalTrack,
      renderer_track: rendererTrack,
      ...condition,
      aggregate: aggregateSuite(scored),
      groups: rep.groups,
      run_schema_version: RUN_RECORD_SCHEMA_VERSION,
      source_bundle_schema_version: bm.schema_version ?? "legacy-instance-list",
      tool_allowlist_id: allowlist,
      play_protocol: "commit_only",
      scored_commit_episode: true,
      atom_budget: o.atomBudget ?? DEFAULT_ATOM_BUDGET_RULE,
      resumed: done.size,
      out_jsonl: o.out ?? "",
      ...(o.queue ? { queue: o.queue.shown, errored } : {}),
    },
  };
}

/** Size of a file, 0 when it does not exist (a directory is reported by the writer). */
async function fileSize(f: string): Promise<number> {
  try {
    const st = await stat(f);
    return st.isFile() ? st.size : 0;
  } catch {
    return 0;
  }
}

// ---------------------------------------------------------------------------------------
// checks

export type { CheckSuiteOptions };
export { dumpJsonFile, runChecks };

/** Greedy/search baselines for AB-003/AB-005, when the agents package is present. */
export function checkAgents(): CheckSuiteOptions["agents"] {
  const g = getAgent("greedy");
  const s = getAgent("search");
  return {
    greedy: (inst, ci, seed) => g.propose(inst, ci, seed),
    search: (inst, ci, seed) => s.propose(inst, ci, seed),
  };
}

const OFFICIAL_DEMO_AGENTS = ["random", "greedy", "search", "tool", "oracle"] as const;

/**
 * `demo`: one instance, the generator's witness, and every baseline agent's verdict, metrics
 * and one-row `aggregate`. With `official-0.1` this is the official `demo` output exactly (the
 * five official agents, AP/TS against the official capped pool, no extra keys); the default
 * compat adds our agents and `kappa`, scored against the complete M(I).
 */
export async function demo(seed: number, compat: string = "default"): Promise<ApiResult> {
  if (compat !== "default" && compat !== "official-0.1")
    throw new InputError(`unknown --compat ${compat} (expected default | official-0.1)`, { field: "compat" });
  const official = compat === "official-0.1";
  const r = official
    ? generateOfficial(seed, officialConfig(), { split_id: "public_dev" })
    : generateInstance(seed, defaultConfig(), { split_id: "public_dev" });
  if (isRejected(r))
    return {
      ok: false,
      payload: {
        status: "error",
        error_type: "generation_rejected",
        rejected: [{ seed, reason: r.rejected }],
      },
    };
  const inst = r.instance;
  const ci = compileInstance(inst);
  const agents = official ? OFFICIAL_DEMO_AGENTS.map((id) => getAgent(id)) : listAgents();
  const agent_results: Record<string, unknown> = {};
  for (const a of agents) {
    const cert = sortAtoms(parseCertificate(a.propose(inst, ci, seed)));
    const s = scoreCertificate(ci, cert, { bestMatch: { pool: official ? "official" : "complete" } });
    agent_results[a.name] = {
      valid: s.valid,
      suff: s.suff,
      min1: s.min1,
      eff_t: s.eff_t,
      eff_a: s.eff_a,
      ap_f1: pyFloat(s.ap_f1),
      ts_f1: pyFloat(s.ts_f1),
      ...(official ? {} : { kappa: s.kappa }),
      aggregate: aggregateSuite([s]),
      certificate: cert.map((x) => [x[0], x[1], x[2]]),
    };
  }
  return {
    ok: true,
    payload: {
      instance: instanceToDict(inst),
      witness: r.witness.map((x) => [x[0], x[1], x[2]]),
      agent_results,
    },
  };
}
