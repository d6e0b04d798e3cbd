import type { GenerateConfig } from "./types.js";
/** Reject configurations that cannot be generated; names the CLI flag. */
export declare function validateConfig(cfg: GenerateConfig): void;
