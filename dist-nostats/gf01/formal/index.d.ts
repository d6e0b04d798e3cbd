export * from "./file.js";
export * from "./loader.js";
export * from "./schema.js";
export * from "./source.js";
