import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  linesAfterHeader
} from "./chunk-MNTGVOY3.js";
import {
  readJsonFileSync
} from "./chunk-QYZGEUIB.js";

// src/geb/selector/linear.ts
import { InputError } from "../core/errors.js";

// src/geb/pipeline/ledger.ts
var LINE = /^- \[(U[A-F0-9]{6})\] step=(\d+) (SET|CLEAR|NOTE) (tag\.\d+)(?: = (.*))?$/;
var memo = /* @__PURE__ */ new Map();
var MEMO_SIZE = 16;
function ledgerCandidates(book) {
  const hit = memo.get(book);
  if (hit) return hit;
  const out = [];
  for (const line of linesAfterHeader(book, "## State Ledger")) {
    if (line.startsWith("## ")) break;
    const m = LINE.exec(line);
    if (!m) continue;
    const op = m[3];
    if (op === "CLEAR" !== (m[5] === void 0)) continue;
    out.push({
      uid: m[1],
      step: Number(m[2]),
      op,
      key: m[4],
      value: op === "CLEAR" ? null : m[5].trim(),
      index: out.length,
      trueOp: op,
      spoofed: false
    });
  }
  if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value);
  memo.set(book, out);
  return out;
}
function newerFirst(a, b) {
  return b.step - a.step || b.index - a.index;
}
function ledgerOrder(a, b) {
  return a.step - b.step || a.index - b.index;
}
function entryText(e) {
  return `${e.op} ${e.key} ${e.value ?? "None"}`;
}

