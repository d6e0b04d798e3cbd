/** `geb rag …`: RAG benchmark presets, dataset recipes, summaries and bands (docs/geb/rag.md). */
export * from "./bands.js";
export * from "./band-io.js";
export * from "./domain.js";
export * from "./preset.js";
export * from "./report.js";
export * from "./run.js";
export * from "./schema.js";
export * from "./summary.js";
