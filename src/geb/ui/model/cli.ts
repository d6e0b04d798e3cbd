/**
 * `geb ui model`: commander declarations only (the engine, zod and the run are imported in
 * the action; tests/meta/startup.test.ts). Flags: `geb model`'s engine flags and `--config`.
 */
import { type Command, Option } from "commander";
import { outFileFlag } from "../../../core/cli.js";
import { addModelOptions, type ModelCliValues } from "../../../core/engine/cli.js";
import { addConfigOption } from "../../../core/engine/run-config.js";

export function registerUiModelCommand(ui: Command): void {
  const cmd = ui
    .command("model")
    .description("an engine model picks a candidate per step from what an agent sees (raw output, no repair)")
    .requiredOption("--fixture <path>", "UI fixture JSONL")
    .addOption(
      new Option("--prompt <v>", "prompt: 1.0 (ours) or reference-0.1 (the reference's build_ui_prompt)")
        .choices(["1.0", "reference-0.1"])
        .default("1.0"),
    )
    .addOption(
      new Option(
        "--rules <on|off>",
        "on: the 1.0 policy's survivors first (one is taken, none abstains); the model sees only the survivors, when ≥ 2",
      )
        .choices(["on", "off"])
        .default("off"),
    )
    .option("--observed <path>", "observed effects JSONL (for the verify metrics)")
    .option("--out <path>", "also write the score JSON (geb-ui-score.v1) here", outFileFlag("--out"))
    .option(
      "--replies <path>",
      "write every raw reply as JSONL ({id, source, raw_text, selection} or {…, error})",
      outFileFlag("--replies"),
    );
  addModelOptions(cmd.optionsGroup("Model and server:"));
  addConfigOption(cmd.optionsGroup("Run config:"));
  cmd.action(async (o: ModelCliValues & Record<string, unknown>) => {
    const { engineFromOptions } = await import("../../../core/engine/cli.js");
    const { InputError } = await import("../../../core/errors.js");
    const { writeTextAtomic } = await import("../../io.js");
    const { repliesJsonl, runUiModel } = await import("./run.js");
    if (o.trials !== undefined && o.trials !== "1")
      throw new InputError("geb ui model scores one reply per step", { field: "--trials" });
    const engine = await engineFromOptions(o);
    try {
      const r = await runUiModel({
        fixture: o.fixture as string,
        observed: o.observed as string | undefined,
        prompt: o.prompt as "1.0" | "reference-0.1",
        engine,
        model: o.model,
        rules: o.rules === "on",
      });
      if (o.replies) writeTextAtomic(o.replies as string, repliesJsonl(r.replies));
      const { configPathFor, writeEffectiveConfig } = await import("../../../core/engine/run-config.js");
      const configOut = configPathFor(undefined, o.results);
      if (configOut) await writeEffectiveConfig(cmd, configOut);
      if (r.requestErrors > 0) {
        process.stderr.write(
          `geb: ${r.requestErrors} of ${r.replies.length + r.requestErrors} requests failed, first: ${r.firstRequestError ?? "unknown error"}; no scores reported\n`,
        );
        process.exitCode = 1;
        return;
      }
      if (r.invalid.length > 0 || !r.payload) {
        const f = r.invalid[0];
        process.stderr.write(
          `geb: ${r.invalid.length} of ${r.replies.length} replies are not a selection (first: row ${f?.id}: ${f?.error}); no scores reported${o.replies ? ` — replies in ${o.replies}` : " (--replies <file> keeps them)"}\n`,
        );
        process.exitCode = 1;
        return;
      }
      const text = JSON.stringify(r.payload, null, 2);
      if (o.out) writeTextAtomic(o.out as string, text);
      console.log(text);
    } finally {
      await engine.client.close?.();
    }
  });
}
