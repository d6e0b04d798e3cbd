/** Exports of GF-01 runs and instances to other tools (docs/integrations.md). */
export * from "./inspect.js";
export * from "./tempobench.js";
