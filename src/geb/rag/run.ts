/**
 * `geb rag run` / `geb rag summarize`: the I/O around the pure pieces. A run regenerates every
 * dataset of a preset from its recipe, runs the model over it (our engine and graders, closed
 * book), runs the no-model baselines on the same rows, and writes the reference's run-dir
 * layout: data/<file>, rag_<id>.json, preds_<id>.jsonl, summary.json, summary_compact.json,
 * summary_compact.csv, report.md (docs/geb/rag.md).
 */
import { withOutDirLock } from "../../core/lock.js";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { basename, join, parse as parsePath } from "node:path";
import { z } from "zod";
import type { EngineFromOptions } from "../../core/engine/cli.js";
import { type ReplyTally, sumTallies } from "../../core/engine/unparseable.js";
import { InputError } from "../../core/errors.js";
import { readJsonFileSync, jsonLineValue } from "../../core/jsonl.js";
import { pyFloatRepr, pyJsonDumps } from "../../core/pyjson.js";
import { parseWith } from "../../core/schema.js";
import { forEachDataRow, generateToFile, runBaseline } from "../api.js";
import { type BaselineName, makeBaseline } from "../baselines/baselines.js";
import { DEFAULT_GRADE_OPTIONS, type GradeOptions, Grader } from "../grade/grade.js";
import { episodeCluster } from "../grade/intervals.js";
import { writeTextAtomic } from "../io.js";
import type { GebAnswer } from "../model/index.js";
import { gebReplyTally } from "../model/run.js";
import type { ResolvedPipelineConfig } from "../pipeline/config.js";
import { loadRows, runGebModel } from "../pipeline/gebmodel.js";
import { buildDomainRows, domainJsonl, REFERENCE_DOMAIN_ENTRIES } from "./domain.js";
import {
  loadDomainEntries,
  loadRagPreset,
  presetPath,
  type RagDataset,
  type RagThresholds,
  recipeFile,
} from "./preset.js";
import { RagItems } from "./items.js";
import { renderRagReport } from "./report.js";
import {
  goldSupportIds,
  RAG_ANSWER_METRICS,
  RAG_FLOAT_KEYS,
  type RagDatasetInput,
  type RagDatasetRef,
  summarizeRag,
} from "./summary.js";

/** The baselines printed beside the model (closed book: they read the book, as the model). */
export const RAG_BASELINES: readonly BaselineName[] = ["naive", "ledger"];
const BASELINE_METRICS = [...RAG_ANSWER_METRICS, "instruction_acc", "state_integrity_rate"] as const;

/** The JSONL text of a dataset, regenerated from its recipe (deterministic: no clock, no unseeded randomness). */
export function materializeDataset(ds: RagDataset, presetFile: string, out: string): void {
  const r = ds.recipe;
  if (r.kind === "generate") {
    const c = r.config;
    const cfg = {
      seed: c.seed,
      episodes: c.episodes,
      steps: c.steps,
      keys: c.keys,
      queries: c.queries,
      stateMode: c.state_mode,
      distractorProfile: c.distractor_profile,
      twins: c.twins,
      derivedQueryRate: c.derived_query_rate,
      chapters: c.chapters,
      distractorRate: c.distractor_rate,
      clearRate: c.clear_rate,
      noteRate: c.note_rate,
      compat: "1.0" as const,
    };
    // Unset recipe fields keep the generator's defaults.
    generateToFile(Object.fromEntries(Object.entries(cfg).filter(([, v]) => v !== undefined)), out);
    return;
  }
  const { entries, uidFormat } =
    r.entries === "reference"
      ? { entries: REFERENCE_DOMAIN_ENTRIES, uidFormat: "hex" as const }
      : loadDomainEntries(recipeFile(presetFile, r.entries));
  const rows = buildDomainRows(entries, uidFormat).filter(
    (_, i) => !r.bucket || entries[i]?.bucket === r.bucket,
  );
  if (!rows.length)
    throw new InputError(`recipe of ${ds.id} yields no rows`, { file: presetFile, field: "recipe" });
  writeTextAtomic(out, domainJsonl(rows));
}

