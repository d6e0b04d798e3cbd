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
// The authored pack and its report, and model selection through the engine.
export {
  buildPack,
  FAMILIES as PACK_FAMILIES,
  familyOf,
  PACK_DEFAULTS,
  type PackOptions,
  packJsonl,
} from "./pack/index.js";
export {
  PACK_AGENTS,
  type PackReport,
  packReport,
  packReportMarkdown,
  packSelections,
} from "./pack/report.js";
export { buildUiPrompt, parseUiReply, UI_PROMPT_VERSIONS, type UiPromptVersion } from "./model/prompt.js";
export { runUiModel, type UiModelRunOptions, type UiModelRunResult } from "./model/run.js";
