/**
 * The selection stage for one row: ledger → (authority filter) → retriever top-k
 * (+ a wrong-type distractor) → drop → abstain → order → authority spoof → rerank. Pure and
 * synchronous: randomness comes from per-row generators (`rowRng`), dense vectors from a
 * lookup filled beforehand. The trace records everything the decomposition metrics need,
 * measured against the row's authoritative gold UPDATE (and, labelled, against the newest
 * ledger entry of any op, which is what the reference calls "correct").
 */
import { featureMatrix, LINEAR_FEATURE_ORDER, pickLinear, scoreMatrix } from "../selector/linear.js";
import { ledgerCandidates, ledgerOrder, newerFirst } from "./ledger.js";
import { bm25Scores, denseScores, rankByKey, rankByScore, tfidfScores, } from "./retrieval.js";
import { referenceRowRng, rowRng } from "./rng.js";
export function rowKey(row) {
    const k = row.meta.key;
    return typeof k === "string" && k !== "" ? k : null;
}
export function isDirect(row) {
    const qt = row.meta.query_type;
    return qt === undefined || qt === null || qt === "" || qt === "direct";
}
export function goldUid(row) {
    const s = row.gold.support_ids;
    if (Array.isArray(s) && s.length > 0 && typeof s[0] === "string")
        return s[0];
    return typeof row.gold.support_id === "string" ? row.gold.support_id : null;
}
/**
 * The retrieval query: the question line itself. Rows append answer-format instructions
 * ("Return JSON with keys: value, support_ids. ..."), boilerplate that is the same for every
 * row and only adds noise to a similarity score; the reference queries with all of it.
 */
export function retrievalQuery(question) {
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
            // The reference accepts `dense` but never dispatches it: it runs the key retriever.
            if (ref)
                return rankByKey(entries, key, true);
            if (!ctx.embed)
                throw new Error("dense retriever without an embedding lookup");
            return rankByScore(entries, denseScores(entries, q, ctx.embed));
        default:
            return rankByKey(entries, key, ref);
    }
}
function flip(e) {
    return { ...e, op: e.op === "NOTE" ? "SET" : "NOTE", spoofed: true };
}
/** Reranker pick over presented candidates (null only for an empty list). */
export function rerank(cands, row, key, ctx) {
    if (cands.length === 0)
        return null;
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
/**
 * Candidates for a row up to (not including) reranking: used by the pipeline and by
 * `geb selector export`, so training sees exactly what evaluation sees.
 */
export function candidatesFor(row, ctx) {
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
        selected_spoofed: null,
    };
    const book = row.book ?? "";
    let entries = book ? ledgerCandidates(book) : [];
    if (!key || !isDirect(row) || entries.length === 0)
        return { trace, candidates: [] };
    const latestAny = entries.filter((e) => e.key === key).sort(newerFirst)[0];
    trace.latest_entry_uid = latestAny?.uid ?? null;
    trace.latest_entry_op = latestAny?.trueOp ?? null;
    if (c.authority_filter)
        entries = authoritative(entries);
    trace.eligible = true;
    const ranking = retrieve(entries, row, key, ctx);
    const stageRng = c.retrieval_dialect === "reference-0.1"
        ? (_stage, seed) => referenceRowRng(seed, row.id)
        : (stage, seed) => rowRng(stage, seed, row.id);
    const top = ranking.ranked.slice(0, c.k);
    const rankOf = (uid) => {
        if (!uid)
            return null;
        const i = top.findIndex((e) => e.uid === uid);
        return i === -1 ? null : i + 1;
    };
    trace.gold_rank = rankOf(gold);
    trace.latest_entry_rank = rankOf(trace.latest_entry_uid);
    let selected = [...top];
    let wrong;
    if (c.wrong_type === "same_key") {
        wrong = entries.filter((e) => e.key === key && !selected.includes(e)).sort(newerFirst)[0];
    }
    else if (c.wrong_type === "other_key") {
        wrong = entries.filter((e) => e.key !== key && !selected.includes(e)).sort(newerFirst)[0];
    }
    if (wrong)
        selected.push(wrong);
    selected.sort(ledgerOrder);
    // Drop: simulate a retriever that lost the gold line (one draw per row with a gold id).
    if (gold && c.drop_prob > 0 && stageRng("drop", c.drop_seed).random() < c.drop_prob) {
        const rest = selected.filter((e) => e.uid !== gold);
        if (rest.length !== selected.length) {
            trace.dropped_correct = true;
            selected = rest.length === 0 && wrong ? [wrong] : rest;
        }
    }
    trace.gold_present = gold !== null && selected.some((e) => e.uid === gold);
    trace.latest_entry_present =
        trace.latest_entry_uid !== null && selected.some((e) => e.uid === trace.latest_entry_uid);
    if (selected.length > 1) {
        if (c.order === "shuffle") {
            stageRng("order", c.order_seed).shuffle(selected);
            trace.order_applied = "shuffle";
        }
        else {
            const g = selected.filter((e) => e.uid === gold);
            if (g.length > 0) {
                const rest = selected.filter((e) => e.uid !== gold);
                const mid = Math.floor(rest.length / 2);
                selected =
                    c.order === "gold_first"
                        ? [...g, ...rest]
                        : c.order === "gold_last"
                            ? [...rest, ...g]
                            : [...rest.slice(0, mid), ...g, ...rest.slice(mid)];
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
const filtered = new WeakMap();
/** The authority gate (memoised per ledger). A ledger of nothing but NOTEs passes through, as in the reference. */
function authoritative(entries) {
    let f = filtered.get(entries);
    if (!f) {
        const auth = entries.filter((e) => e.trueOp !== "NOTE");
        f = auth.length > 0 ? auth : entries;
        filtered.set(entries, f);
    }
    return f;
}
/** Whether the pipeline abstains for this row (before any answering). */
export function shouldAbstain(trace, candidates, c) {
    if (!c.abstain_on_missing || !trace.eligible)
        return false;
    if (c.abstain_policy === "oracle")
        return !trace.gold_present;
    // Observable: nothing presented as an authoritative update for the asked key.
    return !candidates.some((e) => e.key === trace.key && e.op !== "NOTE");
}
/** The full selection stage for one row. */
export function selectRow(row, ctx) {
    const { trace, candidates } = candidatesFor(row, ctx);
    if (!trace.eligible)
        return { trace, candidates, chosen: null };
    if (shouldAbstain(trace, candidates, ctx.config)) {
        trace.abstained = true;
        return { trace, candidates, chosen: null };
    }
    const key = trace.key;
    const c = ctx.config;
    // rerank none with several candidates and a model answerer: the answerer chooses (the
    // reference's multi-entry mini book); selector-only and deterministic answers take the first.
    const answererChooses = c.rerank === "none" && candidates.length > 1 && !c.selector_only && !c.deterministic_answer;
    const chosen = answererChooses ? null : rerank(candidates, row, key, ctx);
    if (chosen) {
        trace.selected_uid = chosen.uid;
        trace.selected_op = chosen.trueOp;
        trace.selected_spoofed = c.authority_spoof_rate > 0 ? chosen.spoofed : null;
    }
    return { trace, candidates, chosen };
}
//# sourceMappingURL=select.js.map