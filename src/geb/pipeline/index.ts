/** The GEB pipeline, selector and summary modules (programmatic API). */
export * from "./config.js";
export { EmbeddingTable, fetchOpenAIEmbeddings, hashedEmbedding } from "./embeddings.js";
export {
  type GebModelOptions,
  type GebModelResult,
  type LoadedRow,
  MODEL_RUN_SCHEMA,
  type ModelRunPayload,
  loadRows,
  parseRetrievalSpec,
  runGebModel,
} from "./gebmodel.js";
export {
  type GridAxis,
  type GridCellResult,
  type GridOptions,
  cellName,
  formatGrid,
  gridCells,
  gridTable,
  parseAxis,
  runGrid,
} from "./grid.js";
export { type Candidate, ledgerCandidates } from "./ledger.js";
export { addAnswerOptions, addSelectionOptions, pipelineFlags, pipelineFromCommand } from "./options.js";
export { bm25Scores, denseScores, rankByKey, rankByScore, tfidfScores, tokenize } from "./retrieval.js";
export { type PipelineRunResult, runPipeline, selectionQuestion, valueIsSubstring } from "./run.js";
export { type Selection, type SelectionTrace, candidatesFor, retrievalQuery, selectRow } from "./select.js";
export { type SelectorExample, type SelectorLabel, exportExample } from "../selector/dataset.js";
export {
  LINEAR_FEATURE_ORDER,
  type LinearModel,
  alignModel,
  featureMatrix,
  loadLinearModel,
  parseLinearModel,
} from "../selector/linear.js";
export { DEFAULT_TRAIN_OPTIONS, type TrainOptions, trainSelector } from "../selector/train.js";
export { flattenRun, readPayloads, writeRunArtifacts } from "../summary/artifacts.js";
export { collectRuns } from "../summary/collect.js";
export { compareSummaries, summaryFor } from "../summary/compare.js";
export { countRows, decompositionLine, rates, type DecompositionRates } from "../summary/decomposition.js";
export {
  DEFAULT_THRESHOLDS,
  buildDiagnosis,
  classifyBottleneck,
  loadThresholds,
  type Diagnosis,
} from "../summary/diagnosis.js";
export type { RowStat } from "../summary/rowstats.js";
export { SUMMARY_SCHEMA, type Summary, summarizeRuns } from "../summary/summarize.js";
