import type { Command } from "commander";
/** Registers `gf01 serve` (the browser game) and `gf01 build-web`. */
export declare function registerServeCommands(program: Command): void;
