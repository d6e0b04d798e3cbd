import type { Command } from "commander";
/** Registers `geb view` (docs/viewer.md). */
export declare function registerViewCommand(program: Command): void;
