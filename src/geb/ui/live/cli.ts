/**
 * `geb ui live`: an agent on the live browser app (docs/geb/ui.md "Live app"). A thin
 * commander shell over ./api.ts, imported in the action (tests/meta/startup.test.ts).
 * `--agent model` takes `geb ui model`'s engine flags and `--config`.
 */
import { type Command, Option } from "commander";
import { nonEmptyFlag, outDirFlag } from "../../../core/cli.js";
import { addModelOptions, type ModelCliValues } from "../../../core/engine/cli.js";
import { addConfigOption } from "../../../core/engine/run-config.js";

export function registerLiveCommand(ui: Command): void {
  const cmd = ui
    .command("live")
    .description("run an agent on the live browser app (chromium) and score it with the fixture metrics")
    .addOption(
      new Option("--agent <name>", "who picks the actions")
        .choices(["policy", "gate", "scripted-wrong", "model"])
        .makeOptionMandatory(),
    )
    .option(
      "--gate-model <path>",
      "--agent gate: the model file (geb ui gate train)",
      nonEmptyFlag("--gate-model"),
    )
    .requiredOption(
      "--out-dir <dir>",
      "report.json, selections.jsonl, observed.jsonl here (--agent model: also replies.jsonl)",
      outDirFlag("--out-dir"),
    )
    .option("--export-fixtures", "also write every live state as fixture rows (<out-dir>/fixture.jsonl)")
    .option("--screenshots", "also save each state before its action (<out-dir>/screenshots/)")
    .option("--chromium <path>", "chromium executable", nonEmptyFlag("--chromium"), "/usr/bin/chromium")
    .addOption(
      new Option("--prompt <v>", "--agent model: prompt 1.0 (ours) or reference-0.1 (the reference's)")
        .choices(["1.0", "reference-0.1"])
        .default("1.0"),
    )
    .addOption(
      new Option(
        "--rules <on|off>",
        "--agent model: on = the 1.0 policy's survivors first (one is taken, none abstains); the model sees only the survivors, when ≥ 2",
      )
        .choices(["on", "off"])
        .default("off"),
    );
  const first = cmd.options.findIndex((x) => x.long === "--prompt");
  addModelOptions(cmd.optionsGroup("Model and server (--agent model):"));
  // --prompt, --rules and the engine flags: only --agent model reads them.
  const modelOnly = cmd.options.slice(first);
  // --model is needed only by --agent model (checked in the action).
  const modelFlag = cmd.options.find((x) => x.long === "--model");
  if (modelFlag) modelFlag.mandatory = false;
  addConfigOption(cmd.optionsGroup("Run config:"));
  cmd.action(async (o: Partial<ModelCliValues> & Record<string, unknown>) => {
    const { InputError } = await import("../../../core/errors.js");
    const { uiLiveRun } = await import("./api.js");
    const isModel = o.agent === "model";
    if (isModel && !o.model) throw new InputError("--agent model needs --model <spec>", { field: "--model" });
    if (!isModel)
      for (const opt of modelOnly) {
        const src = cmd.getOptionValueSource(opt.attributeName());
        if (src !== undefined && src !== "default")
          throw new InputError(`${opt.long} is for --agent model`, { field: opt.long });
      }
    // One live run, one reply per step, in order: the engine's batch flags do not apply.
    if (isModel) {
      for (const [flag, v] of [
        ["--results", o.results],
        ["--resume", o.resume],
        ["--overwrite", o.overwrite],
        ["--limit", o.limit],
      ] as const)
        if (v !== undefined) throw new InputError(`geb ui live does not take ${flag}`, { field: flag });
      if (o.trials !== undefined && o.trials !== "1")
        throw new InputError("geb ui live asks for one reply per step", { field: "--trials" });
    }
    let engine: import("../../../core/engine/cli.js").EngineFromOptions | undefined;
    if (isModel) {
      const { engineFromOptions } = await import("../../../core/engine/cli.js");
      engine = await engineFromOptions(o as ModelCliValues);
    }
    try {
      const { LiveModelError } = await import("./model-agent.js");
      let report: Awaited<ReturnType<typeof uiLiveRun>>["report"];
      try {
        ({ report } = await uiLiveRun({
          agent: o.agent as "policy" | "gate" | "scripted-wrong" | "model",
          gateModel: o.gateModel as string | undefined,
          model: engine
            ? {
                engine,
                spec: o.model as string,
                prompt: o.prompt as "1.0" | "reference-0.1",
                rules: o.rules === "on",
              }
            : undefined,
          outDir: o.outDir as string,
          exportFixtures: o.exportFixtures === true,
          screenshots: o.screenshots === true,
          chromium: o.chromium as string,
        }));
      } catch (e) {
        if (!(e instanceof LiveModelError)) throw e;
        process.stderr.write(
          `geb: ${e.message}; no scores reported — replies in ${o.outDir}/replies.jsonl\n`,
        );
        process.exitCode = 1;
        return;
      }
      const { formatInterval } = await import("../../../core/stats/format.js");
      const iv = report.intervals.metrics;
      console.log(
        `${report.agent.name}: ${report.tasks.length - report.failed_tasks.length}/${report.tasks.length} tasks passed; task pass ${formatInterval(iv.task_pass_rate)}, selection ${formatInterval(iv.selection_rate)}, verify ${formatInterval(iv.post_action_verify_rate)} (95 % intervals)`,
      );
      if (report.failed_tasks.length) console.log(`failed: ${report.failed_tasks.join(", ")}`);
      console.log(`Wrote ${o.outDir}/report.json`);
    } finally {
      await engine?.client.close?.();
    }
  });
}
