/**
 * `campaign`: the baseline panel over a freeze (official `pilot-campaign`, our way). Runs the
 * official white-box panel (random, greedy, search on EVAL-CB, tool on EVAL-TA, oracle on
 * EVAL-OC; tool settings per DEC-053, agent i seeded `seed + i`) and our black-box panel
 * (online agents that see only what a player sees, EVAL-CB), appends external run files, and
 * writes next to each other:
 *   runs_combined.jsonl, official_validation.json, official_report.json, build_receipt.json.
 * Every row, external ones included, is re-verified against the freeze's bundle (official
 * validation with `--instances`), so a claimed score that the verifier does not reproduce fails
 * the campaign. The validation and report files are byte-identical to what
 *   (cd artifacts && gf01 validate|report --runs runs_combined.jsonl --manifest
 *      split_manifest_v1.json --instances instance_bundle_v1.json --official [--format json])
 * prints, which is how a release package's rerun instructions check them.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../../core/errors.js";
import { readJsonl, writeFileAtomic } from "../../core/jsonl.js";
import { currentGitCommit, evaluateAgent, reportRunsFile, validateRunsFile } from "../api.js";
import { getAgent } from "../agents/registry.js";
import { loadBundle } from "../artifacts/bundle.js";
import {
  DEFAULT_TOOL_ALLOWLIST_BY_TRACK,
  RENDERER_POLICY_VERSION,
  rendererProfileForTrack,
} from "../artifacts/meta.js";
import { dumpJsonFile, dumpJsonlRow, stableHash } from "../artifacts/pyout.js";
import { evaluateOnlineAgent } from "../play/api.js";
import { adaptationPolicyError } from "../artifacts/run-record.js";
import { externalEpisodeRows } from "./episodes.js";
import { CAMPAIGN_FILES, FREEZE_FILES, outDirProblem } from "./files.js";
import type { CheckResult } from "./policy.js";
import {
  BASELINE_PANEL_POLICY_VERSION,
  type BaselinePolicyLevel,
  canonicalBaselineAgentId,
  requiredPanel,
  trackForAgentId,
} from "./report-check.js";

export const DEFAULT_BLACKBOX_PANEL = ["online-random", "online-greedy"] as const;

export interface CampaignOptions {
  freezeDir: string;
  outDir: string;
  /** Official panel ids (default: the full panel of `level`). */
  panel?: readonly string[];
  level?: BaselinePolicyLevel;
  /** Our black-box online agents, EVAL-CB (default DEFAULT_BLACKBOX_PANEL; [] = none). */
  blackboxPanel?: readonly string[];
  externalRuns?: readonly string[];
  seed?: number;
  rendererTrack?: string;
  /** Pool every row is scored with; "official" to merge rows written by the official harness. */
  pool?: "complete" | "official";
  gitCommit?: string;
  force?: boolean;
  /** Tool log hash for EVAL-TA (default: derived as upstream does). */
  toolLogHash?: string;
  /** Play payloads (`gf01 play --out`) to re-score against the freeze and merge (episodes.ts). */
  externalEpisodes?: readonly string[];
  /** DEC-055 adaptation condition of the panel rows (official `--adaptation-*`; default none). */
  adaptation?: CampaignAdaptation;
}

export interface CampaignAdaptation {
  adaptationCondition?: string;
  adaptationBudgetTokens?: number;
  adaptationDataScope?: string;
  adaptationProtocolId?: string;
}

/** Official campaign rule: a derived 16-hex tool log hash per (bundle, agent, seed, panel index). */
function derivedToolLogHash(
  instancesHash: string,
  agentName: string,
  seed: number,
  idx: number,
  oracle: boolean,
): string {
  const v: Record<string, unknown> = {
    instances_hash: instancesHash,
    agent: agentName,
    seed,
    panel_index: idx,
  };
  if (oracle) v.policy = "oracle-ceiling";
  return stableHash(v).slice(0, 16);
}

const fail = (error_type: string, extra: Record<string, unknown>): CheckResult => ({
  ok: false,
  payload: { status: "error", error_type, ...extra },
});

/** Path fields of a validate/report payload as the package's rerun prints them. */
function packagePaths(p: Record<string, unknown>): Record<string, unknown> {
  const out = { ...p };
  if ("runs_path" in out) out.runs_path = CAMPAIGN_FILES.runs;
  if ("manifest_path" in out) out.manifest_path = FREEZE_FILES.manifest;
  if ("instances_path" in out) out.instances_path = FREEZE_FILES.bundle;
  return out;
}

