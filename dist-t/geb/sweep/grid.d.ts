import type { MetricDialect } from "../grade/grade.js";
import { type Compat, type DistractorProfile, type StateMode } from "../dataset/types.js";
/** Generator knobs that may also be swept as a list (`--<knob>-list`). */
export declare const RATE_KNOBS: readonly ["note_rate", "update_burst_rate", "distractor_rate", "clear_rate"];
export type RateKnob = (typeof RATE_KNOBS)[number];
/** Pipeline settings a cell may carry (interpreted by the pipeline cell runner, issue 7). */
export interface PipelineSettings {
    k?: number;
    rerank?: string;
    /** Any further pipeline knob swept as a list (`--pipeline-list drop_prob=0,0.2`). */
    [knob: string]: number | string | boolean | undefined;
}
export type RunnerSpec = {
    kind: "baseline";
    baseline: "ledger" | "naive";
} | {
    kind: "model";
    model: string;
} | {
    kind: "pipeline";
    model: string | null;
};
/**
 * A fully resolved sweep. `*Raw` fields keep the strings the user typed: the reference
 * records them verbatim in every result's `config` block.
 */
export interface SweepSpec {
    seeds: number;
    episodes: number;
    steps: number;
    stepsListRaw: string | null;
    keys: number;
    queries: number;
    derivedQueryRate: number;
    noDerivedQueries: boolean;
    chapters: number;
    distractorRate: number;
    tailDistractorSteps: number;
    clearRate: number;
    noteRate: number;
    updateBurstRate: number;
    stateModesRaw: string;
    distractorProfilesRaw: string;
    /** null: the flag was not given (the reference then uses true). */
    requireCitations: boolean | null;
    twins: boolean;
    maxSupportK: number;
    maxBookTokens: number | null;
    maxBookTokensListRaw: string | null;
    /** `--<knob>-list` values (raw strings), e.g. { update_burst_rate: "0.1,0.25" }. */
    rateLists: Partial<Record<RateKnob, string>>;
    /** Pipeline grid: knob → raw list, e.g. { k: "2,4,8", rerank: "none,latest_step" }. */
    pipelineLists: Record<string, string>;
    /** Fixed pipeline settings applied to every cell (e.g. wrong_type, order). */
    pipelineFixed: Record<string, number | string | boolean>;
    compat: Compat;
    metrics: MetricDialect;
    runner: RunnerSpec;
    /** Put measured wall time into results (breaks byte-identical reruns; off by default). */
    timings: boolean;
}
/** The reference `sweep` defaults. */
export declare const DEFAULT_SWEEP: Readonly<SweepSpec>;
export interface Cell {
    /** Position in the full grid (combined.json order). */
    index: number;
    /** Run directory name under the sweep's out dir. */
    name: string;
    seed: number;
    stateMode: StateMode;
    profile: DistractorProfile;
    steps: number;
    maxBookTokens: number | null;
    /** Generator rates for this cell (after list expansion). */
    rates: Record<RateKnob, number>;
    /** Only the rate knobs that were swept (they get a run-dir suffix and a config key). */
    sweptRates: RateKnob[];
    pipeline: PipelineSettings;
    sweptPipeline: string[];
}
/** Python `str()` of a number as the reference writes it into names (ints bare, floats repr). */
export declare function numLabel(x: number, isFloat: boolean): string;
export declare function stateModes(spec: SweepSpec): StateMode[];
export declare function distractorProfiles(spec: SweepSpec): DistractorProfile[];
/** Check ranges and names once, up front, so a bad flag never fails midway through a grid. */
export declare function validateSpec(spec: SweepSpec): void;
/** Expand a spec into its cells, in combined.json order. */
export declare function expandGrid(spec: SweepSpec): Cell[];
/** `--shard i/n` → [i, n] (1-based i). */
export declare function parseShard(raw: string): [number, number];
/** Cells of shard i of n: every n-th cell, so each shard gets a share of every dimension. */
export declare function shardCells(cells: readonly Cell[], shard: [number, number] | null): Cell[];
/** Identity of a grid: every field that changes any cell's bytes. */
export declare function specHash(spec: SweepSpec): string;
