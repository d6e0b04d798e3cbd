/** Cited-memory verification, its sensitivity generator and checks (docs/geb/memory.md). */
export * from "./api.js";
export * from "./generate.js";
export * from "./io.js";
export * from "./schema.js";
export * from "./sensitivity.js";
export * from "./source.js";
export * from "./verify.js";
