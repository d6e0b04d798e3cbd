export * from "./errors.js";
export * from "./hash.js";
export * from "./jsonl.js";
export * from "./numeric.js";
export * from "./progress.js";
export * from "./pyjson.js";
export * from "./pyjsonloads.js";
export * from "./pyset.js";
export * from "./random.js";
export * from "./schema.js";
export * as view from "./view/index.js";
export * from "./stats/index.js";
//# sourceMappingURL=index.js.map