import { type BundleSource, bundleToJson, type LoadedBundle, loadBundle } from "./artifacts/bundle.js";
import { type MigrationDefaults } from "./artifacts/legacy.js";
import { dumpJsonFile } from "./artifacts/pyout.js";
import type { Scorer } from "./artifacts/scorer.js";
import { type CheckSuiteOptions, runChecks } from "./checks/index.js";
import { type AtomBudgetRule } from "./model/compile.js";
import type { Gf01Instance } from "./model/types.js";
import { type AttemptPolicy, type FoldableDimension } from "./report/report.js";
import { type ValidationOutcome } from "./report/validate.js";
export type BestMatchPool = "complete" | "official";
/**
 * The verifier as a `Scorer` (DEC-025 best match over the complete M(I) unless `pool: "official"`).
 * The atom-budget rule is the compiled instance's (`withAtomBudget`) unless `atomBudget` is given.
 */
export declare function defaultScorer(opts?: {
    pool?: BestMatchPool;
    atomBudget?: AtomBudgetRule;
}): Scorer;
/** Parse a `--best-match-pool` value; undefined stays undefined (the caller's default applies). */
export declare function parseBestMatchPool(v: unknown): BestMatchPool | undefined;
/** Parse an `--atom-budget` value (one-line usage error otherwise). */
export declare function parseAtomBudgetRule(v: unknown, field?: string): AtomBudgetRule;
export interface ApiResult {
    ok: boolean;
    payload: Record<string, unknown>;
}
export type { Compat, GenerateOptions, GenerateSummary, WriteGeneratedOptions } from "./generate/run.js";
export { generateBundle, writeGeneratedBundle } from "./generate/run.js";
/** The toolkit's own commit, never the working directory's (src/core/provenance.ts). */
export declare function currentGitCommit(): string;
export { bundleToJson, loadBundle };
/** The split manifest of bare instances (official: a legacy list has no bundle header). */
export declare function manifestOf(instances: readonly Gf01Instance[]): Record<string, unknown>;
/** Official `identifiability-check` on a bundle file (exit 2 ⇔ some instance fails). */
export declare function identifiabilityCheckFile(instancesFile: string, o?: {
    minResponseRatio?: number;
    minUniqueSignatures?: number;
}): Promise<ApiResult>;
/** One row per instance of a bundle (`gf01 list`): what a user needs to pick an instance. */
export interface InstanceListRow {
    index: number;
    instance_id: string;
    mode: string;
    seed: number | null;
    t_star: number;
    horizon: number;
}
export declare function listInstances(b: LoadedBundle): InstanceListRow[];
/**
 * `gf01 import`: formal tasks / an HOA task (already loaded, see formal/source.ts) as a v1
 * instance bundle plus its split manifest. Imported tasks have no generator seed, so `seeds`
 * are their positions 0..n-1 (the instances keep `seed` as the task gave it, usually null);
 * `config_hash` pins the normalization version, and each instance carries its provenance.
 */
export declare function importFormal(o: {
    source: LoadedBundle;
    split?: string;
    gitCommit?: string;
}): {
    bundle: Record<string, unknown>;
    manifest: Record<string, unknown>;
};
/** Official `manifest`: the split manifest of a bundle file. */
export declare function manifestFor(instancesFile: string): Promise<Record<string, unknown>>;
export declare function verifyOne(o: {
    instancesFile: BundleSource;
    instanceId?: string;
    certificate: unknown;
    pool?: BestMatchPool;
    diagnostic?: boolean;
    atomBudget?: AtomBudgetRule;
    /** Also validate every other instance and the bundle's instances_hash. */
    checkBundle?: boolean;
}): Promise<ApiResult>;
export interface ValidateFileOptions {
    instancesFile?: string;
    manifestFile?: string;
    strict?: boolean;
    official?: boolean;
    pool?: BestMatchPool;
    /** Rule for rows that do not record `atom_budget` (default "diagnostic"). */
    atomBudget?: AtomBudgetRule;
}
export declare function validateRunsFile(runsFile: string, o?: ValidateFileOptions): Promise<ApiResult & {
    outcome: ValidationOutcome;
}>;
/**
 * Report = validate (same rules, same single pass) + per-stratum aggregation. `fold` reports
 * the given difficulty strata as "all" (a per-agent summary view; tracks and agents are never
 * folded).
 */
export declare function reportRunsFile(runsFile: string, o?: ValidateFileOptions & {
    fold?: readonly FoldableDimension[];
    /** Human rows: which of a player's attempts at an instance count (default first). */
    attempts?: AttemptPolicy;
}): Promise<ApiResult>;
export interface MigrateOptions {
    instancesFile: string;
    out: string;
    manifestFile?: string;
    defaults?: MigrationDefaults;
    pool?: BestMatchPool;
}
/** Migrate legacy rows to v1 (re-scored), write them, then validate the output strictly. */
export declare function migrateRunsFile(runsFile: string, o: MigrateOptions): Promise<ApiResult>;
export interface EvaluateOptions {
    instancesFile: BundleSource;
    agent: string;
    evalTrack?: string;
    rendererTrack?: string;
    seed?: number;
    toolAllowlistId?: string;
    toolLogHash?: string;
    adaptationCondition?: string;
    adaptationBudgetTokens?: number;
    adaptationDataScope?: string;
    adaptationProtocolId?: string;
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
}
/** Run one agent over a bundle; rows are appended to `out` as they are scored. */
export declare function evaluateAgent(o: EvaluateOptions): Promise<ApiResult>;
export type { CheckSuiteOptions };
export { dumpJsonFile, runChecks };
/** Greedy/search baselines for AB-003/AB-005, when the agents package is present. */
export declare function checkAgents(): CheckSuiteOptions["agents"];
/**
 * `demo`: one instance, the generator's witness, and every baseline agent's verdict, metrics
 * and one-row `aggregate`. With `official-0.1` this is the official `demo` output exactly (the
 * five official agents, AP/TS against the official capped pool, no extra keys); the default
 * compat adds our agents and `kappa`, scored against the complete M(I).
 */
export declare function demo(seed: number, compat?: string): Promise<ApiResult>;
