import type { Atom, Gf01Instance } from "../model/types.js";
import {
  type AnyGeneratorConfig,
  configHash,
  DEFAULT_GENERATOR_VERSION,
  type DefaultGeneratorConfig,
  isDefaultConfig,
  type OfficialGeneratorConfig,
} from "./config.js";
import { generateInstance } from "./default.js";
import {
  type GenerateResult,
  generateOfficial,
  isRejected,
  OFFICIAL_COMPAT_ID,
  OFFICIAL_GENERATOR_VERSION,
} from "./official.js";

export type Compat = typeof OFFICIAL_COMPAT_ID | "default";

export interface BundleInstances {
  instances: Gf01Instance[];
  /** witnesses[i] is the generator's witness for instances[i]. */
  witnesses: Atom[][];
  /** Seeds that could not be accepted within the attempt limit, with the reason. */
  rejected: Array<{ seed: number; reason: string }>;
  config_hash: string;
  generator_version: string;
}

/**
 * Generate the instances of a bundle (pure: no I/O). Each seed is independent, so callers
 * may split `seeds` across workers and concatenate; output order follows `seeds`.
 * `compat = "official-0.1"` needs an official config, `"default"` a default config.
 */
export function generateBundleInstances(
  seeds: readonly number[],
  cfg: AnyGeneratorConfig,
  compat: Compat,
  opts: { split_id?: string; id_scheme?: "content_hash" | "legacy" } = {},
): BundleInstances {
  const official = compat === OFFICIAL_COMPAT_ID;
  if (official === isDefaultConfig(cfg))
    throw new TypeError(`compat ${compat} does not match the given config kind`);
  const out: BundleInstances = {
    instances: [],
    witnesses: [],
    rejected: [],
    config_hash: configHash(cfg),
    generator_version: official ? OFFICIAL_GENERATOR_VERSION : DEFAULT_GENERATOR_VERSION,
  };
  for (const seed of seeds) {
    const r: GenerateResult = official
      ? generateOfficial(seed, cfg as OfficialGeneratorConfig, {
          split_id: opts.split_id,
          id_scheme: opts.id_scheme,
        })
      : generateInstance(seed, cfg as DefaultGeneratorConfig, { split_id: opts.split_id });
    if (isRejected(r)) out.rejected.push({ seed, reason: r.rejected });
    else {
      out.instances.push(r.instance);
      out.witnesses.push(r.witness);
    }
  }
  return out;
}
