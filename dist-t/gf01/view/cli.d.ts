import type { Command } from "commander";
/** Registers `gf01 view` (docs/viewer.md). */
export declare function registerViewCommand(program: Command): void;
