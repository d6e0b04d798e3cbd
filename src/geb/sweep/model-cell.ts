/**
 * Model cells (`geb sweep --model <spec>`): the engine answers each cell's rows closed book
 * (the reference's ledger prompts), the GEB grader scores them. The engine's results file in
 * the cell dir makes a killed model sweep resume per answer, not only per cell.
 *
 * Scored fields are deterministic given the answers; run diagnostics that differ between an
 * interrupted and an uninterrupted run (wall time, latency, live calls vs cache hits, resumed
 * rows) stay in the engine records and `timing.json`, not in results.json.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { EngineFromOptions } from "../../core/engine/cli.js";
import { RequestsFailedError } from "../../core/engine/errors.js";
import { pyJsonDumps } from "../../core/pyjson.js";
import { forEachDataRow } from "../api.js";
import { DEFAULT_GRADE_OPTIONS, Grader } from "../grade/grade.js";
import { writeTextAtomic } from "../io.js";
import {
  type GebPromptOptions,
  gebDefaultParams,
  gebEfficiency,
  gebPredictions,
  gebReplyTally,
  runModelOverRows,
} from "../model/index.js";
import type { GebRowRead } from "../dataset/schema.js";
import { metricsBlock } from "./cell.js";
import { type MainCellContext, registerCellRunner } from "./runners.js";

async function runModelCell(ctx: MainCellContext) {
  const { spec, cell } = ctx;
  const engine = ctx.runtime.engine as EngineFromOptions | undefined;
  if (!engine) throw new Error("model cells need runtime.engine (engineFromOptions)");
  const prompt: GebPromptOptions = {
    ...((ctx.runtime.gebPrompt as GebPromptOptions | undefined) ?? {}),
    requireCitations: spec.requireCitations ?? true,
  };
  if (cell.maxBookTokens !== null) prompt.maxBookTokens = cell.maxBookTokens;
  const rows: GebRowRead[] = [];
  forEachDataRow(ctx.dataPath, (r) => rows.push(r));
  const resultsPath = join(ctx.dir, "engine.jsonl");
  const res = await runModelOverRows({
    rows: rows.map((r) => ({ id: r.id, book: r.book, question: r.question ?? "", meta: r.meta })),
    client: engine.client,
    params: { ...gebDefaultParams(), ...engine.params },
    prompt,
    maxSupportK: spec.maxSupportK,
    maxConcurrency: engine.run.maxConcurrency,
    retry: engine.run.retry,
    timeoutMs: engine.run.timeoutMs,
    cacheDir: engine.run.cacheDir,
    resultsPath,
    resume: existsSync(resultsPath),
    price: engine.run.price,
    progress: false,
    // --queue: the requests run on distributed workers (src/core/engine/queue.ts).
    runner: engine.run.runner,
  });
  // Failed requests are errors, never wrong answers: the cell is not graded (no results.json),
  // the sweep fails, and a rerun retries only the failed requests (engine.jsonl keeps the rest).
  if (res.errors.length > 0)
    throw new RequestsFailedError(
      res.errors.length,
      res.records.length + res.errors.length,
      res.summary.first_error?.message ?? null,
    );
  const { predictions } = gebPredictions(res.records);
  // Contract breaks have no prediction: graded as missing (wrong), and counted (`invalid`).
  const grader = new Grader({
    ...DEFAULT_GRADE_OPTIONS,
    citations: (spec.requireCitations ?? true) ? "auto" : "off",
    maxSupportK: spec.maxSupportK,
    metrics: spec.metrics,
  });
  let preds = "";
  for (const row of rows) {
    const p = predictions.get(row.id);
    grader.add(row, p);
    if (p)
      preds += `${pyJsonDumps({ id: row.id, value: p.value, support_ids: p.support_ids }, { ensureAscii: false })}\n`;
  }
  writeTextAtomic(ctx.predsPath, preds);
  const m = grader.result();
  const eff = gebEfficiency(res.summary);
  return {
    // The reference writes the adapter spec here; ours is the --model spec.
    baseline: spec.runner.kind === "model" ? spec.runner.model : "model",
    n: rows.length,
    metrics: metricsBlock(m, spec.metrics),
    metricsRaw: null,
    efficiency: {
      tokens: eff.tokens,
      tokens_per_q: eff.tokens_per_q,
      passes: eff.passes,
      wall_s: null,
      wall_s_per_q: null,
      prompt_tokens: eff.prompt_tokens,
      completion_tokens: eff.completion_tokens,
      tokens_source: eff.tokens_source,
      errors: res.errors.length,
      invalid: rows.length - predictions.size,
      cost_usd: eff.cost_usd,
    },
    artifactStats: [],
    retrievalStats: [],
    replies: gebReplyTally(res.records),
  };
}

registerCellRunner("model", runModelCell);
