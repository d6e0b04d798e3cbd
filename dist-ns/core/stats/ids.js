/**
 * The interval block's version and method names, apart from the zod schemas (schema.ts) so that
 * the computations and the CLI's printing load no zod (tests/meta/startup.test.ts).
 */
/** Bumped when a field changes meaning; readers check `schema_version` of the block. */
export const INTERVALS_SCHEMA_VERSION = "core.intervals.v1";
export const intervalMethods = [
    "wilson",
    "wilson_cluster",
    "bootstrap",
    "cluster_bootstrap",
    "none",
];
export const comparisonMethods = ["mcnemar_exact", "paired_bootstrap"];
//# sourceMappingURL=ids.js.map