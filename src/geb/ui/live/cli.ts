/**
 * `geb ui live`: an agent on the live browser app (docs/geb/ui.md "Live app"). A thin
 * commander shell over ./api.ts, imported in the action (tests/meta/startup.test.ts).
 */
import { type Command, Option } from "commander";
import { nonEmptyFlag, outDirFlag } from "../../../core/cli.js";

export function registerLiveCommand(ui: Command): void {
  ui.command("live")
    .description("run an agent on the live browser app (chromium) and score it with the fixture metrics")
    .addOption(
      new Option("--agent <name>", "who picks the actions")
        .choices(["policy", "gate", "scripted-wrong"])
        .makeOptionMandatory(),
    )
    .option(
      "--gate-model <path>",
      "--agent gate: the model file (geb ui gate train)",
      nonEmptyFlag("--gate-model"),
    )
    .requiredOption(
      "--out-dir <dir>",
      "report.json, selections.jsonl, observed.jsonl here",
      outDirFlag("--out-dir"),
    )
    .option("--export-fixtures", "also write every live state as fixture rows (<out-dir>/fixture.jsonl)")
    .option("--screenshots", "also save each state before its action (<out-dir>/screenshots/)")
    .option("--chromium <path>", "chromium executable", nonEmptyFlag("--chromium"), "/usr/bin/chromium")
    .action(async (o) => {
      const { uiLiveRun } = await import("./api.js");
      const { report } = await uiLiveRun({
        agent: o.agent,
        gateModel: o.gateModel,
        outDir: o.outDir,
        exportFixtures: o.exportFixtures === true,
        screenshots: o.screenshots === true,
        chromium: o.chromium,
      });
      const { formatInterval } = await import("../../../core/stats/format.js");
      const iv = report.intervals.metrics;
      console.log(
        `${report.agent.name}: ${report.tasks.length - report.failed_tasks.length}/${report.tasks.length} tasks passed; task pass ${formatInterval(iv.task_pass_rate)}, selection ${formatInterval(iv.selection_rate)}, verify ${formatInterval(iv.post_action_verify_rate)} (95 % intervals)`,
      );
      if (report.failed_tasks.length) console.log(`failed: ${report.failed_tasks.join(", ")}`);
      console.log(`Wrote ${o.outDir}/report.json`);
    });
}
