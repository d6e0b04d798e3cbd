import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  external_exports,
  parseWith
} from "./chunk-FE7UWTWL.js";
import {
  requireOptional
} from "./chunk-LXQA6YAV.js";
import {
  readJsonFile
} from "./chunk-QYZGEUIB.js";

// src/core/engine/accounting.ts
import { createRequire } from "node:module";
function estimateTokens(text) {
  if (text === "") return 0;
  const t = tokenizer();
  if (!t) return Math.ceil(text.length / 4);
  return t.encode(text, { disallowedSpecial: /* @__PURE__ */ new Set() }).length;
}
var tokenEstimator = () => tokenizer() ? "o200k" : "chars/4";
var tok;
function tokenizer() {
  if (tok === void 0)
    tok = requireOptional(
      "gpt-tokenizer",
      () => createRequire(new URL("../core/engine/accounting.js", import.meta.url).href)("gpt-tokenizer")
    ) ?? null;
  return tok;
}
function usageFor(request, response) {
  if (response.usage) return { ...response.usage, estimated: false };
  let prompt = 0;
  for (const m of request.messages) prompt += estimateTokens(m.content);
  return { prompt_tokens: prompt, completion_tokens: estimateTokens(response.text), estimated: true };
}
var priceTableSchema = external_exports.record(
  external_exports.string(),
  external_exports.object({ input_per_mtok: external_exports.number().nonnegative(), output_per_mtok: external_exports.number().nonnegative() }).strict()
);
async function loadPriceTable(file) {
  return parseWith(priceTableSchema, await readJsonFile(file), { file });
}
function priceFor(table, model) {
  if (!table) return void 0;
  return table[model];
}
function costUsd(price, promptTokens, completionTokens) {
  return (promptTokens * price.input_per_mtok + completionTokens * price.output_per_mtok) / 1e6;
}
function latencyStats(values) {
  if (values.length === 0) return null;
  const v = Float64Array.from(values).sort();
  const rank = (p) => v[Math.min(v.length - 1, Math.max(0, Math.ceil(p * v.length) - 1))];
  let sum = 0;
  for (const x of v) sum += x;
  return {
    n: v.length,
    mean_ms: sum / v.length,
    p50_ms: rank(0.5),
    p95_ms: rank(0.95),
    max_ms: v[v.length - 1]
  };
}
function trialStats(values) {
  if (values.length === 0) return null;
  let sum = 0;
  for (const x of values) sum += x;
  const mean = sum / values.length;
  let ss = 0;
  for (const x of values) ss += (x - mean) ** 2;
  return {
    n: values.length,
    mean,
    stdev: values.length > 1 ? Math.sqrt(ss / (values.length - 1)) : 0,
    min: Math.min(...values),
    max: Math.max(...values)
  };
}
function summarizeUsage(records, price) {
  let n = 0;
  let pt = 0;
  let ct = 0;
  let est = 0;
  let prefill = 0;
  let decode = 0;
  let hasPrefill = false;
  let hasDecode = false;
  for (const r of records) {
    n++;
    pt += r.usage.prompt_tokens;
    ct += r.usage.completion_tokens;
    if (r.usage.estimated) est++;
    if (r.timings?.prefill_ms !== void 0) {
      prefill += r.timings.prefill_ms;
      hasPrefill = true;
    }
    if (r.timings?.decode_ms !== void 0) {
      decode += r.timings.decode_ms;
      hasDecode = true;
    }
  }
  return {
    records: n,
    prompt_tokens: pt,
    completion_tokens: ct,
    estimated_records: est,
    prefill_s: hasPrefill ? prefill / 1e3 : null,
    decode_s: hasDecode ? decode / 1e3 : null,
    cost_usd: price ? costUsd(price, pt, ct) : null
  };
}
function summarizeByModel(records, table) {
  const groups = /* @__PURE__ */ new Map();
  for (const r of records) {
    const k = `${r.model.kind}:${r.model.model}`;
    const g = groups.get(k);
    if (g) g.push(r);
    else groups.set(k, [r]);
  }
  const out = {};
  for (const [k, g] of [...groups].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) {
    out[k] = summarizeUsage(g, priceFor(table, g[0].model.model));
  }
  return out;
}

export {
  estimateTokens,
  tokenEstimator,
  usageFor,
  loadPriceTable,
  priceFor,
  costUsd,
  latencyStats,
  trialStats,
  summarizeUsage,
  summarizeByModel
};
