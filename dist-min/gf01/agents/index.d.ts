export * from "./baselines.js";
export * from "./online.js";
export * from "./registry.js";
