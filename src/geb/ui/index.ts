/** GEB UI-action evaluation: fixtures, generator, solvability, scoring (docs/geb/ui.md). */
export * from "./agent-row.js";
export * from "./api.js";
export * from "./baselines.js";
export * from "./fixture.js";
export * from "./generate.js";
export * from "./schema.js";
export * from "./score.js";
export * from "./solvable.js";
export * from "./summary.js";
export * from "./live/index.js";
