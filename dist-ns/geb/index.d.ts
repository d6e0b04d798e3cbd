/** GoldEvidenceBench: generator, book artifacts, baselines, grader and file-level API. */
export * from "./api.js";
export * from "./baselines/index.js";
export * from "./dataset/index.js";
export * from "./grade/index.js";
export * as model from "./model/index.js";
export * from "./pipeline/index.js";
export * as view from "./view/index.js";
