/** `geb ui live`: the browser app, its tasks, the harness and its agents (docs/geb/ui.md "Live app"). */
export * from "./agents.js";
export * from "./api.js";
export * from "./candidates.js";
export * from "./harness.js";
export * from "./schema.js";
export * from "./tasks.js";
