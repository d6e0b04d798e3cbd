/**
 * The JSON shapes every interval and paired comparison is stored in, defined once (zod) and
 * exported as JSON Schema (`npm run schemas`). Reports put them in an `intervals` block next
 * to their existing keys (docs/statistics.md), so older readers keep working.
 */
import { z } from "zod";
import { registerSchema } from "../schema.js";
import { comparisonMethods, INTERVALS_SCHEMA_VERSION, intervalMethods } from "./ids.js";
export * from "./ids.js";
/** One metric with its confidence interval. Null value/bounds when n = 0 (nothing to estimate). */
export const intervalSchema = z
    .object({
    value: z.number().nullable(),
    ci_low: z.number().nullable(),
    ci_high: z.number().nullable(),
    /** Items the value averages over. */
    n: z.number().int().nonnegative(),
    /** Independent clusters (episodes, instances); equals n when items are independent. */
    n_clusters: z.number().int().nonnegative(),
    method: z.enum(intervalMethods),
})
    .strict();
/** A − B on the same items: the difference, its interval, and a two-sided p-value. */
export const comparisonSchema = z
    .object({
    a: z.number().nullable(),
    b: z.number().nullable(),
    diff: z.number().nullable(),
    ci_low: z.number().nullable(),
    ci_high: z.number().nullable(),
    p_value: z.number().min(0).max(1).nullable(),
    /** p_value < alpha (the block's 1 − level). */
    significant: z.boolean(),
    /** Paired items (present in both A and B). */
    n: z.number().int().nonnegative(),
    n_clusters: z.number().int().nonnegative(),
    /** Binary metrics: items A got right and B wrong / B right and A wrong (McNemar's b, c). */
    a_only: z.number().int().nonnegative().optional(),
    b_only: z.number().int().nonnegative().optional(),
    method: z.enum(comparisonMethods),
})
    .strict();
/** Conventions shared by every interval in one block (stated once, not per number). */
export const intervalsMetaSchema = z
    .object({
    schema_version: z.literal(INTERVALS_SCHEMA_VERSION),
    /** Confidence level of every interval (0.95 ⇒ 95 %); comparisons use alpha = 1 − level. */
    level: z.number().gt(0).lt(1),
    /** Bootstrap resamples and the PyRandom seed they are drawn from. */
    resamples: z.number().int().positive(),
    seed: z.number().int().nonnegative(),
    /** What a cluster is for this artifact (e.g. "episode", "instance"). */
    cluster: z.string().optional(),
})
    .strict();
/** An `intervals` block: conventions plus metric name → interval. */
export const intervalsBlockSchema = intervalsMetaSchema
    .extend({ metrics: z.record(z.string(), intervalSchema) })
    .strict();
/** A `comparisons` block: conventions plus metric name → paired comparison. */
export const comparisonsBlockSchema = intervalsMetaSchema
    .extend({ metrics: z.record(z.string(), comparisonSchema) })
    .strict();
registerSchema(INTERVALS_SCHEMA_VERSION, intervalsBlockSchema);
registerSchema("core.comparisons.v1", comparisonsBlockSchema);
//# sourceMappingURL=schema.js.map