import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  roundHalfEven
} from "./chunk-S3MUNSMH.js";
import {
  CertificateSearch,
  countMinimal,
  effectHolds,
  exactExistenceCheck,
  minTimesteps
} from "./chunk-EDYDAUKS.js";
import {
  compileRaw,
  materializeInstance
} from "./chunk-JUAIBFNI.js";
import {
  PyRandom
} from "./chunk-NIT377TX.js";
import {
  canonicalHash,
  sha256Hex
} from "./chunk-OMQMJS7P.js";
import {
  external_exports,
  parseWith
} from "./chunk-FE7UWTWL.js";
import {
  effectWindow
} from "./chunk-3RIPXYYT.js";

// src/gf01/generate/config.ts
var OFFICIAL_CONFIG_FLOAT_KEYS = /* @__PURE__ */ new Set([
  "alpha_0",
  "alpha_t",
  "alpha_c",
  "budget_tightness",
  "ident_min_response_ratio"
]);
function officialConfig() {
  return {
    states_min: 3,
    states_max: 6,
    trace_min: 6,
    trace_max: 12,
    alpha_0: 1,
    alpha_t: 0,
    alpha_c: 2,
    w_min: 1,
    w_max: 6,
    budget_tightness: 0.25,
    max_generation_attempts: 20,
    max_exact_nodes: 12e4,
    min_witness_atoms: 1,
    ident_min_response_ratio: 0.6,
    ident_min_unique_signatures: 8
  };
}
var DEFAULT_GENERATOR_VERSION = "oraclebench-gf01-gen/1";
var DefaultGeneratorConfigSchema = external_exports.object({
  generator_version: external_exports.literal(DEFAULT_GENERATOR_VERSION).default(DEFAULT_GENERATOR_VERSION),
  /** Trace length T range (inclusive). */
  trace_min: external_exports.number().int().min(2).max(64),
  trace_max: external_exports.number().int().min(2).max(64),
  /** Number of automaton states range (inclusive). */
  states_min: external_exports.number().int().min(1).max(256),
  states_max: external_exports.number().int().min(1).max(256),
  /** |AP_in|, |AP_out| (APs are named in0.., out0..). */
  n_inputs: external_exports.number().int().min(1).max(8),
  n_outputs: external_exports.number().int().min(1).max(16),
  /** P(effect output = 1) per transition per window slot (divided by the window length); lower = longer witnesses. */
  effect_density: external_exports.number().gt(0).lt(1),
  /** Probability that an instance is in hard mode (exact-time objective). */
  p_hard: external_exports.number().min(0).max(1),
  /** t* is drawn from [max(1, floor(t_star_min_frac·T)), T-1]. */
  t_star_min_frac: external_exports.number().min(0).lt(1),
  /** Normal-mode window w(I) = clamp(w_min, w_max, round(α0 + αT·T + αC·z(I))). */
  alpha_0: external_exports.number(),
  alpha_t: external_exports.number(),
  alpha_c: external_exports.number(),
  w_min: external_exports.number().int().min(0),
  w_max: external_exports.number().int().min(0),
  /**
   * Target distribution of the minimum witness size (atoms) under the budget:
   * weight i is for size i+1. Each seed draws its target size, then candidates are
   * accepted only with exactly that size.
   */
  witness_atoms_weights: external_exports.array(external_exports.number().min(0)).min(1).max(16),
  /** Minimum number of distinct timesteps every sufficient certificate needs. */
  min_witness_timesteps: external_exports.number().int().min(1),
  /** B_T = min(T, (fewest timesteps any sufficient certificate needs) + budget_slack_timesteps). */
  budget_slack_timesteps: external_exports.number().int().min(0),
  /** B_A = min(T·|AP_in|, max(B_T + 1, min witness atoms + budget_slack_atoms)). */
  budget_slack_atoms: external_exports.number().int().min(0),
  /** Identifiability thresholds (same metric as the official generator). */
  ident_min_response_ratio: external_exports.number().min(0).max(1),
  ident_min_unique_signatures: external_exports.number().int().min(0),
  max_generation_attempts: external_exports.number().int().min(1).max(1e5)
}).strict().superRefine((c, ctx) => {
  if (c.trace_min > c.trace_max)
    ctx.addIssue({ code: "custom", message: "trace_min > trace_max", path: ["trace_min"] });
  if (c.states_min > c.states_max)
    ctx.addIssue({ code: "custom", message: "states_min > states_max", path: ["states_min"] });
  if (c.w_min > c.w_max) ctx.addIssue({ code: "custom", message: "w_min > w_max", path: ["w_min"] });
  if (!c.witness_atoms_weights.some((w) => w > 0))
    ctx.addIssue({
      code: "custom",
      message: "at least one weight must be positive",
      path: ["witness_atoms_weights"]
    });
});
var DEFAULT_CONFIG_FLOAT_KEYS = /* @__PURE__ */ new Set([
  "effect_density",
  "p_hard",
  "t_star_min_frac",
  "alpha_0",
  "alpha_t",
  "alpha_c",
  "witness_atoms_weights",
  "ident_min_response_ratio"
]);
function defaultConfig() {
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
    alpha_0: 1,
    alpha_t: 0,
    alpha_c: 2,
    w_min: 1,
    w_max: 6,
    witness_atoms_weights: [0.25, 0.4, 0.3, 0.05],
    min_witness_timesteps: 1,
    budget_slack_timesteps: 1,
    budget_slack_atoms: 1,
    ident_min_response_ratio: 0.6,
    ident_min_unique_signatures: 8,
    max_generation_attempts: 500
  };
}
function parseDefaultConfig(value, where = {}) {
  const merged = value && typeof value === "object" && !Array.isArray(value) ? { ...defaultConfig(), ...value } : value;
  return parseWith(DefaultGeneratorConfigSchema, merged, where);
}
var isDefaultConfig = (cfg) => "generator_version" in cfg;
function configHash(cfg) {
  return isDefaultConfig(cfg) ? canonicalHash(cfg, DEFAULT_CONFIG_FLOAT_KEYS) : canonicalHash(cfg, OFFICIAL_CONFIG_FLOAT_KEYS);
}

