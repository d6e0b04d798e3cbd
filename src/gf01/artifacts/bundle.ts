/**
 * `gf01.instance_bundle.v1`: a versioned file of GF-01 instances. Reads the three shapes the
 * official loader accepts (bundle object, bare list, single instance) and writes bundles
 * byte-identical to the official writer (`json.dumps(indent=2, sort_keys=True)`), so
 * `instances_hash` and any hash over the file agree with the reference harness.
 */
import { createHash, type Hash } from "node:crypto";
import { z } from "zod";
import { InputError } from "../../core/errors.js";
import { readJsonFile, writeFileAtomic } from "../../core/jsonl.js";
import { canonicalEncoder } from "../../core/pyjson.js";
import { parseWith, registerSchema } from "../../core/schema.js";
import { isFormalPath, isFormalPayload, loadFormalSource } from "../formal/source.js";
import type { CompiledInstance } from "../model/compile.js";
import type { Gf01Instance } from "../model/types.js";
import {
  componentVersions,
  GF01_FLOAT_KEYS,
  FAMILY_ID,
  IDENTIFIABILITY_METRIC_ID,
  IDENTIFIABILITY_MIN_RESPONSE_RATIO,
  IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES,
  IDENTIFIABILITY_POLICY_VERSION,
  INSTANCE_BUNDLE_SCHEMA_VERSION,
} from "./meta.js";
import {
  type BundleMeta,
  type BundleSource,
  bundleSourceName,
  checkedInstance,
  instanceIndex,
  type LoadedBundle,
} from "./loaded-bundle.js";
import { identityShape } from "./header-schema.js";
import { looksLikeInstance } from "./instance-check.js";
import { dumpJsonFile, floatify } from "./pyout.js";

const bit = z.union([z.literal(0), z.literal(1)]);
const int = z.number().int();

export const mealySchema = z.object({
  states: z.array(z.string()).min(1),
  initial_state: z.string(),
  input_aps: z.array(z.string()).min(1),
  output_aps: z.array(z.string()).min(1),
  transitions: z.record(
    z.string(),
    z.record(z.string(), z.object({ next_state: z.string(), output: z.record(z.string(), bit) })),
  ),
});

/** One instance, official field names. Unknown keys are kept (they are part of instances_hash). */
export const instanceSchema = z.looseObject({
  instance_id: z.string().min(1),
  automaton: mealySchema,
  base_trace: z.array(z.record(z.string(), bit)).min(1),
  effect_ap: z.string(),
  t_star: int.nonnegative(),
  mode: z.enum(["normal", "hard"]),
  window_size: int.nonnegative(),
  budget_timestep: int.nonnegative(),
  budget_atoms: int.nonnegative().nullish(),
  seed: int.nullish(),
  complexity: z.record(z.string(), z.number()).optional(),
  identifiability: z.record(z.string(), z.unknown()).optional(),
  split_id: z.string().optional(),
  renderer_track: z.string().optional(),
  content_hash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  normalization_version: z.string().optional(),
  /** Default generator only (additive): the knobs behind this instance. */
  generator_knobs: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
  /** Default generator only (additive): measured hardness and stratum (docs/gf01-generator.md). */
  hardness: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
});

export const bundleSchema = z.looseObject({
  schema_version: z.literal(INSTANCE_BUNDLE_SCHEMA_VERSION),
  ...identityShape(),
  config_hash: z.string(),
  split_id: z.string(),
  seed_start: int,
  count: int.nonnegative(),
  seeds: z.array(int),
  identifiability_policy_version: z.string().optional(),
  identifiability_metric_id: z.string().optional(),
  identifiability_min_response_ratio: z.number().optional(),
  identifiability_min_unique_signatures: int.optional(),
  instances_hash: z.string().regex(/^[0-9a-f]{64}$/),
  instances: z.array(instanceSchema),
  /** Default generator with an exact --count (additive): seeds drawn past, with the reason. */
  rejected_seeds: z.array(z.object({ seed: int, reason: z.string() })).optional(),
});
registerSchema("gf01.instance_bundle.v1", bundleSchema);

/** Bundle metadata: every top-level key except `instances` (official `bundle_meta`). */
/** The instance as the official `to_canonical_dict` writes it (floats marked). */
export function instanceToDict(inst: Gf01Instance): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(inst)) {
    if (v === undefined) continue;
    out[k] = k === "complexity" ? floatify(v as Record<string, unknown>) : v;
  }
  return out;
}

/**
 * Official `instances_hash` = stable_hash_json(list of canonical instance dicts), fed instance
 * by instance (no whole-list string).
 */
export function instancesHash(instances: Iterable<Gf01Instance>): string {
  const h = new InstancesHasher();
  for (const inst of instances) h.add(inst);
  return h.digest();
}

/** Incremental official `instances_hash`: feed canonical instance dicts in bundle order. */
export class InstancesHasher {
  private readonly h: Hash = createHash("sha256");
  private n = 0;
  private readonly enc = canonicalEncoder(GF01_FLOAT_KEYS);

