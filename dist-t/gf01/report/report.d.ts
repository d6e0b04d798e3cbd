import type { ManifestCoverage } from "../artifacts/manifest.js";
import { type IntervalsBlock } from "../../core/stats/index.js";
/**
 * difficulty_slice (§7.4) is not a field of official rows. When a row carries one we use it;
 * otherwise it is `<mode>/z-<low|mid|high>` from the mean of the instance's normalised
 * complexity factors z(I) (equal-weight composite, §4.3), cut at 1/3 and 2/3.
 */
export declare function difficultySlice(row: Record<string, unknown>): string;
/** Group key fields, in output order. */
export declare const GROUP_DIMENSIONS: readonly ["family_id", "agent_name", "eval_track", "renderer_track", "renderer_profile_id", "play_protocol", "scored_commit_episode", "split_id", "mode", "difficulty_slice", "adaptation_condition", "adaptation_budget_tokens", "adaptation_data_scope", "adaptation_protocol_id"];
export interface ReportGroup {
    [k: string]: unknown;
    count: number;
    certified_rate: number;
    goal_rate: number;
    ap_f1_mean: number;
    ts_f1_mean: number;
    median_eff_t: number | null;
    kappa_distribution: {
        kappa: number[];
        count: number;
    }[];
    /** Intervals on the four rates (core.intervals.v1; docs/statistics.md). */
    intervals: IntervalsBlock;
}
/**
 * Dimensions a summary view may fold together. Tracks, agents, renderers, protocols and splits
 * can never be folded (DEC-001/046); difficulty strata can, for an at-a-glance per-agent view.
 */
export type FoldableDimension = "difficulty_slice" | "mode";
/** Streaming aggregator: `add(row)` per row, `finish()` once. */
export declare class ReportBuilder {
    private readonly fold;
    private readonly groups;
    /** `fold`: strata reported as "all" (the official report folds nothing). */
    constructor(fold?: readonly FoldableDimension[]);
    private readonly schemaVersions;
    private total;
    /** `player`: for human rows, who played (groups then report how many players they pool). */
    add(row: Record<string, unknown>, player?: string): void;
    finish(opts?: {
        strict?: boolean;
        coverage?: ManifestCoverage;
    }): Record<string, unknown>;
}
/** Plain-text table of a report (one line per group). */
export declare function formatReportTable(report: Record<string, unknown>): string;
/** Which of a player's attempts at an instance a report counts. */
export type AttemptPolicy = "first" | "best" | "all";
export declare const ATTEMPT_POLICIES: readonly AttemptPolicy[];
/**
 * Who played a human row and under which condition: `player_id` when present; rows written
 * before player ids existed carry the player in the agent name (`human-web:p017`), which is
 * split back into the condition (`human-web`) and the player. `undefined` for model rows.
 */
export declare function humanPlayer(row: Record<string, unknown>): {
    agent: string;
    player: string;
} | undefined;
/**
 * Human rows by (condition, player, instance), in file order (= attempt order). `finish`
 * feeds the counted attempt(s) into the pooled builder (groups then carry `players`) and
 * returns the same summary per player. Model rows never come here: they keep the strict
 * one-run-per-condition rule.
 */
export declare class AttemptCollector {
    readonly policy: AttemptPolicy;
    private readonly fold;
    private readonly cells;
    private rows;
    constructor(policy?: AttemptPolicy, fold?: readonly FoldableDimension[]);
    /** Takes the row if it is a human row (returns false for model rows). */
    add(row: Record<string, unknown>): boolean;
    get humanRows(): number;
    finish(pooled: ReportBuilder): Record<string, unknown> | undefined;
}
