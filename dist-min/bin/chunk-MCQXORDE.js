import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  extractLedger,
  gebDefaultParams,
  gebEfficiency,
  gebPredictions,
  ledgerKeyForRow,
  runModelOverRows
} from "./chunk-3SVLQJSD.js";
import {
  countRows,
  decompositionLine,
  modelRowStat,
  pipelineRowStat,
  rates
} from "./chunk-BDOI5KDH.js";
import {
  MODEL_RUN_SCHEMA
} from "./chunk-AQ3C7YHI.js";
import {
  retrievalQuery,
  selectRow
} from "./chunk-ZUKEXBGA.js";
import {
  DEFAULT_GRADE_OPTIONS,
  Grader,
  RATE_METRICS,
  forEachDataRow
} from "./chunk-FEZSZ4TE.js";
import {
  entryText,
  ledgerCandidates,
  loadLinearModel,
  tokenize
} from "./chunk-Q742L2DA.js";
import {
  renderBook
} from "./chunk-MNTGVOY3.js";
import {
  EngineProgress,
  RECORD_SCHEMA_ID,
  ResultsStore,
  engineRecordSchema,
  evaluate,
  getTemplate,
  listTemplates,
  modelConfigHash,
  readResults,
  recordKey,
  registerTemplate,
  renderTemplate,
  runJobs,
  templateRef
} from "./chunk-DMNN6MZC.js";
import {
  CACHE_VERSION,
  DiskCache,
  MemoryCache,
  cacheKey,
  stableStringify
} from "./chunk-TNHSOIRF.js";
import {
  PromptStore,
  promptBytes,
  promptFileFor,
  readPrompt,
  readPromptLines
} from "./chunk-KU3RCWH4.js";
import {
  GradeIntervals,
  episodeCluster
} from "./chunk-LCTBYAZL.js";
import {
  ENV_PREFIX,
  ENV_VARS
} from "./chunk-LD6HLM5A.js";
import {
  canonicalHash
} from "./chunk-OMQMJS7P.js";
import {
  costUsd,
  estimateTokens,
  latencyStats,
  loadPriceTable,
  priceFor,
  summarizeByModel,
  summarizeUsage,
  tokenEstimator,
  trialStats,
  usageFor
} from "./chunk-3RFMFL4K.js";
import {
  COMMAND_PLACEHOLDERS,
  CommandClient,
  LLAMACPP_DEFAULT_BASE_URL,
  LlamaCppClient,
  OPENAI_DEFAULT_BASE_URL,
  OpenAIClient,
  clientError,
  createBuiltinClient,
  createClient,
  isCount,
  joinUrl,
  ledgerReaderAnswer,
  listBuiltinModels,
  llamaCppBody,
  loadModuleClient,
  messagesToPrompt,
  normalizeModelSpec,
  openAIChatBody,
  parseLlamaCompletion,
  parseLlamaTimings,
  parseModuleSpec,
  parseOpenAIChat,
  parseRetryAfter,
  postJson,
  registerBuiltinModel,
  wrapUserModel
} from "./chunk-TXADI6DU.js";
import {
  addModelOptions,
  engineFromOptions,
  num,
  paramsFromOptions,
  parseResponseFormat
} from "./chunk-4LXGBU3I.js";
import {
  AdaptiveLimiter,
  DEFAULT_MAX_CONSECUTIVE_ERRORS,
  DEFAULT_RETRY,
  RunGuard,
  backoffDelay,
  sleep
} from "./chunk-DXD3EPTX.js";
import {
  MODEL_SPEC_HELP
} from "./chunk-JPE6EABB.js";
import {
  __export,
  __reExport
} from "./chunk-HFM5OLF6.js";

// src/geb/pipeline/gebmodel.ts
import { fileURLToPath } from "node:url";

