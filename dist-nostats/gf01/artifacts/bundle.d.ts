import { z } from "zod";
import { type CompiledInstance } from "../model/compile.js";
import type { Gf01Instance } from "../model/types.js";
export declare const mealySchema: z.ZodObject<{
    states: z.ZodArray<z.ZodString>;
    initial_state: z.ZodString;
    input_aps: z.ZodArray<z.ZodString>;
    output_aps: z.ZodArray<z.ZodString>;
    transitions: z.ZodRecord<z.ZodString, z.ZodRecord<z.ZodString, z.ZodObject<{
        next_state: z.ZodString;
        output: z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodLiteral<0>, z.ZodLiteral<1>]>>;
    }, z.core.$strip>>>;
}, z.core.$strip>;
/** One instance, official field names. Unknown keys are kept (they are part of instances_hash). */
export declare const instanceSchema: z.ZodObject<{
    instance_id: z.ZodString;
    automaton: z.ZodObject<{
        states: z.ZodArray<z.ZodString>;
        initial_state: z.ZodString;
        input_aps: z.ZodArray<z.ZodString>;
        output_aps: z.ZodArray<z.ZodString>;
        transitions: z.ZodRecord<z.ZodString, z.ZodRecord<z.ZodString, z.ZodObject<{
            next_state: z.ZodString;
            output: z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodLiteral<0>, z.ZodLiteral<1>]>>;
        }, z.core.$strip>>>;
    }, z.core.$strip>;
    base_trace: z.ZodArray<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodLiteral<0>, z.ZodLiteral<1>]>>>;
    effect_ap: z.ZodString;
    t_star: z.ZodNumber;
    mode: z.ZodEnum<{
        normal: "normal";
        hard: "hard";
    }>;
    window_size: z.ZodNumber;
    budget_timestep: z.ZodNumber;
    budget_atoms: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    seed: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    complexity: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodNumber>>;
    identifiability: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    split_id: z.ZodOptional<z.ZodString>;
    renderer_track: z.ZodOptional<z.ZodString>;
    content_hash: z.ZodOptional<z.ZodString>;
    normalization_version: z.ZodOptional<z.ZodString>;
    generator_knobs: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>>>;
    hardness: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>>>;
}, z.core.$loose>;
export declare const bundleSchema: z.ZodObject<{
    schema_version: z.ZodLiteral<"gf01.instance_bundle.v1">;
    family_id: z.ZodLiteral<"GF-01">;
    benchmark_version: z.ZodString;
    generator_version: z.ZodString;
    checker_version: z.ZodString;
    harness_version: z.ZodString;
    git_commit: z.ZodString;
    config_hash: z.ZodString;
    split_id: z.ZodString;
    seed_start: z.ZodNumber;
    count: z.ZodNumber;
    seeds: z.ZodArray<z.ZodNumber>;
    identifiability_policy_version: z.ZodOptional<z.ZodString>;
    identifiability_metric_id: z.ZodOptional<z.ZodString>;
    identifiability_min_response_ratio: z.ZodOptional<z.ZodNumber>;
    identifiability_min_unique_signatures: z.ZodOptional<z.ZodNumber>;
    instances_hash: z.ZodString;
    instances: z.ZodArray<z.ZodObject<{
        instance_id: z.ZodString;
        automaton: z.ZodObject<{
            states: z.ZodArray<z.ZodString>;
            initial_state: z.ZodString;
            input_aps: z.ZodArray<z.ZodString>;
            output_aps: z.ZodArray<z.ZodString>;
            transitions: z.ZodRecord<z.ZodString, z.ZodRecord<z.ZodString, z.ZodObject<{
                next_state: z.ZodString;
                output: z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodLiteral<0>, z.ZodLiteral<1>]>>;
            }, z.core.$strip>>>;
        }, z.core.$strip>;
        base_trace: z.ZodArray<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodLiteral<0>, z.ZodLiteral<1>]>>>;
        effect_ap: z.ZodString;
        t_star: z.ZodNumber;
        mode: z.ZodEnum<{
            normal: "normal";
            hard: "hard";
        }>;
        window_size: z.ZodNumber;
        budget_timestep: z.ZodNumber;
        budget_atoms: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
        seed: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
        complexity: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodNumber>>;
        identifiability: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        split_id: z.ZodOptional<z.ZodString>;
        renderer_track: z.ZodOptional<z.ZodString>;
        content_hash: z.ZodOptional<z.ZodString>;
        normalization_version: z.ZodOptional<z.ZodString>;
        generator_knobs: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>>>;
        hardness: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>>>;
    }, z.core.$loose>>;
    rejected_seeds: z.ZodOptional<z.ZodArray<z.ZodObject<{
        seed: z.ZodNumber;
        reason: z.ZodString;
    }, z.core.$strip>>>;
}, z.core.$loose>;
/** Bundle metadata: every top-level key except `instances` (official `bundle_meta`). */
export type BundleMeta = Record<string, unknown>;
export interface LoadedBundle {
    instances: Gf01Instance[];
    /** Empty for a bare list / single instance (official "legacy-instance-list"). */
    meta: BundleMeta;
    byId: Map<string, Gf01Instance>;
    /** Instances compiled while loading (by id), so later scoring does not compile them again. */
    compiled?: Map<string, CompiledInstance>;
}
/** The instance as the official `to_canonical_dict` writes it (floats marked). */
export declare function instanceToDict(inst: Gf01Instance): Record<string, unknown>;
/**
 * Official `instances_hash` = stable_hash_json(list of canonical instance dicts), fed instance
 * by instance (no whole-list string).
 */
