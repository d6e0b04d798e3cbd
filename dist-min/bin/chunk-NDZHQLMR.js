import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  DEFAULT_EDGES,
  addCounts,
  countRows,
  decompositionLine,
  driftCounts,
  driftMetrics,
  emptyCounts,
  rates,
  recencyBuckets
} from "./chunk-BDOI5KDH.js";
import {
  PairedAccumulator
} from "./chunk-VPUOSIMC.js";
import {
  ClusterAccumulator,
  intervalsMeta,
  proportionInterval
} from "./chunk-Z2F3TC4X.js";

// src/geb/summary/intervals.ts
var ROW_RATE_METRICS = ["value_acc", "exact_acc"];
var outcome = (r, m) => (m === "value_acc" ? r.value_ok : r.exact_ok) ? 1 : 0;
var episodeOf = (r) => r.episode_id?.replace(/T$/, "") ?? void 0;
function pooledIntervals(payloads, opts = {}) {
  const acc = { value_acc: new ClusterAccumulator(), exact_acc: new ClusterAccumulator() };
  payloads.forEach((p, i) => {
    for (const r of p.retrieval_stats ?? []) {
      const e = episodeOf(r);
      const c = e === void 0 ? void 0 : `${i}\0${e}`;
      for (const m of ROW_RATE_METRICS) acc[m].add(outcome(r, m), c);
    }
  });
  const metrics = {};
  for (const m of ROW_RATE_METRICS) metrics[m] = proportionInterval(acc[m], opts);
  return { ...intervalsMeta(opts, "run \xD7 episode"), metrics };
}
function runIntervals(p, opts = {}) {
  const rows = p.retrieval_stats ?? [];
  let first = Number.POSITIVE_INFINITY;
  for (const r of rows) if (r.trial < first) first = r.trial;
  const acc = { value_acc: new ClusterAccumulator(), exact_acc: new ClusterAccumulator() };
  for (const r of rows)
    if (r.trial === first) for (const m of ROW_RATE_METRICS) acc[m].add(outcome(r, m), episodeOf(r));
  const out = {};
  for (const m of ROW_RATE_METRICS) {
    const iv = proportionInterval(acc[m], opts);
    const own = p.metrics?.[m];
    out[m] = iv.value !== null && typeof own === "number" && Math.abs(iv.value - own) <= 1e-12 ? { ...iv, value: own } : null;
  }
  return out;
}
function rowsByItem(payloads) {
  const m = /* @__PURE__ */ new Map();
  for (const p of payloads)
    for (const r of p.retrieval_stats ?? []) {
      const k = `${r.id}\0${r.trial}`;
      if (m.has(k)) return null;
      m.set(k, r);
    }
  return m;
}
function pairedRateComparisons(base, other, opts = {}) {
  const a = rowsByItem(other);
  const b = rowsByItem(base);
  if (!a || !b)
    return {
      paired: false,
      reason: "a side holds several runs over the same items; compare one run with one run"
    };
  const acc = { value_acc: new PairedAccumulator(), exact_acc: new PairedAccumulator() };
  for (const [k, ra] of a) {
    const rb = b.get(k);
    if (!rb) continue;
    if (ra.gold_value !== rb.gold_value || ra.key !== rb.key)
      return {
        paired: false,
        reason: `row ${JSON.stringify(ra.id)} has a different gold or key in the two runs: not the same dataset`
      };
    const c = episodeOf(ra);
    for (const m of ROW_RATE_METRICS) acc[m].add(outcome(ra, m), outcome(rb, m), c);
  }
  if (acc.value_acc.n === 0)
    return { paired: false, reason: "the runs share no graded item (row id and trial)" };
  return {
    paired: true,
    comparisons: {
      value_acc: acc.value_acc.compare(true, opts),
      exact_acc: acc.exact_acc.compare(true, opts)
    }
  };
}

