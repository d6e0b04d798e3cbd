export * from "./report.js";
export * from "./stats.js";
export * from "./validate.js";
//# sourceMappingURL=index.js.map