/**
 * The GoldEvidenceBench generator.
 *
 * `compat: "reference-0.1"` reproduces the reference generator byte for byte: every random
 * draw happens in the reference's order (including Python's short-circuit `and`, which skips
 * draws), on the core's CPython `random.Random` port, and set-mode removals follow CPython's
 * set iteration order under PYTHONHASHSEED=0 (core/pyset.ts). Tested against the reference's
 * own outputs (tests/geb/parity/data.test.ts, docs/geb/generator.md). `compat: "1.0"` shares the
 * skeleton and fixes the reference's defects (docs/geb/differences.md); its draws differ where a fix needs it.
 *
 * Pure: returns episodes as values; writing files is the API layer's job. The pieces:
 * `config.ts` (what can be generated), `episode.ts` (an episode's nouns and wording),
 * `profiles.ts` (the simulators per distractor profile), `rows.ts` (episode → rows),
 * `twins.ts` (counterfactual twins), `tokens.ts` (Python token counts).
 */
import { ledgerLine } from "./book.js";
import { pad } from "./state.js";
import type { GebRow, GenerateConfig } from "./types.js";
import { validateConfig } from "./config.js";
import { type Episode, makeKey } from "./episode.js";
import { generateMainEpisode, generateTabEpisode } from "./profiles.js";
import { episodeRows, recencyStats } from "./rows.js";
import { countTokens } from "./tokens.js";
import { referenceTwin, twinV1 } from "./twins.js";

/** All rows of one episode (base, then its twin when enabled), as the reference orders them. */
export function generateEpisodeRows(index: number, cfg: GenerateConfig): GebRow[] {
  const seed = cfg.seed + index;
  const episodeId = `E${pad(index + 1, 4)}`;
  const tab = cfg.distractorProfile === "stale_tab_state" || cfg.distractorProfile === "focus_drift";
  const { ep, state } = tab
    ? generateTabEpisode(seed, episodeId, cfg)
    : generateMainEpisode(seed, episodeId, cfg);
  const rows = episodeRows(ep, state, cfg);
  if (!cfg.twins) return rows;
  const twinSeed = seed + 10_000;
  const twinId = `${episodeId}T`;
  const twin =
    cfg.compat === "1.0"
      ? twinV1(twinSeed, twinId, ep, rows, state, cfg)
      : referenceTwin(twinSeed, twinId, rows, cfg.stateMode, ep.logLines);
  return rows.concat(twin);
}

/** Lazily generate the whole dataset, episode by episode (memory stays at one episode). */
export function* generateDataset(cfg: GenerateConfig): Generator<GebRow[]> {
  validateConfig(cfg);
  for (let i = 0; i < cfg.episodes; i++) yield generateEpisodeRows(i, cfg);
}

export { countTokens, ledgerLine, makeKey, recencyStats, validateConfig };
export type { Episode };
