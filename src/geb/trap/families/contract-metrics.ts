/**
 * Where the contract families used to find their shared helpers; they now live in the kit
 * (kit/contract-fold.ts, kit/meta.ts, kit/metrics.ts, kit/draws.ts). Re-exported here for the families
 * and tests that still import them from this path.
 */
export { contractFold, mentionedKey } from "../kit/contract-fold.js";
export { drawUid, pickExcept } from "../kit/draws.js";
export { metaInt, metaStr } from "../kit/meta.js";
export { citationPrf, normLower, supportSet } from "../kit/metrics.js";
