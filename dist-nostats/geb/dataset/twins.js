/** Counterfactual twins: the reference twin (from rendered text) and the 1.0 twin (from the episode). */
import { PyRandom } from "../../core/random.js";
import { parseUpdates, splitLines } from "./book.js";
import { altValue, answerFromState, pad, parseLiveValue, replayLedger, } from "./state.js";
import { questionAsk, questionText } from "./episode.js";
import { episodeRows } from "./rows.js";
/**
 * The reference twin (`_make_counterfactual_twin`), reproduced from the rendered text: the last
 * SET of a random key is flipped in the log and the book ledger (not the narrative), Q001 is
 * re-aimed at the flipped key, and twin rows carry no schema_version.
 */
export function referenceTwin(twinSeed, twinId, base, mode) {
    if (base.length === 0)
        return [];
    const rng = new PyRandom(twinSeed);
    const baseDoc = base[0].document;
    const baseBook = base[0].book;
    const lastSet = new Map();
    for (const u of parseUpdates(baseDoc, "reference-0.1"))
        if (u.op === "SET")
            lastSet.set(u.key, u);
    if (lastSet.size === 0)
        return [];
    const flipKey = rng.choice([...lastSet.keys()].sort());
    const flip = lastSet.get(flipKey);
    const newValue = altValue(mode, parseLiveValue(mode, flip.value, "reference-0.1"), rng, "reference-0.1");
    const setMarker = ` SET ${flipKey} = `;
    const docLines = splitLines(baseDoc).map((line) => line.startsWith(`- [${flip.uid}] UPDATE `) && line.includes(setMarker)
        ? `- [${flip.uid}] UPDATE step=${flip.step} SET ${flipKey} = ${newValue}`
        : line);
    const twinDoc = `${docLines.join("\n").trimEnd()}\n`;
    const bookLines = splitLines(baseBook).map((line) => {
        if (line.startsWith(`- [${flip.uid}] step=`) && line.includes(setMarker))
            return `${line.slice(0, line.indexOf(setMarker))}${setMarker}${newValue}`;
        return line;
    });
    const twinBook = `${bookLines.join("\n").trimEnd()}\n`;
    const twinGroup = base[0].episode_id;
    const twinState = replayLedger(mode, parseUpdates(twinDoc, "reference-0.1"), 0);
    const out = base.map((b) => {
        const qIndex = b.meta.q_index;
        const first = qIndex === 1;
        const spec = first
            ? { key: flipKey, queryType: "direct", derivedOp: null, derivedManager: null }
            : {
                key: b.meta.key,
                queryType: b.meta.query_type,
                derivedOp: b.meta.derived_op,
                derivedManager: b.meta.derived_manager,
            };
        const ans = answerFromState(mode, twinState, spec);
        const qid = `${twinId}-Q${pad(qIndex, 3)}`;
        return {
            id: qid,
            episode_id: twinId,
            document: twinDoc,
            book: twinBook,
            question: questionText(qid, questionAsk(spec, mode), b.meta.requires_citation),
            gold: {
                value: ans.value,
                support_id: ans.supportIds.length === 1 ? ans.supportIds[0] : null,
                support_ids: ans.supportIds,
            },
            meta: {
                ...b.meta,
                key: spec.key,
                q_index: qIndex,
                twin_group: twinGroup,
                twin_variant: "twin",
                twin_flip_uid: flip.uid,
                twin_flip_key: flipKey,
            },
        };
    });
    for (const b of base)
        Object.assign(b.meta, {
            twin_group: twinGroup,
            twin_variant: "base",
            twin_flip_uid: flip.uid,
            twin_flip_key: flipKey,
        });
    return out;
}
/**
 * The 1.0 twin: the same questions as the base (same keys, same q_index), with the final
 * authoritative SET of one queried key flipped in the log, the book ledger *and* the chapter
 * narrative. The new value is chosen so every base question on that key changes its answer.
 */
export function twinV1(twinSeed, twinId, ep, base, final, cfg) {
    if (base.length === 0)
        return [];
    const mode = cfg.stateMode;
    const rng = new PyRandom(twinSeed);
    const finalSet = (k) => final.lastOp.get(k) === "SET" && ep.setSites.has(final.lastSupport.get(k));
    const asked = new Set(ep.queries.filter((q) => q.derivedOp !== "reports").map((q) => q.key));
    let cands = [...asked].filter(finalSet).sort();
    if (cands.length === 0)
        cands = ep.keys.filter(finalSet).sort();
    if (cands.length === 0)
        return [];
    const flipKey = rng.choice(cands);
    const flipUid = final.lastSupport.get(flipKey);
    const site = ep.setSites.get(flipUid);
    const old = ep.ledger[site.ledger];
    const onKey = ep.queries.filter((q) => q.key === flipKey && q.derivedOp !== "reports");
    let newValue = "";
    let twinState = null;
    for (let tries = 0; tries < 64; tries++) {
        newValue = altValue(mode, parseLiveValue(mode, old.value, "1.0"), rng, "1.0");
        if (!newValue || newValue === old.value)
            continue;
        const ledger = ep.ledger.slice();
        ledger[site.ledger] = { ...old, value: newValue };
        const st = replayLedger(mode, ledger);
        if (onKey.every((q) => answerFromState(mode, st, q).value !== answerFromState(mode, final, q).value)) {
            twinState = st;
            break;
        }
    }
    if (!twinState)
        return [];
    const logLines = ep.logLines.slice();
    logLines[site.log] = `- [${flipUid}] UPDATE step=${old.step} SET ${flipKey} = ${newValue}`;
    const chapters = ep.chapters.map((c) => c);
    chapters[site.chapter] = chapters[site.chapter].slice();
    chapters[site.chapter][site.line] = site.narrative(flipKey, newValue);
    const ledger = ep.ledger.slice();
    ledger[site.ledger] = { ...old, value: newValue };
    const twinEp = { ...ep, episodeId: twinId, logLines, chapters, ledger };
    const rows = episodeRows(twinEp, twinState, cfg);
    const group = ep.episodeId;
    for (const r of rows)
        Object.assign(r.meta, {
            twin_group: group,
            twin_variant: "twin",
            twin_flip_uid: flipUid,
            twin_flip_key: flipKey,
        });
    for (const b of base)
        Object.assign(b.meta, {
            twin_group: group,
            twin_variant: "base",
            twin_flip_uid: flipUid,
            twin_flip_key: flipKey,
        });
    return rows;
}
//# sourceMappingURL=twins.js.map