import type { Command } from "commander";
import { packageVersion } from "../../core/cli.js";
import { addExportOptions, type ExportCommandOptions } from "../../core/interop/inspect/command.js";
import { registerTempobenchCommands } from "./tempobench-cli.js";

/** Registers `gf01 export` (docs/integrations.md): run files → inspect_ai logs. */
export function registerExportCommand(program: Command): void {
  addExportOptions(
    program
      .command("export")
      .description(
        "Export run files to another tool's format: inspect_ai eval logs (one per agent and track)",
      )
      .argument("<runs...>", "run_record JSONL files (step logs and prompts are read from beside them)"),
  ).action(async (runs: string[], o: ExportCommandOptions) => {
    const { gf01InspectRuns } = await import("./inspect.js");
    const { writeInspectExport } = await import("../../core/interop/inspect/command.js");
    const specs = await gf01InspectRuns({ runs, created: o.created, version: packageVersion() });
    await writeInspectExport(specs, o, "gf01 export");
  });
  registerTempobenchCommands(program);
}
