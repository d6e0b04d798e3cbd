import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/geb/dataset/types.ts
var STATE_MODES = ["kv", "kv_commentary", "counter", "set", "relational"];
var DISTRACTOR_PROFILES = [
  "easy",
  "standard",
  "adversarial",
  "instruction",
  "instruction_suite",
  "note_camouflage",
  "note_camouflage_suite",
  "update_burst",
  "stale_tab_state",
  "focus_drift"
];
var COMPAT_MODES = ["1.0", "reference-0.1"];
var DEFAULT_GENERATE_CONFIG = Object.freeze({
  seed: 0,
  episodes: 20,
  steps: 220,
  keys: 14,
  queries: 12,
  derivedQueryRate: 0.35,
  chapters: 8,
  distractorRate: 0.5,
  tailDistractorSteps: 0,
  clearRate: 0.08,
  noteRate: 0.12,
  updateBurstRate: 0.25,
  distractorProfile: "instruction",
  stateMode: "kv",
  twins: true,
  requireCitations: true,
  compat: "1.0"
});

export {
  STATE_MODES,
  DISTRACTOR_PROFILES,
  COMPAT_MODES,
  DEFAULT_GENERATE_CONFIG
};
