/** `geb capability …`: snapshot, check and delta reports (docs/geb/capability.md). */
export * from "./api.js";
export * from "./metrics.js";
export * from "./rules.js";
export * from "./snapshot.js";
