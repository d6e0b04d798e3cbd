import { type PipelineConfig } from "../pipeline/config.js";
import type { Cell, SweepSpec } from "./grid.js";
/**
 * A cell's pipeline flags: its grid values over the sweep's fixed ones; under
 * `--compat reference-0.1` the retriever follows the reference too (unless a setting says).
 */
export declare function cellPipelineFlags(spec: SweepSpec, cell: Cell): Partial<PipelineConfig>;
/**
 * Every cell's pipeline config resolved and checked (linear model readable, an answerer
 * present) before the sweep writes anything; errors name the cell and the flag to use.
 */
export declare function validatePipelineCells(spec: SweepSpec, cells: readonly Cell[]): void;
