export * from "./build.js";
export * from "./bundle.js";
export * from "./config.js";
export * from "./default.js";
export * from "./identifiability.js";
export * from "./knobs.js";
export * from "./official.js";
export * from "./search.js";
//# sourceMappingURL=index.js.map