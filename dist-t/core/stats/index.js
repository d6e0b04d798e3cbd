export * from "./bootstrap.js";
export * from "./difference.js";
export * from "./format.js";
export * from "./mdd.js";
export * from "./normal.js";
export * from "./options.js";
export * from "./paired.js";
export * from "./schema.js";
export * from "./wilson.js";
//# sourceMappingURL=index.js.map