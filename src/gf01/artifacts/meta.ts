/**
 * GF-01 artifact constants: schema ids, policy versions and the allowed-value tables the
 * official harness checks (its `gf01/meta.py`). One place, so writer and validator agree.
 */

export const FAMILY_ID = "GF-01";
/** Versions stamped into artifacts we write (the official fixtures say 0.1.0 / harness 1.0.0). */
export const BENCHMARK_VERSION = "0.1.0";
export const GENERATOR_VERSION = "0.1.0";
export const CHECKER_VERSION = "0.1.0";
export const HARNESS_VERSION = "1.0.0";

export const INSTANCE_BUNDLE_SCHEMA_VERSION = "gf01.instance_bundle.v1";
export const RUN_RECORD_SCHEMA_VERSION = "gf01.run_record.v1";
export const SPLIT_MANIFEST_SCHEMA_VERSION = "gf01.split_manifest.v1";

export const ALLOWED_EVAL_TRACKS = ["EVAL-CB", "EVAL-TA", "EVAL-OC"] as const;
export type EvalTrack = (typeof ALLOWED_EVAL_TRACKS)[number];
export const ALLOWED_MODES = ["normal", "hard"] as const;
/** DEC-045: only the scored commit run is an official protocol today (official meta.py). */
export const ALLOWED_PLAY_PROTOCOLS = ["commit_only"] as const;
/**
 * DEC-045/046 as we record them: also "explore_then_commit" (unscored exploration rollouts,
 * then one scored commit episode). Accepted outside strict/official validation; reports keep
 * it in its own stratum.
 */
export const EXTENDED_PLAY_PROTOCOLS = ["commit_only", "explore_then_commit"] as const;

export const ADAPTATION_POLICY_VERSION = "gf01.adaptation_policy.v1";
export const ALLOWED_ADAPTATION_CONDITIONS = [
  "no_adaptation",
  "prompt_adaptation",
  "weight_finetune",
] as const;
export const ALLOWED_ADAPTATION_DATA_SCOPES = ["none", "public_only", "public_plus_external"] as const;

export const RENDERER_POLICY_VERSION = "gf01.renderer_policy.v1";
export const ALLOWED_RENDERER_TRACKS = ["json", "visual"] as const;
export const RENDERER_PROFILE_BY_TRACK: Readonly<Record<string, string>> = {
  json: "canonical-json-v1",
  visual: "GF-01-R1",
};
export function rendererProfileForTrack(track: string): string {
  return RENDERER_PROFILE_BY_TRACK[track.trim()] ?? "unknown";
}

export const OFFICIAL_SPLITS = ["public_dev", "public_val", "private_eval"] as const;

export const TOOL_POLICY_VERSION = "gf01.tool_policy.v1";
export const ALLOWED_TOOL_ALLOWLISTS_BY_TRACK: Readonly<Record<EvalTrack, readonly string[]>> = {
  "EVAL-CB": ["none"],
  "EVAL-TA": ["local-planner-v1"],
  "EVAL-OC": ["oracle-exact-search-v1"],
};
export const DEFAULT_TOOL_ALLOWLIST_BY_TRACK: Readonly<Record<EvalTrack, string>> = {
  "EVAL-CB": "none",
  "EVAL-TA": "local-planner-v1",
  "EVAL-OC": "oracle-exact-search-v1",
};

export const IDENTIFIABILITY_POLICY_VERSION = "gf01.identifiability_policy.v1";
export const IDENTIFIABILITY_METRIC_ID = "single_atom_observation_divergence.v1";
export const IDENTIFIABILITY_MIN_RESPONSE_RATIO = 0.6;
export const IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES = 8;

/**
 * The component versions every GF-01 artifact header carries, in the official order (right
 * after `family_id`). One list: the row and manifest field lists, the lean bundle check and the
 * zod header shape (artifacts/schema-parts.ts) spread it.
 */
