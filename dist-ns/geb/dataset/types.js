/**
 * GoldEvidenceBench domain types: generator configuration, dataset rows and predictions.
 * Field names follow the reference harness's JSON so tools that read its rows read ours.
 */
export const STATE_MODES = ["kv", "kv_commentary", "counter", "set", "relational"];
export const DISTRACTOR_PROFILES = [
    "easy",
    "standard",
    "adversarial",
    "instruction",
    "instruction_suite",
    "note_camouflage",
    "note_camouflage_suite",
    "update_burst",
    "stale_tab_state",
    "focus_drift",
];
/** `reference-0.1`: byte-for-byte the reference generator. `1.0`: our schema with its defects fixed. */
export const COMPAT_MODES = ["1.0", "reference-0.1"];
export const PROTOCOLS = ["open_book", "closed_book"];
/** Defaults of the reference CLI's `generate` (not its EpisodeConfig dataclass, which differs). */
export const DEFAULT_GENERATE_CONFIG = Object.freeze({
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
    compat: "1.0",
});
//# sourceMappingURL=types.js.map