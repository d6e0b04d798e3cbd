/** `geb capability …` (docs/geb/capability.md). */
import type { Command } from "commander";

/** Registers the `capability` command group. */
export function registerCapabilityCommands(program: Command): void {
  program.command("capability").description("capability snapshot, check and delta reports");
}
