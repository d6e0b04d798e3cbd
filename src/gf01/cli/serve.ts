import type { Command } from "commander";

/** Registers the `gf01` serve commands (filled in by the issue that owns them). */
export function registerServeCommands(_program: Command): void {}
