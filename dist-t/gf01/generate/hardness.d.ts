/**
 * Measured hardness of an instance and the difficulty strata built on it (issue 12 point 9).
 *
 * The strata come from what makes instances hard for players, measured per instance, not from
 * the complexity composite z(I) (which put 96 % of default instances in one slice):
 *  - `min_witness_atoms`: fewest atoms of any sufficient certificate within the budget (every
 *    valid certificate has at least this many). A single-flip instance (1) is solved by probing
 *    one atom at a time; each further atom must be coordinated without feedback.
 *  - `min_witness_timesteps`: fewest distinct timesteps any sufficient certificate needs.
 *  - `m_count`: |M(I)| (how many minimal answers exist), recorded but not used for the cut:
 *    on the default generator it does not order solve rates (see docs/gf01-generator.md).
 * There is no informative black-box commit_only heuristic in the panel yet (online-greedy
 * plays passively under commit_only, online-random is ~0), so "solved by a black-box single
 * flip probe" is exactly `min_witness_atoms === 1` and is not stored separately.
 */
import type { CompiledInstance } from "../model/compile.js";
export declare const HARDNESS_VERSION = "gf01.hardness.v1";
export type DifficultyStratum = "d1" | "d2" | "d3" | "d4";
export interface InstanceHardness {
    hardness_version: typeof HARDNESS_VERSION;
    min_witness_atoms: number;
    min_witness_timesteps: number;
    /** |M(I)| as a decimal string (it can pass 2^53). */
    m_count: string;
    stratum: DifficultyStratum;
}
/**
 * d1: one flip suffices; d2: two coordinated flips; d3: three flips; d4: four or more flips,
 * or three or more distinct timesteps. Bench `gf01-difficulty` shows baseline solve rates
 * falling across d1 → d4 on the default generator (table in docs/gf01-generator.md).
 */
export declare function difficultyStratum(minWitnessAtoms: number, minWitnessTimesteps: number): DifficultyStratum;
/** Hardness from the generator's own exact measurements plus |M(I)| of the final instance. */
export declare function measureHardness(ci: CompiledInstance, minWitnessAtoms: number, minWitnessTimesteps: number): InstanceHardness;
