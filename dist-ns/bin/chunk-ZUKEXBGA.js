import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  pyStrHash
} from "./chunk-NNDIMO2F.js";
import {
  LINEAR_FEATURE_ORDER,
  bm25Scores,
  denseScores,
  featureMatrix,
  ledgerCandidates,
  ledgerOrder,
  newerFirst,
  pickLinear,
  rankByKey,
  rankByScore,
  scoreMatrix,
  tfidfScores
} from "./chunk-Q742L2DA.js";
import {
  PyRandom
} from "./chunk-NIT377TX.js";
import {
  sha256Hex
} from "./chunk-OMQMJS7P.js";

// src/geb/pipeline/rng.ts
function rowRng(stage, seed, rowId) {
  const h = sha256Hex(`${stage}\0${seed}\0${rowId}`);
  return new PyRandom(BigInt(`0x${h.slice(0, 16)}`));
}
function referenceRowRng(seed, rowId) {
  return new PyRandom(BigInt(seed) ^ pyStrHash(rowId));
}

// src/geb/pipeline/select.ts
function rowKey(row) {
  const k = row.meta.key;
  return typeof k === "string" && k !== "" ? k : null;
}
function isDirect(row) {
  const qt = row.meta.query_type;
  return qt === void 0 || qt === null || qt === "" || qt === "direct";
}
function goldUid(row) {
  const s = row.gold.support_ids;
  if (Array.isArray(s) && s.length > 0 && typeof s[0] === "string") return s[0];
  return typeof row.gold.support_id === "string" ? row.gold.support_id : null;
}
function retrievalQuery(question) {
  const first = question.split("\n", 1)[0];
  return first.trim() === "" ? question : first;
}
function retrieve(entries, row, key, ctx) {
  const c = ctx.config;
  const ref = c.retrieval_dialect === "reference-0.1";
  const q = ref ? row.question : retrievalQuery(row.question);
  switch (c.retriever) {
    case "bm25":
      return rankByScore(entries, bm25Scores(entries, q), ref);
    case "tfidf":
      return rankByScore(entries, tfidfScores(entries, q), ref);
    case "dense":
      if (ref) return rankByKey(entries, key, true);
      if (!ctx.embed) throw new Error("dense retriever without an embedding lookup");
      return rankByScore(entries, denseScores(entries, q, ctx.embed));
    default:
      return rankByKey(entries, key, ref);
  }
}
function flip(e) {
  return { ...e, op: e.op === "NOTE" ? "SET" : "NOTE", spoofed: true };
}
function rerank(cands, row, key, ctx) {
  if (cands.length === 0) return null;
  const c = ctx.config;
  const latest = (list) => [...list].sort(newerFirst)[0];
  switch (c.rerank) {
    case "latest_step":
      return latest(cands);
    case "last_occurrence":
      return cands[cands.length - 1];
    case "prefer_set_latest": {
      const sets = cands.filter((e) => e.op === "SET");
      return latest(sets.length > 0 ? sets : cands);
    }
    case "prefer_update_latest": {
      const auth = cands.filter((e) => e.op !== "NOTE");
      return latest(auth.length > 0 ? auth : cands);
    }
    case "linear": {
      const w = ctx.linearWeights;
      if (!w || w.length !== LINEAR_FEATURE_ORDER.length)
        throw new Error("rerank linear without aligned weights");
      const scores = scoreMatrix(featureMatrix(cands, row.question, key, c.step_bucket), w);
      return cands[pickLinear(cands, scores, c.linear_tie_break, c.linear_tie_eps)];
    }
    default:
      return cands[0];
  }
}
function candidatesFor(row, ctx) {
  const c = ctx.config;
  const key = rowKey(row);
  const gold = goldUid(row);
  const trace = {
    id: row.id,
    key,
    eligible: false,
    gold_uid: gold,
    latest_entry_uid: null,
    latest_entry_op: null,
    candidate_uids: [],
    gold_rank: null,
    latest_entry_rank: null,
    dropped_correct: false,
    gold_present: false,
    latest_entry_present: false,
    abstained: false,
    order_applied: null,
    spoof_count: 0,
    selected_uid: null,
    selected_op: null,
    selected_spoofed: null
  };
  const book = row.book ?? "";
  let entries = book ? ledgerCandidates(book) : [];
  if (!key || !isDirect(row) || entries.length === 0) return { trace, candidates: [] };
  const latestAny = entries.filter((e) => e.key === key).sort(newerFirst)[0];
  trace.latest_entry_uid = latestAny?.uid ?? null;
  trace.latest_entry_op = latestAny?.trueOp ?? null;
  if (c.authority_filter) entries = authoritative(entries);
  trace.eligible = true;
  const ranking = retrieve(entries, row, key, ctx);
  const stageRng = c.retrieval_dialect === "reference-0.1" ? (_stage, seed) => referenceRowRng(seed, row.id) : (stage, seed) => rowRng(stage, seed, row.id);
  const top = ranking.ranked.slice(0, c.k);
  const rankOf = (uid) => {
    if (!uid) return null;
    const i = top.findIndex((e) => e.uid === uid);
    return i === -1 ? null : i + 1;
  };
  trace.gold_rank = rankOf(gold);
  trace.latest_entry_rank = rankOf(trace.latest_entry_uid);
  let selected = [...top];
  let wrong;
  if (c.wrong_type === "same_key") {
    wrong = entries.filter((e) => e.key === key && !selected.includes(e)).sort(newerFirst)[0];
  } else if (c.wrong_type === "other_key") {
    wrong = entries.filter((e) => e.key !== key && !selected.includes(e)).sort(newerFirst)[0];
  }
  if (wrong) selected.push(wrong);
  selected.sort(ledgerOrder);
  if (gold && c.drop_prob > 0 && stageRng("drop", c.drop_seed).random() < c.drop_prob) {
    const rest = selected.filter((e) => e.uid !== gold);
    if (rest.length !== selected.length) {
      trace.dropped_correct = true;
      selected = rest.length === 0 && wrong ? [wrong] : rest;
    }
  }
  trace.gold_present = gold !== null && selected.some((e) => e.uid === gold);
  trace.latest_entry_present = trace.latest_entry_uid !== null && selected.some((e) => e.uid === trace.latest_entry_uid);
  if (selected.length > 1) {
    if (c.order === "shuffle") {
      stageRng("order", c.order_seed).shuffle(selected);
      trace.order_applied = "shuffle";
    } else {
      const g = selected.filter((e) => e.uid === gold);
      if (g.length > 0) {
        const rest = selected.filter((e) => e.uid !== gold);
        const mid = Math.floor(rest.length / 2);
        selected = c.order === "gold_first" ? [...g, ...rest] : c.order === "gold_last" ? [...rest, ...g] : [...rest.slice(0, mid), ...g, ...rest.slice(mid)];
        trace.order_applied = c.order;
      }
    }
  }
  if (c.authority_spoof_rate > 0 && selected.length > 0) {
    const rng = stageRng("spoof", c.authority_spoof_seed);
    selected = selected.map((e) => {
      if (rng.random() < c.authority_spoof_rate) {
        trace.spoof_count++;
        return flip(e);
      }
      return e;
    });
  }
  trace.candidate_uids = selected.map((e) => e.uid);
  return { trace, candidates: selected };
}
var filtered = /* @__PURE__ */ new WeakMap();
function authoritative(entries) {
  let f = filtered.get(entries);
  if (!f) {
    const auth = entries.filter((e) => e.trueOp !== "NOTE");
    f = auth.length > 0 ? auth : entries;
    filtered.set(entries, f);
  }
  return f;
}
function shouldAbstain(trace, candidates, c) {
  if (!c.abstain_on_missing || !trace.eligible) return false;
  if (c.abstain_policy === "oracle") return !trace.gold_present;
  return !candidates.some((e) => e.key === trace.key && e.op !== "NOTE");
}
function selectRow(row, ctx) {
  const { trace, candidates } = candidatesFor(row, ctx);
  if (!trace.eligible) return { trace, candidates, chosen: null };
  if (shouldAbstain(trace, candidates, ctx.config)) {
    trace.abstained = true;
    return { trace, candidates, chosen: null };
  }
  const key = trace.key;
  const c = ctx.config;
  const answererChooses = c.rerank === "none" && candidates.length > 1 && !c.selector_only && !c.deterministic_answer;
  const chosen = answererChooses ? null : rerank(candidates, row, key, ctx);
  if (chosen) {
    trace.selected_uid = chosen.uid;
    trace.selected_op = chosen.trueOp;
    trace.selected_spoofed = c.authority_spoof_rate > 0 ? chosen.spoofed : null;
  }
  return { trace, candidates, chosen };
}

export {
  rowKey,
  isDirect,
  goldUid,
  retrievalQuery,
  candidatesFor,
  selectRow
};