export async function runCampaign(o: CampaignOptions): Promise<CheckResult> {
  const bundlePath = join(o.freezeDir, FREEZE_FILES.bundle);
  const manifestPath = join(o.freezeDir, FREEZE_FILES.manifest);
  if (!existsSync(bundlePath) || !existsSync(manifestPath))
    return fail("freeze_artifacts_missing", {
      freeze_dir: o.freezeDir,
      required: [bundlePath, manifestPath],
    });
  const level = o.level ?? "full";
  const panel: string[] = [];
  for (const id of o.panel ?? requiredPanel(level)) {
    const c = canonicalBaselineAgentId(id);
    if (!c) return fail("baseline_panel_invalid", { message: `unknown baseline agent id: ${id}` });
    if (!panel.includes(c)) panel.push(c);
  }
  const missing = requiredPanel(level).filter((a) => !panel.includes(a));
  if (missing.length)
    return fail("baseline_panel_policy_violation", {
      baseline_policy_level: level,
      message: `baseline panel missing required ids for ${level} policy: ${JSON.stringify(missing)}`,
    });
  for (const f of o.externalRuns ?? [])
    if (!existsSync(f))
      throw new InputError("cannot read external run file", { file: f, field: "external-runs" });
  for (const f of o.externalEpisodes ?? [])
    if (!existsSync(f))
      throw new InputError("cannot read external episode file", { file: f, field: "external-episodes" });
  const ad = {
    adaptationCondition: o.adaptation?.adaptationCondition ?? "no_adaptation",
    adaptationBudgetTokens: o.adaptation?.adaptationBudgetTokens ?? 0,
    adaptationDataScope: o.adaptation?.adaptationDataScope ?? "none",
    adaptationProtocolId: (o.adaptation?.adaptationProtocolId ?? "none").trim() || "none",
  };
  const adErr = adaptationPolicyError(
    ad.adaptationCondition,
    ad.adaptationBudgetTokens,
    ad.adaptationDataScope,
    ad.adaptationProtocolId,
  );
  if (adErr) return fail("adaptation_policy_violation", { message: adErr });
  const problem = outDirProblem(o.outDir, !!o.force);
  if (problem) return problem;
  mkdirSync(o.outDir, { recursive: true });
  const bundle = await loadBundle(bundlePath);
  const gitCommit = o.gitCommit ?? currentGitCommit();
  const instancesHash = String(bundle.meta.instances_hash ?? "");
  const seed = o.seed ?? 1100;
  const pool = o.pool ?? "complete";
  const parts: { source: string; rows: string[] }[] = [];
  const agentsDir = join(o.outDir, "agents");
  mkdirSync(agentsDir, { recursive: true });
  const readLines = (f: string): string[] =>
    readFileSync(f, "utf8")
      .split("\n")
      .filter((l) => l.trim());
  for (const [idx, id] of panel.entries()) {
    const agent = getAgent(id);
    const track = trackForAgentId(id);
    const ta = track === "EVAL-TA";
    const oc = track === "EVAL-OC";
    const out = join(agentsDir, `${id}.jsonl`);
    const r = await evaluateAgent({
      instancesFile: bundle,
      agent: id,
      evalTrack: track,
      rendererTrack: o.rendererTrack ?? "json",
      seed: seed + idx,
      toolAllowlistId: ta || oc ? DEFAULT_TOOL_ALLOWLIST_BY_TRACK[track] : "none",
      toolLogHash:
        ta && o.toolLogHash
          ? o.toolLogHash
          : ta || oc
            ? derivedToolLogHash(instancesHash, agent.name, seed + idx, idx, oc)
            : "",
      out,
      overwrite: true,
      gitCommit,
      pool,
      ...ad,
    });
    if (!r.ok) return fail("campaign_agent_failed", { agent: id, result: r.payload });
    parts.push({ source: `panel:${id}`, rows: readLines(out) });
  }
  for (const id of o.blackboxPanel ?? DEFAULT_BLACKBOX_PANEL) {
    const out = join(agentsDir, `${id}.jsonl`);
    const r = await evaluateOnlineAgent({
      instancesFile: bundle,
      agent: id,
      evalTrack: "EVAL-CB",
      rendererTrack: o.rendererTrack ?? "json",
      seed,
      out,
      overwrite: true,
      gitCommit,
      adaptation: ad,
    } as Parameters<typeof evaluateOnlineAgent>[0]);
    // An agent that errored is recorded as a failure of the campaign, never scored.
    if (!r.ok || r.payload.errored) return fail("campaign_agent_failed", { agent: id, result: r.payload });
    parts.push({ source: `blackbox:${id}`, rows: readLines(out) });
  }
  for (const f of o.externalRuns ?? []) {
    const rows: string[] = [];
    // Parsed (bad JSON names file and line) and re-serialised in the official row format.
    for await (const { value } of readJsonl(f)) rows.push(dumpJsonlRow(value));
    parts.push({ source: `external:${f}`, rows });
  }
  // Play payloads: re-scored against the freeze; a rejected one is skipped and recorded.
  const bm = bundle.meta;
  const episodes = externalEpisodeRows(
    o.externalEpisodes ?? [],
    bundle,
    {
      benchmark_version: bm.benchmark_version as string | undefined,
      generator_version: bm.generator_version as string | undefined,
      checker_version: bm.checker_version as string | undefined,
      harness_version: bm.harness_version as string | undefined,
      git_commit: gitCommit,
      config_hash: (bm.config_hash as string | undefined) ?? "unknown",
    },
    pool,
  );
  for (const f of episodes.per_file) {
    const mine = episodes.rows.splice(0, f.rows);
    parts.push({ source: `external-episodes:${f.path}`, rows: mine.map((r) => dumpJsonlRow(r)) });
  }
  const runsPath = join(o.outDir, CAMPAIGN_FILES.runs);
  await writeFileAtomic(runsPath, parts.flatMap((p) => p.rows.map((l) => `${l}\n`)).join(""));
  const v = await validateRunsFile(runsPath, {
    instancesFile: bundlePath,
    manifestFile: manifestPath,
    official: true,
  });
  const validation = packagePaths(v.payload);
  await writeFileAtomic(join(o.outDir, CAMPAIGN_FILES.validation), `${dumpJsonFile(validation)}\n`);
  let report: CheckResult = { ok: false, payload: {} };
  if (v.ok) {
    report = await reportRunsFile(runsPath, {
      instancesFile: bundlePath,
      manifestFile: manifestPath,
      official: true,
    });
    report = { ok: report.ok, payload: packagePaths(report.payload) };
    await writeFileAtomic(join(o.outDir, CAMPAIGN_FILES.report), `${dumpJsonFile(report.payload)}\n`);
  }
  const rowCounts = parts.map((p) => ({ source: p.source, rows: p.rows.length }));
  const receipt = {
    status: v.ok && report.ok ? "ok" : "error",
    receipt_type: "build_receipt",
    git_commit: gitCommit,
    freeze_instances_hash: instancesHash,
    seed,
    best_match_pool: pool,
    baseline_panel: panel,
    blackbox_panel: [...(o.blackboxPanel ?? DEFAULT_BLACKBOX_PANEL)],
    sources: rowCounts,
    ...adaptationFields(ad),
    external_episode_rows_count: rowCounts
      .filter((p) => p.source.startsWith("external-episodes:"))
      .reduce((s, p) => s + p.rows, 0),
    external_episode_rejections: episodes.rejected,
  };
  await writeFileAtomic(join(o.outDir, "build_receipt.json"), dumpJsonFile(receipt));
  if (!v.ok) return { ok: false, payload: { ...validation, status: "error" } };
  if (!report.ok) return { ok: false, payload: report.payload };
  return {
    ok: true,
    payload: {
      status: "ok",
      freeze_dir: o.freezeDir,
      out_dir: o.outDir,
      // Official summary fields (upstream `pilot-campaign`).
      runs_path: runsPath,
      validation_path: join(o.outDir, CAMPAIGN_FILES.validation),
      report_path: join(o.outDir, CAMPAIGN_FILES.report),
      build_receipt_path: join(o.outDir, "build_receipt.json"),
      baseline_policy_version: BASELINE_PANEL_POLICY_VERSION,
      baseline_panel_required: requiredPanel(level),
      renderer_policy_version: RENDERER_POLICY_VERSION,
      renderer_profile_id: rendererProfileForTrack(o.rendererTrack ?? "json"),
      row_count: rowCounts.reduce((s, p) => s + p.rows, 0),
      sources: rowCounts,
      baseline_policy_level: level,
      baseline_panel: panel,
      blackbox_panel: receipt.blackbox_panel,
      best_match_pool: pool,
      external_runs_count: (o.externalRuns ?? []).length,
      external_episode_paths_count: (o.externalEpisodes ?? []).length,
      external_episode_rows_count: receipt.external_episode_rows_count,
      external_episode_rejected_count: episodes.rejected.length,
      external_episode_rejections: episodes.rejected,
      ...adaptationFields(ad),
      renderer_track: o.rendererTrack ?? "json",
    },
  };
}

/** Official campaign summary fields of the adaptation condition. */
const adaptationFields = (a: Required<CampaignAdaptation>) => ({
  adaptation_condition: a.adaptationCondition,
  adaptation_budget_tokens: a.adaptationBudgetTokens,
  adaptation_data_scope: a.adaptationDataScope,
  adaptation_protocol_id: a.adaptationProtocolId,
});
