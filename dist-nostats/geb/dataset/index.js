/** Episodes, rows and books: the generator, ledger state, book rendering/validation, row codecs. */
export { parseBookLedger, parseUpdates, renderBook, validateBook, } from "./book.js";
export { countTokens, generateDataset, generateEpisodeRows, makeKey, validateConfig } from "./generate.js";
export { GebRowReadSchema, GebRowSchema, GenerateConfigSchema, PredictionRowSchema } from "./schema.js";
export { rowLine, rowPieces, TextCache } from "./serialize.js";
export * from "./state.js";
export * from "./types.js";
//# sourceMappingURL=index.js.map