/** First `n` non-blank lines of a JSONL file (the reference's limit_jsonl.py). */
function limitLines(src: string, out: string, n: number): void {
  const kept: string[] = [];
  for (const line of readFileSync(src, "utf8").split("\n")) {
    if (kept.length >= n) break;
    if (line.trim()) kept.push(line);
  }
  writeTextAtomic(out, kept.length ? `${kept.join("\n")}\n` : "");
}

/** Gold support ids of a data file; only `id` and `gold` are read (the reference reads no more). */
function readGold(file: string): Map<string, string[]> {
  if (!existsSync(file))
    throw new InputError("data file not found (needed for retrieval_hit_rate)", { file });
  const rows: Record<string, unknown>[] = [];
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((text, i) => {
      if (!text.trim()) return;
      const v = jsonLineValue(text, file, i + 1);
      if (typeof v !== "object" || v === null || Array.isArray(v))
        throw new InputError("row must be a JSON object", { file, line: i + 1 });
      rows.push(v as Record<string, unknown>);
    });
  return goldSupportIds(rows);
}

/**
 * The model's answers regraded row by row (the same grader, options and clusters as the run's
 * own grade), as items for the intervals of the means over datasets.
 */
function modelItems(
  data: string,
  preds: ReadonlyMap<string, GebAnswer | undefined>,
  grade: Partial<GradeOptions> | undefined,
): RagItems {
  const g = new Grader({ ...DEFAULT_GRADE_OPTIONS, metrics: "1.0", ...grade });
  const items = new RagItems();
  for (const row of loadRows(data)) items.add(g.add(row, preds.get(row.id)), episodeCluster(row));
  return items;
}

/** A baseline's rows graded as `runBaseline` grades them (closed book: it reads the book), as items. */
function baselineItems(data: string, name: BaselineName, grade: Partial<GradeOptions> | undefined): RagItems {
  const opts: GradeOptions = { ...DEFAULT_GRADE_OPTIONS, ...grade };
  const predictor = makeBaseline(name, "closed_book", opts.metrics);
  const g = new Grader(opts);
  const items = new RagItems();
  forEachDataRow(data, (row) => {
    const pred = predictor.predict({ id: row.id, meta: row.meta, text: row.book });
    items.add(g.add(row, pred), episodeCluster(row));
  });
  return items;
}

/** A run failed (transport errors, no answer): nothing is scored. */
export class RagRunError extends Error {}

export interface RagRunOptions {
  /** `lenient`, `strict` or a preset file. */
  preset: string;
  outDir: string;
  /** The `--model` spec as given (`retrieval[:<answerer>]` with `pipeline`). */
  model: string;
  /** The model (plain run) or the pipeline's answerer; null: a pipeline that needs no model. */
  engine: EngineFromOptions | null;
  /** The retrieval → selection → answer pipeline of `geb model --model retrieval…`; null: plain model. */
  pipeline?: ResolvedPipelineConfig | null;
  grade?: Partial<GradeOptions>;
  /** Only the first n rows of each dataset (the reference's -MaxRows). */
  maxRows?: number;
  /** Thresholds over the preset's (the reference's -Min* parameters). */
  thresholds?: RagThresholds;
  /** Record wall time (default true; false: byte-identical artifacts across runs). */
  timings?: boolean;
  log?: (line: string) => void;
}

export interface RagRunResult {
  summary: Record<string, unknown>;
  summaryPath: string;
  reportPath: string;
  /**
   * The model's replies over every dataset and how many broke the answer contract
   * (`invalid_reason`), for `--max-unparseable-share`; absent for `rag summarize`.
   */
  replies?: ReplyTally;
}

