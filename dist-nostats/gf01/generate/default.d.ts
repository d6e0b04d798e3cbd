import { PyRandom } from "../../core/random.js";
import { type DefaultGeneratorConfig } from "./config.js";
import type { GenerateResult } from "./official.js";
/**
 * Our default GF-01 generator (`oraclebench-gf01-gen/1`).
 *
 * Differences from the official generator are deliberate (docs/gf01-generator.md):
 * - the per-seed stream is seeded from sha256(generator_version, seed), so instances depend
 *   only on (seed, cfg, generator_version) and can be generated in any order or in parallel;
 * - acceptance is exact and uncapped (a min-flip dynamic program, polynomial in T·|S|·B_T),
 *   so no instance is kept or dropped because of a search cap;
 * - difficulty is targeted, not incidental: each seed draws a target minimum witness size
 *   from `witness_atoms_weights` and only candidates whose *every* sufficient certificate
 *   within budget needs exactly that many flips are accepted (size ≥ 2 defeats single-flip
 *   play by construction); the effect output is sparse (`effect_density`); the timestep
 *   budget is set from the instance's own minimum (tightness = `budget_slack_timesteps`).
 */
export interface DefaultStats {
    /** Fewest atoms any sufficient certificate within the budget needs (= every valid one has ≥ this). */
    min_witness_atoms: number;
    /** Fewest distinct timesteps any sufficient certificate needs. */
    min_witness_timesteps: number;
    /** Target size drawn for this seed. */
    target_witness_atoms: number;
}
export type DefaultResult = GenerateResult & {
    stats?: DefaultStats;
};
/** Per-seed stream: independent of every other seed (DEC-024, order-free generation). */
export declare function seedStream(seed: number, generatorVersion: string): PyRandom;
export declare function generateInstance(seed: number, cfg?: DefaultGeneratorConfig, opts?: {
    split_id?: string;
}): DefaultResult;
