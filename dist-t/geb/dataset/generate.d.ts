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
import type { GebRow, GenerateConfig } from "./types.js";
import { validateConfig } from "./config.js";
import { type Episode, makeKey } from "./episode.js";
import { recencyStats } from "./rows.js";
import { countTokens } from "./tokens.js";
/** All rows of one episode (base, then its twin when enabled), as the reference orders them. */
export declare function generateEpisodeRows(index: number, cfg: GenerateConfig): GebRow[];
/** Lazily generate the whole dataset, episode by episode (memory stays at one episode). */
export declare function generateDataset(cfg: GenerateConfig): Generator<GebRow[]>;
export { countTokens, ledgerLine, makeKey, recencyStats, validateConfig };
export type { Episode };
