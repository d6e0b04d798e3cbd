/**
 * The one interface every model speaks: chat messages + sampling params in, text + usage out.
 * Clients are thin wire adapters; retries, cache, concurrency and accounting live in the
 * engine so every client gets them for free.
 */
export {};
//# sourceMappingURL=types.js.map