// src/core/engine/index.ts
var engine_exports = {};
__export(engine_exports, {
  AdaptiveLimiter: () => AdaptiveLimiter,
  CACHE_VERSION: () => CACHE_VERSION,
  COMMAND_PLACEHOLDERS: () => COMMAND_PLACEHOLDERS,
  CommandClient: () => CommandClient,
  DEFAULT_MAX_CONSECUTIVE_ERRORS: () => DEFAULT_MAX_CONSECUTIVE_ERRORS,
  DEFAULT_RETRY: () => DEFAULT_RETRY,
  DiskCache: () => DiskCache,
  EngineProgress: () => EngineProgress,
  LLAMACPP_DEFAULT_BASE_URL: () => LLAMACPP_DEFAULT_BASE_URL,
  LlamaCppClient: () => LlamaCppClient,
  MODEL_SPEC_HELP: () => MODEL_SPEC_HELP,
  MemoryCache: () => MemoryCache,
  OPENAI_DEFAULT_BASE_URL: () => OPENAI_DEFAULT_BASE_URL,
  OpenAIClient: () => OpenAIClient,
  PromptStore: () => PromptStore,
  RECORD_SCHEMA_ID: () => RECORD_SCHEMA_ID,
  ResultsStore: () => ResultsStore,
  RunGuard: () => RunGuard,
  addModelOptions: () => addModelOptions,
  backoffDelay: () => backoffDelay,
  cacheKey: () => cacheKey,
  clientError: () => clientError,
  costUsd: () => costUsd,
  createBuiltinClient: () => createBuiltinClient,
  createClient: () => createClient,
  engineFromOptions: () => engineFromOptions,
  engineRecordSchema: () => engineRecordSchema,
  estimateTokens: () => estimateTokens,
  evaluate: () => evaluate,
  getTemplate: () => getTemplate,
  isCount: () => isCount,
  joinUrl: () => joinUrl,
  latencyStats: () => latencyStats,
  ledgerReaderAnswer: () => ledgerReaderAnswer,
  listBuiltinModels: () => listBuiltinModels,
  listTemplates: () => listTemplates,
  llamaCppBody: () => llamaCppBody,
  loadModuleClient: () => loadModuleClient,
  loadPriceTable: () => loadPriceTable,
  messagesToPrompt: () => messagesToPrompt,
  modelConfigHash: () => modelConfigHash,
  normalizeModelSpec: () => normalizeModelSpec,
  num: () => num,
  openAIChatBody: () => openAIChatBody,
  paramsFromOptions: () => paramsFromOptions,
  parseLlamaCompletion: () => parseLlamaCompletion,
  parseLlamaTimings: () => parseLlamaTimings,
  parseModuleSpec: () => parseModuleSpec,
  parseOpenAIChat: () => parseOpenAIChat,
  parseResponseFormat: () => parseResponseFormat,
  parseRetryAfter: () => parseRetryAfter,
  postJson: () => postJson,
  priceFor: () => priceFor,
  promptBytes: () => promptBytes,
  promptFileFor: () => promptFileFor,
  readPrompt: () => readPrompt,
  readPromptLines: () => readPromptLines,
  readResults: () => readResults,
  recordKey: () => recordKey,
  registerBuiltinModel: () => registerBuiltinModel,
  registerTemplate: () => registerTemplate,
  renderTemplate: () => renderTemplate,
  runJobs: () => runJobs,
  sleep: () => sleep,
  stableStringify: () => stableStringify,
  summarizeByModel: () => summarizeByModel,
  summarizeUsage: () => summarizeUsage,
  templateRef: () => templateRef,
  tokenEstimator: () => tokenEstimator,
  trialStats: () => trialStats,
  usageFor: () => usageFor,
  wrapUserModel: () => wrapUserModel
});
__reExport(engine_exports, errors_star);
import * as errors_star from "../core/engine/errors.js";

// src/geb/pipeline/gebmodel.ts
import { InputError as InputError2 } from "../core/errors.js";

