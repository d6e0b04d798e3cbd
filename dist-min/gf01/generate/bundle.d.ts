import type { Atom, Gf01Instance } from "../model/types.js";
import { type AnyGeneratorConfig } from "./config.js";
import { OFFICIAL_COMPAT_ID } from "./official.js";
export type Compat = typeof OFFICIAL_COMPAT_ID | "default";
export interface BundleInstances {
    instances: Gf01Instance[];
    /** witnesses[i] is the generator's witness for instances[i]. */
    witnesses: Atom[][];
    /** Seeds that could not be accepted within the attempt limit, with the reason. */
    rejected: Array<{
        seed: number;
        reason: string;
    }>;
    config_hash: string;
    generator_version: string;
}
/**
 * Generate the instances of a bundle (pure: no I/O). Each seed is independent, so callers
 * may split `seeds` across workers and concatenate; output order follows `seeds`.
 * `compat = "official-0.1"` needs an official config, `"default"` a default config.
 */
export declare function generateBundleInstances(seeds: readonly number[], cfg: AnyGeneratorConfig, compat: Compat, opts?: {
    split_id?: string;
    id_scheme?: "content_hash" | "legacy";
}): BundleInstances;