  constructor() {
    this.h.update("[");
  }

  /** Add one instance; returns nothing (its canonical bytes are hashed, not kept). */
  add(inst: Gf01Instance): void {
    this.addDict(instanceToDict(inst));
  }

  /** Add one instance already in `instanceToDict` form. */
  addDict(dict: Record<string, unknown>): void {
    this.addCanonical(this.enc.encode(dict));
  }

  /** Add one instance's canonical JSON text (as `canonicalJson(instanceToDict(inst))`). */
  addCanonical(text: string): void {
    if (this.n++ > 0) this.h.update(",");
    this.h.update(text);
  }

  /** The hash (the hasher cannot be used afterwards). */
  digest(): string {
    this.h.update("]");
    return this.h.digest("hex");
  }
}

// The envelope alone: instances are checked one by one (fast path first, zod for the error).
const bundleEnvelopeSchema = bundleSchema.extend({ instances: z.array(z.unknown()) });

/** A bundle value split into its raw instance list and envelope (envelope validated). */
interface RawBundle {
  raw: unknown[];
  meta: BundleMeta;
  /** Field name of raw[i] in messages. */
  field: (i: number) => string;
}

function splitBundle(value: unknown, file: string | undefined, opts: { strictBundle?: boolean }): RawBundle {
  if (Array.isArray(value) && !opts.strictBundle) return { raw: value, meta: {}, field: (i) => `[${i}]` };
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    const field = (i: number) => `instances[${i}]`;
    if ("instances" in obj) {
      if (opts.strictBundle || "schema_version" in obj) parseWith(bundleEnvelopeSchema, obj, { file });
      if (!Array.isArray(obj.instances))
        throw new InputError("instances must be a list", { file, field: "instances" });
      const meta: BundleMeta = {};
      for (const k of Object.keys(obj)) if (k !== "instances") meta[k] = obj[k];
      return { raw: obj.instances, meta, field };
    }
    if ("instance_id" in obj && "automaton" in obj && !opts.strictBundle)
      return { raw: [obj], meta: {}, field };
    throw new InputError(
      "unsupported instance JSON: expected a bundle with 'instances', a list, or one instance (a formal task? pass it with --formal, or an automaton with --hoa)",
      {
        file,
      },
    );
  }
  throw new InputError("instance JSON must be an object or a list", { file });
}

/**
 * One raw instance checked as the loader does: schema (hand-written fast path, zod for the
 * message), then the shared checks (compiled once, stored content hash recomputed; see
 * loaded-bundle.ts's `checkedInstance`).
 */
function parseInstance(
  item: unknown,
  file: string | undefined,
  field: string,
): { inst: Gf01Instance; ci: CompiledInstance; contentHash?: string } {
  const inst = (
    looksLikeInstance(item) ? item : parseWith(instanceSchema, item, { file, field })
  ) as Gf01Instance;
  return checkedInstance(inst, file, field);
}

/**
 * Parse a bundle JSON value. `strictBundle` demands the v1 envelope (official artifacts);
 * otherwise lists and single instances are accepted like the official loader. Every instance
 * is checked (`parseInstance`), duplicate ids are rejected and `instances_hash` is recomputed.
 */
