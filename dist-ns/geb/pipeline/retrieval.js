/**
 * Retrievers: rank ledger entries for a query. `key` ranks the asked key's entries by
 * recency; `bm25`, `tfidf` and `dense` score every entry against the question text. Equal
 * scores are broken toward the newer entry (higher step, then later ledger line), so a tie
 * never silently favours stale state; the reference dialect keeps the reference's stable
 * sort, which favours the oldest (pipeline config `retrieval_dialect`).
 *
 * The scoring is hand-written (a few lines each) because its exact arithmetic is part of the
 * benchmark's definition: BM25 k1=1.5 b=0.75 with the reference's idf, TF-IDF with smoothed
 * idf and cosine, both over the reference tokenizer.
 */
import { entryText, ledgerOrder, newerFirst } from "./ledger.js";
/** Reference `_tokenize`: lower-case, non-alphanumerics to spaces, split. */
export function tokenize(text) {
    if (!text)
        return [];
    return text
        .toLowerCase()
        .replace(/[^0-9a-z]+/g, " ")
        .split(" ")
        .filter((t) => t !== "");
}
// Rows of an episode share one candidate pool (the memoised ledger, or its memoised filtered
// copy), so the tokenised documents are computed once per pool.
const docStats = new WeakMap();
function statsOf(entries) {
    let s = docStats.get(entries);
    if (!s) {
        const docs = entries.map((e) => tokenize(entryText(e)));
        const df = new Map();
        let total = 0;
        for (const d of docs) {
            total += d.length;
            for (const t of new Set(d))
                df.set(t, (df.get(t) ?? 0) + 1);
        }
        s = { docs, df, avgdl: docs.length ? total / docs.length : 0 };
        docStats.set(entries, s);
    }
    return s;
}
export function bm25Scores(entries, query) {
    const { docs, df, avgdl } = statsOf(entries);
    const q = tokenize(query);
    const scores = new Float64Array(docs.length);
    if (docs.length === 0 || q.length === 0)
        return scores;
    const k1 = 1.5;
    const b = 0.75;
    docs.forEach((d, i) => {
        let s = 0;
        for (const t of q) {
            const n = df.get(t) ?? 0;
            if (n === 0)
                continue;
            const idf = Math.log((docs.length - n + 0.5) / (n + 0.5) + 1);
            let tf = 0;
            for (const x of d)
                if (x === t)
                    tf++;
            const denom = tf + k1 * (1 - b + b * (avgdl ? d.length / avgdl : 0));
            s += idf * ((tf * (k1 + 1)) / denom);
        }
        scores[i] = s;
    });
    return scores;
}
export function tfidfScores(entries, query) {
    const { docs, df } = statsOf(entries);
    const scores = new Float64Array(docs.length);
    if (docs.length === 0)
        return scores;
    const idf = (t) => {
        const n = df.get(t);
        return n === undefined ? 0 : Math.log((docs.length + 1) / (n + 1)) + 1;
    };
    const vec = (tokens) => {
        const v = new Map();
        for (const t of tokens)
            v.set(t, (v.get(t) ?? 0) + 1);
        for (const [t, c] of v)
            v.set(t, c * idf(t));
        return v;
    };
    const qv = vec(tokenize(query));
    let qn = 0;
    for (const x of qv.values())
        qn += x * x;
    qn = Math.sqrt(qn);
    docs.forEach((d, i) => {
        const dv = vec(d);
        if (dv.size === 0 || qv.size === 0 || qn === 0)
            return;
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
export function cosine(a, b) {
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
export function denseScores(entries, query, embed) {
    const q = embed(query);
    const scores = new Float64Array(entries.length);
    entries.forEach((e, i) => {
        scores[i] = cosine(embed(entryText(e)), q);
    });
    return scores;
}
/**
 * Rank candidates by score, ties toward the newer entry; `oldestTies` (the reference: a
 * stable descending sort of ledger-ordered entries) breaks them toward the older one.
 */
export function rankByScore(entries, scores, oldestTies = false) {
    const idx = entries.map((_, i) => i);
    if (oldestTies)
        idx.sort((a, b) => scores[b] - scores[a] || ledgerOrder(entries[a], entries[b]));
    else
        idx.sort((a, b) => scores[b] - scores[a] || newerFirst(entries[a], entries[b]));
    return { ranked: idx.map((i) => entries[i]), scores: idx.map((i) => scores[i]) };
}
/**
 * The `key` retriever: the asked key's entries, newest first. Entries of one step keep the
 * later line first; `earlierLineTies` (the reference's stable sort by step) the earlier one.
 */
export function rankByKey(entries, key, earlierLineTies = false) {
    const own = entries.filter((e) => e.key === key);
    return {
        ranked: own.sort(earlierLineTies ? (a, b) => b.step - a.step || a.index - b.index : newerFirst),
        scores: null,
    };
}
//# sourceMappingURL=retrieval.js.map