// src/geb/summary/summarize.ts
var SUMMARY_SCHEMA = "oraclebench.geb.summary/1";
var SUMMARY_METRICS = [
  "value_acc",
  "exact_acc",
  "cite_f1",
  "entailment",
  "twin_consistency",
  "twin_flip_rate",
  "instruction_acc",
  "clean_acc",
  "instruction_gap",
  "instr_override_rate",
  "instr_conflict_present_rate",
  "state_integrity_rate"
];
function mean(xs) {
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}
function means(metrics) {
  const out = {};
  for (const k of SUMMARY_METRICS) {
    const vals = metrics.map((m) => m?.[k]).filter((x) => typeof x === "number");
    if (vals.length > 0) out[`${k}_mean`] = mean(vals);
  }
  return out;
}
function bucketRates(b) {
  return b.map((x) => ({
    bucket: x.bucket,
    n: x.n,
    value_acc: x.value_ok / x.n,
    exact_acc: x.exact_ok / x.n
  }));
}
function summarizeRuns(payloads, opts = {}) {
  const groups = /* @__PURE__ */ new Map();
  for (const p of payloads) {
    const k = `${p.state_mode ?? ""}\0${p.distractor_profile ?? ""}`;
    let l = groups.get(k);
    if (!l) {
      l = [];
      groups.set(k, l);
    }
    l.push(p);
  }
  const byGroup = [...groups.entries()].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0).map(([, list]) => ({
    state_mode: list[0].state_mode ?? "",
    distractor_profile: list[0].distractor_profile ?? "",
    n: list.length,
    ...means(list.map((p) => p.metrics))
  }));
  const allRows = [];
  let counts = emptyCounts();
  let eligible = 0;
  let driftRows = 0;
  const drift = {
    steps_total: 0,
    steps_drift: 0,
    steps_persist: 0,
    wrong_commit: 0,
    episodes_total: 0,
    episodes_drift: 0
  };
  for (const p of payloads) {
    const rows = p.retrieval_stats ?? [];
    for (const r2 of rows) allRows.push(r2);
    const c = countRows(rows);
    eligible += c.total;
    counts = addCounts(counts, c);
    const d = driftCounts(rows);
    driftRows += d.steps_total;
    for (const k of Object.keys(drift)) drift[k] += d[k];
  }
  let valueOk = 0;
  let exactOk = 0;
  for (const r2 of allRows) {
    if (r2.value_ok) valueOk++;
    if (r2.exact_ok) exactOk++;
  }
  const pooled = {
    n: allRows.length,
    value_acc: allRows.length ? valueOk / allRows.length : null,
    exact_acc: allRows.length ? exactOk / allRows.length : null
  };
  const edges = { ...DEFAULT_EDGES, ...opts.edges };
  const r = rates(counts);
  return {
    schema: SUMMARY_SCHEMA,
    runs: payloads.length,
    rows: allRows.length,
    overall: means(payloads.map((p) => p.metrics)),
    overall_postprocessed: means(
      payloads.filter((p) => p.metrics_postprocessed).map((p) => p.metrics_postprocessed)
    ),
    by_group: byGroup,
    pooled,
    retrieval: eligible > 0 ? {
      ...r,
      gold_in_context_rate: r.gold_present_rate,
      decomposition_line: decompositionLine(r, pooled.value_acc),
      counts
    } : null,
    recency: {
      tokens_since_update: bucketRates(
        recencyBuckets(allRows, "tokens_since_update", edges.tokens_since_update)
      ),
      distractors_since_update: bucketRates(
        recencyBuckets(allRows, "distractors_since_update", edges.distractors_since_update)
      ),
      writes_to_key: bucketRates(recencyBuckets(allRows, "writes_to_key", edges.writes_to_key))
    },
    drift: driftRows > 0 ? driftMetrics(drift) : null,
    intervals: pooledIntervals(payloads)
  };
}

export {
  ROW_RATE_METRICS,
  runIntervals,
  pairedRateComparisons,
  summarizeRuns
};
