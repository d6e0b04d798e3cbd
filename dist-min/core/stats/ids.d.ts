/**
 * The interval block's version and method names, apart from the zod schemas (schema.ts) so that
 * the computations and the CLI's printing load no zod (tests/meta/startup.test.ts).
 */
/** Bumped when a field changes meaning; readers check `schema_version` of the block. */
export declare const INTERVALS_SCHEMA_VERSION = "core.intervals.v1";
export declare const intervalMethods: readonly ["wilson", "wilson_cluster", "bootstrap", "cluster_bootstrap", "none"];
export type IntervalMethod = (typeof intervalMethods)[number];
export declare const comparisonMethods: readonly ["mcnemar_exact", "paired_bootstrap"];
export type ComparisonMethod = (typeof comparisonMethods)[number];
