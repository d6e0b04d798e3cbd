import { type LedgerState } from "./state.js";
import type { GebRow, GenerateConfig, StateMode } from "./types.js";
import { type Episode } from "./episode.js";
/**
 * The reference twin (`_make_counterfactual_twin`), reproduced from the rendered text: the last
 * SET of a random key is flipped in the log and the book ledger (not the narrative), Q001 is
 * re-aimed at the flipped key, and twin rows carry no schema_version.
 */
export declare function referenceTwin(twinSeed: number, twinId: string, base: GebRow[], mode: StateMode): GebRow[];
/**
 * The 1.0 twin: the same questions as the base (same keys, same q_index), with the final
 * authoritative SET of one queried key flipped in the log, the book ledger *and* the chapter
 * narrative. The new value is chosen so every base question on that key changes its answer.
 */
export declare function twinV1(twinSeed: number, twinId: string, ep: Episode, base: GebRow[], final: LedgerState, cfg: GenerateConfig): GebRow[];
