/**
 * The JSON shapes every interval and paired comparison is stored in, defined once (zod) and
 * exported as JSON Schema (`npm run schemas`). Reports put them in an `intervals` block next
 * to their existing keys (docs/statistics.md), so older readers keep working.
 */
import { z } from "zod";
export * from "./ids.js";
/** One metric with its confidence interval. Null value/bounds when n = 0 (nothing to estimate). */
export declare const intervalSchema: z.ZodObject<{
    value: z.ZodNullable<z.ZodNumber>;
    ci_low: z.ZodNullable<z.ZodNumber>;
    ci_high: z.ZodNullable<z.ZodNumber>;
    n: z.ZodNumber;
    n_clusters: z.ZodNumber;
    method: z.ZodEnum<{
        wilson: "wilson";
        wilson_cluster: "wilson_cluster";
        bootstrap: "bootstrap";
        cluster_bootstrap: "cluster_bootstrap";
        none: "none";
    }>;
}, z.core.$strict>;
export type Interval = z.infer<typeof intervalSchema>;
/** A − B on the same items: the difference, its interval, and a two-sided p-value. */
export declare const comparisonSchema: z.ZodObject<{
    a: z.ZodNullable<z.ZodNumber>;
    b: z.ZodNullable<z.ZodNumber>;
    diff: z.ZodNullable<z.ZodNumber>;
    ci_low: z.ZodNullable<z.ZodNumber>;
    ci_high: z.ZodNullable<z.ZodNumber>;
    p_value: z.ZodNullable<z.ZodNumber>;
    significant: z.ZodBoolean;
    n: z.ZodNumber;
    n_clusters: z.ZodNumber;
    a_only: z.ZodOptional<z.ZodNumber>;
    b_only: z.ZodOptional<z.ZodNumber>;
    method: z.ZodEnum<{
        mcnemar_exact: "mcnemar_exact";
        paired_bootstrap: "paired_bootstrap";
    }>;
}, z.core.$strict>;
export type Comparison = z.infer<typeof comparisonSchema>;
/** Conventions shared by every interval in one block (stated once, not per number). */
export declare const intervalsMetaSchema: z.ZodObject<{
    schema_version: z.ZodLiteral<"core.intervals.v1">;
    level: z.ZodNumber;
    resamples: z.ZodNumber;
    seed: z.ZodNumber;
    cluster: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export type IntervalsMeta = z.infer<typeof intervalsMetaSchema>;
/** An `intervals` block: conventions plus metric name → interval. */
export declare const intervalsBlockSchema: z.ZodObject<{
    schema_version: z.ZodLiteral<"core.intervals.v1">;
    level: z.ZodNumber;
    resamples: z.ZodNumber;
    seed: z.ZodNumber;
    cluster: z.ZodOptional<z.ZodString>;
    metrics: z.ZodRecord<z.ZodString, z.ZodObject<{
        value: z.ZodNullable<z.ZodNumber>;
        ci_low: z.ZodNullable<z.ZodNumber>;
        ci_high: z.ZodNullable<z.ZodNumber>;
        n: z.ZodNumber;
        n_clusters: z.ZodNumber;
        method: z.ZodEnum<{
            wilson: "wilson";
            wilson_cluster: "wilson_cluster";
            bootstrap: "bootstrap";
            cluster_bootstrap: "cluster_bootstrap";
            none: "none";
        }>;
    }, z.core.$strict>>;
}, z.core.$strict>;
export type IntervalsBlock = z.infer<typeof intervalsBlockSchema>;
/** A `comparisons` block: conventions plus metric name → paired comparison. */
export declare const comparisonsBlockSchema: z.ZodObject<{
    schema_version: z.ZodLiteral<"core.intervals.v1">;
    level: z.ZodNumber;
    resamples: z.ZodNumber;
    seed: z.ZodNumber;
    cluster: z.ZodOptional<z.ZodString>;
    metrics: z.ZodRecord<z.ZodString, z.ZodObject<{
        a: z.ZodNullable<z.ZodNumber>;
        b: z.ZodNullable<z.ZodNumber>;
        diff: z.ZodNullable<z.ZodNumber>;
        ci_low: z.ZodNullable<z.ZodNumber>;
        ci_high: z.ZodNullable<z.ZodNumber>;
        p_value: z.ZodNullable<z.ZodNumber>;
        significant: z.ZodBoolean;
        n: z.ZodNumber;
        n_clusters: z.ZodNumber;
        a_only: z.ZodOptional<z.ZodNumber>;
        b_only: z.ZodOptional<z.ZodNumber>;
        method: z.ZodEnum<{
            mcnemar_exact: "mcnemar_exact";
            paired_bootstrap: "paired_bootstrap";
        }>;
    }, z.core.$strict>>;
}, z.core.$strict>;
export type ComparisonsBlock = z.infer<typeof comparisonsBlockSchema>;
