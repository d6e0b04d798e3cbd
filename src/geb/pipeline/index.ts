/** The GEB pipeline, selector and summary modules (programmatic API). */

export { exportExample, type SelectorExample, type SelectorLabel } from "../selector/dataset.js";
export {
  alignModel,
  featureMatrix,
  LINEAR_FEATURE_ORDER,
  type LinearModel,
  loadLinearModel,
  parseLinearModel,
} from "../selector/linear.js";
export { DEFAULT_TRAIN_OPTIONS, type TrainOptions, trainSelector } from "../selector/train.js";
export { flattenRun, readPayloads, writeRunArtifacts } from "../summary/artifacts.js";
export { collectRuns } from "../summary/collect.js";
export { compareSummaries, summaryFor } from "../summary/compare.js";
export { countRows, type DecompositionRates, decompositionLine, rates } from "../summary/decomposition.js";
export {
  buildDiagnosis,
  classifyBottleneck,
  DEFAULT_THRESHOLDS,
  type Diagnosis,
  loadThresholds,
} from "../summary/diagnosis.js";
export type { RowStat } from "../summary/rowstats.js";
export { SUMMARY_SCHEMA, type Summary, summarizeRuns } from "../summary/summarize.js";
export * from "./config.js";
export { EmbeddingTable, fetchOpenAIEmbeddings, hashedEmbedding } from "./embeddings.js";
export {
  type GebModelOptions,
  type GebModelResult,
  type LoadedRow,
  loadRows,
  MODEL_RUN_SCHEMA,
  type ModelRunPayload,
  parseRetrievalSpec,
  runGebModel,
} from "./gebmodel.js";
export {
  cellName,
  formatGrid,
  type GridAxis,
  type GridCellResult,
  type GridOptions,
  gridCells,
  gridTable,
  parseAxis,
  runGrid,
} from "./grid.js";
export { type Candidate, ledgerCandidates } from "./ledger.js";
export { addAnswerOptions, addSelectionOptions, pipelineFlags } from "./options.js";
export { bm25Scores, denseScores, rankByKey, rankByScore, tfidfScores, tokenize } from "./retrieval.js";
export { type PipelineRunResult, runPipeline, selectionQuestion, valueIsSubstring } from "./run.js";
export { candidatesFor, retrievalQuery, type Selection, type SelectionTrace, selectRow } from "./select.js";
