import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/geb/pipeline/run-schema.ts
var MODEL_RUN_SCHEMA = "oraclebench.geb.model-run/1";

export {
  MODEL_RUN_SCHEMA
};
