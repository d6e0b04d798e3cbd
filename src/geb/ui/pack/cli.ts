/**
 * `geb ui pack` (and its report): commander declarations only; the implementation is
 * imported inside each action (tests/meta/startup.test.ts).
 */
import type { Command } from "commander";
import { intFlag, outFileFlag, SEED_RANGE } from "../../../core/cli.js";

export function registerUiPackCommands(ui: Command): void {
  ui.command("pack")
    .description("write the authored UI fixture pack (14 families, each with an ambiguous companion)")
    .requiredOption("--out <path>", "output JSONL", outFileFlag("--out"))
    .option("--seed <n>", "seed of the pack's stream (the shipped pack: 0)", intFlag("--seed", SEED_RANGE), 0)
    .option("--base-tasks <n>", "base tasks per family", intFlag("--base-tasks", { min: 1, max: 50 }), 2)
    .action(async (o) => {
      const { writePackFile } = await import("./api.js");
      const r = writePackFile(o.out, { seed: o.seed, baseTasks: o.baseTasks });
      console.log(`Wrote ${r.rows} rows (${r.tasks} tasks, ${r.families} families) to ${o.out}`);
    });

  ui.command("pack-report")
    .description(
      "every agent (gold, first, random, policy, greedy, SA, gate) per pack family, with intervals",
    )
    .option("--fixture <path>", "a pack-format fixture (rows with meta.family; default: the shipped pack)")
    .option("--json", "print the report as JSON instead of the markdown table")
    .option("--out <path>", "also write the output here", outFileFlag("--out"))
    .action(async (o) => {
      const { packReportFile } = await import("./api.js");
      const { writeTextAtomic } = await import("../../io.js");
      const r = await packReportFile(o.fixture);
      const text = o.json ? `${JSON.stringify(r.report, null, 2)}\n` : r.markdown;
      if (o.out) writeTextAtomic(o.out, text);
      process.stdout.write(text);
    });
}
