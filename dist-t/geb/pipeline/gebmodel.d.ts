/**
 * `geb model` as a function: a model (any engine client) or the retrieval pipeline
 * (`retrieval[:<answerer>]`) over a dataset, graded with the 1.0 metrics, returning the
 * results payload (the reference `model` payload plus per-row statistics and the
 * decomposition). Sweeps call this directly.
 */
import type { IntervalsBlock } from "../../core/stats/index.js";
import { type EngineFromOptions } from "../../core/engine/index.js";
import { type GradeOptions, type Metrics } from "../grade/grade.js";
import { type GebAnswer, type GebModelRecord, type GebPostprocess, type GebPromptOptions } from "../model/index.js";
import type { GebRowRead } from "../dataset/schema.js";
import { type DecompositionRates } from "../summary/decomposition.js";
import { type RowStat } from "../summary/rowstats.js";
import { type ResolvedPipelineConfig } from "./config.js";
import { MODEL_RUN_SCHEMA } from "./run-schema.js";
export { MODEL_RUN_SCHEMA };
/** `retrieval` / `retrieval:<answerer spec>` → the answerer spec (null: no model). */
export declare function parseRetrievalSpec(spec: string): {
    answerer: string | null;
} | null;
export interface GebModelOptions {
    data: string;
    /** The `--model` spec as given (recorded). */
    model: string;
    /** Engine for the model (plain) or the answerer (pipeline); null: pipeline without a model. */
    engine: EngineFromOptions | null;
    prompt: GebPromptOptions;
    postprocess: GebPostprocess;
    grade?: Partial<GradeOptions>;
    /** Set for `retrieval[:…]`. */
    pipeline: ResolvedPipelineConfig | null;
    /** Only the first n rows (they are also the only rows graded). */
    limit?: number;
    /** Free-form labels recorded in the payload (e.g. distractor_profile for a sweep cell). */
    labels?: Record<string, string | number | boolean | null>;
    /** Record wall time in `efficiency` (default true; off for byte-identical artifacts). */
    timings?: boolean;
    /** Rows already read from `data` (grids reuse one read for many cells). */
    rows?: readonly LoadedRow[];
}
export interface MetricStats {
    n: number;
    mean: number;
    stdev: number;
    min: number;
    max: number;
}
/**
 * The linear selector shipped with the package (configs/models/linear-selector.json, trained
 * deterministically; its provenance is in configs/models/README.md). Configs name it
 * `bundled:linear-selector`, so results do not carry a machine-specific path.
 */
export declare const BUNDLED_LINEAR_MODEL = "bundled:linear-selector";
export declare function resolveLinearModelPath(name: string): string;
export interface ModelRunPayload {
    adapter_schema_version: "1.0";
    schema: typeof MODEL_RUN_SCHEMA;
    model: string;
    /** `reference`: a reference-layout result (sweep cell, reference run) read by summary/runs. */
    adapter: "retrieval" | "engine" | "reference";
    protocol: "closed_book";
    data: {
        path: string;
        n: number;
    };
    state_mode: string | null;
    distractor_profile: string | null;
    labels: Record<string, string | number | boolean | null>;
    config: Record<string, unknown>;
    env: Record<string, string | null>;
    metrics: Metrics;
    /**
     * The reference's key: metrics of the model's answers before any post-processing. Ours are
     * never post-processed (repair is graded apart, in `metrics_postprocessed`), so this equals
     * `metrics` whenever a model answered; null when no model did (deterministic pipeline).
     */
    metrics_raw: Metrics | null;
    metrics_postprocessed?: Metrics & {
        source: "postprocessed";
    };
    trial_stats?: Record<string, MetricStats | null>;
    efficiency: Record<string, unknown>;
    decomposition: (DecompositionRates & {
        decomposition_line: string | null;
    }) | null;
    errors: number;
    /** The reference's per-episode reports of adapter-built artifacts; we build none (books are read as given). */
    artifact_stats: unknown[];
    retrieval_stats: RowStat[];
    /** Intervals on trial 0's per-row rates, clustered by episode (metrics 1.0; docs/statistics.md). */
    intervals?: IntervalsBlock;
}
export interface GebModelResult {
    payload: ModelRunPayload;
    /** Per trial: what was graded (id → answer; absent/undefined = graded wrong). */
    predictions: Map<string, GebAnswer | undefined>[];
    records: GebModelRecord[];
    /** Transport errors left after all retries (non-zero: the run is incomplete). */
    errors: number;
    /** Message of the first failed request, when any failed. */
    firstError: string | null;
}
/** A dataset row as the pipeline reads it (question and episode id always present). */
export type LoadedRow = GebRowRead & {
    question: string;
    episode_id: string;
};
export declare function loadRows(file: string, limit?: number): LoadedRow[];
export declare function runGebModel(opts: GebModelOptions): Promise<GebModelResult>;