// src/gf01/generate/identifiability.ts
var IDENTIFIABILITY_POLICY_VERSION = "gf01.identifiability_policy.v1";
var IDENTIFIABILITY_METRIC_ID = "single_atom_observation_divergence.v1";
var IDENTIFIABILITY_MIN_RESPONSE_RATIO = 0.6;
var IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES = 8;
function identifiabilityMetrics(ci) {
  const { sys, T, base, baseStates } = ci;
  const { nIn, nOut, nSymbols: nSym, next, out } = sys;
  const candidates = T * nIn;
  if (candidates === 0) {
    return {
      policy_version: IDENTIFIABILITY_POLICY_VERSION,
      metric_id: IDENTIFIABILITY_METRIC_ID,
      candidate_atom_count: 0,
      response_atom_count: 0,
      response_ratio: 0,
      unique_signature_count: 1,
      signature_diversity_ratio: 0,
      passes_threshold: false
    };
  }
  const baseOut = new Uint32Array(T);
  for (let t = 0; t < T; t++) baseOut[t] = out[baseStates[t] * nSym + base[t]];
  let response = 0;
  let unique;
  if (T * nOut <= 52) {
    const pow = new Float64Array(T);
    for (let t = 0; t < T; t++) pow[t] = 2 ** (nOut * t);
    let baseSig = 0;
    for (let t = 0; t < T; t++) baseSig += baseOut[t] * pow[t];
    const sigs = new Float64Array(candidates);
    let n = 0;
    for (let t = 0; t < T; t++) {
      for (let j = 0; j < nIn; j++) {
        let sig = baseSig;
        let s = baseStates[t];
        let sym = base[t] ^ 1 << nIn - 1 - j;
        for (let u = t; u < T; u++) {
          const idx = s * nSym + sym;
          const code = out[idx];
          if (code !== baseOut[u]) sig += (code - baseOut[u]) * pow[u];
          s = next[idx];
          if (s === baseStates[u + 1]) break;
          sym = base[u + 1];
        }
        if (sig !== baseSig) response++;
        sigs[n++] = sig;
      }
    }
    sigs.sort();
    unique = 1;
    for (let i = 1; i < n; i++) if (sigs[i] !== sigs[i - 1]) unique++;
  } else {
    const seen = /* @__PURE__ */ new Set();
    const codes = new Array(T);
    for (let t = 0; t < T; t++) {
      for (let j = 0; j < nIn; j++) {
        for (let u = 0; u < T; u++) codes[u] = baseOut[u];
        let s = baseStates[t];
        let sym = base[t] ^ 1 << nIn - 1 - j;
        let differs = false;
        for (let u = t; u < T; u++) {
          const idx = s * nSym + sym;
          codes[u] = out[idx];
          if (codes[u] !== baseOut[u]) differs = true;
          s = next[idx];
          if (s === baseStates[u + 1]) break;
          sym = base[u + 1];
        }
        if (differs) response++;
        seen.add(codes.join(","));
      }
    }
    unique = seen.size;
  }
  const responseRatio = response / candidates;
  return {
    policy_version: IDENTIFIABILITY_POLICY_VERSION,
    metric_id: IDENTIFIABILITY_METRIC_ID,
    candidate_atom_count: candidates,
    response_atom_count: response,
    response_ratio: responseRatio,
    unique_signature_count: unique,
    signature_diversity_ratio: unique / candidates,
    passes_threshold: responseRatio >= IDENTIFIABILITY_MIN_RESPONSE_RATIO && unique >= IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES
  };
}
function identifiabilityPolicyError(m, minResponseRatio = IDENTIFIABILITY_MIN_RESPONSE_RATIO, minUniqueSignatures = IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES) {
  if (m.response_ratio < minResponseRatio)
    return `response_ratio=${m.response_ratio.toFixed(6)} below threshold ${minResponseRatio.toFixed(6)}`;
  if (m.unique_signature_count < minUniqueSignatures)
    return `unique_signature_count=${m.unique_signature_count} below threshold ${Math.trunc(minUniqueSignatures)}`;
  return null;
}

