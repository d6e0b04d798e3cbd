import type { Command } from "commander";
import { packageVersion } from "../../core/cli.js";
import { addExportOptions, type ExportCommandOptions } from "../../core/interop/inspect/command.js";

const collect = (v: string, prev: string[] = []) => [...prev, v];

/** Registers `geb export` (docs/integrations.md): runs → inspect_ai logs (one per run). */
export function registerExportCommand(program: Command): void {
  addExportOptions(
    program
      .command("export")
      .description("Export runs to another tool's format: inspect_ai eval logs (one per model and config)")
      .argument("<runs...>", "results files, run dirs or sweep trees (as geb summarize --in)")
      .option("--data <file>", "the dataset (default: each run's data.path)")
      .option(
        "--records <file>",
        "engine records of a run (geb model --results; prompts beside them); repeat, in run order",
        collect,
        [],
      ),
  ).action(async (runs: string[], o: ExportCommandOptions & { data?: string; records: string[] }) => {
    const { gebInspectRuns } = await import("./inspect.js");
    const { writeInspectExport } = await import("../../core/interop/inspect/command.js");
    const specs = await gebInspectRuns({
      runs,
      data: o.data,
      records: o.records,
      created: o.created,
      version: packageVersion(),
    });
    await writeInspectExport(specs, o, "geb export");
  });
}
