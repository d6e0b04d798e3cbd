import type { Command } from "commander";

/** Registers the `gf01` play commands (filled in by the issue that owns them). */
export function registerPlayCommands(_program: Command): void {}
