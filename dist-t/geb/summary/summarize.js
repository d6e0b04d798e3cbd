import { addCounts, countRows, DEFAULT_EDGES, decompositionLine, driftCounts, driftMetrics, emptyCounts, rates, recencyBuckets, } from "./decomposition.js";
import { pooledIntervals } from "./intervals.js";
export const SUMMARY_SCHEMA = "oraclebench.geb.summary/1";
export const SUMMARY_METRICS = [
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
    "state_integrity_rate",
];
function mean(xs) {
    let s = 0;
    for (const x of xs)
        s += x;
    return s / xs.length;
}
function means(metrics) {
    const out = {};
    for (const k of SUMMARY_METRICS) {
        const vals = metrics.map((m) => m?.[k]).filter((x) => typeof x === "number");
        if (vals.length > 0)
            out[`${k}_mean`] = mean(vals);
    }
    return out;
}
function bucketRates(b) {
    return b.map((x) => ({
        bucket: x.bucket,
        n: x.n,
        value_acc: x.value_ok / x.n,
        exact_acc: x.exact_ok / x.n,
    }));
}
export function summarizeRuns(payloads, opts = {}) {
    const groups = new Map();
    for (const p of payloads) {
        const k = `${p.state_mode ?? ""}\u0000${p.distractor_profile ?? ""}`;
        let l = groups.get(k);
        if (!l) {
            l = [];
            groups.set(k, l);
        }
        l.push(p);
    }
    const byGroup = [...groups.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([, list]) => ({
        state_mode: list[0].state_mode ?? "",
        distractor_profile: list[0].distractor_profile ?? "",
        n: list.length,
        ...means(list.map((p) => p.metrics)),
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
        episodes_drift: 0,
    };
    for (const p of payloads) {
        const rows = p.retrieval_stats ?? [];
        for (const r of rows)
            allRows.push(r);
        const c = countRows(rows);
        eligible += c.total;
        counts = addCounts(counts, c);
        const d = driftCounts(rows);
        driftRows += d.steps_total;
        for (const k of Object.keys(drift))
            drift[k] += d[k];
    }
    let valueOk = 0;
    let exactOk = 0;
    for (const r of allRows) {
        if (r.value_ok)
            valueOk++;
        if (r.exact_ok)
            exactOk++;
    }
    const pooled = {
        n: allRows.length,
        value_acc: allRows.length ? valueOk / allRows.length : null,
        exact_acc: allRows.length ? exactOk / allRows.length : null,
    };
    const edges = { ...DEFAULT_EDGES, ...opts.edges };
    const r = rates(counts);
    return {
        schema: SUMMARY_SCHEMA,
        runs: payloads.length,
        rows: allRows.length,
        overall: means(payloads.map((p) => p.metrics)),
        overall_postprocessed: means(payloads.filter((p) => p.metrics_postprocessed).map((p) => p.metrics_postprocessed)),
        by_group: byGroup,
        pooled,
        retrieval: eligible > 0
            ? {
                ...r,
                gold_in_context_rate: r.gold_present_rate,
                decomposition_line: decompositionLine(r, pooled.value_acc),
                counts,
            }
            : null,
        recency: {
            tokens_since_update: bucketRates(recencyBuckets(allRows, "tokens_since_update", edges.tokens_since_update)),
            distractors_since_update: bucketRates(recencyBuckets(allRows, "distractors_since_update", edges.distractors_since_update)),
            writes_to_key: bucketRates(recencyBuckets(allRows, "writes_to_key", edges.writes_to_key)),
        },
        drift: driftRows > 0 ? driftMetrics(drift) : null,
        intervals: pooledIntervals(payloads),
    };
}
//# sourceMappingURL=summarize.js.map