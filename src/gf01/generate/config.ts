import { z } from "zod";
import { type ErrorLocation, InputError } from "../../core/errors.js";
import { canonicalHash } from "../../core/hash.js";
import { parseWith } from "../../core/schema.js";

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

export const OFFICIAL_CONFIG_FLOAT_KEYS: ReadonlySet<string> = new Set([
  "alpha_0",
  "alpha_t",
  "alpha_c",
  "budget_tightness",
  "ident_min_response_ratio",
]);

/** The official defaults (config_hash b88a0090…). */
export function officialConfig(): OfficialGeneratorConfig {
  return {
    states_min: 3,
    states_max: 6,
    trace_min: 6,
    trace_max: 12,
    alpha_0: 1.0,
    alpha_t: 0.0,
    alpha_c: 2.0,
    w_min: 1,
    w_max: 6,
    budget_tightness: 0.25,
    max_generation_attempts: 20,
    max_exact_nodes: 120_000,
    min_witness_atoms: 1,
    ident_min_response_ratio: 0.6,
    ident_min_unique_signatures: 8,
  };
}

export const DEFAULT_GENERATOR_VERSION = "oraclebench-gf01-gen/1";

/**
 * Our default generator's knobs. Every field is part of the config hash, including
 * `generator_version`, so a bundle's hash pins the exact generator behaviour (DEC-024).
 */
export const DefaultGeneratorConfigSchema = z
  .object({
    generator_version: z.literal(DEFAULT_GENERATOR_VERSION).default(DEFAULT_GENERATOR_VERSION),
    /** Trace length T range (inclusive). */
    trace_min: z.number().int().min(2).max(64),
    trace_max: z.number().int().min(2).max(64),
    /** Number of automaton states range (inclusive). */
    states_min: z.number().int().min(1).max(256),
    states_max: z.number().int().min(1).max(256),
    /** |AP_in|, |AP_out| (APs are named in0.., out0..). */
    n_inputs: z.number().int().min(1).max(8),
    n_outputs: z.number().int().min(1).max(16),
    /** P(effect output = 1) per transition per window slot (divided by the window length); lower = longer witnesses. */
    effect_density: z.number().gt(0).lt(1),
    /** Probability that an instance is in hard mode (exact-time objective). */
    p_hard: z.number().min(0).max(1),
    /** t* is drawn from [max(1, floor(t_star_min_frac·T)), T-1]. */
    t_star_min_frac: z.number().min(0).lt(1),
    /** Normal-mode window w(I) = clamp(w_min, w_max, round(α0 + αT·T + αC·z(I))). */
    alpha_0: z.number(),
    alpha_t: z.number(),
    alpha_c: z.number(),
    w_min: z.number().int().min(0),
    w_max: z.number().int().min(0),
    /**
     * Target distribution of the minimum witness size (atoms) under the budget:
     * weight i is for size i+1. Each seed draws its target size, then candidates are
     * accepted only with exactly that size.
     */
    witness_atoms_weights: z.array(z.number().min(0)).min(1).max(16),
    /** Minimum number of distinct timesteps every sufficient certificate needs. */
    min_witness_timesteps: z.number().int().min(1),
    /** B_T = min(T, (fewest timesteps any sufficient certificate needs) + budget_slack_timesteps). */
    budget_slack_timesteps: z.number().int().min(0),
    /** B_A = min(T·|AP_in|, max(B_T + 1, min witness atoms + budget_slack_atoms)). */
    budget_slack_atoms: z.number().int().min(0),
    /** Identifiability thresholds (same metric as the official generator). */
    ident_min_response_ratio: z.number().min(0).max(1),
    ident_min_unique_signatures: z.number().int().min(0),
    max_generation_attempts: z.number().int().min(1).max(100_000),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.trace_min > c.trace_max)
      ctx.addIssue({ code: "custom", message: "trace_min > trace_max", path: ["trace_min"] });
    if (c.states_min > c.states_max)
      ctx.addIssue({ code: "custom", message: "states_min > states_max", path: ["states_min"] });
    if (c.w_min > c.w_max) ctx.addIssue({ code: "custom", message: "w_min > w_max", path: ["w_min"] });
    if (!c.witness_atoms_weights.some((w) => w > 0))
      ctx.addIssue({
        code: "custom",
        message: "at least one weight must be positive",
        path: ["witness_atoms_weights"],
      });
  });

export type DefaultGeneratorConfig = z.output<typeof DefaultGeneratorConfigSchema>;

export const DEFAULT_CONFIG_FLOAT_KEYS: ReadonlySet<string> = new Set([
  "effect_density",
  "p_hard",
  "t_star_min_frac",
  "alpha_0",
  "alpha_t",
  "alpha_c",
  "witness_atoms_weights",
  "ident_min_response_ratio",
]);

/**
 * Defaults chosen so greedy single-flip play and exact play separate: most instances need
 * 2–3 coordinated flips (BL-01 solves 98% of official instances, far fewer of these).
 */
export function defaultConfig(): DefaultGeneratorConfig {
  return {
    generator_version: DEFAULT_GENERATOR_VERSION,
    trace_min: 8,
    trace_max: 14,
    states_min: 4,
    states_max: 8,
    n_inputs: 3,
    n_outputs: 2,
    effect_density: 0.1,
    p_hard: 0.5,
    t_star_min_frac: 0.5,
    alpha_0: 1.0,
    alpha_t: 0.0,
    alpha_c: 2.0,
    w_min: 1,
    w_max: 6,
    witness_atoms_weights: [0.25, 0.4, 0.3, 0.05],
    min_witness_timesteps: 1,
    budget_slack_timesteps: 1,
    budget_slack_atoms: 1,
    ident_min_response_ratio: 0.6,
    ident_min_unique_signatures: 8,
    max_generation_attempts: 500,
  };
}

/** Parse a user-supplied default-generator config (missing fields take the defaults). */
export function parseDefaultConfig(value: unknown, where: ErrorLocation = {}): DefaultGeneratorConfig {
  const merged =
    value && typeof value === "object" && !Array.isArray(value) ? { ...defaultConfig(), ...value } : value;
  return parseWith(DefaultGeneratorConfigSchema, merged, where);
}

export type AnyGeneratorConfig = OfficialGeneratorConfig | DefaultGeneratorConfig;

export const isDefaultConfig = (cfg: AnyGeneratorConfig): cfg is DefaultGeneratorConfig =>
  "generator_version" in cfg;

/** Official `config_hash`: sha256 of the canonical JSON of the config dict. */
export function configHash(cfg: AnyGeneratorConfig): string {
  return isDefaultConfig(cfg)
    ? canonicalHash(cfg, DEFAULT_CONFIG_FLOAT_KEYS)
    : canonicalHash(cfg, OFFICIAL_CONFIG_FLOAT_KEYS);
}

/**
 * A generator config error (`field config.<key>`, from `parseDefaultConfig`) located in the
 * `--config` file it came from: `file: field <key>`. Anything else is returned unchanged.
 */
export function configErrorInFile(e: unknown, file: string | undefined): unknown {
  if (!file || !(e instanceof InputError) || e.file || !e.field?.startsWith("config.")) return e;
  return new InputError(e.reason, { file, field: e.field.slice("config.".length) });
}
