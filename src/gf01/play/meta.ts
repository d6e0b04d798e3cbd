import type { BundleMeta } from "../artifacts/bundle.js";
import {
  ADAPTATION_POLICY_VERSION,
  DEFAULT_TOOL_ALLOWLIST_BY_TRACK,
  type EvalTrack,
  RENDERER_POLICY_VERSION,
  rendererProfileForTrack,
} from "../artifacts/meta.js";
import type { RunMeta } from "../artifacts/run-record.js";

export interface PlayRunContext {
  evalTrack: EvalTrack;
  rendererTrack: "json" | "visual";
  gitCommit?: string;
  toolAllowlistId?: string;
  toolLogHash?: string;
  adaptationCondition?: string;
  adaptationBudgetTokens?: number;
  adaptationDataScope?: string;
  adaptationProtocolId?: string;
}

/** Run-record metadata for played episodes: bundle versions + the run's condition. */
export function playRunMeta(bm: BundleMeta, c: PlayRunContext): RunMeta {
  return {
    benchmark_version: bm.benchmark_version as string | undefined,
    generator_version: bm.generator_version as string | undefined,
    checker_version: bm.checker_version as string | undefined,
    harness_version: bm.harness_version as string | undefined,
    git_commit: c.gitCommit ?? "unknown",
    config_hash: (bm.config_hash as string | undefined) ?? "unknown",
    tool_allowlist_id: c.toolAllowlistId ?? DEFAULT_TOOL_ALLOWLIST_BY_TRACK[c.evalTrack],
    tool_log_hash: c.toolLogHash ?? "",
    renderer_policy_version: RENDERER_POLICY_VERSION,
    renderer_profile_id: rendererProfileForTrack(c.rendererTrack),
    adaptation_policy_version: ADAPTATION_POLICY_VERSION,
    adaptation_condition: c.adaptationCondition ?? "no_adaptation",
    adaptation_budget_tokens: c.adaptationBudgetTokens ?? 0,
    adaptation_data_scope: c.adaptationDataScope ?? "none",
    adaptation_protocol_id: c.adaptationProtocolId ?? "none",
  };
}
