import type { Command } from "commander";

/** Registers the `geb` sweep commands (filled in by the issue that owns them). */
export function registerSweepCommands(_program: Command): void {}
