/**
 * GF-01 online play: episode engine, canonical observations, play protocols, the R1 text
 * renderer, agent interfaces (stdio, HTTP, in-process, LLM) and run artifacts.
 */
export * from "./episode.js";
export * from "./http.js";
export * from "./meta.js";
export * from "./observation.js";
export * from "./render-text.js";
export * from "./result.js";
export * from "./agent.js";
export * from "./runner.js";
export * from "./stdio.js";
export * from "./llm.js";
export * from "./prompts.js";
export * from "./api.js";
export * from "./terminal.js";
//# sourceMappingURL=index.js.map