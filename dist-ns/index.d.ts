/**
 * oraclebench — oracle-graded reasoning benchmarks.
 * Each family is a namespace; subpath imports (`oraclebench/gf01`, `oraclebench/geb`,
 * `oraclebench/core`, `oraclebench/engine`) give the same modules without the prefix.
 */
export * as core from "./core/index.js";
export * as engine from "./core/engine/index.js";
export * as geb from "./geb/index.js";
export * as gf01 from "./gf01/index.js";
