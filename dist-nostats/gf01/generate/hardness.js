import { countMinimal } from "../verify/enumerate.js";
export const HARDNESS_VERSION = "gf01.hardness.v1";
/**
 * d1: one flip suffices; d2: two coordinated flips; d3: three flips; d4: four or more flips,
 * or three or more distinct timesteps. Bench `gf01-difficulty` shows baseline solve rates
 * falling across d1 → d4 on the default generator (table in docs/gf01-generator.md).
 */
export function difficultyStratum(minWitnessAtoms, minWitnessTimesteps) {
    if (minWitnessAtoms >= 4 || minWitnessTimesteps >= 3)
        return "d4";
    if (minWitnessAtoms <= 1)
        return "d1";
    return minWitnessAtoms === 2 ? "d2" : "d3";
}
/** Hardness from the generator's own exact measurements plus |M(I)| of the final instance. */
export function measureHardness(ci, minWitnessAtoms, minWitnessTimesteps) {
    return {
        hardness_version: HARDNESS_VERSION,
        min_witness_atoms: minWitnessAtoms,
        min_witness_timesteps: minWitnessTimesteps,
        m_count: countMinimal(ci).toString(),
        stratum: difficultyStratum(minWitnessAtoms, minWitnessTimesteps),
    };
}
//# sourceMappingURL=hardness.js.map