/**
 * Per-row statistics of a run: what was asked, what came back, and (for pipeline runs) what
 * the selection stage did. Every summary number (decomposition, recency buckets, drift) is
 * computed from these rows alone, so `geb summarize` needs nothing but the results JSON.
 */
import { ledgerCandidates, newerFirst } from "../pipeline/ledger.js";
import { goldUid, isDirect, rowKey } from "../pipeline/select.js";
/**
 * Adds the reference's diagnostic keys (derived; never set independently) to a fresh stat,
 * in place: a second 45-key object spread per row cost more than the rest of the row.
 */
export function withReferenceDiag(s) {
    const r = s;
    r.correct_included = s.gold_present;
    r.correct_uid = s.gold_uid;
    r.correct_rank = s.gold_rank;
    r.abstained = s.pipeline_abstained;
    r.gold_missing = s.eligible && !s.gold_present;
    return r;
}
// Rows of an episode share one parsed ledger (memoised by book), so the lookups every row
// needs are indexed once per ledger instead of scanned per row.
const indexes = new WeakMap();
// The last book by identity: rows come episode by episode, and a hit here skips hashing and
// comparing a ~25 KB book string in the memo (that lookup was most of a row's stat cost).
let lastBook = null;
let lastIndex = null;
function ledgerIndex(book) {
    if (book === lastBook && lastIndex)
        return lastIndex;
    const ix = buildLedgerIndex(book);
    lastBook = book;
    lastIndex = ix;
    return ix;
}
function buildLedgerIndex(book) {
    const entries = ledgerCandidates(book);
    let ix = indexes.get(entries);
    if (!ix) {
        const byUid = new Map();
        const latestByKey = new Map();
        for (const e of entries) {
            if (!byUid.has(e.uid))
                byUid.set(e.uid, e);
            const cur = latestByKey.get(e.key);
            if (!cur || newerFirst(e, cur) < 0)
                latestByKey.set(e.key, e);
        }
        ix = { size: entries.length, byUid, latestByKey };
        indexes.set(entries, ix);
    }
    return ix;
}
const num = (v) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v) => (typeof v === "string" ? v : null);
function base(row, trial, g, ans, ix) {
    const meta = row.meta;
    const uid = goldUid(row);
    const goldEntry = uid ? (ix ?? ledgerIndex(row.book ?? "")).byUid.get(uid) : undefined;
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
        gold_entry_value: goldEntry && goldEntry.trueOp !== "CLEAR" ? goldEntry.value : null,
    };
}
/**
 * One literal with every key (no object spread): stats are built per row in every sweep
 * cell, and spreading ~45 keys cost more than grading the row.
 */
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
        gold_missing: s.eligible && !s.gold_present,
    };
}
export function pipelineRowStat(row, trial, g, ans, o, spoofEnabled) {
    const t = o.selection.trace;
    // When the answerer chose among several candidates (rerank none), its citation is the pick.
    let selected = { uid: t.selected_uid, op: t.selected_op, spoofed: t.selected_spoofed };
    if (selected.uid === null && o.source === "model" && ans && ans.support_ids.length > 0) {
        const e = o.selection.candidates.find((c) => c.uid === ans.support_ids[0]);
        if (e)
            selected = { uid: e.uid, op: e.trueOp, spoofed: spoofEnabled ? e.spoofed : null };
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
        copy_clamped: o.copy_clamped[trial] ?? null,
    });
}
/**
 * A plain model's row: it read the ledger view itself, so gold counts as present whenever
 * the row has a gold line, and its first citation is its selection.
 */
export function modelRowStat(row, trial, g, ans) {
    const ix = ledgerIndex(row.book ?? "");
    const b = base(row, trial, g, ans, ix);
    const eligible = b.key !== null && isDirect(row) && ix.size > 0;
    const latest = b.key !== null ? ix.latestByKey.get(b.key) : undefined;
    const sel = b.pred_support_ids[0] ?? null;
    const selEntry = sel ? ix.byUid.get(sel) : undefined;
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
        latest_entry_present: eligible && latest !== undefined,
        pipeline_abstained: false,
        order: null,
        spoof_enabled: false,
        spoof_count: 0,
        selected_uid: selEntry ? selEntry.uid : null,
        selected_op: selEntry ? selEntry.trueOp : null,
        selected_spoofed: null,
        pick_uid: null,
        copy_clamped: null,
    });
}
/**
 * Each RowStat field's JSON type, for checking rows read back from files (a run's
 * `retrieval_stats`, a row-stats sidecar). `s?` string or null, `n?` number or null, `b?`
 * boolean or null, `b` boolean, `n` number, `s` string, `S` string array, `S?` string array or null.
 */
const ROW_STAT_TYPES = {
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
    gold_missing: "b",
};
const ROW_STAT_ENTRIES = Object.entries(ROW_STAT_TYPES);
const TYPE_NAMES = {
    s: "a string",
    n: "a number",
    b: "a boolean",
    S: "a list of strings",
};
function fits(v, t) {
    if (t.endsWith("?")) {
        if (v === null)
            return true;
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
/**
 * The first field of `v` that is not a RowStat's (`{ field, expected }`), or undefined when `v`
 * is a whole RowStat. Rows read back from a file are checked before any statistic uses them.
 */
export function rowStatProblem(v) {
    if (typeof v !== "object" || v === null || Array.isArray(v))
        return { field: "", expected: "an object" };
    const o = v;
    for (const [k, t] of ROW_STAT_ENTRIES) {
        if (!fits(o[k], t)) {
            const base = TYPE_NAMES[t.replace("?", "")];
            return { field: k, expected: t.endsWith("?") ? `${base} or null` : base };
        }
    }
    return undefined;
}
//# sourceMappingURL=rowstats.js.map