export async function runRagBenchmark(opts: RagRunOptions): Promise<RagRunResult> {
  // One run at a time per out dir; a killed run's stale temp files there are removed first.
  return withOutDirLock(opts.outDir, 1, () => runRagBenchmarkLocked(opts));
}

async function runRagBenchmarkLocked(opts: RagRunOptions): Promise<RagRunResult> {
  const file = presetPath(opts.preset);
  const preset = loadRagPreset(file);
  const log = opts.log ?? (() => {});
  const dataDir = join(opts.outDir, "data");
  mkdirSync(dataDir, { recursive: true });
  const timings = opts.timings !== false;
  const refs: RagDatasetRef[] = [];
  const inputs = new Map<string, RagDatasetInput>();
  const tallies: ReplyTally[] = [];
  // Every dataset first: a bad recipe stops the run before any model call.
  for (const ds of preset.datasets) {
    let data = join(dataDir, basename(ds.data));
    materializeDataset(ds, file, data);
    if (opts.maxRows !== undefined) {
      const limited = join(opts.outDir, `limit_${ds.id}.jsonl`);
      limitLines(data, limited, opts.maxRows);
      data = limited;
    }
    refs.push({ id: ds.id, label: ds.label, failure_mode: ds.failure_mode, data });
  }
  for (const [i, ds] of preset.datasets.entries()) {
    const data = (refs[i] as RagDatasetRef).data;
    log(`Running ${ds.id}...`);
    const engine: EngineFromOptions | null = opts.engine
      ? {
          ...opts.engine,
          run: { ...opts.engine.run, resultsPath: join(opts.outDir, `records_${ds.id}.jsonl`) },
        }
      : null;
    const r = await runGebModel({
      data,
      model: opts.model,
      engine,
      prompt: {},
      postprocess: "none",
      grade: opts.grade,
      pipeline: opts.pipeline ?? null,
      timings,
    });
    if (r.errors > 0)
      throw new RagRunError(
        `${ds.id}: ${r.errors} request(s) failed (${r.firstError ?? "unknown error"}); nothing scored, rerun with --resume`,
      );
    tallies.push(gebReplyTally(r.records));
    const resultPath = join(opts.outDir, `rag_${ds.id}.json`);
    writeTextAtomic(resultPath, `${JSON.stringify(r.payload, null, 2)}\n`);
    let preds = "";
    for (const [id, a] of r.predictions[0] ?? new Map())
      if (a) preds += `${JSON.stringify({ id, value: a.value, support_ids: a.support_ids })}\n`;
    writeTextAtomic(join(opts.outDir, `preds_${ds.id}.jsonl`), preds);
    const baselines: Record<string, Record<string, number | null>> = {};
    const bItems: Record<string, RagItems> = {};
    for (const b of RAG_BASELINES) {
      const m = runBaseline({ data, baseline: b, protocol: "closed_book", options: opts.grade }).payloads[0]
        ?.metrics;
      baselines[b] = Object.fromEntries(BASELINE_METRICS.map((k) => [k, m?.[k] ?? null]));
      bItems[b] = baselineItems(data, b, opts.grade);
    }
    inputs.set(ds.id, {
      payload: JSON.parse(JSON.stringify(r.payload)),
      resultPath,
      gold: readGold(data),
      baselines,
      items: modelItems(data, r.predictions[0] ?? new Map(), opts.grade),
      baselineItems: bItems,
    });
  }
  const summary = summarizeRag({
    benchmark: parsePath(file).name,
    configPath: file,
    runsDir: opts.outDir,
    generatedAt: timings ? new Date().toISOString() : null,
    datasets: refs,
    inputs,
    thresholds: { ...preset.thresholds, ...opts.thresholds },
  });
  return { ...writeSummary(summary, opts.outDir), replies: sumTallies(...tallies) };
}

