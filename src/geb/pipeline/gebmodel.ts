/**
 * `geb model` as a function: a model (any engine client) or the retrieval pipeline
 * (`retrieval[:<answerer>]`) over a dataset, graded with the 1.0 metrics, returning the
 * results payload (the reference `model` payload plus per-row statistics and the
 * decomposition). Sweeps call this directly.
 */
import type { IntervalsBlock } from "../../core/stats/index.js";
import { episodeCluster, GradeIntervals } from "../grade/intervals.js";
import { fileURLToPath } from "node:url";
import { type EngineFromOptions, trialStats } from "../../core/engine/index.js";
import { InputError } from "../../core/errors.js";
import { forEachDataRow } from "../api.js";
import {
  DEFAULT_GRADE_OPTIONS,
  type GradeOptions,
  Grader,
  type Metrics,
  RATE_METRICS,
  type RowResult,
} from "../grade/grade.js";
import {
  type GebAnswer,
  type GebModelRecord,
  type GebPostprocess,
  type GebPromptOptions,
  gebDefaultParams,
  gebEfficiency,
  gebPredictions,
  runModelOverRows,
} from "../model/index.js";
import type { GebRowRead } from "../dataset/schema.js";
import { loadLinearModel } from "../selector/linear.js";
import { countRows, type DecompositionRates, decompositionLine, rates } from "../summary/decomposition.js";
import { decompositionIntervals } from "../summary/decomposition-intervals.js";
import { modelRowStat, pipelineRowStat, type RowStat } from "../summary/rowstats.js";
import { ENV_PREFIX, ENV_VARS, type ResolvedPipelineConfig } from "./config.js";
import { type PipelineRunResult, runPipeline } from "./run.js";

import { MODEL_RUN_SCHEMA } from "./run-schema.js";

export { MODEL_RUN_SCHEMA };

/** `retrieval` / `retrieval:<answerer spec>` → the answerer spec (null: no model). */
export function parseRetrievalSpec(spec: string): { answerer: string | null } | null {
  if (spec === "retrieval") return { answerer: null };
  if (spec.startsWith("retrieval:")) return { answerer: spec.slice("retrieval:".length) || null };
  return null;
}

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
  /**
   * Called once every input of the run (rows, linear model) is read and valid, before any
   * request: the CLI writes its outputs (the effective config) only then, so bad input leaves
   * no file behind.
   */
  onInputsRead?: () => void | Promise<void>;
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
export const BUNDLED_LINEAR_MODEL = "bundled:linear-selector";

export function resolveLinearModelPath(name: string): string {
  if (name !== BUNDLED_LINEAR_MODEL) return name;
  return fileURLToPath(new URL("../../../configs/models/linear-selector.json", import.meta.url));
}

