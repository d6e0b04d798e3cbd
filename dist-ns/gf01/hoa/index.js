export * from "./errors.js";
export * from "./label.js";
export * from "./lexer.js";
export * from "./mealy.js";
export * from "./parser.js";
export * from "./types.js";
export * from "./writer.js";
//# sourceMappingURL=index.js.map