/**
 * `gf01.split_manifest.v1`: which instances belong to which split (official
 * `build_split_manifest`, `validate_manifest`, and the run-vs-manifest coverage summary).
 */
import { z } from "zod";
import type { Gf01Instance } from "../model/types.js";
import type { BundleMeta } from "./bundle.js";
export declare const manifestEntrySchema: z.ZodObject<{
    instance_id: z.ZodString;
    split_id: z.ZodString;
    mode: z.ZodEnum<{
        normal: "normal";
        hard: "hard";
    }>;
    seed: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    t_star: z.ZodOptional<z.ZodNumber>;
    window_size: z.ZodOptional<z.ZodNumber>;
    budget_timestep: z.ZodOptional<z.ZodNumber>;
    budget_atoms: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    content_hash: z.ZodOptional<z.ZodString>;
}, z.core.$loose>;
export declare const manifestSchema: z.ZodObject<{
    schema_version: z.ZodLiteral<"gf01.split_manifest.v1">;
    family_id: z.ZodLiteral<"GF-01">;
    benchmark_version: z.ZodString;
    generator_version: z.ZodString;
    checker_version: z.ZodString;
    harness_version: z.ZodString;
    source_bundle_schema_version: z.ZodOptional<z.ZodString>;
    source_bundle_hash: z.ZodOptional<z.ZodString>;
    instance_count: z.ZodNumber;
    group_counts: z.ZodOptional<z.ZodArray<z.ZodObject<{
        split_id: z.ZodString;
        mode: z.ZodString;
        count: z.ZodNumber;
    }, z.core.$strip>>>;
    instances: z.ZodArray<z.ZodObject<{
        instance_id: z.ZodString;
        split_id: z.ZodString;
        mode: z.ZodEnum<{
            normal: "normal";
            hard: "hard";
        }>;
        seed: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
        t_star: z.ZodOptional<z.ZodNumber>;
        window_size: z.ZodOptional<z.ZodNumber>;
        budget_timestep: z.ZodOptional<z.ZodNumber>;
        budget_atoms: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
        content_hash: z.ZodOptional<z.ZodString>;
    }, z.core.$loose>>;
    rejected_seeds: z.ZodOptional<z.ZodArray<z.ZodObject<{
        seed: z.ZodNumber;
        reason: z.ZodString;
    }, z.core.$strip>>>;
}, z.core.$loose>;
export type SplitManifest = z.output<typeof manifestSchema>;
/** One manifest entry of an instance (official `build_split_manifest` row). */
export declare function manifestEntry(i: Gf01Instance): ManifestEntry;
export type ManifestEntry = {
    instance_id: string;
    split_id: string;
    mode: string;
} & Record<string, unknown>;
/** Official `build_split_manifest` (newest: no `source_path`). */
export declare function buildSplitManifest(instances: readonly Gf01Instance[], bundleMeta?: BundleMeta): Record<string, unknown>;
/**
 * `buildSplitManifest` from per-instance entries (`manifestEntry`, in bundle order), so a
 * streaming writer keeps only the entries. Sorts `entries` in place.
 */
export declare function splitManifestOfEntries(entries: ManifestEntry[], bundleMeta?: BundleMeta): Record<string, unknown>;
/** Official `validate_manifest`: returns the official error strings (empty = ok). */
export declare function manifestErrors(manifest: unknown, strict: boolean): string[];
/** Load a manifest file: JSON errors and shape errors name file and field. */
export declare function loadManifest(file: string, strict?: boolean): Promise<SplitManifest>;
/** Check a manifest against the bundle it claims to come from (ids, splits, modes, hash). */
export declare function manifestBundleMismatches(manifest: SplitManifest, bundle: {
    instances: readonly Gf01Instance[];
    meta: BundleMeta;
}): string[];
export interface ManifestCoverage {
    manifest_schema_version: unknown;
    manifest_instance_count: number;
    observed_instance_count: number;
    missing_instance_count: number;
    unexpected_instance_count: number;
    missing_instance_ids_preview: string[];
    unexpected_instance_ids_preview: string[];
    group_coverage: {
        split_id: string;
        mode: string;
        expected: number;
        observed: number;
        coverage_rate: number;
    }[];
}
/** Incremental coverage counter, so `validate` can stream rows without keeping them. */
export declare class CoverageCounter {
    private readonly observedIds;
    private readonly observedGroups;
    observe(row: Record<string, unknown>): void;
    /** Official `compute_manifest_coverage` payload plus the full missing/unexpected id lists. */
    finish(manifest: Record<string, unknown>): {
        coverage: ManifestCoverage;
        missing: string[];
        unexpected: string[];
    };
}
/** Whether an instance is in the newest official form (it carries a content hash). */
export declare function hasContentHash(i: Gf01Instance): boolean;
