import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  goldUid,
  isDirect,
  rowKey
} from "./chunk-ZUKEXBGA.js";
import {
  ledgerCandidates,
  newerFirst
} from "./chunk-Q742L2DA.js";

// src/geb/summary/decomposition.ts
var DECOMPOSITION_COUNT_KEYS = [
  "total",
  "gold_present",
  "gold_missing",
  "latest_entry_present",
  "value_ok_when_present",
  "value_ok_when_latest_entry_present",
  "selection_ok",
  "selection_latest_entry_ok",
  "gold_selected_value_ok",
  "substring_total",
  "substring_ok",
  "support_consistency_total",
  "support_consistency_ok",
  "gold_support_total",
  "gold_support_ok",
  "selected_total",
  "selected_note",
  "selected_non_gold",
  "selected_wrong_update",
  "selector_pick_total",
  "selector_pick_ok",
  "spoof_total",
  "spoof_accepted",
  "spoof_accepted_non_gold",
  "abstain_total",
  "abstain_on_missing",
  "rank_n",
  "rank_sum",
  "dropped"
];
function emptyCounts() {
  return Object.fromEntries(DECOMPOSITION_COUNT_KEYS.map((k) => [k, 0]));
}
function addCounts(a, b) {
  const out = emptyCounts();
  for (const k of DECOMPOSITION_COUNT_KEYS) out[k] = a[k] + b[k];
  return out;
}
function isAbstain(r) {
  return r.pipeline_abstained || !r.missing && r.pred_value === null && r.pred_support_ids.length === 0;
}
function countRows(rows) {
  const c = emptyCounts();
  for (const r of rows) {
    if (!r.eligible) continue;
    c.total++;
    const cited = new Set(r.pred_support_ids);
    if (r.dropped_correct) c.dropped++;
    if (r.gold_rank !== null) {
      c.rank_n++;
      c.rank_sum += r.gold_rank;
    }
    const abstained = isAbstain(r);
    if (abstained) c.abstain_total++;
    if (!r.gold_present) {
      c.gold_missing++;
      if (abstained) c.abstain_on_missing++;
    } else {
      c.gold_present++;
      if (r.value_ok) c.value_ok_when_present++;
      if (r.gold_uid && cited.has(r.gold_uid)) {
        c.selection_ok++;
        if (r.value_ok) c.gold_selected_value_ok++;
        if (r.pred_value !== null && r.gold_entry_value !== null) {
          c.substring_total++;
          if (r.gold_entry_value.includes(r.pred_value)) c.substring_ok++;
        }
      }
      if (r.selected_uid) {
        c.support_consistency_total++;
        if (cited.has(r.selected_uid)) c.support_consistency_ok++;
        c.selector_pick_total++;
        if (r.selected_uid === r.gold_uid) c.selector_pick_ok++;
      }
    }
    if (r.latest_entry_present) {
      c.latest_entry_present++;
      if (r.value_ok) c.value_ok_when_latest_entry_present++;
      if (r.latest_entry_uid && cited.has(r.latest_entry_uid)) c.selection_latest_entry_ok++;
    }
    if (r.gold_uid) {
      c.gold_support_total++;
      if (cited.has(r.gold_uid)) c.gold_support_ok++;
    }
    if (r.selected_uid && r.selected_op) {
      c.selected_total++;
      if (r.selected_op === "NOTE") c.selected_note++;
      if (r.selected_uid !== r.gold_uid) {
        c.selected_non_gold++;
        if (r.selected_op !== "NOTE") c.selected_wrong_update++;
      }
      if (r.spoof_enabled && r.selected_spoofed !== null) {
        c.spoof_total++;
        if (r.selected_spoofed) {
          c.spoof_accepted++;
          if (r.selected_uid !== r.gold_uid) c.spoof_accepted_non_gold++;
        }
      }
    }
  }
  return c;
}
var div = (a, b) => b ? a / b : null;
function rates(c) {
  return {
    n: c.total,
    gold_present_rate: div(c.gold_present, c.total),
    selection_rate: div(c.selection_ok, c.gold_present),
    accuracy_when_gold_present: div(c.value_ok_when_present, c.gold_present),
    answer_acc_given_gold_selected: div(c.gold_selected_value_ok, c.selection_ok),
    value_acc_when_gold_selected: div(c.gold_selected_value_ok, c.selection_ok),
    value_is_substring_of_selected_line_rate: div(c.substring_ok, c.substring_total),
    support_consistency_rate: div(c.support_consistency_ok, c.support_consistency_total),
    gold_support_selected_rate: div(c.gold_support_ok, c.gold_support_total),
    selector_pick_rate: div(c.selector_pick_ok, c.selector_pick_total),
    selected_note_rate: div(c.selected_note, c.selected_total),
    wrong_update_rate: div(c.selected_wrong_update, c.selected_total),
    selected_wrong_update_rate: div(c.selected_wrong_update, c.selected_non_gold),
    spoof_accept_rate: div(c.spoof_accepted, c.spoof_total),
    spoof_accept_rate_non_gold: div(c.spoof_accepted_non_gold, c.spoof_total),
    gold_missing_rate: div(c.gold_missing, c.total),
    drop_rate: div(c.dropped, c.total),
    abstain_rate: div(c.abstain_total, c.total),
    abstain_precision: div(c.abstain_on_missing, c.abstain_total),
    abstain_recall: div(c.abstain_on_missing, c.gold_missing),
    correct_rank_mean: div(c.rank_sum, c.rank_n),
    gold_present_rate_latest_entry: div(c.latest_entry_present, c.total),
    selection_rate_latest_entry: div(c.selection_latest_entry_ok, c.latest_entry_present),
    accuracy_when_gold_present_latest_entry: div(
      c.value_ok_when_latest_entry_present,
      c.latest_entry_present
    )
  };
}
function decompositionLine(r, valueAcc) {
  const parts = [r.gold_present_rate, r.selection_rate, r.accuracy_when_gold_present, valueAcc];
  if (parts.some((x) => x === null)) return null;
  return parts.map((x) => x.toFixed(4)).join(" -> ");
}
var DEFAULT_EDGES = {
  tokens_since_update: [200, 400, 800, 1600],
  distractors_since_update: [2, 4, 8, 16],
  writes_to_key: [1, 2, 4, 8]
};
function bucketTable(edges) {
  if (edges.length === 0) return { labels: ["all"], los: [0] };
  const labels = [];
  const los = [];
  let prev = 0;
  for (const e of edges) {
    labels.push(`${prev}-${e}`);
    los.push(prev);
    prev = e;
  }
  labels.push(`${edges[edges.length - 1]}+`);
  los.push(edges[edges.length - 1]);
  return { labels, los };
}
function recencyBuckets(rows, field, edges) {
  const { labels, los } = bucketTable(edges);
  const m = /* @__PURE__ */ new Map();
  for (const r of rows) {
    const v = r[field];
    if (v === null) continue;
    let i = 0;
    while (i < edges.length && !(v < edges[i])) i++;
    const label = labels[i];
    let b = m.get(label);
    if (!b) {
      b = { bucket: label, lo: los[i], n: 0, value_ok: 0, exact_ok: 0 };
      m.set(label, b);
    }
    b.n++;
    if (r.value_ok) b.value_ok++;
    if (r.exact_ok) b.exact_ok++;
  }
  return [...m.values()].sort((a, b) => a.lo - b.lo);
}
function driftCounts(rows) {
  const out = {
    steps_total: 0,
    steps_drift: 0,
    steps_persist: 0,
    wrong_commit: 0,
    episodes_total: 0,
    episodes_drift: 0
  };
  const episodes = /* @__PURE__ */ new Map();
  for (const r of rows) {
    const k = `${r.trial}\0${r.episode_id ?? "episode"}`;
    let l = episodes.get(k);
    if (!l) {
      l = [];
      episodes.set(k, l);
    }
    l.push(r);
  }
  for (const list of episodes.values()) {
    const sorted = [...list].sort((a, b) => (a.q_index ?? 0) - (b.q_index ?? 0));
    const belief = /* @__PURE__ */ new Map();
    let steps = 0;
    let drifted = false;
    for (const r of sorted) {
      if (!r.eligible || !r.gold_present || !r.key || r.gold_value === null) continue;
      steps++;
      const prev = belief.get(r.key);
      if (prev !== void 0 && prev !== r.gold_value) {
        out.steps_drift++;
        drifted = true;
        if (r.pred_value === null || r.pred_value !== r.gold_value) out.steps_persist++;
      }
      if (r.pred_value !== null && r.pred_value !== r.gold_value) out.wrong_commit++;
      if (r.pred_value !== null) belief.set(r.key, r.pred_value);
    }
    if (steps) {
      out.steps_total += steps;
      out.episodes_total++;
      if (drifted) out.episodes_drift++;
    }
  }
  return out;
}
function driftMetrics(d) {
  return {
    step_rate: div(d.steps_drift, d.steps_total),
    persistence_rate: div(d.steps_persist, d.steps_total),
    wrong_commit_rate: div(d.wrong_commit, d.steps_total),
    run_rate: div(d.episodes_drift, d.episodes_total),
    step_count: d.steps_total,
    run_count: d.episodes_total
  };
}

