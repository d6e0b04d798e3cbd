/** Grading predictions against gold: per-row verdicts and the metric dialects. */
export * from "./grade.js";
export * from "./intervals.js";
