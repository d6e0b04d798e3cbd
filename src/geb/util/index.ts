/** `geb util …`: the reference's utility scripts as a library (docs/geb/util.md). */
export * from "./api.js";
export * from "./drilldown.js";
export * from "./estimate.js";
export * from "./rows.js";
export * from "./select.js";
export * from "./validate.js";
