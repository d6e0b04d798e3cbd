/**
 * Pipeline cells (`geb sweep --k-list … --rerank-list …`, the standard / authority-filter /
 * abstain / order-bias presets): each cell runs the GEB retrieval/selection pipeline
 * (`runGebModel` with a pipeline config) over its dataset. The cell's pipeline settings are
 * the defaults under the sweep's fixed settings and this cell's grid values; the
 * `GOLDEVIDENCEBENCH_RETRIEVAL_*` environment is deliberately not read, so a sweep depends on
 * its flags only (the spec hash pins them). An answerer model is optional: without one the
 * cell must be selector-only or use the deterministic answerer (the pipeline says so).
 */
import type { EngineFromOptions } from "../../core/engine/cli.js";
import { RequestsFailedError } from "../../core/engine/errors.js";
import { InputError } from "../../core/errors.js";
import { pyJsonDumps } from "../../core/pyjson.js";
import { writeTextAtomic } from "../io.js";
import { type GebPromptOptions, gebReplyTally } from "../model/index.js";
import { type PipelineConfig, resolvePipelineConfig } from "../pipeline/config.js";
import { resolveLinearModelPath, runGebModel } from "../pipeline/gebmodel.js";
import { loadLinearModel } from "../selector/linear.js";
import { metricsBlock } from "./cell.js";
import type { Cell, SweepSpec } from "./grid.js";
import { type MainCellContext, registerCellRunner } from "./runners.js";

/** Efficiency fields that do not depend on timing, caching or resumption. */
const STABLE_EFFICIENCY = [
  "tokens",
  "tokens_per_q",
  "passes",
  "prompt_tokens",
  "completion_tokens",
  "tokens_source",
  "invalid",
  "cost_usd",
] as const;

/**
 * A cell's pipeline flags: its grid values over the sweep's fixed ones; under
 * `--compat reference-0.1` the retriever follows the reference too (unless a setting says).
 */
export function cellPipelineFlags(spec: SweepSpec, cell: Cell): Partial<PipelineConfig> {
  const dialect: PipelineConfig["retrieval_dialect"] =
    spec.compat === "reference-0.1" ? "reference-0.1" : "1.0";
  return { retrieval_dialect: dialect, ...(cell.pipeline as Partial<PipelineConfig>) };
}

async function runPipelineCell(ctx: MainCellContext) {
  const { spec, cell } = ctx;
  const engine = (ctx.runtime.engine as EngineFromOptions | undefined) ?? null;
  const requireCitations = spec.requireCitations ?? true;
  const prompt: GebPromptOptions = {
    ...((ctx.runtime.gebPrompt as GebPromptOptions | undefined) ?? {}),
    requireCitations,
  };
  if (cell.maxBookTokens !== null) prompt.maxBookTokens = cell.maxBookTokens;
  const pipeline = resolvePipelineConfig({ env: {}, flags: cellPipelineFlags(spec, cell) });
  const model = spec.runner.kind === "pipeline" ? spec.runner.model : null;
  const res = await runGebModel({
    data: ctx.dataPath,
    model: model ? `retrieval:${model}` : "retrieval",
    engine,
    prompt,
    postprocess: "none",
    grade: {
      citations: requireCitations ? "auto" : "off",
      maxSupportK: spec.maxSupportK,
      metrics: spec.metrics,
    },
    pipeline,
    timings: spec.timings,
  });
  // Failed answerer requests: the cell is not graded (see model-cell.ts).
  if (res.errors > 0)
    throw new RequestsFailedError(res.errors, res.records.length + res.errors, res.firstError);
  let preds = "";
  for (const [id, a] of res.predictions[0] ?? new Map())
    if (a)
      preds += `${pyJsonDumps({ id, value: a.value, support_ids: a.support_ids }, { ensureAscii: false })}\n`;
  writeTextAtomic(ctx.predsPath, preds);
  const eff = res.payload.efficiency;
  const efficiency: Record<string, unknown> = { wall_s: null, wall_s_per_q: null };
  for (const k of STABLE_EFFICIENCY) if (k in eff) efficiency[k] = eff[k];
  if (spec.timings) {
    efficiency.wall_s = eff.wall_s ?? null;
    efficiency.wall_s_per_q = eff.wall_s_per_q ?? null;
  }
  return {
    baseline: res.payload.model,
    n: res.payload.data.n,
    metrics: metricsBlock(res.payload.metrics, spec.metrics),
    metricsRaw: null,
    efficiency,
    artifactStats: [],
    retrievalStats: res.payload.retrieval_stats as unknown[],
    replies: gebReplyTally(res.records),
  };
}

/**
 * Every cell's pipeline config resolved and checked (linear model readable, an answerer
 * present) before the sweep writes anything; errors name the cell and the flag to use.
 */
export function validatePipelineCells(spec: SweepSpec, cells: readonly Cell[]): void {
  const model = spec.runner.kind === "pipeline" ? spec.runner.model : null;
  const checkedModels = new Set<string>();
  for (const cell of cells) {
    const at = (e: unknown): never => {
      if (e instanceof InputError)
        throw new InputError(`cell ${cell.name}: ${e.reason}`, {
          file: e.file,
          line: e.line,
          field: e.field,
        });
      throw e;
    };
    let c: PipelineConfig | undefined;
    try {
      c = resolvePipelineConfig({ env: {}, flags: cellPipelineFlags(spec, cell) }).config;
    } catch (e) {
      at(e);
    }
    if (!c) continue;
    if (c.rerank === "linear" && c.linear_model && !checkedModels.has(c.linear_model)) {
      checkedModels.add(c.linear_model);
      try {
        loadLinearModel(resolveLinearModelPath(c.linear_model));
      } catch (e) {
        at(e);
      }
    }
    if (c.pick_then_answer && c.rerank !== "none")
      at(new InputError("pick-then-answer needs rerank none", { field: "--pipeline-set rerank=none" }));
    if (!model && !c.selector_only && !c.deterministic_answer)
      at(
        new InputError(
          "the pipeline needs an answerer: --model retrieval:<model spec>, or --pipeline-set deterministic_answer=true / --pipeline-set selector_only=true",
          { field: "--model" },
        ),
      );
  }
}

registerCellRunner("pipeline", runPipelineCell, validatePipelineCells);
