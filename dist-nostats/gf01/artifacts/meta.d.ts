/**
 * GF-01 artifact constants: schema ids, policy versions and the allowed-value tables the
 * official harness checks (its `gf01/meta.py`). One place, so writer and validator agree.
 */
export declare const FAMILY_ID = "GF-01";
/** Versions stamped into artifacts we write (the official fixtures say 0.1.0 / harness 1.0.0). */
export declare const BENCHMARK_VERSION = "0.1.0";
export declare const GENERATOR_VERSION = "0.1.0";
export declare const CHECKER_VERSION = "0.1.0";
export declare const HARNESS_VERSION = "1.0.0";
export declare const INSTANCE_BUNDLE_SCHEMA_VERSION = "gf01.instance_bundle.v1";
export declare const RUN_RECORD_SCHEMA_VERSION = "gf01.run_record.v1";
export declare const SPLIT_MANIFEST_SCHEMA_VERSION = "gf01.split_manifest.v1";
export declare const ALLOWED_EVAL_TRACKS: readonly ["EVAL-CB", "EVAL-TA", "EVAL-OC"];
export type EvalTrack = (typeof ALLOWED_EVAL_TRACKS)[number];
export declare const ALLOWED_MODES: readonly ["normal", "hard"];
/** DEC-045: only the scored commit run is an official protocol today (official meta.py). */
export declare const ALLOWED_PLAY_PROTOCOLS: readonly ["commit_only"];
/**
 * DEC-045/046 as we record them: also "explore_then_commit" (unscored exploration rollouts,
 * then one scored commit episode). Accepted outside strict/official validation; reports keep
 * it in its own stratum.
 */
export declare const EXTENDED_PLAY_PROTOCOLS: readonly ["commit_only", "explore_then_commit"];
export declare const ADAPTATION_POLICY_VERSION = "gf01.adaptation_policy.v1";
export declare const ALLOWED_ADAPTATION_CONDITIONS: readonly ["no_adaptation", "prompt_adaptation", "weight_finetune"];
export declare const ALLOWED_ADAPTATION_DATA_SCOPES: readonly ["none", "public_only", "public_plus_external"];
export declare const RENDERER_POLICY_VERSION = "gf01.renderer_policy.v1";
export declare const ALLOWED_RENDERER_TRACKS: readonly ["json", "visual"];
export declare const RENDERER_PROFILE_BY_TRACK: Readonly<Record<string, string>>;
export declare function rendererProfileForTrack(track: string): string;
export declare const OFFICIAL_SPLITS: readonly ["public_dev", "public_val", "private_eval"];
export declare const TOOL_POLICY_VERSION = "gf01.tool_policy.v1";
export declare const ALLOWED_TOOL_ALLOWLISTS_BY_TRACK: Readonly<Record<EvalTrack, readonly string[]>>;
export declare const DEFAULT_TOOL_ALLOWLIST_BY_TRACK: Readonly<Record<EvalTrack, string>>;
export declare const IDENTIFIABILITY_POLICY_VERSION = "gf01.identifiability_policy.v1";
export declare const IDENTIFIABILITY_METRIC_ID = "single_atom_observation_divergence.v1";
export declare const IDENTIFIABILITY_MIN_RESPONSE_RATIO = 0.6;
export declare const IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES = 8;
/** Fields every v1 run row must carry (official REQUIRED_RUN_FIELDS, same order). */
export declare const REQUIRED_RUN_FIELDS: readonly ["schema_version", "family_id", "benchmark_version", "generator_version", "checker_version", "harness_version", "git_commit", "config_hash", "instance_id", "eval_track", "renderer_track", "renderer_policy_version", "renderer_profile_id", "agent_name", "certificate", "suff", "min1", "valid", "goal", "ap_f1", "ts_f1", "split_id", "mode", "tool_allowlist_id", "play_protocol", "scored_commit_episode", "adaptation_policy_version", "adaptation_condition", "adaptation_budget_tokens", "adaptation_data_scope", "adaptation_protocol_id"];
/** Metadata that strict/official mode requires to be non-empty and not "unknown". */
export declare const STRICT_META_FIELDS: readonly ["benchmark_version", "generator_version", "checker_version", "harness_version", "git_commit", "config_hash", "tool_allowlist_id", "play_protocol", "renderer_track", "renderer_policy_version", "renderer_profile_id", "split_id", "agent_name", "adaptation_policy_version", "adaptation_condition", "adaptation_data_scope", "adaptation_protocol_id"];
export declare const REQUIRED_MANIFEST_FIELDS: readonly ["schema_version", "family_id", "benchmark_version", "generator_version", "checker_version", "harness_version", "instance_count", "instances"];
/**
 * Keys whose numbers are Python floats in official artifacts. JSON.parse forgets that `1.0`
 * was a float; without this, re-writing a bundle or row would print `1` and change hashes.
 */
export declare const GF01_FLOAT_KEYS: ReadonlySet<string>;
