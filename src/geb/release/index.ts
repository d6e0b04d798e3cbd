/** The release layer over the trap families: contract, matrix, reliability signal, profiles. */
export * from "./builtin.js";
export * from "./matrix.js";
export * from "./rag.js";
export * from "./run.js";
export * from "./schema.js";
export * from "./signal.js";
