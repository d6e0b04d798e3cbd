import { type Command } from "commander";
/** Registers `geb selector export|train`, `geb pipeline grid`, `geb summarize`, `geb collect`, `geb compare`. */
export declare function registerPipelineCommands(program: Command): void;