export interface ModelRunPayload {
  adapter_schema_version: "1.0";
  schema: typeof MODEL_RUN_SCHEMA;
  model: string;
  /** `reference`: a reference-layout result (sweep cell, reference run) read by summary/runs. */
  adapter: "retrieval" | "engine" | "reference";
  protocol: "closed_book";
  data: { path: string; n: number };
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
  metrics_postprocessed?: Metrics & { source: "postprocessed" };
  trial_stats?: Record<string, MetricStats | null>;
  efficiency: Record<string, unknown>;
  decomposition: (DecompositionRates & { decomposition_line: string | null }) | null;
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
export type LoadedRow = GebRowRead & { question: string; episode_id: string };

export function loadRows(file: string, limit?: number): LoadedRow[] {
  const rows: LoadedRow[] = [];
  forEachDataRow(file, (row) => {
    if (limit !== undefined && rows.length >= limit) return;
    row.question ??= "";
    row.episode_id ??= "E0000";
    rows.push(row as LoadedRow);
  });
  return rows;
}

function gradeAll(
  rows: readonly LoadedRow[],
  preds: Map<string, GebAnswer | undefined>,
  opts: GradeOptions,
): { metrics: Metrics; results: RowResult[]; twins: ReturnType<Grader["twinPairs"]> } {
  const g = new Grader(opts);
  const results = rows.map((r) => g.add(r, preds.get(r.id)));
  return { metrics: g.result(), results, twins: g.twinPairs() };
}

const METRIC_KEYS: readonly (keyof Metrics)[] = RATE_METRICS;

function statsOver(all: Metrics[]): Record<string, MetricStats | null> {
  const out: Record<string, MetricStats | null> = {};
  for (const k of METRIC_KEYS) {
    const vals = all.map((m) => m[k]).filter((x): x is number => typeof x === "number");
    const s = trialStats(vals);
    out[k] = s ? { n: s.n, mean: s.mean, stdev: s.stdev, min: s.min, max: s.max } : null;
  }
  return out;
}

function uniform(rows: readonly LoadedRow[], f: (r: LoadedRow) => unknown): string | null {
  let v: unknown;
  for (const r of rows) {
    const x = f(r);
    if (v === undefined) v = x;
    else if (x !== v) return null;
  }
  return typeof v === "string" ? v : null;
}

function envRecord(): Record<string, string | null> {
  const env: Record<string, string | null> = {
    GOLDEVIDENCEBENCH_MODEL: process.env.GOLDEVIDENCEBENCH_MODEL ?? null,
    GOLDEVIDENCEBENCH_REQUIRE_CITATIONS: process.env.GOLDEVIDENCEBENCH_REQUIRE_CITATIONS ?? null,
  };
  for (const name of Object.keys(ENV_VARS)) {
    const v = process.env[ENV_PREFIX + name];
    if (v !== undefined) env[ENV_PREFIX + name] = v;
  }
  return env;
}

function sumEfficiency(
  parts: ReturnType<typeof gebEfficiency>[],
  n: number,
  wall: number,
): Record<string, unknown> {
  const tokens = parts.reduce((a, p) => a + p.tokens, 0);
  const sum = (
    k: "prompt_tokens" | "completion_tokens" | "live_calls" | "cache_hits" | "errors" | "invalid" | "resumed",
  ) => parts.reduce((a, p) => a + p[k], 0);
  const cost = parts.every((p) => p.cost_usd === null)
    ? null
    : parts.reduce((a, p) => a + (p.cost_usd ?? 0), 0);
  return {
    tokens,
    tokens_per_q: n ? tokens / n : 0,
    passes: parts.length,
    wall_s: wall,
    wall_s_per_q: n ? wall / n : 0,
    prompt_tokens: sum("prompt_tokens"),
    completion_tokens: sum("completion_tokens"),
    live_calls: sum("live_calls"),
    cache_hits: sum("cache_hits"),
    resumed: sum("resumed"),
    errors: sum("errors"),
    invalid: sum("invalid"),
    cost_usd: cost,
  };
}

export async function runGebModel(opts: GebModelOptions): Promise<GebModelResult> {
  const t0 = performance.now();
  // 1.0 metrics unless the caller (a reference-dialect sweep) asks for the reference's.
  const gradeOpts: GradeOptions = { ...DEFAULT_GRADE_OPTIONS, metrics: "1.0", ...opts.grade };
  const rows = opts.rows ? opts.rows.slice(0, opts.limit) : loadRows(opts.data, opts.limit);
  const n = rows.length;
  const timings = opts.timings !== false;
  const byTrialPreds: Map<string, GebAnswer | undefined>[] = [];
  let postPreds: Map<string, GebAnswer | undefined>[] | null = null;
  let records: GebModelRecord[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let efficiency: Record<string, unknown>;
  let pipe: PipelineRunResult | null = null;
  let modelAnswered = true;

  if (opts.pipeline) {
    const c = opts.pipeline.config;
    const linear =
      c.rerank === "linear" && c.linear_model
        ? loadLinearModel(resolveLinearModelPath(c.linear_model))
        : null;
    if (c.pick_then_answer && c.rerank !== "none")
      throw new InputError("pick-then-answer needs --rerank none (the answerer picks)", {
        field: "--pick-then-answer",
      });
    const needsModel = !c.selector_only && !c.deterministic_answer;
    modelAnswered = needsModel;
    if (needsModel && !opts.engine)
      throw new InputError(
        "the pipeline needs an answerer: --model retrieval:<model spec>, or --deterministic-answer / --selector-only",
        { field: "--model" },
      );
    await opts.onInputsRead?.();
    pipe = await runPipeline({
      rows,
      config: c,
      linearWeights: linear?.weights,
      answerer:
        needsModel && opts.engine
          ? {
              client: opts.engine.client,
              params: { ...gebDefaultParams(), ...opts.engine.params },
              prompt: opts.prompt,
              postprocess: opts.postprocess,
              run: opts.engine.run,
            }
          : null,
      maxSupportK: gradeOpts.maxSupportK,
    });
    byTrialPreds.push(...pipe.predictions);
    postPreds = pipe.predictionsPostprocessed;
    records = pipe.records;
    errors = pipe.errors;
    firstError = pipe.engine.find((s) => s.first_error)?.first_error?.message ?? null;
    const wall = (performance.now() - t0) / 1000;
    efficiency =
      pipe.engine.length > 0
        ? sumEfficiency(pipe.engine.map(gebEfficiency), n * pipe.trials, wall)
        : { tokens: 0, tokens_per_q: 0, passes: 0, wall_s: wall, wall_s_per_q: n ? wall / n : 0 };
    if (pipe.embeddings) efficiency.embedding_requests = pipe.embeddings.requests;
  } else {
    if (!opts.engine) throw new Error("runGebModel: a plain model run needs an engine");
    await opts.onInputsRead?.();
    const res = await runModelOverRows({
      rows,
      client: opts.engine.client,
      params: { ...gebDefaultParams(), ...opts.engine.params },
      prompt: opts.prompt,
      postprocess: opts.postprocess,
      maxSupportK: gradeOpts.maxSupportK,
      ...opts.engine.run,
    });
    records = res.records;
    errors = res.errors.length;
    firstError = res.summary.first_error?.message ?? null;
    for (let t = 0; t < opts.engine.run.trials; t++) {
      const { predictions } = gebPredictions(res.records, { trial: t });
      byTrialPreds.push(new Map(predictions));
    }
    if (opts.postprocess === "reference-repair") {
      postPreds = [];
      for (let t = 0; t < opts.engine.run.trials; t++)
        postPreds.push(
          new Map(gebPredictions(res.records, { trial: t, source: "postprocessed" }).predictions),
        );
    }
    efficiency = { ...gebEfficiency(res.summary) };
  }
  if (!timings) {
    for (const k of [
      "wall_s",
      "wall_s_per_q",
      "latency_ms_p50",
      "latency_ms_p95",
      "prefill_s",
      "decode_s",
      "prefill_s_per_q",
      "decode_s_per_q",
    ])
      if (k in efficiency) efficiency[k] = null;
  }

  const perTrial: Metrics[] = [];
  let intervals: IntervalsBlock | undefined;
  const rowStats: RowStat[] = [];
  const spoofOn = (opts.pipeline?.config.authority_spoof_rate ?? 0) > 0;
  byTrialPreds.forEach((preds, t) => {
    const { metrics, results, twins } = gradeAll(rows, preds, gradeOpts);
    perTrial.push(metrics);
    if (t === 0 && gradeOpts.metrics === "1.0") {
      const gi = new GradeIntervals();
      for (let i = 0; i < rows.length; i++) gi.add(results[i], episodeCluster(rows[i]));
      gi.addTwinPairs(twins);
      intervals = gi.finish(metrics);
    }
    rows.forEach((row, i) => {
      const ans = preds.get(row.id);
      rowStats.push(
        pipe
          ? pipelineRowStat(row, t, results[i], ans, pipe.outcomes[i], spoofOn)
          : modelRowStat(row, t, results[i], ans),
      );
    });
  });
  const metrics = perTrial[0];
  const decomp = rates(countRows(rowStats));
  // The decomposition's rates carry intervals too (over every trial's rows, by episode).
  if (intervals && decomp.n > 0)
    Object.assign(
      intervals.metrics,
      decompositionIntervals(rowStats, decomp as unknown as Record<string, unknown>),
    );
  const config: Record<string, unknown> = {
    citations: gradeOpts.citations,
    support_metric: gradeOpts.supportMetric,
    max_support_k: gradeOpts.maxSupportK,
    entailment_check: gradeOpts.entailmentCheck,
    metrics: gradeOpts.metrics,
    prompt: opts.prompt,
    postprocess: opts.postprocess,
    trials: byTrialPreds.length,
    limit: opts.limit ?? null,
    model_descriptor: opts.engine ? opts.engine.client.descriptor : null,
    params: opts.engine ? { ...gebDefaultParams(), ...opts.engine.params } : null,
    pipeline: opts.pipeline ? opts.pipeline.config : null,
    pipeline_sources: opts.pipeline ? opts.pipeline.sources : null,
  };
  const payload: ModelRunPayload = {
    adapter_schema_version: "1.0",
    schema: MODEL_RUN_SCHEMA,
    model: opts.model,
    adapter: opts.pipeline ? "retrieval" : "engine",
    protocol: "closed_book",
    data: { path: opts.data, n },
    state_mode: uniform(rows, (r) => (r.meta as Record<string, unknown>).state_mode),
    distractor_profile:
      typeof opts.labels?.distractor_profile === "string" ? opts.labels.distractor_profile : null,
    labels: opts.labels ?? {},
    config,
    env: envRecord(),
    metrics,
    metrics_raw: modelAnswered ? { ...metrics } : null,
    efficiency,
    decomposition:
      decomp.n > 0 ? { ...decomp, decomposition_line: decompositionLine(decomp, metrics.value_acc) } : null,
    errors,
    artifact_stats: [],
    retrieval_stats: rowStats,
    ...(intervals ? { intervals } : {}),
  };
  if (postPreds) {
    payload.metrics_postprocessed = {
      ...gradeAll(rows, postPreds[0], gradeOpts).metrics,
      source: "postprocessed",
    };
  }
  if (perTrial.length > 1) payload.trial_stats = statsOver(perTrial);
  return { payload, predictions: byTrialPreds, records, errors, firstError };
}
