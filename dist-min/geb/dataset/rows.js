/** Rendering an episode into rows: document, book, questions and per-row metadata (recency). */
import { renderBook } from "./book.js";
import { answerFromState, pad } from "./state.js";
import { questionText } from "./episode.js";
import { countPlainTokens, countTokens, hasOtherWhitespace } from "./tokens.js";
/**
 * Keys a line mentions. The reference tests `key in line` (a substring), so `tag.100` also
 * mentions `tag.10`; 1.0 matches whole tokens. Keys are `tag.` plus at least two digits.
 */
function mentionedKeys(line, exact, out) {
    out.length = 0;
    let at = line.indexOf("tag.");
    while (at >= 0) {
        let end = at + 4;
        while (end < line.length && line.charCodeAt(end) >= 48 && line.charCodeAt(end) <= 57)
            end++;
        if (exact) {
            if (end - at >= 6)
                out.push(line.slice(at, end));
        }
        else {
            for (let e = at + 6; e <= end; e++)
                out.push(line.slice(at, e));
        }
        at = line.indexOf("tag.", end);
    }
}
/**
 * `_compute_recency_stats`: per key, recency of its last authoritative update in the log.
 * Two linear passes instead of the reference's scan of the log tail per key.
 */
export function recencyStats(logLines, keys, dialect, 
/**
 * The document (`renderDocument(logLines)`), if the caller has it: one whitespace test for
 * all lines, trusted only when the trailing trim removed nothing (it holds every line whole).
 */
document) {
    let chars = logLines.length; // the "\n" separators plus the final newline
    for (const l of logLines)
        chars += l.length;
    const plain = document !== undefined && document.length === chars && !hasOtherWhitespace(document);
    const count = plain ? countPlainTokens : countTokens;
    const exact = dialect === "1.0";
    const re = exact
        ? /^- \[(U[A-F0-9]{6})\] UPDATE step=(\d+) (SET|CLEAR) (tag\.\d+)(?![0-9])/
        : /^- \[(U[A-F0-9]{6})\] UPDATE step=(\d+) (SET|CLEAR) (tag\.\d{2})/;
    let tokens = 0;
    const acc = new Map();
    for (let idx = 0; idx < logLines.length; idx++) {
        const line = logLines[idx];
        tokens += count(line);
        // Cheap prefix test before the regex: update lines start with "- [U".
        if (line.charCodeAt(2) !== 91 || line.charCodeAt(3) !== 85)
            continue;
        const m = re.exec(line);
        if (!m)
            continue;
        const key = m[4];
        let a = acc.get(key);
        if (!a) {
            a = { idx, step: 0, tokens: 0, writes: 0, distractors: 0, instr: false };
            acc.set(key, a);
        }
        a.writes++;
        a.idx = idx;
        a.step = Number(m[2]);
        a.tokens = tokens;
    }
    const found = [];
    for (let idx = 0; idx < logLines.length; idx++) {
        const line = logLines[idx];
        const distractor = line.includes("DISTRACTOR") || line.includes("SUMMARY");
        const instr = line.includes("INSTRUCTION");
        if (!distractor && !instr)
            continue;
        mentionedKeys(line, exact, found);
        for (let i = 0; i < found.length; i++) {
            const a = acc.get(found[i]);
            // A line counts once per key even if it names the key twice.
            if (!a || idx <= a.idx || found.indexOf(found[i]) !== i)
                continue;
            if (distractor)
                a.distractors++;
            if (instr)
                a.instr = true;
        }
    }
    const out = new Map();
    for (const key of keys) {
        const a = acc.get(key);
        if (!a)
            continue;
        out.set(key, {
            last_update_step: a.step,
            tokens_since_update: tokens - a.tokens,
            distractors_since_update: a.distractors,
            writes_to_key: a.writes,
            instruction_nearby: a.instr,
        });
    }
    return out;
}
export const joinChapters = (chapters) => chapters.map((lines) => lines.join("\n").trim());
export function renderDocument(logLines) {
    return `${logLines.join("\n").trimEnd()}\n`;
}
/** Rows of one (base) episode. */
export function episodeRows(ep, final, cfg) {
    const dialect = cfg.compat;
    const document = renderDocument(ep.logLines);
    const book = renderBook(ep.title, joinChapters(ep.chapters), ep.keys, ep.ledger);
    const stats = recencyStats(ep.logLines, ep.keys, dialect, document);
    const latest = cfg.compat === "1.0" ? latestEntries(ep.ledger) : null;
    return ep.queries.map((q) => {
        const qid = `${ep.episodeId}-Q${pad(q.qIndex, 3)}`;
        const ans = answerFromState(cfg.stateMode, final, q);
        return {
            id: qid,
            episode_id: ep.episodeId,
            schema_version: cfg.compat === "1.0" ? "1.0" : "0.1",
            document,
            book,
            question: questionText(qid, q.ask, cfg.requireCitations),
            gold: {
                value: ans.value,
                support_id: ans.supportIds.length === 1 ? ans.supportIds[0] : null,
                support_ids: ans.supportIds,
            },
            meta: buildMeta(ep.seed, cfg, q, q.key, stats, latest),
        };
    });
}
function latestEntries(ledger) {
    const m = new Map();
    for (const e of ledger)
        m.set(e.key, e);
    return m;
}
function buildMeta(seed, cfg, q, key, stats, latest) {
    const s = stats.get(key);
    const meta = {
        seed,
        steps: cfg.steps,
        requires_citation: cfg.requireCitations,
        key,
        q_index: q.qIndex,
        state_mode: cfg.stateMode,
        query_type: q.queryType,
        derived_op: q.derivedOp,
        derived_manager: q.derivedManager,
        has_instruction: q.hasInstruction,
        instruction_value: q.instructionValue,
        instruction_variant: q.instructionVariant,
        last_update_step: s?.last_update_step ?? null,
        tokens_since_update: s?.tokens_since_update ?? null,
        distractors_since_update: s?.distractors_since_update ?? null,
        writes_to_key: s?.writes_to_key ?? null,
        instruction_nearby: s?.instruction_nearby ?? null,
    };
    if (latest) {
        const e = q.derivedOp === "reports" ? undefined : latest.get(key);
        meta.latest_entry_id = e?.uid ?? null;
        meta.latest_entry_op = e?.op ?? null;
    }
    return meta;
}
//# sourceMappingURL=rows.js.map