import { type RateKnob, type SweepSpec } from "./grid.js";
import type { SweepRuntime } from "./runners.js";
export type WallDirection = "gte" | "lte";
export interface WallPoint {
    runDir: string;
    param: number;
    metric: number;
    stateMode: string | null;
    profile: string | null;
}
export declare function loadWallPoints(opts: {
    runsDir: string;
    metricPath: string;
    paramKey: string;
    stateMode?: string | null;
    profile?: string | null;
}): WallPoint[];
/** One point per parameter value: the max (or min) metric; first wins ties. */
export declare function aggregatePoints(points: readonly WallPoint[], mode: "max" | "min"): WallPoint[];
export declare function findWall<P extends {
    param: number;
    metric: number;
}>(points: readonly P[], threshold: number, direction: WallDirection): {
    lastOk: P | null;
    wall: P | null;
};
export declare function wallPayload(opts: {
    points: readonly WallPoint[];
    metricPath: string;
    paramKey: string;
    threshold: number;
    direction: WallDirection;
    stateMode: string | null;
    profile: string | null;
    lastOk: WallPoint | null;
    wall: WallPoint | null;
}): Record<string, unknown>;
export declare function findWallInRuns(opts: {
    runsDir: string;
    metricPath: string;
    paramKey: string;
    threshold: number;
    direction: WallDirection;
    stateMode?: string | null;
    profile?: string | null;
    aggregate?: "none" | "max" | "min";
    out?: string;
}): {
    out: string;
    payload: Record<string, unknown>;
    lines: string[];
    wall: WallPoint | null;
} | null;
/**
 * Write a wall back into a checks config as the reference does: `gte` (the metric rises into
 * failure, e.g. a drift rate) becomes that metric's `max`, `lte` its `min`. The check must
 * exist; the metric entry is created when absent.
 */
export declare function updateThresholdConfig(file: string, checkId: string, metricPath: string, threshold: number, direction: WallDirection): void;
export type WallKnob = "steps" | "max_book_tokens" | RateKnob;
/** The spec with one knob pinned to a value (lists for that knob dropped). */
export declare function pinKnob(spec: SweepSpec, knob: WallKnob, value: number): SweepSpec;
export interface WallProbe {
    param: number;
    metric: number;
    dir: string;
    phase: "coarse" | "refine" | "confirm";
}
export interface WallSearchOptions {
    spec: SweepSpec;
    out: string;
    param: string;
    values: string;
    metricPath: string;
    threshold: number;
    direction: WallDirection;
    refine?: number;
    tolerance?: number;
    confirmSeeds?: number;
    jobs?: number;
    progress?: boolean;
    runtime?: SweepRuntime;
    log?: (s: string) => void;
}
export declare function wallSearch(opts: WallSearchOptions): Promise<{
    file: string;
    result: Record<string, unknown>;
    lines: string[];
}>;
