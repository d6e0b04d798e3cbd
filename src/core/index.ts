export * from "./errors.js";
export * from "./hash.js";
export * from "./jsonl.js";
export * from "./numeric.js";
export * from "./progress.js";
export * from "./pyjson.js";
export * from "./random.js";
export * from "./schema.js";
