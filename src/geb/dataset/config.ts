/** Which generator configurations can be generated (per-flag checks, profile × mode). */
import { InputError } from "../../core/errors.js";
import type { GenerateConfig, StateMode } from "./types.js";

/** Profiles that only make sense for some state modes (1.0 rejects the rest; the reference silently degrades). */
const PROFILE_MODES: Partial<Record<string, readonly StateMode[]>> = {
  note_camouflage: ["kv_commentary"],
  note_camouflage_suite: ["kv_commentary"],
  update_burst: ["kv", "kv_commentary"],
  stale_tab_state: ["kv", "kv_commentary"],
  focus_drift: ["kv", "kv_commentary"],
};

/** Reject configurations that cannot be generated; names the CLI flag. */
export function validateConfig(cfg: GenerateConfig): void {
  const int = (v: number, flag: string, min: number): void => {
    if (!Number.isSafeInteger(v) || v < min)
      throw new InputError(`--${flag} must be an integer >= ${min}, got ${v}`, { field: flag });
  };
  const rate = (v: number, flag: string): void => {
    if (!Number.isFinite(v) || v < 0 || v > 1)
      throw new InputError(`--${flag} must be a number in [0, 1], got ${v}`, { field: flag });
  };
  if (!Number.isSafeInteger(cfg.seed))
    throw new InputError(`--seed must be an integer, got ${cfg.seed}`, { field: "seed" });
  int(cfg.episodes, "episodes", 0);
  int(cfg.steps, "steps", 0);
  int(cfg.keys, "keys", 1);
  int(cfg.queries, "queries", 0);
  int(cfg.chapters, "chapters", 0);
  int(cfg.tailDistractorSteps, "tail-distractor-steps", 0);
  rate(cfg.derivedQueryRate, "derived-query-rate");
  rate(cfg.distractorRate, "distractor-rate");
  rate(cfg.clearRate, "clear-rate");
  rate(cfg.noteRate, "note-rate");
  rate(cfg.updateBurstRate, "update-burst-rate");
  if (cfg.compat === "1.0") {
    const modes = PROFILE_MODES[cfg.distractorProfile];
    if (modes && !modes.includes(cfg.stateMode)) {
      throw new InputError(
        `--distractor-profile ${cfg.distractorProfile} cannot be expressed in --state-mode ${cfg.stateMode} (supported: ${modes.join(", ")}); use --compat reference-0.1 to reproduce the reference's output anyway`,
        { field: "distractor-profile" },
      );
    }
  }
}