// src/gf01/generate/knobs.ts
var COMPLEXITY_KNOB_KEYS = [
  "state_count_norm",
  "effect_depth_norm",
  "transition_count_norm",
  "input_count_norm"
];
var COMPLEXITY_POLICY_VERSION = "gf01.complexity_policy.v1";
var COMPLEXITY_SCORE_METHOD = "mean_normalized_knobs";
function complexity(nStates, T, nInputs, tStar) {
  return {
    state_count_norm: Math.min(1, nStates / 10),
    effect_depth_norm: Math.min(1, (tStar + 1) / Math.max(1, T)),
    transition_count_norm: Math.min(1, nStates * 2 ** nInputs / 128),
    input_count_norm: Math.min(1, nInputs / 8)
  };
}
function complexityScore(c) {
  let s = 0;
  for (const k of COMPLEXITY_KNOB_KEYS) s += c[k];
  return s / COMPLEXITY_KNOB_KEYS.length;
}
function computeWindow(cfg, T, z) {
  const raw = roundHalfEven(cfg.alpha_0 + cfg.alpha_t * T + cfg.alpha_c * z);
  return Math.max(cfg.w_min, Math.min(cfg.w_max, raw));
}
function officialBudgetTimestep(budgetTightness, T, z) {
  const raw = roundHalfEven(Math.max(1, budgetTightness * T + 0.25 * z * T));
  return Math.max(1, Math.min(T, raw));
}
function officialBudgetAtoms(T, nInputs, budgetTimestep) {
  return Math.min(T * nInputs, Math.max(1, budgetTimestep + 1));
}

// src/gf01/generate/hardness.ts
var HARDNESS_VERSION = "gf01.hardness.v1";
function difficultyStratum(minWitnessAtoms, minWitnessTimesteps) {
  if (minWitnessAtoms >= 4 || minWitnessTimesteps >= 3) return "d4";
  if (minWitnessAtoms <= 1) return "d1";
  return minWitnessAtoms === 2 ? "d2" : "d3";
}
function measureHardness(ci, minWitnessAtoms, minWitnessTimesteps) {
  return {
    hardness_version: HARDNESS_VERSION,
    min_witness_atoms: minWitnessAtoms,
    min_witness_timesteps: minWitnessTimesteps,
    m_count: countMinimal(ci).toString(),
    stratum: difficultyStratum(minWitnessAtoms, minWitnessTimesteps)
  };
}

