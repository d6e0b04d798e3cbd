/** The GEB pipeline, selector and summary modules (programmatic API). */
export { exportExample } from "../selector/dataset.js";
export { alignModel, featureMatrix, LINEAR_FEATURE_ORDER, loadLinearModel, parseLinearModel, } from "../selector/linear.js";
export { DEFAULT_TRAIN_OPTIONS, trainSelector } from "../selector/train.js";
export { flattenRun, readPayloads, writeRunArtifacts } from "../summary/artifacts.js";
export { collectRuns } from "../summary/collect.js";
export { compareSummaries, summaryFor } from "../summary/compare.js";
export { countRows, decompositionLine, rates } from "../summary/decomposition.js";
export { buildDiagnosis, classifyBottleneck, DEFAULT_THRESHOLDS, loadThresholds, } from "../summary/diagnosis.js";
export { SUMMARY_SCHEMA, summarizeRuns } from "../summary/summarize.js";
export * from "./config.js";
export { EmbeddingTable, fetchOpenAIEmbeddings, hashedEmbedding } from "./embeddings.js";
export { loadRows, MODEL_RUN_SCHEMA, parseRetrievalSpec, runGebModel, } from "./gebmodel.js";
export { cellName, formatGrid, gridCells, gridTable, parseAxis, runGrid, } from "./grid.js";
export { ledgerCandidates } from "./ledger.js";
export { addAnswerOptions, addSelectionOptions, pipelineFlags } from "./options.js";
export { bm25Scores, denseScores, rankByKey, rankByScore, tfidfScores, tokenize } from "./retrieval.js";
export { runPipeline, selectionQuestion, valueIsSubstring } from "./run.js";
export { candidatesFor, retrievalQuery, selectRow } from "./select.js";
//# sourceMappingURL=index.js.map