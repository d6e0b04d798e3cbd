export * from "./baselines.js";
export * from "./registry.js";
