/**
 * The `geb model` run payload's schema id, in a module of its own: readers (summaries, sweep
 * assembly) test it without loading the model runner and the engine behind it.
 */
export const MODEL_RUN_SCHEMA = "oraclebench.geb.model-run/1";
//# sourceMappingURL=run-schema.js.map