// src/geb/summary/rowstats.ts
function withReferenceDiag(s) {
  const r = s;
  r.correct_included = s.gold_present;
  r.correct_uid = s.gold_uid;
  r.correct_rank = s.gold_rank;
  r.abstained = s.pipeline_abstained;
  r.gold_missing = s.eligible && !s.gold_present;
  return r;
}
var indexes = /* @__PURE__ */ new WeakMap();
function ledgerIndex(book) {
  const entries = ledgerCandidates(book);
  let ix = indexes.get(entries);
  if (!ix) {
    const byUid = /* @__PURE__ */ new Map();
    const latestByKey = /* @__PURE__ */ new Map();
    for (const e of entries) {
      if (!byUid.has(e.uid)) byUid.set(e.uid, e);
      const cur = latestByKey.get(e.key);
      if (!cur || newerFirst(e, cur) < 0) latestByKey.set(e.key, e);
    }
    ix = { size: entries.length, byUid, latestByKey };
    indexes.set(entries, ix);
  }
  return ix;
}
var num = (v) => typeof v === "number" && Number.isFinite(v) ? v : null;
var str = (v) => typeof v === "string" ? v : null;
function base(row, trial, g, ans) {
  const meta = row.meta;
  const uid = goldUid(row);
  const goldEntry = uid ? ledgerIndex(row.book ?? "").byUid.get(uid) : void 0;
  return {
    id: row.id,
    trial,
    episode_id: row.episode_id ?? null,
    q_index: num(meta.q_index),
    key: rowKey(row),
    query_type: str(meta.query_type),
    has_instruction: g.has_instruction,
    tokens_since_update: num(meta.tokens_since_update),
    distractors_since_update: num(meta.distractors_since_update),
    writes_to_key: num(meta.writes_to_key),
    gold_value: g.gold_value,
    pred_value: g.pred_value,
    pred_support_ids: ans ? [...ans.support_ids] : [],
    missing: g.missing,
    value_ok: g.value_ok,
    exact_ok: g.exact,
    gold_uid: uid,
    gold_entry_value: goldEntry && goldEntry.trueOp !== "CLEAR" ? goldEntry.value : null
  };
}
function makeStat(b, s) {
  return {
    id: b.id,
    trial: b.trial,
    episode_id: b.episode_id,
    q_index: b.q_index,
    key: b.key,
    query_type: b.query_type,
    has_instruction: b.has_instruction,
    tokens_since_update: b.tokens_since_update,
    distractors_since_update: b.distractors_since_update,
    writes_to_key: b.writes_to_key,
    gold_value: b.gold_value,
    pred_value: b.pred_value,
    pred_support_ids: b.pred_support_ids,
    missing: b.missing,
    value_ok: b.value_ok,
    exact_ok: b.exact_ok,
    gold_uid: b.gold_uid,
    gold_entry_value: b.gold_entry_value,
    stage: s.stage,
    eligible: s.eligible,
    source: s.source,
    latest_entry_uid: s.latest_entry_uid,
    latest_entry_op: s.latest_entry_op,
    candidate_uids: s.candidate_uids,
    gold_rank: s.gold_rank,
    latest_entry_rank: s.latest_entry_rank,
    dropped_correct: s.dropped_correct,
    gold_present: s.gold_present,
    latest_entry_present: s.latest_entry_present,
    pipeline_abstained: s.pipeline_abstained,
    order: s.order,
    spoof_enabled: s.spoof_enabled,
    spoof_count: s.spoof_count,
    selected_uid: s.selected_uid,
    selected_op: s.selected_op,
    selected_spoofed: s.selected_spoofed,
    pick_uid: s.pick_uid,
    copy_clamped: s.copy_clamped,
    correct_included: s.gold_present,
    correct_uid: b.gold_uid,
    correct_rank: s.gold_rank,
    abstained: s.pipeline_abstained,
    gold_missing: s.eligible && !s.gold_present
  };
}
function pipelineRowStat(row, trial, g, ans, o, spoofEnabled) {
  const t = o.selection.trace;
  let selected = { uid: t.selected_uid, op: t.selected_op, spoofed: t.selected_spoofed };
  if (selected.uid === null && o.source === "model" && ans && ans.support_ids.length > 0) {
    const e = o.selection.candidates.find((c) => c.uid === ans.support_ids[0]);
    if (e) selected = { uid: e.uid, op: e.trueOp, spoofed: spoofEnabled ? e.spoofed : null };
  }
  return makeStat(base(row, trial, g, ans), {
    stage: "pipeline",
    eligible: t.eligible,
    source: o.source,
    latest_entry_uid: t.latest_entry_uid,
    latest_entry_op: t.latest_entry_op,
    candidate_uids: t.candidate_uids,
    gold_rank: t.gold_rank,
    latest_entry_rank: t.latest_entry_rank,
    dropped_correct: t.dropped_correct,
    gold_present: t.gold_present,
    latest_entry_present: t.latest_entry_present,
    pipeline_abstained: t.abstained,
    order: t.order_applied,
    spoof_enabled: spoofEnabled,
    spoof_count: t.spoof_count,
    selected_uid: selected.uid,
    selected_op: selected.op,
    selected_spoofed: selected.spoofed,
    pick_uid: o.pick_uid,
    copy_clamped: o.copy_clamped[trial] ?? null
  });
}
function modelRowStat(row, trial, g, ans) {
  const b = base(row, trial, g, ans);
  const ix = ledgerIndex(row.book ?? "");
  const eligible = b.key !== null && isDirect(row) && ix.size > 0;
  const latest = b.key !== null ? ix.latestByKey.get(b.key) : void 0;
  const sel = b.pred_support_ids[0] ?? null;
  const selEntry = sel ? ix.byUid.get(sel) : void 0;
  return makeStat(b, {
    stage: "model",
    eligible,
    source: "model",
    latest_entry_uid: latest?.uid ?? null,
    latest_entry_op: latest?.trueOp ?? null,
    candidate_uids: null,
    gold_rank: null,
    latest_entry_rank: null,
    dropped_correct: false,
    gold_present: eligible && b.gold_uid !== null,
    latest_entry_present: eligible && latest !== void 0,
    pipeline_abstained: false,
    order: null,
    spoof_enabled: false,
    spoof_count: 0,
    selected_uid: selEntry ? selEntry.uid : null,
    selected_op: selEntry ? selEntry.trueOp : null,
    selected_spoofed: null,
    pick_uid: null,
    copy_clamped: null
  });
}
var ROW_STAT_TYPES = {
  id: "s",
  trial: "n",
  episode_id: "s?",
  q_index: "n?",
  key: "s?",
  query_type: "s?",
  has_instruction: "b",
  tokens_since_update: "n?",
  distractors_since_update: "n?",
  writes_to_key: "n?",
  gold_value: "s?",
  pred_value: "s?",
  pred_support_ids: "S",
  missing: "b",
  value_ok: "b",
  exact_ok: "b",
  stage: "s",
  eligible: "b",
  source: "s?",
  gold_uid: "s?",
  gold_entry_value: "s?",
  latest_entry_uid: "s?",
  latest_entry_op: "s?",
  candidate_uids: "S?",
  gold_rank: "n?",
  latest_entry_rank: "n?",
  dropped_correct: "b",
  gold_present: "b",
  latest_entry_present: "b",
  pipeline_abstained: "b",
  order: "s?",
  spoof_enabled: "b",
  spoof_count: "n",
  selected_uid: "s?",
  selected_op: "s?",
  selected_spoofed: "b?",
  pick_uid: "s?",
  copy_clamped: "b?",
  correct_included: "b",
  correct_uid: "s?",
  correct_rank: "n?",
  abstained: "b",
  gold_missing: "b"
};
var ROW_STAT_ENTRIES = Object.entries(ROW_STAT_TYPES);
var TYPE_NAMES = {
  s: "a string",
  n: "a number",
  b: "a boolean",
  S: "a list of strings"
};
function fits(v, t) {
  if (t.endsWith("?")) {
    if (v === null) return true;
    t = t.slice(0, -1);
  }
  switch (t) {
    case "s":
      return typeof v === "string";
    case "n":
      return typeof v === "number" && Number.isFinite(v);
    case "b":
      return typeof v === "boolean";
    default:
      return Array.isArray(v) && v.every((x) => typeof x === "string");
  }
}
function rowStatProblem(v) {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return { field: "", expected: "an object" };
  const o = v;
  for (const [k, t] of ROW_STAT_ENTRIES) {
    if (!fits(o[k], t)) {
      const base2 = TYPE_NAMES[t.replace("?", "")];
      return { field: k, expected: t.endsWith("?") ? `${base2} or null` : base2 };
    }
  }
  return void 0;
}

export {
  emptyCounts,
  addCounts,
  countRows,
  rates,
  decompositionLine,
  DEFAULT_EDGES,
  recencyBuckets,
  driftCounts,
  driftMetrics,
  withReferenceDiag,
  pipelineRowStat,
  modelRowStat,
  rowStatProblem
};
