/** Baseline predictors (`ledger`, `naive`); a closed-book predictor sees only the book. */
export * from "./baselines.js";
