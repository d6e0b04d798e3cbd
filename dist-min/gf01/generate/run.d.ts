import type { Gf01Instance } from "../model/types.js";
import { type AnyGeneratorConfig } from "./config.js";
export type Compat = "default" | "official-0.1";
export interface GenerateOptions {
    /**
     * Exactly these seeds (a rejected seed is listed in `rejected` and leaves a gap). Give
     * either `seeds`, or `count` (+ `seedStart`) for exactly `count` instances.
     */
    seeds?: readonly number[];
    /**
     * Default generator: exactly this many instances, drawing seeds seedStart, seedStart+1, …
     * past rejected ones (listed in the bundle's `rejected_seeds`); an InputError when
     * `maxSeeds` draws do not reach it. official-0.1: the seed range seedStart..+count-1, as
     * the official generator (rejected seeds are listed, the bundle may hold fewer).
     */
    count?: number;
    seedStart?: number;
    /** Most seeds drawn for `count` (default 20·count + 100). */
    maxSeeds?: number;
    split?: string;
    compat?: Compat;
    /** Partial config merged over the compat's defaults (difficulty knobs). */
    config?: Record<string, unknown>;
    /** Provenance stamp; default: the toolkit's own commit (`currentGitCommit`). */
    gitCommit?: string;
    /** official-0.1 only: "content" (current official ids) or "legacy" (the 0.1.0 fixture ids). */
    idScheme?: "content_hash" | "legacy";
}
type Rejected = {
    seed: number;
    reason: string;
};
/** Generate a v1 bundle (and its manifest) in memory. Rejected seeds are listed, never silently dropped. */
export declare function generateBundle(o: GenerateOptions): {
    bundle: Record<string, unknown>;
    manifest: Record<string, unknown>;
    instances: Gf01Instance[];
    rejected: Rejected[];
    config: AnyGeneratorConfig;
};
export interface WriteGeneratedOptions {
    /** Bundle file (atomic: temp + rename); omitted: stdout (followed by a newline). */
    out?: string;
    /** Also write the split manifest here (after the bundle). */
    manifestOut?: string;
    /** Write the bare instance list (official legacy format) instead of a v1 bundle. */
    legacyList?: boolean;
    /** Where stdout output goes (default process.stdout). */
    stdout?: NodeJS.WritableStream;
}
export interface GenerateSummary {
    instances: number;
    rejected: Rejected[];
    instances_hash: string;
    config_hash: string;
}
/**
 * `gf01 generate`: stream the bundle (or legacy list) to `out` as instances are made, holding
 * one instance and a small manifest entry per instance; bytes equal `bundleToJson` of
 * `generateBundle(o).bundle` (tests/gf01/generate/stream.test.ts). On any error nothing is left
 * at `out` / `manifestOut` (no temp file either).
 */
export declare function writeGeneratedBundle(o: GenerateOptions, w?: WriteGeneratedOptions): Promise<GenerateSummary>;
export {};
