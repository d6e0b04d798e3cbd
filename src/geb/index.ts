/** GoldEvidenceBench: generator, book artifacts, baselines, grader and file-level API. */
export * from "./api.js";
export * from "./baselines.js";
export {
  type BookValidation,
  type Dialect,
  parseBookLedger,
  parseUpdates,
  renderBook,
  validateBook,
} from "./book.js";
export { countTokens, generateDataset, generateEpisodeRows, makeKey, validateConfig } from "./generate.js";
export * from "./grade.js";
// Model runs on the shared engine (prompts, run loop, flags); a namespace: its ledger reader
// follows the reference adapter (NOTEs included, Python whitespace), unlike ./book.js.
export * as model from "./model/index.js";
// Retrieval → selection → answer pipeline, selector training, summaries and diagnosis.
export * from "./pipeline/index.js";
export { GebRowReadSchema, GebRowSchema, GenerateConfigSchema, PredictionRowSchema } from "./schema.js";
export { rowLine, rowPieces, TextCache } from "./serialize.js";
export * from "./state.js";
export * from "./types.js";
