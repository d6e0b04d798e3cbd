/** Trap families (reference-0.1 ports), the framework, and the run / score / check API. */
export * from "./answer.js";
export * from "./conformance.js";
export * from "./families/aggregation-derived.js";
export * from "./families/authority-under-interference.js";
export * from "./families/compression-derived.js";
export * from "./families/compression-loss-bounded.js";
export * from "./families/compression-recoverability.js";
export * from "./families/compression-roundtrip.js";
// The contract families' helpers; citationPrf and supportSet are exported from
// rag-prompt-injection (same names, same meaning for those families).
export {
  contractFold,
  drawUid,
  fixturesFromOneStream,
  mentionedKey,
  metaInt,
  metaStr,
  normLower,
  pickExcept,
} from "./families/contract-metrics.js";
export * from "./families/control-scaffold.js";
export * from "./families/cross-app.js";
export * from "./families/epistemic.js";
export * from "./families/implication-derived.js";
export * from "./families/myopic-planning-derived.js";
export * from "./families/myopic-planning-traps.js";
export * from "./families/novel-continuity-derived.js";
export * from "./families/novel-continuity-long-horizon.js";
export * from "./families/novel-continuity.js";
export * from "./families/persona-session-drift.js";
export * from "./families/rag-prompt-injection.js";
export * from "./families/referential-indexing-derived.js";
export * from "./families/referential-indexing-suite.js";
export * from "./families/social-pressure-1.js";
export * from "./families/social-pressure.js";
export * from "./fixtures.js";
export * from "./framework.js";
export * from "./ledger.js";
export * from "./persona.js";
export * from "./registry.js";
export * from "./run.js";
export * from "./schema.js";
export * from "./table.js";
export * from "./types.js";
