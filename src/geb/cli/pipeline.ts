import type { Command } from "commander";

/** Registers the `geb` pipeline commands (filled in by the issue that owns them). */
export function registerPipelineCommands(_program: Command): void {}