export declare function instancesHash(instances: Iterable<Gf01Instance>): string;
/** Incremental official `instances_hash`: feed canonical instance dicts in bundle order. */
export declare class InstancesHasher {
    private readonly h;
    private n;
    private readonly enc;
    constructor();
    /** Add one instance; returns nothing (its canonical bytes are hashed, not kept). */
    add(inst: Gf01Instance): void;
    /** Add one instance already in `instanceToDict` form. */
    addDict(dict: Record<string, unknown>): void;
    /** Add one instance's canonical JSON text (as `canonicalJson(instanceToDict(inst))`). */
    addCanonical(text: string): void;
    /** The hash (the hasher cannot be used afterwards). */
    digest(): string;
}
/**
 * Parse a bundle JSON value. `strictBundle` demands the v1 envelope (official artifacts);
 * otherwise lists and single instances are accepted like the official loader. Every instance
 * is checked (`parseInstance`), duplicate ids are rejected and `instances_hash` is recomputed.
 */
export declare function parseBundle(value: unknown, file?: string, opts?: {
    strictBundle?: boolean;
}): LoadedBundle;
/**
 * One instance of a bundle value, for readers that need only it (verify one certificate):
 * the envelope and the chosen instance are checked as `parseBundle` checks them; the others
 * are only scanned for their ids (a duplicate of the chosen id is still an error), neither
 * validated nor hashed, and `instances_hash` is not recomputed (`parseBundle` does that).
 * Without `instanceId` the bundle must hold exactly one instance. Returns undefined when the
 * id is absent or (without an id) the bundle holds several instances.
 */
export declare function parseBundleInstance(value: unknown, file: string | undefined, instanceId: string | undefined, opts?: {
    strictBundle?: boolean;
}): {
    instance: Gf01Instance | undefined;
    meta: BundleMeta;
    count: number;
};
/** A bundle file, or instances already loaded (e.g. from `--hoa` flags). */
export type BundleSource = string | LoadedBundle;
/** What to call a source in messages: its path, or the file it was loaded from. */
export declare function bundleSourceName(src: BundleSource): string;
/**
 * Load instances from a file. Besides bundles (and lists / single instances), a formal task,
 * task list, formal bundle, task directory or `.hoa` file with a sidecar task is read through
 * the formal loader (docs/gf01-hoa.md), unless `strictBundle` demands a v1 bundle.
 */
export declare function loadBundle(file: BundleSource, opts?: {
    strictBundle?: boolean;
}): Promise<LoadedBundle>;
/**
 * One instance of a bundle source, for readers that need only it (see `parseBundleInstance`;
 * formal sources and loaded bundles are loaded whole). `instance` is undefined when the id is
 * absent, or, without an id, when the source holds several instances.
 */
export declare function loadBundleInstance(file: BundleSource, instanceId: string | undefined, opts?: {
    strictBundle?: boolean;
}): Promise<{
    instance: Gf01Instance | undefined;
    meta: BundleMeta;
    count: number;
}>;
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
export declare function bundleEnvelope(h: BundleHeader): Record<string, unknown>;
/** Assemble a v1 bundle object in the official writer's key set. */
export declare function buildBundle(instances: readonly Gf01Instance[], h: BundleHeader): Record<string, unknown>;
/** Re-serialise a loaded bundle exactly as the official writer would. */
export declare function bundleToJson(b: LoadedBundle | Record<string, unknown>): string;
export declare function writeBundle(file: string, bundle: Record<string, unknown>): Promise<void>;
