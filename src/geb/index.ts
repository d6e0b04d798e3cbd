/** GoldEvidenceBench: generator, book artifacts, baselines, grader and file-level API. */
export * from "./api.js";
export * from "./baselines/index.js";
export * from "./dataset/index.js";
export * from "./grade/index.js";
// Model runs on the shared engine (prompts, run loop, flags); a namespace: its ledger reader
// follows the reference adapter (NOTEs included, Python whitespace), unlike ./dataset/book.ts.
export * as model from "./model/index.js";
// Retrieval → selection → answer pipeline, selector training, summaries and diagnosis.
export * from "./pipeline/index.js";
export * as view from "./view/index.js";
export * as memory from "./memory/index.js";
export * as util from "./util/index.js";
// UI-action fixtures, generator, solvability and scoring (docs/geb/ui.md); a namespace.
export * as ui from "./ui/index.js";
// Trap families: generators / scorers ported from the reference, baselines, floors, runs.
export * as trap from "./trap/index.js";
export * as release from "./release/index.js";
// RAG benchmark presets with recorded dataset recipes, summaries, acceptance bands (docs/geb/rag.md).
export * as rag from "./rag/index.js";
// Capability snapshot / check / delta reports (docs/geb/capability.md).
export * as capability from "./capability/index.js";
