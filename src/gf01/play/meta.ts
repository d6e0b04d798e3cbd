import type { BundleMeta } from "../artifacts/bundle.js";
import { DEFAULT_TOOL_ALLOWLIST_BY_TRACK, type EvalTrack } from "../artifacts/meta.js";
import {
  bundleVersionMeta,
  conditionMeta,
  type RunConditionOptions,
  type RunMeta,
} from "../artifacts/run-record.js";

export interface PlayRunContext extends RunConditionOptions {
  evalTrack: EvalTrack;
  rendererTrack: "json" | "visual";
  gitCommit?: string;
}

/** Run-record metadata for played episodes: bundle versions + the run's condition. */
export function playRunMeta(bm: BundleMeta, c: PlayRunContext): RunMeta {
  return {
    ...bundleVersionMeta(bm),
    git_commit: c.gitCommit ?? "unknown",
    config_hash: (bm.config_hash as string | undefined) ?? "unknown",
    tool_allowlist_id: c.toolAllowlistId ?? DEFAULT_TOOL_ALLOWLIST_BY_TRACK[c.evalTrack],
    tool_log_hash: c.toolLogHash ?? "",
    ...conditionMeta(c.rendererTrack, {
      condition: c.adaptationCondition ?? "no_adaptation",
      budgetTokens: c.adaptationBudgetTokens ?? 0,
      dataScope: c.adaptationDataScope ?? "none",
      protocolId: c.adaptationProtocolId ?? "none",
    }),
  };
}
