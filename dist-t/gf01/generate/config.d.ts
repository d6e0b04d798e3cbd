import { z } from "zod";
import type { ErrorLocation } from "../../core/errors.js";
/**
 * Generator configurations and their hashes.
 *
 * `OfficialGeneratorConfig` mirrors the official `GeneratorConfig` dataclass field for field;
 * its hash is `stable_hash_json(asdict(cfg))`, so float-typed fields must be written as
 * Python floats (`1.0`) — they are listed in `OFFICIAL_CONFIG_FLOAT_KEYS`.
 */
export interface OfficialGeneratorConfig {
    states_min: number;
    states_max: number;
    trace_min: number;
    trace_max: number;
    alpha_0: number;
    alpha_t: number;
    alpha_c: number;
    w_min: number;
    w_max: number;
    budget_tightness: number;
    max_generation_attempts: number;
    max_exact_nodes: number;
    min_witness_atoms: number;
    ident_min_response_ratio: number;
    ident_min_unique_signatures: number;
}
export declare const OFFICIAL_CONFIG_FLOAT_KEYS: ReadonlySet<string>;
/** The official defaults (config_hash b88a0090…). */
export declare function officialConfig(): OfficialGeneratorConfig;
export declare const DEFAULT_GENERATOR_VERSION = "oraclebench-gf01-gen/1";
/**
 * Our default generator's knobs. Every field is part of the config hash, including
 * `generator_version`, so a bundle's hash pins the exact generator behaviour (DEC-024).
 */
export declare const DefaultGeneratorConfigSchema: z.ZodObject<{
    generator_version: z.ZodDefault<z.ZodLiteral<"oraclebench-gf01-gen/1">>;
    trace_min: z.ZodNumber;
    trace_max: z.ZodNumber;
    states_min: z.ZodNumber;
    states_max: z.ZodNumber;
    n_inputs: z.ZodNumber;
    n_outputs: z.ZodNumber;
    effect_density: z.ZodNumber;
    p_hard: z.ZodNumber;
    t_star_min_frac: z.ZodNumber;
    alpha_0: z.ZodNumber;
    alpha_t: z.ZodNumber;
    alpha_c: z.ZodNumber;
    w_min: z.ZodNumber;
    w_max: z.ZodNumber;
    witness_atoms_weights: z.ZodArray<z.ZodNumber>;
    min_witness_timesteps: z.ZodNumber;
    budget_slack_timesteps: z.ZodNumber;
    budget_slack_atoms: z.ZodNumber;
    ident_min_response_ratio: z.ZodNumber;
    ident_min_unique_signatures: z.ZodNumber;
    max_generation_attempts: z.ZodNumber;
}, z.core.$strict>;
export type DefaultGeneratorConfig = z.output<typeof DefaultGeneratorConfigSchema>;
export declare const DEFAULT_CONFIG_FLOAT_KEYS: ReadonlySet<string>;
/**
 * Defaults chosen so greedy single-flip play and exact play separate: most instances need
 * 2–3 coordinated flips (BL-01 solves 98% of official instances, far fewer of these).
 */
export declare function defaultConfig(): DefaultGeneratorConfig;
/** Parse a user-supplied default-generator config (missing fields take the defaults). */
export declare function parseDefaultConfig(value: unknown, where?: ErrorLocation): DefaultGeneratorConfig;
export type AnyGeneratorConfig = OfficialGeneratorConfig | DefaultGeneratorConfig;
export declare const isDefaultConfig: (cfg: AnyGeneratorConfig) => cfg is DefaultGeneratorConfig;
/** Official `config_hash`: sha256 of the canonical JSON of the config dict. */
export declare function configHash(cfg: AnyGeneratorConfig): string;
