/**
 * Sweep flags → SweepSpec. Shared by `geb sweep`, `geb run-preset` and `geb wall-search`:
 * only flags the user actually typed override the base spec (the reference defaults, or a
 * preset), so a preset's values survive unless a flag names them.
 */
import type { Command } from "commander";
import { type SweepSpec } from "./grid.js";
export { addSweepFlags } from "./flag-options.js";
/**
 * A sweep depends on its flags only (the spec hash pins them), so the reference's
 * `GOLDEVIDENCEBENCH_RETRIEVAL_*` variables are refused rather than silently ignored; the
 * error names the flag that does the same.
 */
export declare function rejectRetrievalEnv(env?: NodeJS.ProcessEnv): void;
/** The base spec with every flag the user typed applied. */
export declare function specFromFlags(cmd: Command, base?: SweepSpec): SweepSpec;
