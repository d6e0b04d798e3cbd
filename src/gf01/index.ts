/**
 * GF-01 public API: the domain model, verifier, generator, agents, HOA/formal loaders, the
 * official artifacts (bundle, run record, split manifest, legacy migration), validation and
 * reporting, the acceptance checks, and the file-level API behind the `gf01` CLI.
 * Importing this module registers the artifact schemas (for `npm run schemas`).
 */
export * from "./model/index.js";
export * from "./verify/index.js";
export * as generate from "./generate/index.js";
export * as agents from "./agents/index.js";
export * as hoa from "./hoa/index.js";
export * as formal from "./formal/index.js";
export * from "./artifacts/index.js";
export * from "./report/index.js";
export * from "./checks/index.js";
export * as api from "./api.js";
export * as play from "./play/index.js";
export * as view from "./view/index.js";
export * as release from "./release/index.js";
export * as calibrationSchemas from "./calibration/schemas.js";
export * as studySchemas from "./study/schemas.js";
export * as exporters from "./export/index.js";