// src/geb/pipeline/embeddings.ts
import { ModelError } from "../core/engine/errors.js";
import { InputError } from "../core/errors.js";
function fnv1a(s, seed) {
  let h = (2166136261 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h >>> 0;
}
function hashedEmbedding(text, dim) {
  const v = new Float32Array(dim);
  const add = (feature, weight) => {
    const h = fnv1a(feature, 0);
    const sign = fnv1a(feature, 2654435769) & 1 ? -1 : 1;
    v[h % dim] += sign * weight;
  };
  const toks = tokenize(text);
  toks.forEach((tok, i) => {
    add(`w:${tok}`, 1);
    if (i > 0) add(`b:${toks[i - 1]} ${tok}`, 2);
    const padded = `<${tok}>`;
    for (let j = 0; j + 3 <= padded.length; j++) add(`c:${padded.slice(j, j + 3)}`, 0.1);
  });
  return v;
}
var EmbeddingTable = class {
  constructor(compute) {
    this.compute = compute;
  }
  compute;
  vectors = /* @__PURE__ */ new Map();
  lookup = (text) => {
    let v = this.vectors.get(text);
    if (!v) {
      if (!this.compute) throw new Error(`no embedding fetched for ${JSON.stringify(text.slice(0, 60))}`);
      v = this.compute(text);
      this.vectors.set(text, v);
    }
    return v;
  };
  has(text) {
    return this.vectors.has(text);
  }
  set(text, v) {
    this.vectors.set(text, v);
  }
  get size() {
    return this.vectors.size;
  }
};
async function fetchOpenAIEmbeddings(table, texts, opts) {
  const todo = [...new Set(texts)].filter((t) => !table.has(t));
  const env = opts.env ?? process.env;
  const key = env[opts.apiKeyEnv ?? "OPENAI_API_KEY"];
  const headers = key ? { authorization: `Bearer ${key}` } : {};
  const url = joinUrl(opts.baseUrl, "/embeddings");
  const batch = opts.batchSize ?? 64;
  let requests = 0;
  for (let i = 0; i < todo.length; i += batch) {
    const chunk = todo.slice(i, i + batch);
    let reply;
    try {
      reply = await postJson(
        url,
        { model: opts.model, input: chunk },
        { headers, signal: AbortSignal.timeout(opts.timeoutMs ?? 12e4), secrets: [key] }
      );
    } catch (e) {
      if (e instanceof ModelError)
        throw new InputError(`embeddings request failed: ${e.message}`, { field: "--dense-base-url" });
      throw e;
    }
    requests++;
    const data = reply?.data;
    if (!Array.isArray(data) || data.length !== chunk.length)
      throw new InputError(`embeddings reply has no data[] of ${chunk.length} vectors`, {
        field: "--dense-base-url"
      });
    for (const item of data) {
      const at = typeof item.index === "number" ? item.index : data.indexOf(item);
      if (!Array.isArray(item.embedding) || at < 0 || at >= chunk.length)
        throw new InputError("embeddings reply item without an embedding list", {
          field: "--dense-base-url"
        });
      table.set(chunk[at], Float32Array.from(item.embedding));
    }
  }
  return { requests, texts: todo.length };
}

// src/geb/pipeline/run.ts
var entryValue = (e) => e.op === "CLEAR" ? null : e.value;
function miniBook(episodeId, entries) {
  const ledger = entries.map((e) => ({
    uid: e.uid,
    step: e.step,
    op: e.op,
    key: e.key,
    value: e.value ?? ""
  }));
  return renderBook(
    `GoldEvidenceBench Retrieval ${episodeId}`,
    [""],
    [...new Set(entries.map((e) => e.key))],
    ledger
  );
}
function selectionQuestion(question, key) {
  return `${question}
Select the single correct support_id for ${key} from the ledger above. Return value null.`;
}
function valueIsSubstring(predicted, entryValue2) {
  const p = predicted === null ? null : predicted.trim() || null;
  const e = entryValue2 === null ? null : entryValue2.trim() || null;
  if (p === null) return e === null;
  if (e === null) return false;
  return e.includes(p);
}
function pipelineHash(c, linearWeights) {
  return canonicalHash({ pipeline: c, linear_weights: linearWeights ?? null }).slice(0, 16);
}
function withPipeline(inner, hash) {
  return {
    descriptor: { ...inner.descriptor, pipeline: hash },
    complete: (req, ctx) => inner.complete(req, ctx),
    close: inner.close ? () => inner.close() : void 0
  };
}
async function denseTable(opts) {
  const c = opts.config;
  if (c.dense_embedder === "hashed")
    return { table: new EmbeddingTable((t) => hashedEmbedding(t, c.dense_dim)), stats: null };
  const table = new EmbeddingTable();
  const texts = /* @__PURE__ */ new Set();
  for (const row of opts.rows) {
    texts.add(retrievalQuery(row.question));
    for (const e of ledgerCandidates(row.book ?? "")) texts.add(entryText(e));
  }
  const stats = await fetchOpenAIEmbeddings(table, texts, {
    model: c.dense_model,
    baseUrl: c.dense_base_url ?? "https://api.openai.com/v1"
  });
  return { table, stats };
}
async function runPipeline(opts) {
  const c = opts.config;
  let embed;
  let embStats = null;
  if (c.retriever === "dense" && c.retrieval_dialect !== "reference-0.1") {
    const d = await denseTable(opts);
    embed = d.table.lookup;
    embStats = d.stats;
  }
  const ctx = { config: c, linearWeights: opts.linearWeights, embed };
  const answerer = c.selector_only || c.deterministic_answer ? null : opts.answerer;
  const trials = answerer ? answerer.run.trials : 1;
  const outcomes = [];
  const fixed = /* @__PURE__ */ new Map();
  const modelRows = [];
  for (const row of opts.rows) {
    const selection = selectRow(row, ctx);
    const { trace, candidates, chosen } = selection;
    const o = {
      selection,
      source: "empty",
      answer_entry_uid: null,
      pick_uid: null,
      copy_clamped: []
    };
    outcomes.push(o);
    if (!trace.eligible) {
      if (answerer) {
        o.source = "passthrough";
        modelRows.push({ id: row.id, row, entry: null, pick: false });
      } else fixed.set(row.id, { value: null, support_ids: [] });
      continue;
    }
    if (trace.abstained) {
      o.source = "abstain";
      fixed.set(row.id, { value: null, support_ids: [] });
      continue;
    }
    if (!answerer) {
      o.source = c.selector_only ? "selector" : "deterministic";
      o.answer_entry_uid = chosen?.uid ?? null;
      const value = chosen && (!c.selector_only || c.selector_value) ? entryValue(chosen) : null;
      fixed.set(row.id, { value, support_ids: chosen ? [chosen.uid] : [] });
      continue;
    }
    o.source = "model";
    if (candidates.length === 0 || chosen && chosen.op === "CLEAR" && !c.include_clear && candidates.length === 1) {
      o.source = "passthrough";
      modelRows.push({ id: row.id, row, entry: null, pick: false });
      continue;
    }
    o.answer_entry_uid = chosen?.uid ?? null;
    modelRows.push({
      id: row.id,
      row: { ...row, book: miniBook(row.episode_id, chosen ? [chosen] : candidates) },
      entry: chosen,
      pick: !chosen && c.pick_then_answer && candidates.length > 1
    });
  }
  const predictions = [];
  let post = null;
  const records = [];
  const engine = [];
  let errors = 0;
  if (answerer && modelRows.length > 0) {
    const client = withPipeline(answerer.client, pipelineHash(c, opts.linearWeights));
    const prompt = {
      ...answerer.prompt,
      ledgerMode: "full",
      querySandwich: answerer.prompt.querySandwich || c.query_sandwich
    };
    const viewBook = (r) => r.entry === null && r.row.book && !r.row.book.startsWith("# GoldEvidenceBench Retrieval") ? extractLedger(
      r.row.book,
      ledgerKeyForRow(r.row, answerer.prompt.ledgerKeyOnly ?? true),
      answerer.prompt.ledgerMode
    ) : r.row.book ?? "";
    const base = {
      client,
      params: answerer.params,
      prompt,
      postprocess: answerer.postprocess,
      maxSupportK: opts.maxSupportK,
      ...answerer.run
    };
    const picks = modelRows.filter((r) => r.pick);
    let resume = answerer.run.resume;
    if (picks.length > 0) {
      const res2 = await runModelOverRows({
        ...base,
        resume,
        trials: 1,
        rows: picks.map((r) => ({
          id: `${r.id}#pick`,
          book: r.row.book,
          question: selectionQuestion(r.row.question, String(r.row.meta.key)),
          meta: { ...r.row.meta, requires_citation: true }
        })),
        label: "pick"
      });
      engine.push(res2.summary);
      errors += res2.errors.length;
      records.push(...res2.records);
      if (answerer.run.resultsPath) resume = true;
      for (const rec of res2.records) {
        const id = rec.item_id.slice(0, -"#pick".length);
        const r = modelRows.find((x) => x.id === id);
        const uid = rec.answer?.support_ids[0] ?? null;
        const out = outcomes.find((x) => x.selection.trace.id === id);
        if (!r || !out) continue;
        out.pick_uid = uid;
        const entry = out.selection.candidates.find((e) => e.uid === uid);
        if (entry) {
          r.entry = entry;
          r.row = { ...r.row, book: miniBook(r.row.episode_id, [entry]) };
          out.answer_entry_uid = entry.uid;
          out.selection.trace.selected_uid = entry.uid;
          out.selection.trace.selected_op = entry.trueOp;
          out.selection.trace.selected_spoofed = c.authority_spoof_rate > 0 ? entry.spoofed : null;
        }
      }
    }
    const res = await runModelOverRows({
      ...base,
      resume,
      rows: modelRows.map((r) => ({
        id: r.id,
        book: viewBook(r),
        question: r.row.question,
        meta: r.row.meta
      })),
      label: "answer"
    });
    engine.push(res.summary);
    errors += res.errors.length;
    records.push(...res.records);
    const byId = new Map(modelRows.map((r) => [r.id, r]));
    const outById = new Map(outcomes.map((o) => [o.selection.trace.id, o]));
    const clamp = (a, id, t) => {
      if (!a) return void 0;
      const entry = byId.get(id)?.entry;
      if (!c.copy_clamp || !entry) return a;
      const ok = valueIsSubstring(a.value, entryValue(entry));
      const out = outById.get(id);
      if (out) out.copy_clamped[t] = !ok;
      return ok ? a : { ...a, value: null };
    };
    for (let t = 0; t < trials; t++) {
      const m = new Map(fixed);
      for (const r of res.records) if (r.trial === t) m.set(r.item_id, clamp(r.answer, r.item_id, t));
      predictions.push(m);
    }
    if (answerer.postprocess === "reference-repair") {
      post = [];
      for (let t = 0; t < trials; t++) {
        const m = new Map(fixed);
        for (const r of res.records)
          if (r.trial === t) m.set(r.item_id, r.postprocessed?.answer ?? void 0);
        post.push(m);
      }
    }
  } else {
    for (let t = 0; t < trials; t++) predictions.push(new Map(fixed));
  }
  return {
    outcomes,
    predictions,
    predictionsPostprocessed: post,
    records,
    engine,
    errors,
    trials,
    embeddings: embStats
  };
}

// src/geb/pipeline/gebmodel.ts
function parseRetrievalSpec(spec) {
  if (spec === "retrieval") return { answerer: null };
  if (spec.startsWith("retrieval:")) return { answerer: spec.slice("retrieval:".length) || null };
  return null;
}
var BUNDLED_LINEAR_MODEL = "bundled:linear-selector";
function resolveLinearModelPath(name) {
  if (name !== BUNDLED_LINEAR_MODEL) return name;
  return fileURLToPath(new URL("../../../configs/models/linear-selector.json", new URL("../geb/pipeline/gebmodel.js", import.meta.url).href));
}
function loadRows(file, limit) {
  const rows = [];
  forEachDataRow(file, (row) => {
    if (limit !== void 0 && rows.length >= limit) return;
    row.question ??= "";
    row.episode_id ??= "E0000";
    rows.push(row);
  });
  return rows;
}
function gradeAll(rows, preds, opts) {
  const g = new Grader(opts);
  const results = rows.map((r) => g.add(r, preds.get(r.id)));
  return { metrics: g.result(), results, twins: g.twinPairs() };
}
var METRIC_KEYS = RATE_METRICS;
function statsOver(all) {
  const out = {};
  for (const k of METRIC_KEYS) {
    const vals = all.map((m) => m[k]).filter((x) => typeof x === "number");
    const s = trialStats(vals);
    out[k] = s ? { n: s.n, mean: s.mean, stdev: s.stdev, min: s.min, max: s.max } : null;
  }
  return out;
}
function uniform(rows, f) {
  let v;
  for (const r of rows) {
    const x = f(r);
    if (v === void 0) v = x;
    else if (x !== v) return null;
  }
  return typeof v === "string" ? v : null;
}
function envRecord() {
  const env = {
    GOLDEVIDENCEBENCH_MODEL: process.env.GOLDEVIDENCEBENCH_MODEL ?? null,
    GOLDEVIDENCEBENCH_REQUIRE_CITATIONS: process.env.GOLDEVIDENCEBENCH_REQUIRE_CITATIONS ?? null
  };
  for (const name of Object.keys(ENV_VARS)) {
    const v = process.env[ENV_PREFIX + name];
    if (v !== void 0) env[ENV_PREFIX + name] = v;
  }
  return env;
}
function sumEfficiency(parts, n, wall) {
  const tokens = parts.reduce((a, p) => a + p.tokens, 0);
  const sum = (k) => parts.reduce((a, p) => a + p[k], 0);
  const cost = parts.every((p) => p.cost_usd === null) ? null : parts.reduce((a, p) => a + (p.cost_usd ?? 0), 0);
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
    cost_usd: cost
  };
}
async function runGebModel(opts) {
  const t0 = performance.now();
  const gradeOpts = { ...DEFAULT_GRADE_OPTIONS, metrics: "1.0", ...opts.grade };
  const rows = opts.rows ? opts.rows.slice(0, opts.limit) : loadRows(opts.data, opts.limit);
  const n = rows.length;
  const timings = opts.timings !== false;
  const byTrialPreds = [];
  let postPreds = null;
  let records = [];
  let errors = 0;
  let firstError = null;
  let efficiency;
  let pipe = null;
  let modelAnswered = true;
  if (opts.pipeline) {
    const c = opts.pipeline.config;
    const linear = c.rerank === "linear" && c.linear_model ? loadLinearModel(resolveLinearModelPath(c.linear_model)) : null;
    if (c.pick_then_answer && c.rerank !== "none")
      throw new InputError2("pick-then-answer needs --rerank none (the answerer picks)", {
        field: "--pick-then-answer"
      });
    const needsModel = !c.selector_only && !c.deterministic_answer;
    modelAnswered = needsModel;
    if (needsModel && !opts.engine)
      throw new InputError2(
        "the pipeline needs an answerer: --model retrieval:<model spec>, or --deterministic-answer / --selector-only",
        { field: "--model" }
      );
    pipe = await runPipeline({
      rows,
      config: c,
      linearWeights: linear?.weights,
      answerer: needsModel && opts.engine ? {
        client: opts.engine.client,
        params: { ...gebDefaultParams(), ...opts.engine.params },
        prompt: opts.prompt,
        postprocess: opts.postprocess,
        run: opts.engine.run
      } : null,
      maxSupportK: gradeOpts.maxSupportK
    });
    byTrialPreds.push(...pipe.predictions);
    postPreds = pipe.predictionsPostprocessed;
    records = pipe.records;
    errors = pipe.errors;
    firstError = pipe.engine.find((s) => s.first_error)?.first_error?.message ?? null;
    const wall = (performance.now() - t0) / 1e3;
    efficiency = pipe.engine.length > 0 ? sumEfficiency(pipe.engine.map(gebEfficiency), n * pipe.trials, wall) : { tokens: 0, tokens_per_q: 0, passes: 0, wall_s: wall, wall_s_per_q: n ? wall / n : 0 };
    if (pipe.embeddings) efficiency.embedding_requests = pipe.embeddings.requests;
  } else {
    if (!opts.engine) throw new Error("runGebModel: a plain model run needs an engine");
    const res = await runModelOverRows({
      rows,
      client: opts.engine.client,
      params: { ...gebDefaultParams(), ...opts.engine.params },
      prompt: opts.prompt,
      postprocess: opts.postprocess,
      maxSupportK: gradeOpts.maxSupportK,
      ...opts.engine.run
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
          new Map(gebPredictions(res.records, { trial: t, source: "postprocessed" }).predictions)
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
      "decode_s_per_q"
    ])
      if (k in efficiency) efficiency[k] = null;
  }
  const perTrial = [];
  let intervals;
  const rowStats = [];
  const spoofOn = (opts.pipeline?.config.authority_spoof_rate ?? 0) > 0;
  byTrialPreds.forEach((preds, t) => {
    const { metrics: metrics2, results, twins } = gradeAll(rows, preds, gradeOpts);
    perTrial.push(metrics2);
    if (t === 0 && gradeOpts.metrics === "1.0") {
      const gi = new GradeIntervals();
      for (let i = 0; i < rows.length; i++) gi.add(results[i], episodeCluster(rows[i]));
      gi.addTwinPairs(twins);
      intervals = gi.finish(metrics2);
    }
    rows.forEach((row, i) => {
      const ans = preds.get(row.id);
      rowStats.push(
        pipe ? pipelineRowStat(row, t, results[i], ans, pipe.outcomes[i], spoofOn) : modelRowStat(row, t, results[i], ans)
      );
    });
  });
  const metrics = perTrial[0];
  const decomp = rates(countRows(rowStats));
  const config = {
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
    pipeline_sources: opts.pipeline ? opts.pipeline.sources : null
  };
  const payload = {
    adapter_schema_version: "1.0",
    schema: MODEL_RUN_SCHEMA,
    model: opts.model,
    adapter: opts.pipeline ? "retrieval" : "engine",
    protocol: "closed_book",
    data: { path: opts.data, n },
    state_mode: uniform(rows, (r) => r.meta.state_mode),
    distractor_profile: typeof opts.labels?.distractor_profile === "string" ? opts.labels.distractor_profile : null,
    labels: opts.labels ?? {},
    config,
    env: envRecord(),
    metrics,
    metrics_raw: modelAnswered ? { ...metrics } : null,
    efficiency,
    decomposition: decomp.n > 0 ? { ...decomp, decomposition_line: decompositionLine(decomp, metrics.value_acc) } : null,
    errors,
    artifact_stats: [],
    retrieval_stats: rowStats,
    ...intervals ? { intervals } : {}
  };
  if (postPreds) {
    payload.metrics_postprocessed = {
      ...gradeAll(rows, postPreds[0], gradeOpts).metrics,
      source: "postprocessed"
    };
  }
  if (perTrial.length > 1) payload.trial_stats = statsOver(perTrial);
  return { payload, predictions: byTrialPreds, records, errors, firstError };
}

export {
  parseRetrievalSpec,
  BUNDLED_LINEAR_MODEL,
  resolveLinearModelPath,
  loadRows,
  runGebModel
};