export function parseBundle(
  value: unknown,
  file?: string,
  opts: { strictBundle?: boolean } = {},
): LoadedBundle {
  const { raw, meta, field } = splitBundle(value, file, opts);
  const instances: Gf01Instance[] = [];
  const byId = new Map<string, Gf01Instance>();
  const compiled = new Map<string, CompiledInstance>();
  const contentHashes = new Map<string, string>();
  raw.forEach((item, i) => {
    const { inst, ci, contentHash } = parseInstance(item, file, field(i));
    compiled.set(inst.instance_id, ci);
    if (contentHash !== undefined) contentHashes.set(inst.instance_id, contentHash);
    if (byId.has(inst.instance_id)) {
      throw new InputError(`duplicate instance_id ${inst.instance_id}`, {
        file,
        field: `${field(i)}.instance_id`,
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
          field: "instances_hash",
        },
      );
    }
  }
  return { instances, meta, byId, compiled, contentHashes };
}

/**
 * One instance of a bundle value, for readers that need only it (verify one certificate):
 * the envelope and the chosen instance are checked as `parseBundle` checks them; the others
 * are only scanned for their ids (a duplicate of the chosen id is still an error), neither
 * validated nor hashed, and `instances_hash` is not recomputed (`parseBundle` does that).
 * Without `instanceId` the bundle must hold exactly one instance. Returns undefined when the
 * id is absent or (without an id) the bundle holds several instances.
 */
export function parseBundleInstance(
  value: unknown,
  file: string | undefined,
  instanceId: string | undefined,
  opts: { strictBundle?: boolean } = {},
): { instance: Gf01Instance | undefined; meta: BundleMeta; count: number } {
  const { raw, meta, field } = splitBundle(value, file, opts);
  const at = instanceIndex(raw, file, instanceId, field);
  const instance = at >= 0 ? parseInstance(raw[at], file, field(at)).inst : undefined;
  return { instance, meta, count: raw.length };
}

/** A bundle file, or instances already loaded (e.g. from `--hoa` flags). */
export { bundleSourceName };
export type { BundleMeta, BundleSource, LoadedBundle };

/**
 * Load instances from a file. Besides bundles (and lists / single instances), a formal task,
 * task list, formal bundle, task directory or `.hoa` file with a sidecar task is read through
 * the formal loader (docs/gf01-hoa.md), unless `strictBundle` demands a v1 bundle.
 */
export async function loadBundle(
  file: BundleSource,
  opts: { strictBundle?: boolean } = {},
): Promise<LoadedBundle> {
  if (typeof file !== "string") return file;
  if (!opts.strictBundle && isFormalPath(file)) return loadFormalSource(file);
  const value = await readJsonFile(file);
  if (!opts.strictBundle && isFormalPayload(value)) return loadFormalSource(file);
  return parseBundle(value, file, opts);
}

/**
 * One instance of a bundle source, for readers that need only it (see `parseBundleInstance`;
 * formal sources and loaded bundles are loaded whole). `instance` is undefined when the id is
 * absent, or, without an id, when the source holds several instances.
 */
export async function loadBundleInstance(
  file: BundleSource,
  instanceId: string | undefined,
  opts: { strictBundle?: boolean } = {},
): Promise<{ instance: Gf01Instance | undefined; meta: BundleMeta; count: number }> {
  const pick = (b: LoadedBundle) => ({
    instance:
      instanceId !== undefined
        ? b.byId.get(instanceId)
        : b.instances.length === 1
          ? b.instances[0]
          : undefined,
    meta: b.meta,
    count: b.instances.length,
  });
  if (typeof file !== "string") return pick(file);
  if (!opts.strictBundle && isFormalPath(file)) return pick(await loadFormalSource(file));
  const value = await readJsonFile(file);
  if (!opts.strictBundle && isFormalPayload(value)) return pick(await loadFormalSource(file));
  return parseBundleInstance(value, file, instanceId, opts);
}

export interface BundleHeader {
  git_commit: string;
  config_hash: string;
  split_id: string;
  seeds: readonly number[];
  /** Default: seeds.length (a streaming writer knows the count before the seeds). */
  count?: number;
  seed_start?: number;
  benchmark_version?: string;
  generator_version?: string;
  checker_version?: string;
  harness_version?: string;
}

/**
 * The v1 envelope in the official writer's key set (newest: identifiability keys, no date):
 * every key but `instances` and `instances_hash`.
 */
export function bundleEnvelope(h: BundleHeader): Record<string, unknown> {
  return {
    schema_version: INSTANCE_BUNDLE_SCHEMA_VERSION,
    family_id: FAMILY_ID,
    ...componentVersions(h),
    git_commit: h.git_commit,
    config_hash: h.config_hash,
    split_id: h.split_id,
    seed_start: h.seed_start ?? minOf(h.seeds),
    count: h.count ?? h.seeds.length,
    seeds: [...h.seeds],
    identifiability_policy_version: IDENTIFIABILITY_POLICY_VERSION,
    identifiability_metric_id: IDENTIFIABILITY_METRIC_ID,
    identifiability_min_response_ratio: IDENTIFIABILITY_MIN_RESPONSE_RATIO,
    identifiability_min_unique_signatures: IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES,
  };
}

/** Smallest seed, 0 for none (a loop: spreading 100k seeds into Math.min overflows the stack). */
function minOf(seeds: readonly number[]): number {
  if (!seeds.length) return 0;
  let m = seeds[0];
  for (const s of seeds) if (s < m) m = s;
  return m;
}

/** Assemble a v1 bundle object in the official writer's key set. */
export function buildBundle(instances: readonly Gf01Instance[], h: BundleHeader): Record<string, unknown> {
  return {
    ...bundleEnvelope(h),
    instances_hash: instancesHash(instances),
    instances: instances.map(instanceToDict),
  };
}

/** Re-serialise a loaded bundle exactly as the official writer would. */
export function bundleToJson(b: LoadedBundle | Record<string, unknown>): string {
  if ("byId" in b && "meta" in b) {
    const lb = b as LoadedBundle;
    return dumpJsonFile({ ...lb.meta, instances: lb.instances.map(instanceToDict) });
  }
  const obj = b as Record<string, unknown>;
  const inst = obj.instances as Gf01Instance[] | undefined;
  return dumpJsonFile(inst ? { ...obj, instances: inst.map(instanceToDict) } : obj);
}

export async function writeBundle(file: string, bundle: Record<string, unknown>): Promise<void> {
  await writeFileAtomic(file, bundleToJson(bundle));
}
