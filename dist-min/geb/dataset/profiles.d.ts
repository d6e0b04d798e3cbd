import { type LedgerState } from "./state.js";
import type { GenerateConfig } from "./types.js";
import { type Episode } from "./episode.js";
/** The main generator (every profile except stale_tab_state / focus_drift). */
export declare function generateMainEpisode(seed: number, episodeId: string, cfg: GenerateConfig): {
    ep: Episode;
    state: LedgerState;
};
/** stale_tab_state / focus_drift: round-robin SETs, each followed by a non-authoritative NOTE. */
export declare function generateTabEpisode(seed: number, episodeId: string, cfg: GenerateConfig): {
    ep: Episode;
    state: LedgerState;
};
