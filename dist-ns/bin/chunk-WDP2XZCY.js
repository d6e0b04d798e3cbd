import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  isFormalPath,
  isFormalPayload,
  loadFormalSource
} from "./chunk-SAJ2WFIU.js";
import {
  computeContentHash
} from "./chunk-LF7XRNB5.js";
import {
  dumpJsonFile,
  floatify
} from "./chunk-FE3NBAQV.js";
import {
  BENCHMARK_VERSION,
  CHECKER_VERSION,
  FAMILY_ID,
  GENERATOR_VERSION,
  GF01_FLOAT_KEYS,
  HARNESS_VERSION,
  IDENTIFIABILITY_METRIC_ID,
  IDENTIFIABILITY_MIN_RESPONSE_RATIO,
  IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES,
  IDENTIFIABILITY_POLICY_VERSION,
  INSTANCE_BUNDLE_SCHEMA_VERSION
} from "./chunk-FJUG4O3Y.js";
import {
  canonicalEncoder
} from "./chunk-KRB3VAEL.js";
import {
  external_exports,
  parseWith,
  registerSchema
} from "./chunk-FE7UWTWL.js";
import {
  readJsonFile,
  writeFileAtomic
} from "./chunk-QYZGEUIB.js";
import {
  compileInstance
} from "./chunk-3RIPXYYT.js";

// src/gf01/artifacts/bundle.ts
import { createHash } from "node:crypto";
import { InputError } from "../core/errors.js";

// src/gf01/artifacts/instance-check.ts
var isObj = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
var isInt = (v) => Number.isSafeInteger(v);
var isNatInt = (v) => Number.isSafeInteger(v) && v >= 0;
var isStrList = (v, min) => {
  if (!Array.isArray(v) || v.length < min) return false;
  for (const x of v) if (typeof x !== "string") return false;
  return true;
};
var isBitMap = (v) => {
  if (!isObj(v)) return false;
  for (const k in v) {
    if (k === "__proto__") return false;
    const b = v[k];
    if (b !== 0 && b !== 1) return false;
  }
  return true;
};
var isRecordOf = (v, ok) => {
  if (!isObj(v)) return false;
  for (const k in v) if (k === "__proto__" || !ok(v[k])) return false;
  return true;
};
var isNum = (x) => typeof x === "number" && Number.isFinite(x);
var isNumOrStr = (x) => isNum(x) || typeof x === "string";
var HASH = /^[0-9a-f]{64}$/;
function isAutomaton(a) {
  if (!isObj(a)) return false;
  let n = 0;
  for (const _ in a) n++;
  if (n !== 5) return false;
  if (!isStrList(a.states, 1) || typeof a.initial_state !== "string") return false;
  if (!isStrList(a.input_aps, 1) || !isStrList(a.output_aps, 1)) return false;
  const tr = a.transitions;
  if (!isObj(tr)) return false;
  for (const s in tr) {
    const row = tr[s];
    if (s === "__proto__" || !isObj(row)) return false;
    for (const sym in row) {
      const t = row[sym];
      if (sym === "__proto__" || !isObj(t)) return false;
      let n2 = 0;
      for (const _ in t) n2++;
      if (n2 !== 2 || typeof t.next_state !== "string" || !isBitMap(t.output)) return false;
    }
  }
  return true;
}
function looksLikeInstance(v) {
  if (!isObj(v) || Object.hasOwn(v, "__proto__")) return false;
  if (typeof v.instance_id !== "string" || v.instance_id.length === 0) return false;
  if (!isAutomaton(v.automaton)) return false;
  const trace = v.base_trace;
  if (!Array.isArray(trace) || trace.length === 0) return false;
  for (const row of trace) if (!isBitMap(row)) return false;
  if (typeof v.effect_ap !== "string") return false;
  if (!isNatInt(v.t_star) || !isNatInt(v.window_size) || !isNatInt(v.budget_timestep)) return false;
  if (v.mode !== "normal" && v.mode !== "hard") return false;
  if (v.budget_atoms != null && !isNatInt(v.budget_atoms)) return false;
  if (v.seed != null && !isInt(v.seed)) return false;
  if ("complexity" in v && !isRecordOf(v.complexity, isNum)) return false;
  if ("identifiability" in v && !isRecordOf(v.identifiability, () => true)) return false;
  for (const k of ["split_id", "renderer_track", "normalization_version"])
    if (k in v && typeof v[k] !== "string") return false;
  if ("content_hash" in v && !(typeof v.content_hash === "string" && HASH.test(v.content_hash))) return false;
  if ("generator_knobs" in v && !isRecordOf(v.generator_knobs, isNumOrStr)) return false;
  if ("hardness" in v && !isRecordOf(v.hardness, isNumOrStr)) return false;
  return true;
}