// src/gf01/generate/default.ts
function seedStream(seed, generatorVersion) {
  const digest = sha256Hex(`${generatorVersion}\0${seed}`);
  return new PyRandom(BigInt(`0x${digest.slice(0, 32)}`));
}
function drawWeighted(rng, weights) {
  let total = 0;
  for (const w of weights) total += w;
  let x = rng.random() * total;
  for (let i = 0; i < weights.length; i++) {
    if (weights[i] <= 0) continue;
    if (x < weights[i]) return i;
    x -= weights[i];
  }
  for (let i = weights.length - 1; i >= 0; i--) if (weights[i] > 0) return i;
  return 0;
}
var apNames = (prefix, n) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
function generateInstance(seed, cfg = defaultConfig(), opts = {}) {
  if (!Number.isSafeInteger(seed)) return { rejected: `seed must be a safe integer, got ${seed}` };
  const inputAps = apNames("in", cfg.n_inputs);
  const outputAps = apNames("out", cfg.n_outputs);
  const nIn = inputAps.length;
  const nOut = outputAps.length;
  const nSym = 1 << nIn;
  const rng = seedStream(seed, cfg.generator_version);
  const target = 1 + drawWeighted(rng, cfg.witness_atoms_weights);
  const mode = rng.random() < cfg.p_hard ? "hard" : "normal";
  const tally = {
    base_satisfied: 0,
    unreachable: 0,
    too_few_timesteps: 0,
    witness_size: 0,
    identifiability: 0
  };
  for (let attempt = 0; attempt < cfg.max_generation_attempts; attempt++) {
    const T = cfg.trace_min + rng.randbelow(cfg.trace_max - cfg.trace_min + 1);
    const nStates = cfg.states_min + rng.randbelow(cfg.states_max - cfg.states_min + 1);
    const lowT = Math.min(T - 1, Math.max(1, Math.floor(cfg.t_star_min_frac * T)));
    const tStar = lowT + rng.randbelow(T - lowT);
    const effectIdx = rng.randbelow(nOut);
    const cx = complexity(nStates, T, nIn, tStar);
    const windowSize = mode === "normal" ? computeWindow(cfg, T, complexityScore(cx)) : 1;
    const [lo, hi] = effectWindow(mode, tStar, windowSize, T);
    const density = cfg.effect_density / (hi - lo + 1);
    const next = new Int32Array(nStates * nSym);
    const out = new Uint32Array(nStates * nSym);
    for (let i = 0; i < nStates * nSym; i++) {
      next[i] = rng.randbelow(nStates);
      let code = 0;
      for (let j = 0; j < nOut; j++) {
        const bit = j === effectIdx ? rng.random() < density ? 1 : 0 : rng.randbelow(2);
        code = code << 1 | bit;
      }
      out[i] = code;
    }
    const base = new Uint32Array(T);
    for (let t = 0; t < T; t++) {
      let sym = 0;
      for (let i = 0; i < nIn; i++) sym = sym << 1 | rng.randbelow(2);
      base[t] = sym;
    }
    const raw = {
      nStates,
      inputAps,
      outputAps,
      next,
      out,
      base,
      effectIdx,
      tStar,
      mode,
      windowSize,
      budgetTimestep: T,
      budgetAtoms: null
    };
    let ci = compileRaw(raw);
    if (effectHolds(ci, base)) {
      tally.base_satisfied++;
      continue;
    }
    const mTs = minTimesteps(ci);
    if (!Number.isFinite(mTs)) {
      tally.unreachable++;
      continue;
    }
    if (mTs < cfg.min_witness_timesteps) {
      tally.too_few_timesteps++;
      continue;
    }
    const bT = Math.min(T, mTs + cfg.budget_slack_timesteps);
    raw.budgetTimestep = bT;
    ci = { ...ci, budgetTimestep: bT };
    const search = new CertificateSearch(ci);
    const k = search.minAtoms();
    if (k !== target) {
      tally.witness_size++;
      continue;
    }
    const ident = { ...identifiabilityMetrics(ci) };
    const err = identifiabilityPolicyError(
      ident,
      cfg.ident_min_response_ratio,
      cfg.ident_min_unique_signatures
    );
    ident.min_response_ratio = cfg.ident_min_response_ratio;
    ident.min_unique_signatures = cfg.ident_min_unique_signatures;
    ident.passes_threshold = err === null;
    if (err !== null) {
      tally.identifiability++;
      continue;
    }
    const witness = search.findValid({ maxNodes: Number.POSITIVE_INFINITY, maxResults: 1 }).certificates[0];
    raw.budgetAtoms = Math.min(T * nIn, Math.max(bT + 1, k + cfg.budget_slack_atoms));
    const instance = materializeInstance(raw, {
      seed,
      complexity: cx,
      identifiability: ident,
      split_id: opts.split_id ?? "public_dev",
      source_type: "generated_seed",
      provenance: { generator_version: cfg.generator_version }
    });
    instance.generator_knobs = {
      target_witness_atoms: target,
      attempt,
      states: nStates,
      trace_length: T,
      budget_slack_timesteps: cfg.budget_slack_timesteps,
      budget_slack_atoms: cfg.budget_slack_atoms,
      min_witness_timesteps_required: cfg.min_witness_timesteps
    };
    instance.hardness = {
      ...measureHardness({ ...ci, budgetAtoms: raw.budgetAtoms }, k, mTs)
    };
    return {
      instance,
      witness,
      attempt,
      stats: { min_witness_atoms: k, min_witness_timesteps: mTs, target_witness_atoms: target }
    };
  }
  return {
    rejected: `no candidate accepted within ${cfg.max_generation_attempts} attempts for target witness size ${target}, mode ${mode} (base_satisfied=${tally.base_satisfied}, unreachable=${tally.unreachable}, too_few_timesteps=${tally.too_few_timesteps}, witness_size=${tally.witness_size}, identifiability=${tally.identifiability})`
  };
}

