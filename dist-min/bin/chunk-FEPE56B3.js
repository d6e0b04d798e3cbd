import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  metricsBlock,
  registerCellRunner
} from "./chunk-TIPRZZUQ.js";
import "./chunk-EH22LCP7.js";
import {
  resolveLinearModelPath,
  runGebModel
} from "./chunk-MCQXORDE.js";
import "./chunk-3SVLQJSD.js";
import "./chunk-BDOI5KDH.js";
import "./chunk-AQ3C7YHI.js";
import "./chunk-ZUKEXBGA.js";
import "./chunk-FEZSZ4TE.js";
import "./chunk-NNDIMO2F.js";
import {
  loadLinearModel
} from "./chunk-Q742L2DA.js";
import "./chunk-MNTGVOY3.js";
import {
  resolvePipelineConfig
} from "./chunk-LW3MUNPG.js";
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
import "./chunk-LD6HLM5A.js";
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
import "./chunk-TXADI6DU.js";
import "./chunk-4LXGBU3I.js";
import "./chunk-CRNPPSQM.js";
import "./chunk-DXD3EPTX.js";
import "./chunk-JPE6EABB.js";
import "./chunk-HFM5OLF6.js";

// src/geb/sweep/pipeline-cell.ts
import { InputError } from "../core/errors.js";
var STABLE_EFFICIENCY = [
  "tokens",
  "tokens_per_q",
  "passes",
  "prompt_tokens",
  "completion_tokens",
  "tokens_source",
  "invalid",
  "cost_usd"
];
function cellPipelineFlags(spec, cell) {
  const dialect = spec.compat === "reference-0.1" ? "reference-0.1" : "1.0";
  return { retrieval_dialect: dialect, ...cell.pipeline };
}
async function runPipelineCell(ctx) {
  const { spec, cell } = ctx;
  const engine = ctx.runtime.engine ?? null;
  const requireCitations = spec.requireCitations ?? true;
  const prompt = {
    ...ctx.runtime.gebPrompt ?? {},
    requireCitations
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
      metrics: spec.metrics
    },
    pipeline,
    timings: spec.timings
  });
  let preds = "";
  for (const [id, a] of res.predictions[0] ?? /* @__PURE__ */ new Map())
    if (a)
      preds += `${pyJsonDumps({ id, value: a.value, support_ids: a.support_ids }, { ensureAscii: false })}
`;
  writeTextAtomic(ctx.predsPath, preds);
  const eff = res.payload.efficiency;
  const efficiency = { wall_s: null, wall_s_per_q: null };
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
    retrievalStats: res.payload.retrieval_stats
  };
}
function validatePipelineCells(spec, cells) {
  const model = spec.runner.kind === "pipeline" ? spec.runner.model : null;
  const checkedModels = /* @__PURE__ */ new Set();
  for (const cell of cells) {
    const at = (e) => {
      if (e instanceof InputError)
        throw new InputError(`cell ${cell.name}: ${e.reason}`, {
          file: e.file,
          line: e.line,
          field: e.field
        });
      throw e;
    };
    let c;
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
          { field: "--model" }
        )
      );
  }
}
registerCellRunner("pipeline", runPipelineCell, validatePipelineCells);
export {
  cellPipelineFlags,
  validatePipelineCells
};
