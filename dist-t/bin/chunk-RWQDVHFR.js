import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  metricsBlock,
  registerCellRunner
} from "./chunk-TIPRZZUQ.js";
import "./chunk-EH22LCP7.js";
import {
  gebDefaultParams,
  gebEfficiency,
  gebPredictions,
  runModelOverRows
} from "./chunk-3SVLQJSD.js";
import "./chunk-BDOI5KDH.js";
import "./chunk-AQ3C7YHI.js";
import "./chunk-ZUKEXBGA.js";
import {
  DEFAULT_GRADE_OPTIONS,
  Grader,
  forEachDataRow
} from "./chunk-FEZSZ4TE.js";
import "./chunk-NNDIMO2F.js";
import "./chunk-Q742L2DA.js";
import "./chunk-MNTGVOY3.js";
import "./chunk-DMNN6MZC.js";
import "./chunk-TNHSOIRF.js";
import "./chunk-KU3RCWH4.js";
import "./chunk-7FPTHU2P.js";
import "./chunk-S3MUNSMH.js";
import "./chunk-CTXZW2OD.js";
import {
  writeTextAtomic
} from "./chunk-Z5G6XQ3A.js";
import "./chunk-XRAGKYZP.js";
import "./chunk-LCTBYAZL.js";
import "./chunk-Z2F3TC4X.js";
import "./chunk-NIT377TX.js";
import "./chunk-OMQMJS7P.js";
import {
  pyJsonDumps
} from "./chunk-KRB3VAEL.js";
import "./chunk-3RFMFL4K.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-LXQA6YAV.js";
import "./chunk-QYZGEUIB.js";
import "./chunk-4LXGBU3I.js";
import "./chunk-CRNPPSQM.js";
import "./chunk-DXD3EPTX.js";
import "./chunk-JPE6EABB.js";
import "./chunk-HFM5OLF6.js";

// src/geb/sweep/model-cell.ts
import { existsSync } from "node:fs";
import { join } from "node:path";
async function runModelCell(ctx) {
  const { spec, cell } = ctx;
  const engine = ctx.runtime.engine;
  if (!engine) throw new Error("model cells need runtime.engine (engineFromOptions)");
  const prompt = {
    ...ctx.runtime.gebPrompt ?? {},
    requireCitations: spec.requireCitations ?? true
  };
  if (cell.maxBookTokens !== null) prompt.maxBookTokens = cell.maxBookTokens;
  const rows = [];
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
    progress: false
  });
  const { predictions } = gebPredictions(res.records);
  const grader = new Grader({
    ...DEFAULT_GRADE_OPTIONS,
    citations: spec.requireCitations ?? true ? "auto" : "off",
    maxSupportK: spec.maxSupportK,
    metrics: spec.metrics
  });
  let preds = "";
  for (const row of rows) {
    const p = predictions.get(row.id);
    grader.add(row, p);
    if (p)
      preds += `${pyJsonDumps({ id: row.id, value: p.value, support_ids: p.support_ids }, { ensureAscii: false })}
`;
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
      invalid: rows.length - predictions.size - res.errors.length,
      cost_usd: eff.cost_usd
    },
    artifactStats: [],
    retrievalStats: []
  };
}
registerCellRunner("model", runModelCell);