/** A reference-format benchmark config (`{datasets: [{id, label, failure_mode, data}]}`) or one of our presets. */
const summarizeConfigSchema = z.object({
  datasets: z
    .array(
      z
        .object({
          id: z.string().min(1),
          data: z.string().min(1),
          label: z.string().optional(),
          failure_mode: z.string().optional(),
        })
        .passthrough(),
    )
    .min(1),
});

/** Summarize an existing run dir (the reference's summarize_rag_benchmark.py over rag_<id>.json files). */
export function summarizeRunDir(opts: {
  config: string;
  runsDir: string;
  thresholds?: RagThresholds;
  timings?: boolean;
}): RagRunResult {
  const cfg = parseWith(summarizeConfigSchema, readJsonFileSync(opts.config, "RAG benchmark config"), {
    file: opts.config,
  });
  const refs: RagDatasetRef[] = cfg.datasets.map((d) => ({
    id: d.id,
    label: d.label ?? d.id,
    failure_mode: d.failure_mode ?? "",
    data: d.data,
  }));
  const inputs = new Map<string, RagDatasetInput>();
  for (const d of refs) {
    const resultPath = join(opts.runsDir, `rag_${d.id}.json`);
    if (!existsSync(resultPath)) {
      inputs.set(d.id, { payload: null, resultPath, gold: new Map() });
      continue;
    }
    const payload = readJsonFileSync(resultPath, "RAG result");
    if (typeof payload !== "object" || payload === null || Array.isArray(payload))
      throw new InputError("a RAG result must be a JSON object (one run payload)", { file: resultPath });
    const p = payload as Record<string, unknown>;
    const gold = Array.isArray(p.retrieval_stats) ? readGold(d.data) : new Map<string, string[]>();
    inputs.set(d.id, { payload: p, resultPath, gold });
  }
  const summary = summarizeRag({
    benchmark: parsePath(opts.config).name,
    configPath: opts.config,
    runsDir: opts.runsDir,
    generatedAt: opts.timings === false ? null : new Date().toISOString(),
    datasets: refs,
    inputs,
    thresholds: opts.thresholds,
  });
  return writeSummary(summary, opts.runsDir);
}

const COMPACT_FIELDS = [
  "id",
  "label",
  "failure_mode",
  ...RAG_ANSWER_METRICS,
  "cite_value_gap",
  "retrieval_hit_rate",
  "status",
] as const;

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return "";
  const s = typeof v === "number" ? pyFloatRepr(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

function writeSummary(summary: Record<string, unknown>, dir: string): RagRunResult {
  const dump = (v: unknown) => pyJsonDumps(v, { indent: 2, floatKeys: RAG_FLOAT_KEYS });
  const summaryPath = join(dir, "summary.json");
  writeTextAtomic(summaryPath, dump(summary));
  const reportPath = join(dir, "report.md");
  writeTextAtomic(reportPath, renderRagReport(summary));
  const rows = (summary.results as Record<string, unknown>[]).map((e) =>
    Object.fromEntries(COMPACT_FIELDS.map((k) => [k, e[k] ?? null])),
  );
  const compact = {
    benchmark: summary.benchmark,
    runs_dir: summary.runs_dir,
    generated_at: summary.generated_at,
    status: summary.status ?? null,
    thresholds: summary.thresholds ?? null,
    means: summary.means,
    datasets: rows,
    // Ours, only when recorded (a reference run dir's compact file stays the reference's).
    ...(summary.pipeline ? { pipeline: summary.pipeline } : {}),
  };
  writeTextAtomic(join(dir, "summary_compact.json"), dump(compact));
  const csv = [
    COMPACT_FIELDS.join(","),
    ...rows.map((r) => COMPACT_FIELDS.map((k) => csvCell(r[k])).join(",")),
  ];
  writeTextAtomic(join(dir, "summary_compact.csv"), `${csv.join("\r\n")}\r\n`);
  return { summary, summaryPath, reportPath };
}
