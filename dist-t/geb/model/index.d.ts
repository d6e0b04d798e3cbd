/** GoldEvidenceBench model runs on the shared engine: prompts, run loop, CLI flags. */
export * from "./cli-options.js";
export * from "./prompts.js";
export * from "./run.js";
