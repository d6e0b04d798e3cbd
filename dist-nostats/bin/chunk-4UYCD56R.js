import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  COMPLEXITY_KNOB_KEYS,
  COMPLEXITY_POLICY_VERSION,
  COMPLEXITY_SCORE_METHOD,
  DEFAULT_CONFIG_FLOAT_KEYS,
  DEFAULT_GENERATOR_VERSION,
  DefaultGeneratorConfigSchema,
  IDENTIFIABILITY_METRIC_ID,
  IDENTIFIABILITY_MIN_RESPONSE_RATIO,
  IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES,
  IDENTIFIABILITY_POLICY_VERSION,
  OFFICIAL_COMPAT_ID,
  OFFICIAL_CONFIG_FLOAT_KEYS,
  OFFICIAL_GENERATOR_VERSION,
  complexity,
  complexityScore,
  computeWindow,
  configHash,
  defaultConfig,
  generateInstance,
  generateOfficial,
  identifiabilityMetrics,
  identifiabilityPolicyError,
  isDefaultConfig,
  isRejected,
  officialBudgetAtoms,
  officialBudgetTimestep,
  officialConfig,
  parseDefaultConfig,
  seedStream
} from "./chunk-VWI5WMTO.js";
import "./chunk-S3MUNSMH.js";
import {
  CertificateSearch,
  exactExistenceCheck,
  minTimesteps
} from "./chunk-EDYDAUKS.js";
import {
  NORMALIZATION_VERSION,
  compileRaw,
  materializeInstance,
  materializeMachine,
  semanticIdentityJson
} from "./chunk-JUAIBFNI.js";
import "./chunk-NIT377TX.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-3RIPXYYT.js";
import "./chunk-HFM5OLF6.js";

// src/gf01/generate/bundle.ts
function generateBundleInstances(seeds, cfg, compat, opts = {}) {
  const official = compat === OFFICIAL_COMPAT_ID;
  if (official === isDefaultConfig(cfg))
    throw new TypeError(`compat ${compat} does not match the given config kind`);
  const out = {
    instances: [],
    witnesses: [],
    rejected: [],
    config_hash: configHash(cfg),
    generator_version: official ? OFFICIAL_GENERATOR_VERSION : DEFAULT_GENERATOR_VERSION
  };
  for (const seed of seeds) {
    const r = official ? generateOfficial(seed, cfg, {
      split_id: opts.split_id,
      id_scheme: opts.id_scheme
    }) : generateInstance(seed, cfg, { split_id: opts.split_id });
    if (isRejected(r)) out.rejected.push({ seed, reason: r.rejected });
    else {
      out.instances.push(r.instance);
      out.witnesses.push(r.witness);
    }
  }
  return out;
}
export {
  COMPLEXITY_KNOB_KEYS,
  COMPLEXITY_POLICY_VERSION,
  COMPLEXITY_SCORE_METHOD,
  CertificateSearch,
  DEFAULT_CONFIG_FLOAT_KEYS,
  DEFAULT_GENERATOR_VERSION,
  DefaultGeneratorConfigSchema,
  IDENTIFIABILITY_METRIC_ID,
  IDENTIFIABILITY_MIN_RESPONSE_RATIO,
  IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES,
  IDENTIFIABILITY_POLICY_VERSION,
  NORMALIZATION_VERSION,
  OFFICIAL_COMPAT_ID,
  OFFICIAL_CONFIG_FLOAT_KEYS,
  OFFICIAL_GENERATOR_VERSION,
  compileRaw,
  complexity,
  complexityScore,
  computeWindow,
  configHash,
  defaultConfig,
  exactExistenceCheck,
  generateBundleInstances,
  generateInstance,
  generateOfficial,
  identifiabilityMetrics,
  identifiabilityPolicyError,
  isDefaultConfig,
  isRejected,
  materializeInstance,
  materializeMachine,
  minTimesteps,
  officialBudgetAtoms,
  officialBudgetTimestep,
  officialConfig,
  parseDefaultConfig,
  seedStream,
  semanticIdentityJson
};
