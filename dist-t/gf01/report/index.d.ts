export * from "./report.js";
export * from "./stats.js";
export * from "./validate.js";