// src/geb/pipeline/retrieval.ts
function tokenize(text) {
  if (!text) return [];
  return text.toLowerCase().replace(/[^0-9a-z]+/g, " ").split(" ").filter((t) => t !== "");
}
var docStats = /* @__PURE__ */ new WeakMap();
function statsOf(entries) {
  let s = docStats.get(entries);
  if (!s) {
    const docs = entries.map((e) => tokenize(entryText(e)));
    const df = /* @__PURE__ */ new Map();
    let total = 0;
    for (const d of docs) {
      total += d.length;
      for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1);
    }
    s = { docs, df, avgdl: docs.length ? total / docs.length : 0 };
    docStats.set(entries, s);
  }
  return s;
}
function bm25Scores(entries, query) {
  const { docs, df, avgdl } = statsOf(entries);
  const q = tokenize(query);
  const scores = new Float64Array(docs.length);
  if (docs.length === 0 || q.length === 0) return scores;
  const k1 = 1.5;
  const b = 0.75;
  docs.forEach((d, i) => {
    let s = 0;
    for (const t of q) {
      const n = df.get(t) ?? 0;
      if (n === 0) continue;
      const idf = Math.log((docs.length - n + 0.5) / (n + 0.5) + 1);
      let tf = 0;
      for (const x of d) if (x === t) tf++;
      const denom = tf + k1 * (1 - b + b * (avgdl ? d.length / avgdl : 0));
      s += idf * (tf * (k1 + 1) / denom);
    }
    scores[i] = s;
  });
  return scores;
}
function tfidfScores(entries, query) {
  const { docs, df } = statsOf(entries);
  const scores = new Float64Array(docs.length);
  if (docs.length === 0) return scores;
  const idf = (t) => {
    const n = df.get(t);
    return n === void 0 ? 0 : Math.log((docs.length + 1) / (n + 1)) + 1;
  };
  const vec = (tokens) => {
    const v = /* @__PURE__ */ new Map();
    for (const t of tokens) v.set(t, (v.get(t) ?? 0) + 1);
    for (const [t, c] of v) v.set(t, c * idf(t));
    return v;
  };
  const qv = vec(tokenize(query));
  let qn = 0;
  for (const x of qv.values()) qn += x * x;
  qn = Math.sqrt(qn);
  docs.forEach((d, i) => {
    const dv = vec(d);
    if (dv.size === 0 || qv.size === 0 || qn === 0) return;
    let dot = 0;
    let dn = 0;
    for (const [t, x] of dv) {
      dot += x * (qv.get(t) ?? 0);
      dn += x * x;
    }
    dn = Math.sqrt(dn);
    scores[i] = dn === 0 ? 0 : dot / (dn * qn);
  });
  return scores;
}
function cosine(a, b) {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
function denseScores(entries, query, embed) {
  const q = embed(query);
  const scores = new Float64Array(entries.length);
  entries.forEach((e, i) => {
    scores[i] = cosine(embed(entryText(e)), q);
  });
  return scores;
}
function rankByScore(entries, scores, oldestTies = false) {
  const idx = entries.map((_, i) => i);
  if (oldestTies) idx.sort((a, b) => scores[b] - scores[a] || ledgerOrder(entries[a], entries[b]));
  else idx.sort((a, b) => scores[b] - scores[a] || newerFirst(entries[a], entries[b]));
  return { ranked: idx.map((i) => entries[i]), scores: idx.map((i) => scores[i]) };
}
function rankByKey(entries, key, earlierLineTies = false) {
  const own = entries.filter((e) => e.key === key);
  return {
    ranked: own.sort(earlierLineTies ? (a, b) => b.step - a.step || a.index - b.index : newerFirst),
    scores: null
  };
}

// src/geb/selector/linear.ts
var LINEAR_FEATURE_ORDER = [
  "bias",
  "step_norm",
  "step_delta_norm",
  "is_latest_step",
  "is_second_latest_step",
  "recency_rank_norm",
  "recency_rank_inv",
  "step_gap_range_norm",
  "pos_norm",
  "is_set",
  "is_clear",
  "is_add",
  "is_remove",
  "is_note",
  "is_authoritative",
  "is_update",
  "key_in_question",
  "value_in_question",
  "value_token_overlap",
  "question_len_norm",
  "value_len_norm"
];
var N_FEATURES = LINEAR_FEATURE_ORDER.length;
function featureMatrix(entries, question, key, stepBucket = 1) {
  const n = entries.length;
  const out = new Float64Array(n * N_FEATURES);
  if (n === 0) return out;
  const bucket = Math.max(1, Math.trunc(stepBucket));
  const steps = entries.map((e) => Math.floor(e.step / bucket));
  let maxStep = Number.NEGATIVE_INFINITY;
  let minStep = Number.POSITIVE_INFINITY;
  for (const s of steps) {
    if (s > maxStep) maxStep = s;
    if (s < minStep) minStep = s;
  }
  const distinct = [...new Set(steps)].sort((a, b) => b - a);
  const second = distinct.length > 1 ? distinct[1] : null;
  const range = Math.max(maxStep - minStep, 1);
  const qLower = question.toLowerCase();
  const qTokens = tokenize(qLower);
  const qSet = new Set(qTokens);
  const keyIn = key && qLower.includes(key.toLowerCase()) ? 1 : 0;
  const qLen = Math.min(qTokens.length / 20, 1);
  for (let i = 0; i < n; i++) {
    const e = entries[i];
    const step = steps[i];
    let rank = 0;
    for (const s of steps) if (s > step) rank++;
    const value = e.value ?? "None";
    const vTokens = tokenize(value);
    const vSet = new Set(vTokens);
    let overlap = 0;
    if (vSet.size > 0) {
      let common = 0;
      for (const t of vSet) if (qSet.has(t)) common++;
      overlap = common / vSet.size;
    }
    const op = String(e.op).toUpperCase();
    const f = out.subarray(i * N_FEATURES, (i + 1) * N_FEATURES);
    f[0] = 1;
    f[1] = maxStep ? step / maxStep : 0;
    f[2] = maxStep ? (maxStep - step) / maxStep : 0;
    f[3] = step === maxStep ? 1 : 0;
    f[4] = second !== null && step === second ? 1 : 0;
    f[5] = n > 1 ? rank / (n - 1) : 0;
    f[6] = 1 / (1 + rank);
    f[7] = (maxStep - step) / range;
    f[8] = n > 1 ? i / (n - 1) : 0;
    f[9] = op === "SET" ? 1 : 0;
    f[10] = op === "CLEAR" ? 1 : 0;
    f[11] = op === "ADD" ? 1 : 0;
    f[12] = op === "REMOVE" ? 1 : 0;
    f[13] = op === "NOTE" ? 1 : 0;
    f[14] = op === "NOTE" ? 0 : 1;
    f[15] = op === "SET" || op === "ADD" || op === "REMOVE" || op === "CLEAR" ? 1 : 0;
    f[16] = keyIn;
    f[17] = value && qLower.includes(value.toLowerCase()) ? 1 : 0;
    f[18] = overlap;
    f[19] = qLen;
    f[20] = Math.min(vTokens.length / 10, 1);
  }
  return out;
}
function scoreMatrix(m, weights) {
  const n = m.length / N_FEATURES;
  const s = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let acc = 0;
    const o = i * N_FEATURES;
    for (let j = 0; j < N_FEATURES; j++) acc += weights[j] * m[o + j];
    s[i] = acc;
  }
  return s;
}
function alignModel(model, where = {}) {
  if (model.feature_order.length !== model.weights.length)
    throw new InputError(
      `weights has ${model.weights.length} entries but feature_order has ${model.feature_order.length}`,
      { ...where, field: "weights" }
    );
  const known = new Set(LINEAR_FEATURE_ORDER);
  const extra = model.feature_order.filter((f) => !known.has(f));
  if (extra.length > 0)
    throw new InputError(`unknown features: ${extra.join(", ")}`, { ...where, field: "feature_order" });
  const at = new Map(model.feature_order.map((f, i) => [f, i]));
  return LINEAR_FEATURE_ORDER.map((f) => {
    const i = at.get(f);
    return i === void 0 ? 0 : model.weights[i];
  });
}
function parseLinearModel(value, where = {}) {
  const o = value;
  if (!o || typeof o !== "object" || Array.isArray(o))
    throw new InputError("a linear model must be a JSON object", where);
  if (!Array.isArray(o.feature_order) || !o.feature_order.every((f) => typeof f === "string"))
    throw new InputError("must be a list of feature names", { ...where, field: "feature_order" });
  if (!Array.isArray(o.weights) || !o.weights.every((w) => typeof w === "number" && Number.isFinite(w)))
    throw new InputError("must be a list of numbers", { ...where, field: "weights" });
  const model = { feature_order: o.feature_order, weights: o.weights };
  if (o.meta && typeof o.meta === "object") model.meta = o.meta;
  alignModel(model, where);
  return model;
}
function loadLinearModel(file) {
  const value = readJsonFileSync(file, "linear model");
  const model = parseLinearModel(value, { file });
  return { model, weights: alignModel(model, { file }) };
}
function pickLinear(entries, scores, tieBreak, eps) {
  let best = 0;
  for (let i = 1; i < entries.length; i++) {
    if (scores[i] > scores[best] || scores[i] === scores[best] && newer(entries[i], entries[best]))
      best = i;
  }
  if (tieBreak !== "latest_step") return best;
  const cutoff = scores[best] - Math.max(0, eps);
  let pick = best;
  for (let i = 0; i < entries.length; i++) {
    if (scores[i] >= cutoff && newer(entries[i], entries[pick])) pick = i;
  }
  return pick;
}
function newer(a, b) {
  return a.step > b.step || a.step === b.step && a.index > b.index;
}

export {
  ledgerCandidates,
  newerFirst,
  ledgerOrder,
  entryText,
  tokenize,
  bm25Scores,
  tfidfScores,
  denseScores,
  rankByScore,
  rankByKey,
  LINEAR_FEATURE_ORDER,
  N_FEATURES,
  featureMatrix,
  scoreMatrix,
  alignModel,
  parseLinearModel,
  loadLinearModel,
  pickLinear
};