// src/gf01/generate/official.ts
var OFFICIAL_GENERATOR_VERSION = "0.1.0";
var OFFICIAL_COMPAT_ID = "official-0.1";
var isRejected = (r) => "rejected" in r;
var DEFAULT_INPUTS = ["in0", "in1", "in2"];
var DEFAULT_OUTPUTS = ["out0", "out1"];
function generateOfficial(seed, cfg = officialConfig(), opts = {}) {
  if (!Number.isSafeInteger(seed)) return { rejected: `seed must be a safe integer, got ${seed}` };
  const inputAps = opts.input_aps && opts.input_aps.length > 0 ? opts.input_aps : DEFAULT_INPUTS;
  const outputAps = opts.output_aps && opts.output_aps.length > 0 ? opts.output_aps : DEFAULT_OUTPUTS;
  const splitId = opts.split_id ?? "public_dev";
  const nIn = inputAps.length;
  const nOut = outputAps.length;
  const nSym = 1 << nIn;
  const rng = new PyRandom(seed);
  const tally = { base_satisfied: 0, identifiability: 0, no_witness_within_cap: 0 };
  for (let attempt = 0; attempt < cfg.max_generation_attempts; attempt++) {
    const T = opts.trace_len ?? cfg.trace_min + rng.randbelow(cfg.trace_max - cfg.trace_min + 1);
    const nStates = cfg.states_min + rng.randbelow(cfg.states_max - cfg.states_min + 1);
    const next = new Int32Array(nStates * nSym);
    const out = new Uint32Array(nStates * nSym);
    const kStates = 32 - Math.clz32(nStates);
    for (let i = 0; i < nStates * nSym; i++) {
      let r = rng.getrandbits32(kStates);
      while (r >= nStates) r = rng.getrandbits32(kStates);
      next[i] = r;
      let code = 0;
      for (let j = 0; j < nOut; j++) {
        let b = rng.getrandbits32(2);
        while (b >= 2) b = rng.getrandbits32(2);
        code = code << 1 | b;
      }
      out[i] = code;
    }
    const base = new Uint32Array(T);
    for (let t = 0; t < T; t++) {
      let sym = 0;
      for (let i = 0; i < nIn; i++) {
        let b = rng.getrandbits32(2);
        while (b >= 2) b = rng.getrandbits32(2);
        sym = sym << 1 | b;
      }
      base[t] = sym;
    }
    const mode = opts.mode ?? (rng.random() < 0.35 ? "hard" : "normal");
    const lowT = Math.max(1, Math.floor(T / 3));
    if (T - 1 < lowT) return { rejected: `empty range for t_star: randint(${lowT}, ${T - 1}) (T=${T})` };
    const tStar = lowT + rng.randbelow(T - 1 - lowT + 1);
    const effectIdx = rng.randbelow(nOut);
    const cx = complexity(nStates, T, nIn, tStar);
    const z = complexityScore(cx);
    const windowSize = mode === "normal" ? computeWindow(cfg, T, z) : 1;
    const bT = officialBudgetTimestep(cfg.budget_tightness, T, z);
    const bA = officialBudgetAtoms(T, nIn, bT);
    const raw = {
      nStates,
      inputAps,
      outputAps,
      next,
      out,
      base,
      effectIdx,
      tStar,
      mode,
      windowSize,
      budgetTimestep: bT,
      budgetAtoms: bA
    };
    const ci = compileRaw(raw);
    if (effectHolds(ci, base)) {
      tally.base_satisfied++;
      continue;
    }
    const ident = { ...identifiabilityMetrics(ci) };
    const err = identifiabilityPolicyError(
      ident,
      cfg.ident_min_response_ratio,
      cfg.ident_min_unique_signatures
    );
    ident.min_response_ratio = cfg.ident_min_response_ratio;
    ident.min_unique_signatures = Math.trunc(cfg.ident_min_unique_signatures);
    ident.passes_threshold = err === null;
    if (err !== null) {
      tally.identifiability++;
      continue;
    }
    const { exists, witness } = exactExistenceCheck(ci, cfg.max_exact_nodes);
    if (exists && witness !== null && witness.length >= Math.trunc(cfg.min_witness_atoms)) {
      const instance = materializeInstance(raw, {
        seed,
        complexity: cx,
        identifiability: ident,
        split_id: splitId,
        source_type: "generated_dev_seed"
      });
      if (opts.id_scheme === "legacy") {
        const rawId = `${seed}:${attempt}:${mode}:${T}:${nStates}:${outputAps[effectIdx]}:${tStar}:${splitId}`;
        instance.instance_id = `gf01-${sha256Hex(rawId).slice(0, 12)}`;
        delete instance.provenance;
        delete instance.content_hash;
        delete instance.normalization_version;
      }
      return { instance, witness, attempt };
    }
    tally.no_witness_within_cap++;
  }
  return {
    rejected: `failed to generate an accepted instance within ${cfg.max_generation_attempts} attempts (base_satisfied=${tally.base_satisfied}, identifiability=${tally.identifiability}, no_witness_within_cap=${tally.no_witness_within_cap})`
  };
}

export {
  OFFICIAL_CONFIG_FLOAT_KEYS,
  officialConfig,
  DEFAULT_GENERATOR_VERSION,
  DefaultGeneratorConfigSchema,
  DEFAULT_CONFIG_FLOAT_KEYS,
  defaultConfig,
  parseDefaultConfig,
  isDefaultConfig,
  configHash,
  IDENTIFIABILITY_POLICY_VERSION,
  IDENTIFIABILITY_METRIC_ID,
  IDENTIFIABILITY_MIN_RESPONSE_RATIO,
  IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES,
  identifiabilityMetrics,
  identifiabilityPolicyError,
  COMPLEXITY_KNOB_KEYS,
  COMPLEXITY_POLICY_VERSION,
  COMPLEXITY_SCORE_METHOD,
  complexity,
  complexityScore,
  computeWindow,
  officialBudgetTimestep,
  officialBudgetAtoms,
  seedStream,
  generateInstance,
  OFFICIAL_GENERATOR_VERSION,
  OFFICIAL_COMPAT_ID,
  isRejected,
  generateOfficial
};
