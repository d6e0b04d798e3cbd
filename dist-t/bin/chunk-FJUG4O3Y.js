import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/gf01/artifacts/meta.ts
var FAMILY_ID = "GF-01";
var BENCHMARK_VERSION = "0.1.0";
var GENERATOR_VERSION = "0.1.0";
var CHECKER_VERSION = "0.1.0";
var HARNESS_VERSION = "1.0.0";
var INSTANCE_BUNDLE_SCHEMA_VERSION = "gf01.instance_bundle.v1";
var RUN_RECORD_SCHEMA_VERSION = "gf01.run_record.v1";
var SPLIT_MANIFEST_SCHEMA_VERSION = "gf01.split_manifest.v1";
var ALLOWED_EVAL_TRACKS = ["EVAL-CB", "EVAL-TA", "EVAL-OC"];
var ALLOWED_MODES = ["normal", "hard"];
var ALLOWED_PLAY_PROTOCOLS = ["commit_only"];
var EXTENDED_PLAY_PROTOCOLS = ["commit_only", "explore_then_commit"];
var ADAPTATION_POLICY_VERSION = "gf01.adaptation_policy.v1";
var ALLOWED_ADAPTATION_CONDITIONS = [
  "no_adaptation",
  "prompt_adaptation",
  "weight_finetune"
];
var ALLOWED_ADAPTATION_DATA_SCOPES = ["none", "public_only", "public_plus_external"];
var RENDERER_POLICY_VERSION = "gf01.renderer_policy.v1";
var ALLOWED_RENDERER_TRACKS = ["json", "visual"];
var RENDERER_PROFILE_BY_TRACK = {
  json: "canonical-json-v1",
  visual: "GF-01-R1"
};
function rendererProfileForTrack(track) {
  return RENDERER_PROFILE_BY_TRACK[track.trim()] ?? "unknown";
}
var ALLOWED_TOOL_ALLOWLISTS_BY_TRACK = {
  "EVAL-CB": ["none"],
  "EVAL-TA": ["local-planner-v1"],
  "EVAL-OC": ["oracle-exact-search-v1"]
};
var DEFAULT_TOOL_ALLOWLIST_BY_TRACK = {
  "EVAL-CB": "none",
  "EVAL-TA": "local-planner-v1",
  "EVAL-OC": "oracle-exact-search-v1"
};
var IDENTIFIABILITY_POLICY_VERSION = "gf01.identifiability_policy.v1";
var IDENTIFIABILITY_METRIC_ID = "single_atom_observation_divergence.v1";
var IDENTIFIABILITY_MIN_RESPONSE_RATIO = 0.6;
var IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES = 8;
var REQUIRED_RUN_FIELDS = [
  "schema_version",
  "family_id",
  "benchmark_version",
  "generator_version",
  "checker_version",
  "harness_version",
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
  "adaptation_condition",
  "adaptation_budget_tokens",
  "adaptation_data_scope",
  "adaptation_protocol_id"
];
var STRICT_META_FIELDS = [
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
  "adaptation_protocol_id"
];
var REQUIRED_MANIFEST_FIELDS = [
  "schema_version",
  "family_id",
  "benchmark_version",
  "generator_version",
  "checker_version",
  "harness_version",
  "instance_count",
  "instances"
];
var GF01_FLOAT_KEYS = /* @__PURE__ */ new Set([
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
  "ap_precision",
  "ap_recall",
  "ap_f1",
  "ts_precision",
  "ts_recall",
  "ts_f1",
  // report / coverage
  "certified_rate",
  "goal_rate",
  "ap_f1_mean",
  "ts_f1_mean",
  "coverage_rate"
]);

export {
  FAMILY_ID,
  BENCHMARK_VERSION,
  GENERATOR_VERSION,
  CHECKER_VERSION,
  HARNESS_VERSION,
  INSTANCE_BUNDLE_SCHEMA_VERSION,
  RUN_RECORD_SCHEMA_VERSION,
  SPLIT_MANIFEST_SCHEMA_VERSION,
  ALLOWED_EVAL_TRACKS,
  ALLOWED_MODES,
  ALLOWED_PLAY_PROTOCOLS,
  EXTENDED_PLAY_PROTOCOLS,
  ADAPTATION_POLICY_VERSION,
  ALLOWED_ADAPTATION_CONDITIONS,
  ALLOWED_ADAPTATION_DATA_SCOPES,
  RENDERER_POLICY_VERSION,
  ALLOWED_RENDERER_TRACKS,
  rendererProfileForTrack,
  ALLOWED_TOOL_ALLOWLISTS_BY_TRACK,
  DEFAULT_TOOL_ALLOWLIST_BY_TRACK,
  IDENTIFIABILITY_POLICY_VERSION,
  IDENTIFIABILITY_METRIC_ID,
  IDENTIFIABILITY_MIN_RESPONSE_RATIO,
  IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES,
  REQUIRED_RUN_FIELDS,
  STRICT_META_FIELDS,
  REQUIRED_MANIFEST_FIELDS,
  GF01_FLOAT_KEYS
};