export const VERSION_FIELDS = [
  "benchmark_version",
  "generator_version",
  "checker_version",
  "harness_version",
] as const;
export type VersionField = (typeof VERSION_FIELDS)[number];

/** A header's component versions, official order: the ones given, else this build's. */
export function componentVersions<T>(h: Partial<Record<VersionField, T>>): Record<VersionField, T | string> {
  return {
    benchmark_version: h.benchmark_version ?? BENCHMARK_VERSION,
    generator_version: h.generator_version ?? GENERATOR_VERSION,
    checker_version: h.checker_version ?? CHECKER_VERSION,
    harness_version: h.harness_version ?? HARNESS_VERSION,
  };
}

/** Precision, recall and F1 of the certificate's atoms (AP) and timesteps (TS), official order. */
export const AP_TS_METRICS = [
  "ap_precision",
  "ap_recall",
  "ap_f1",
  "ts_precision",
  "ts_recall",
  "ts_f1",
] as const;

/** The per-episode metrics of a score (official order): the gates, then AP / TS. */
export const EPISODE_METRICS = ["suff", "min1", "valid", "goal", "eff_t", "eff_a", ...AP_TS_METRICS] as const;

/**
 * The fields naming a run's adaptation condition (DEC-0xx adaptation policy), official order:
 * every grouping of rows keeps them apart (report groups, log conditions, pilot summaries).
 */
export const ADAPTATION_FIELDS = [
  "adaptation_condition",
  "adaptation_budget_tokens",
  "adaptation_data_scope",
  "adaptation_protocol_id",
] as const;

/** Fields every v1 run row must carry (official REQUIRED_RUN_FIELDS, same order). */
export const REQUIRED_RUN_FIELDS = [
  "schema_version",
  "family_id",
  ...VERSION_FIELDS,
  "git_commit",
  "config_hash",
  "instance_id",
  "eval_track",
  "renderer_track",
  "renderer_policy_version",
  "renderer_profile_id",
  "agent_name",
  "certificate",
  "suff",
  "min1",
  "valid",
  "goal",
  "ap_f1",
  "ts_f1",
  "split_id",
  "mode",
  "tool_allowlist_id",
  "play_protocol",
  "scored_commit_episode",
  "adaptation_policy_version",
  ...ADAPTATION_FIELDS,
] as const;

/** Metadata that strict/official mode requires to be non-empty and not "unknown". */
export const STRICT_META_FIELDS = [
  "benchmark_version",
  "generator_version",
  "checker_version",
  "harness_version",
  "git_commit",
  "config_hash",
  "tool_allowlist_id",
  "play_protocol",
  "renderer_track",
  "renderer_policy_version",
  "renderer_profile_id",
  "split_id",
  "agent_name",
  "adaptation_policy_version",
  "adaptation_condition",
  "adaptation_data_scope",
  "adaptation_protocol_id",
] as const;

export const REQUIRED_MANIFEST_FIELDS = [
  "schema_version",
  "family_id",
  ...VERSION_FIELDS,
  "instance_count",
  "instances",
] as const;

/**
 * Keys whose numbers are Python floats in official artifacts. JSON.parse forgets that `1.0`
 * was a float; without this, re-writing a bundle or row would print `1` and change hashes.
 */
export const GF01_FLOAT_KEYS: ReadonlySet<string> = new Set([
  // instance.complexity (the official loader casts every value to float; see also floatify)
  "effect_depth_norm",
  "input_count_norm",
  "state_count_norm",
  "transition_count_norm",
  // identifiability
  "response_ratio",
  "signature_diversity_ratio",
  "min_response_ratio",
  "identifiability_min_response_ratio",
  // run record metrics
  ...AP_TS_METRICS,
  // report / coverage
  "certified_rate",
  "goal_rate",
  "ap_f1_mean",
  "ts_f1_mean",
  "coverage_rate",
]);
