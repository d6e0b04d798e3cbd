import { CertificateSearch } from "../generate/search.js";
import { sortAtoms } from "./atoms.js";
import { verifyCertificate } from "./verify.js";
export const OFFICIAL_POOL_MAX_NODES = 120_000;
export const OFFICIAL_POOL_MAX_RESULTS = 32;
export function officialPool(ci, opts = {}) {
    const maxNodes = opts.maxNodes ?? OFFICIAL_POOL_MAX_NODES;
    const maxResults = opts.maxResults ?? OFFICIAL_POOL_MAX_RESULTS;
    // Fast path: the generator's exact official-order search (same combinations, same node
    // count, same cap) skips, counted combinatorially, every subtree that holds no valid
    // certificate instead of verifying its leaves one by one (the reference loop below made
    // `--best-match-pool official` re-verify up to 120,000 combinations per instance). It has no
    // atom budget and no negative-budget case, so those keep the reference loop; a property
    // test checks both against each other, caps included.
    if (ci.scoreBudgetAtoms === null && ci.budgetTimestep >= 0 && maxResults >= 1) {
        const r = new CertificateSearch(ci).findValid({ maxNodes, maxResults });
        return {
            certificates: r.certificates.map((c) => sortAtoms(c)),
            nodes_visited: r.nodes,
            truncated_by_max_nodes: r.truncated,
            hit_max_results_cap: r.certificates.length >= maxResults,
        };
    }
    return officialPoolReference(ci, opts);
}
/** The official search leaf by leaf (every combination verified); the fast path's oracle. */
export function officialPoolReference(ci, opts = {}) {
    const maxNodes = opts.maxNodes ?? OFFICIAL_POOL_MAX_NODES;
    const maxResults = opts.maxResults ?? OFFICIAL_POOL_MAX_RESULTS;
    const { nIn, inputAps } = ci.sys;
    const cands = [];
    for (let t = 0; t < ci.T; t++)
        for (let j = 0; j < nIn; j++)
            cands.push([t, inputAps[j], (((ci.base[t] >> (nIn - 1 - j)) & 1) ^ 1)]);
    const found = [];
    let nodes = 1;
    if (verifyCertificate(ci, []).valid)
        found.push([]);
    let truncated = false;
    const done = () => truncated || found.length >= maxResults;
    const bT = ci.budgetTimestep;
    const chosen = [];
    // Candidates are timestep-major and chosen in increasing index, so a new timestep is one
    // different from the last chosen atom's.
    const rec = (k, start, used) => {
        if (chosen.length === k) {
            nodes++;
            if (nodes > maxNodes) {
                truncated = true;
                return;
            }
            if (verifyCertificate(ci, chosen).valid)
                found.push(sortAtoms(chosen));
            return;
        }
        const upper = cands.length - (k - chosen.length);
        const lastT = chosen.length ? chosen[chosen.length - 1][0] : -1;
        for (let i = start; i <= upper; i++) {
            const a = cands[i];
            const added = a[0] !== lastT;
            if (added && used + 1 > bT)
                continue;
            chosen.push(a);
            rec(k, i + 1, added ? used + 1 : used);
            chosen.pop();
            if (done())
                return;
        }
    };
    if (!done()) {
        const maxK = bT * nIn;
        for (let k = 1; k <= maxK; k++) {
            rec(k, 0, 0);
            if (done())
                break;
        }
    }
    return {
        certificates: found,
        nodes_visited: nodes,
        truncated_by_max_nodes: truncated,
        hit_max_results_cap: found.length >= maxResults,
    };
}
//# sourceMappingURL=officialPool.js.map