export * from "./atoms.js";
export * from "./bruteForce.js";
export * from "./enumerate.js";
export * from "./metrics.js";
export * from "./officialPool.js";
export * from "./score.js";
export * from "./subset.js";
export * from "./validate.js";
export * from "./verify.js";
//# sourceMappingURL=index.js.map