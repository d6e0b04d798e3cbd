import { makeValue, pad } from "./state.js";
export const makeKey = (i) => `tag.${pad(i, 2)}`;
export function makeUid(rng, used) {
    for (;;) {
        // Non-monotonic, hash-like IDs (no "pick the max ID" shortcut).
        const c = `U${rng
            .randrange(0, 16 ** 6)
            .toString(16)
            .padStart(6, "0")
            .toUpperCase()}`;
        if (!used.has(c)) {
            used.add(c);
            return c;
        }
    }
}
export function nearMissValue(value, rng) {
    const m = /^([a-z]+)-(\d{4})$/.exec(value);
    if (m) {
        const delta = rng.choice([-3, -2, -1, 1, 2, 3]);
        // Python's % is non-negative for a positive modulus.
        return `${m[1]}-${pad((((Number(m[2]) + delta) % 10000) + 10000) % 10000, 4)}`;
    }
    const dash = value.indexOf("-");
    if (dash >= 0)
        return `${value.slice(0, dash)}-${pad(rng.randrange(0, 10000), 4)}`;
    return makeValue(rng);
}
export function noteCamouflageValue(key, value, step, rng, suite) {
    const templates = [
        `${value} (final update)`,
        `UPDATE: SET ${key} = ${value}`,
        `FINAL UPDATE: ${key} = ${value}`,
        `step=${step} SET ${key} = ${value}`,
        `${value} (confirmed)`,
    ];
    if (suite)
        templates.push(`"SET ${key} = ${value}"`, `QUOTE: "UPDATE step=${step} SET ${key} = ${value}"`, `${value} (latest per note)`);
    return rng.choice(templates);
}
export function chapterBreaks(steps, chapters) {
    const out = new Set();
    if (chapters <= 1)
        return out;
    const stride = Math.max(1, Math.floor(steps / chapters));
    for (let i = stride; i < steps; i += stride)
        out.add(i);
    return out;
}
export const reportedLine = (key, value) => `Reported: ${key} = ${value} (narrative; may be wrong).`;
export const backgroundTabLine = (key, value) => `BACKGROUND TAB: authoritative record says ${key} = ${value}.`;
const CITATION_SUFFIX = '\nReturn JSON with keys: value, support_ids.\nsupport_ids must be a list (max 3) of UPDATE IDs that establish the answer (e.g., ["U0007"]).';
export function questionAsk(q, mode) {
    if (q.queryType === "derived" && q.derivedOp === "reports") {
        return `Which tags currently report to manager ${q.derivedManager}? Return comma-separated tag IDs in ascending order, or null if none.`;
    }
    let ask;
    if (q.queryType === "derived" && q.derivedOp === "color")
        ask = "color prefix";
    else if (q.queryType === "derived" && q.derivedOp === "parity")
        ask = "parity (even or odd)";
    else if (q.queryType === "derived" && q.derivedOp === "count")
        ask = "active member count";
    else if (mode === "counter")
        ask = "current counter value";
    else if (mode === "set")
        ask = "current member list (comma-separated)";
    else if (mode === "relational")
        ask = "current assignee/manager";
    else
        ask = "value";
    return `What is the ${ask} of ${q.key}?`;
}
export const questionText = (qid, ask, requireCitations) => `Question ${qid}: ${ask}${requireCitations ? CITATION_SUFFIX : ""}`;
export function newEpisode(seed, episodeId, keys) {
    return {
        episodeId,
        title: `GoldEvidenceBench Episode ${episodeId}`,
        seed,
        keys,
        logLines: [`# GoldEvidenceBench Episode ${episodeId}`, "", "## Episode Log"],
        chapters: [[]],
        ledger: [],
        setSites: new Map(),
        queries: [],
    };
}
//# sourceMappingURL=episode.js.map