// src/gf01/artifacts/bundle.ts
var bit = external_exports.union([external_exports.literal(0), external_exports.literal(1)]);
var int = external_exports.number().int();
var mealySchema = external_exports.object({
  states: external_exports.array(external_exports.string()).min(1),
  initial_state: external_exports.string(),
  input_aps: external_exports.array(external_exports.string()).min(1),
  output_aps: external_exports.array(external_exports.string()).min(1),
  transitions: external_exports.record(
    external_exports.string(),
    external_exports.record(external_exports.string(), external_exports.object({ next_state: external_exports.string(), output: external_exports.record(external_exports.string(), bit) }))
  )
});
var instanceSchema = external_exports.looseObject({
  instance_id: external_exports.string().min(1),
  automaton: mealySchema,
  base_trace: external_exports.array(external_exports.record(external_exports.string(), bit)).min(1),
  effect_ap: external_exports.string(),
  t_star: int.nonnegative(),
  mode: external_exports.enum(["normal", "hard"]),
  window_size: int.nonnegative(),
  budget_timestep: int.nonnegative(),
  budget_atoms: int.nonnegative().nullish(),
  seed: int.nullish(),
  complexity: external_exports.record(external_exports.string(), external_exports.number()).optional(),
  identifiability: external_exports.record(external_exports.string(), external_exports.unknown()).optional(),
  split_id: external_exports.string().optional(),
  renderer_track: external_exports.string().optional(),
  content_hash: external_exports.string().regex(/^[0-9a-f]{64}$/).optional(),
  normalization_version: external_exports.string().optional(),
  /** Default generator only (additive): the knobs behind this instance. */
  generator_knobs: external_exports.record(external_exports.string(), external_exports.union([external_exports.number(), external_exports.string()])).optional(),
  /** Default generator only (additive): measured hardness and stratum (docs/gf01-generator.md). */
  hardness: external_exports.record(external_exports.string(), external_exports.union([external_exports.number(), external_exports.string()])).optional()
});
var bundleSchema = external_exports.looseObject({
  schema_version: external_exports.literal(INSTANCE_BUNDLE_SCHEMA_VERSION),
  family_id: external_exports.literal(FAMILY_ID),
  benchmark_version: external_exports.string(),
  generator_version: external_exports.string(),
  checker_version: external_exports.string(),
  harness_version: external_exports.string(),
  git_commit: external_exports.string(),
  config_hash: external_exports.string(),
  split_id: external_exports.string(),
  seed_start: int,
  count: int.nonnegative(),
  seeds: external_exports.array(int),
  identifiability_policy_version: external_exports.string().optional(),
  identifiability_metric_id: external_exports.string().optional(),
  identifiability_min_response_ratio: external_exports.number().optional(),
  identifiability_min_unique_signatures: int.optional(),
  instances_hash: external_exports.string().regex(/^[0-9a-f]{64}$/),
  instances: external_exports.array(instanceSchema),
  /** Default generator with an exact --count (additive): seeds drawn past, with the reason. */
  rejected_seeds: external_exports.array(external_exports.object({ seed: int, reason: external_exports.string() })).optional()
});
registerSchema("gf01.instance_bundle.v1", bundleSchema);
function instanceToDict(inst) {
  const out = {};
  for (const [k, v] of Object.entries(inst)) {
    if (v === void 0) continue;
    out[k] = k === "complexity" ? floatify(v) : v;
  }
  return out;
}
function instancesHash(instances) {
  const h = new InstancesHasher();
  for (const inst of instances) h.add(inst);
  return h.digest();
}
var InstancesHasher = class {
  h = createHash("sha256");
  n = 0;
  enc = canonicalEncoder(GF01_FLOAT_KEYS);
  constructor() {
    this.h.update("[");
  }
  /** Add one instance; returns nothing (its canonical bytes are hashed, not kept). */
  add(inst) {
    this.addDict(instanceToDict(inst));
  }
  /** Add one instance already in `instanceToDict` form. */
  addDict(dict) {
    this.addCanonical(this.enc.encode(dict));
  }
  /** Add one instance's canonical JSON text (as `canonicalJson(instanceToDict(inst))`). */
  addCanonical(text) {
    if (this.n++ > 0) this.h.update(",");
    this.h.update(text);
  }
  /** The hash (the hasher cannot be used afterwards). */
  digest() {
    this.h.update("]");
    return this.h.digest("hex");
  }
};
var bundleEnvelopeSchema = bundleSchema.extend({ instances: external_exports.array(external_exports.unknown()) });
function splitBundle(value, file, opts) {
  if (Array.isArray(value) && !opts.strictBundle) return { raw: value, meta: {}, field: (i) => `[${i}]` };
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const obj = value;
    const field = (i) => `instances[${i}]`;
    if ("instances" in obj) {
      if (opts.strictBundle || "schema_version" in obj) parseWith(bundleEnvelopeSchema, obj, { file });
      if (!Array.isArray(obj.instances))
        throw new InputError("instances must be a list", { file, field: "instances" });
      const meta = {};
      for (const k of Object.keys(obj)) if (k !== "instances") meta[k] = obj[k];
      return { raw: obj.instances, meta, field };
    }
    if ("instance_id" in obj && "automaton" in obj && !opts.strictBundle)
      return { raw: [obj], meta: {}, field };
    throw new InputError(
      "unsupported instance JSON: expected a bundle with 'instances', a list, or one instance (a formal task? pass it with --formal, or an automaton with --hoa)",
      {
        file
      }
    );
  }
  throw new InputError("instance JSON must be an object or a list", { file });
}
function parseInstance(item, file, field) {
  const inst = looksLikeInstance(item) ? item : parseWith(instanceSchema, item, { file, field });
  let ci;
  try {
    ci = compileInstance(inst);
  } catch (e) {
    if (e instanceof InputError) throw e.at({ file, field });
    throw e;
  }
  const stored = [inst.content_hash, inst.provenance?.content_hash].filter((h) => typeof h === "string");
  if (stored.length) {
    const got = computeContentHash(inst);
    for (const h of stored) {
      if (h !== got)
        throw new InputError(
          `content_hash mismatch: instance says ${String(h)}, its content hashes to ${got}`,
          {
            file,
            field: `${field}.${h === inst.content_hash ? "content_hash" : "provenance.content_hash"}`
          }
        );
    }
  }
  return { inst, ci };
}
function parseBundle(value, file, opts = {}) {
  const { raw, meta, field } = splitBundle(value, file, opts);
  const instances = [];
  const byId = /* @__PURE__ */ new Map();
  const compiled = /* @__PURE__ */ new Map();
  raw.forEach((item, i) => {
    const { inst, ci } = parseInstance(item, file, field(i));
    compiled.set(inst.instance_id, ci);
    if (byId.has(inst.instance_id)) {
      throw new InputError(`duplicate instance_id ${inst.instance_id}`, {
        file,
        field: `${field(i)}.instance_id`
      });
    }
    byId.set(inst.instance_id, inst);
    instances.push(inst);
  });
  if (typeof meta.instances_hash === "string") {
    const got = instancesHash(instances);
    if (got !== meta.instances_hash) {
      throw new InputError(
        `instances_hash mismatch: file says ${meta.instances_hash}, content hashes to ${got}`,
        {
          file,
          field: "instances_hash"
        }
      );
    }
  }
  return { instances, meta, byId, compiled };
}
function parseBundleInstance(value, file, instanceId, opts = {}) {
  const { raw, meta, field } = splitBundle(value, file, opts);
  let at = -1;
  if (instanceId === void 0) at = raw.length === 1 ? 0 : -1;
  else {
    for (let i = 0; i < raw.length; i++) {
      const item = raw[i];
      if (item && typeof item === "object" && item.instance_id === instanceId) {
        if (at >= 0)
          throw new InputError(`duplicate instance_id ${instanceId}`, {
            file,
            field: `${field(i)}.instance_id`
          });
        at = i;
      }
    }
  }
  const instance = at >= 0 ? parseInstance(raw[at], file, field(at)).inst : void 0;
  return { instance, meta, count: raw.length };
}
function bundleSourceName(src) {
  if (typeof src === "string") return src;
  const p = src.meta.source_path;
  return typeof p === "string" ? p : "<instances>";
}
async function loadBundle(file, opts = {}) {
  if (typeof file !== "string") return file;
  if (!opts.strictBundle && isFormalPath(file)) return loadFormalSource(file);
  const value = await readJsonFile(file);
  if (!opts.strictBundle && isFormalPayload(value)) return loadFormalSource(file);
  return parseBundle(value, file, opts);
}
async function loadBundleInstance(file, instanceId, opts = {}) {
  const pick = (b) => ({
    instance: instanceId !== void 0 ? b.byId.get(instanceId) : b.instances.length === 1 ? b.instances[0] : void 0,
    meta: b.meta,
    count: b.instances.length
  });
  if (typeof file !== "string") return pick(file);
  if (!opts.strictBundle && isFormalPath(file)) return pick(await loadFormalSource(file));
  const value = await readJsonFile(file);
  if (!opts.strictBundle && isFormalPayload(value)) return pick(await loadFormalSource(file));
  return parseBundleInstance(value, file, instanceId, opts);
}
function bundleEnvelope(h) {
  return {
    schema_version: INSTANCE_BUNDLE_SCHEMA_VERSION,
    family_id: FAMILY_ID,
    benchmark_version: h.benchmark_version ?? BENCHMARK_VERSION,
    generator_version: h.generator_version ?? GENERATOR_VERSION,
    checker_version: h.checker_version ?? CHECKER_VERSION,
    harness_version: h.harness_version ?? HARNESS_VERSION,
    git_commit: h.git_commit,
    config_hash: h.config_hash,
    split_id: h.split_id,
    seed_start: h.seed_start ?? minOf(h.seeds),
    count: h.count ?? h.seeds.length,
    seeds: [...h.seeds],
    identifiability_policy_version: IDENTIFIABILITY_POLICY_VERSION,
    identifiability_metric_id: IDENTIFIABILITY_METRIC_ID,
    identifiability_min_response_ratio: IDENTIFIABILITY_MIN_RESPONSE_RATIO,
    identifiability_min_unique_signatures: IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES
  };
}
function minOf(seeds) {
  if (!seeds.length) return 0;
  let m = seeds[0];
  for (const s of seeds) if (s < m) m = s;
  return m;
}
function buildBundle(instances, h) {
  return {
    ...bundleEnvelope(h),
    instances_hash: instancesHash(instances),
    instances: instances.map(instanceToDict)
  };
}
function bundleToJson(b) {
  if ("byId" in b && "meta" in b) {
    const lb = b;
    return dumpJsonFile({ ...lb.meta, instances: lb.instances.map(instanceToDict) });
  }
  const obj = b;
  const inst = obj.instances;
  return dumpJsonFile(inst ? { ...obj, instances: inst.map(instanceToDict) } : obj);
}
async function writeBundle(file, bundle) {
  await writeFileAtomic(file, bundleToJson(bundle));
}

export {
  mealySchema,
  instanceSchema,
  bundleSchema,
  instanceToDict,
  instancesHash,
  InstancesHasher,
  parseBundle,
  parseBundleInstance,
  bundleSourceName,
  loadBundle,
  loadBundleInstance,
  bundleEnvelope,
  buildBundle,
  bundleToJson,
  writeBundle
};
