/**
 * `gf01.run_record.v1`: one scored commit episode per JSONL row. The writer emits the key set of
 * the newest official writer (49 keys: 31 required + metrics + instance fields incl.
 * `content_hash`/`normalization_version`, `json.dumps(row, sort_keys=True)`) plus our
 * `atom_budget`/`exceeds_budget_atoms`; the reader accepts extra keys and checks the official
 * policy rules with the official messages.
 */
import { z } from "zod";
import { type AtomBudgetRule } from "../model/compile.js";
import type { Certificate, Gf01Instance } from "../model/types.js";
import type { PrfSix } from "../verify/metrics.js";
import type { VerifyResult } from "../verify/verify.js";
/** Typed v1 row. Loose: unknown keys pass through (and are preserved by migrate/rewrite). */
export declare const runRecordSchema: z.ZodObject<{
    schema_version: z.ZodLiteral<"gf01.run_record.v1">;
    family_id: z.ZodLiteral<"GF-01">;
    benchmark_version: z.ZodString;
    generator_version: z.ZodString;
    checker_version: z.ZodString;
    harness_version: z.ZodString;
    git_commit: z.ZodString;
    config_hash: z.ZodString;
    tool_allowlist_id: z.ZodString;
    tool_log_hash: z.ZodOptional<z.ZodString>;
    play_protocol: z.ZodEnum<{
        commit_only: "commit_only";
        explore_then_commit: "explore_then_commit";
    }>;
    scored_commit_episode: z.ZodBoolean;
    adaptation_policy_version: z.ZodString;
    adaptation_condition: z.ZodEnum<{
        no_adaptation: "no_adaptation";
        prompt_adaptation: "prompt_adaptation";
        weight_finetune: "weight_finetune";
    }>;
    adaptation_budget_tokens: z.ZodNumber;
    adaptation_data_scope: z.ZodEnum<{
        none: "none";
        public_only: "public_only";
        public_plus_external: "public_plus_external";
    }>;
    adaptation_protocol_id: z.ZodString;
    instance_id: z.ZodString;
    eval_track: z.ZodEnum<{
        "EVAL-CB": "EVAL-CB";
        "EVAL-TA": "EVAL-TA";
        "EVAL-OC": "EVAL-OC";
    }>;
    renderer_track: z.ZodEnum<{
        json: "json";
        visual: "visual";
    }>;
    renderer_policy_version: z.ZodString;
    renderer_profile_id: z.ZodString;
    agent_name: z.ZodString;
    certificate: z.ZodArray<z.ZodTuple<[z.ZodNumber, z.ZodString, z.ZodUnion<readonly [z.ZodLiteral<0>, z.ZodLiteral<1>]>], null>>;
    suff: z.ZodBoolean;
    min1: z.ZodBoolean;
    valid: z.ZodBoolean;
    goal: z.ZodBoolean;
    eff_t: z.ZodOptional<z.ZodNumber>;
    eff_a: z.ZodOptional<z.ZodNumber>;
    ap_precision: z.ZodOptional<z.ZodNumber>;
    ap_recall: z.ZodOptional<z.ZodNumber>;
    ap_f1: z.ZodNumber;
    ts_precision: z.ZodOptional<z.ZodNumber>;
    ts_recall: z.ZodOptional<z.ZodNumber>;
    ts_f1: z.ZodNumber;
    diagnostic_status: z.ZodOptional<z.ZodString>;
    diagnostic_runtime_ms: z.ZodOptional<z.ZodNumber>;
    split_id: z.ZodString;
    mode: z.ZodEnum<{
        normal: "normal";
        hard: "hard";
    }>;
    t_star: z.ZodOptional<z.ZodNumber>;
    window_size: z.ZodOptional<z.ZodNumber>;
    budget_timestep: z.ZodOptional<z.ZodNumber>;
    budget_atoms: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    seed: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    complexity: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodNumber>>;
    identifiability: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    content_hash: z.ZodOptional<z.ZodString>;
    normalization_version: z.ZodOptional<z.ZodString>;
    atom_budget: z.ZodOptional<z.ZodEnum<{
        diagnostic: "diagnostic";
        enforce: "enforce";
    }>>;
    exceeds_budget_atoms: z.ZodOptional<z.ZodBoolean>;
    best_match_pool: z.ZodOptional<z.ZodEnum<{
        complete: "complete";
        official: "official";
    }>>;
    kappa: z.ZodOptional<z.ZodTuple<[z.ZodNumber, z.ZodNumber, z.ZodNumber, z.ZodNumber], null>>;
    score_c: z.ZodOptional<z.ZodNumber>;
    difficulty_slice: z.ZodOptional<z.ZodString>;
}, z.core.$loose>;
export type RunRecord = z.output<typeof runRecordSchema>;
/** Metric fields a verifier produces for one certificate (the scorer's output shape). */
export type RunMetrics = VerifyResult & PrfSix & {
    diagnostic_status?: string;
    diagnostic_runtime_ms?: number;
    kappa?: readonly [number, number, number, number];
    score_c?: number;
    atom_budget?: AtomBudgetRule;
    exceeds_budget_atoms?: boolean;
    best_match_pool?: "complete" | "official";
};
/** Run-level metadata (official `run_meta`). Missing entries take the official defaults. */
export interface RunMeta {
    family_id?: string;
    benchmark_version?: string;
    generator_version?: string;
    checker_version?: string;
    harness_version?: string;
    git_commit?: string;
    config_hash?: string;
    tool_allowlist_id?: string;
    tool_log_hash?: string;
    play_protocol?: string;
    scored_commit_episode?: boolean;
    adaptation_policy_version?: string;
    adaptation_condition?: string;
    adaptation_budget_tokens?: number;
    adaptation_data_scope?: string;
    adaptation_protocol_id?: string;
    renderer_policy_version?: string;
    renderer_profile_id?: string;
}
export interface RunIdentity {
    instance_id: string;
    eval_track: string;
    renderer_track: string;
    agent_name: string;
    certificate: Certificate;
}
/** Official `run_record_to_dict`. `extraMetrics` adds `kappa`/`score_c` (off: byte parity with official rows). */
export declare function buildRunRecord(id: RunIdentity, m: RunMetrics, instance: Gf01Instance | undefined, meta?: RunMeta, opts?: {
    extraMetrics?: boolean;
    officialKeysOnly?: boolean;
}): Record<string, unknown>;
/** One JSONL line (no newline), byte-identical to the official writer. */
export declare function runRecordLine(row: Record<string, unknown>): string;
export interface RowIssue {
    /** 1-based JSONL line. */
    line: number;
    field?: string;
    message: string;
    expected?: unknown;
    actual?: unknown;
}
export declare function trackToolPolicyError(evalTrack: string, allowlistId: unknown, toolLogHash: unknown): string | undefined;
/**
 * The `evaluate` command's track/tool policy (official `track_tool_policy_message`), whose
 * messages differ from the row validator's (`trackToolPolicyError`).
 */
export declare function evaluateToolPolicyError(evalTrack: string, allowlistId: string, toolLogHash: string): string | undefined;
export declare function adaptationPolicyError(condition: string, budget: number, scope: string, protocolId: string): string | undefined;
export declare function rendererPolicyError(track: string, profile: string): string | undefined;
/**
 * Policy issues of one row (official `validate_run_rows` for a single row). `strict` is the
 * official strict/official mode: schema/family ids must match and metadata be populated.
 * An empty list means the row passes the official checks.
 */
export declare function officialRowIssues(row: unknown, line: number, strict: boolean): RowIssue[];
/** Official error text for a row issue (`row {idx}: …`, idx 0-based like the reference). */
export declare function officialIssueText(issue: RowIssue, rowIndex: number): string;
/** The normalization version the newest official loader assigns (provenance's, else v1). */
export declare function instanceNormalizationVersion(inst: Gf01Instance): string;
