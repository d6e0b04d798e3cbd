export * from "./bundle.js";
export * from "./legacy.js";
export * from "./manifest.js";
export * from "./meta.js";
export * from "./pyout.js";
export * from "./run-record.js";
//# sourceMappingURL=index.js.map