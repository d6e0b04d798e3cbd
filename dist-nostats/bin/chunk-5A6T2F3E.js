import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  ADAPTATION_POLICY_VERSION,
  DEFAULT_TOOL_ALLOWLIST_BY_TRACK,
  RENDERER_POLICY_VERSION,
  rendererProfileForTrack
} from "./chunk-FJUG4O3Y.js";

// src/gf01/play/meta.ts
function playRunMeta(bm, c) {
  return {
    benchmark_version: bm.benchmark_version,
    generator_version: bm.generator_version,
    checker_version: bm.checker_version,
    harness_version: bm.harness_version,
    git_commit: c.gitCommit ?? "unknown",
    config_hash: bm.config_hash ?? "unknown",
    tool_allowlist_id: c.toolAllowlistId ?? DEFAULT_TOOL_ALLOWLIST_BY_TRACK[c.evalTrack],
    tool_log_hash: c.toolLogHash ?? "",
    renderer_policy_version: RENDERER_POLICY_VERSION,
    renderer_profile_id: rendererProfileForTrack(c.rendererTrack),
    adaptation_policy_version: ADAPTATION_POLICY_VERSION,
    adaptation_condition: c.adaptationCondition ?? "no_adaptation",
    adaptation_budget_tokens: c.adaptationBudgetTokens ?? 0,
    adaptation_data_scope: c.adaptationDataScope ?? "none",
    adaptation_protocol_id: c.adaptationProtocolId ?? "none"
  };
}

export {
  playRunMeta
};
