import type { Command } from "commander";

/** Registers the `geb` model commands (filled in by the issue that owns them). */
export function registerModelCommands(_program: Command): void {}
